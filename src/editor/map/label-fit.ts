/**
 * A place name fitted to its hex: wrapped at spaces, shrunk down to a minimum size, and past that
 * cut short with an ellipsis, so a long name ("Nahr al-Falik (Rochetaillée)") never spills over
 * its neighbours. Pure: the width of a text comes from the caller (a canvas measures it, the SVG
 * export estimates it), given for a font size of 1 since width grows with the size.
 */

export interface FittedLabel {
  /** Font size, in the units of the box. */
  px: number
  lines: string[]
}

/** Line height as a share of the font size. */
export const LINE_HEIGHT = 1.1
const ELLIPSIS = '…'

/** Words in lines no wider than `width` at `px`; a word wider than the line stands alone. */
function wrap(
  words: readonly string[],
  width: number,
  px: number,
  widthAt1: (s: string) => number,
): string[] {
  const lines: string[] = []
  let line = ''
  for (const w of words) {
    const next = line ? `${line} ${w}` : w
    if (line && widthAt1(next) * px > width) {
      lines.push(line)
      line = w
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

/** The longest start of `text` that fits `width` with an ellipsis after it. */
function elide(text: string, width: number, px: number, widthAt1: (s: string) => number): string {
  if (widthAt1(text) * px <= width) return text
  let n = text.length
  while (n > 0 && widthAt1(`${text.slice(0, n).trimEnd()}${ELLIPSIS}`) * px > width) n--
  return `${text.slice(0, n).trimEnd()}${ELLIPSIS}`
}

/**
 * The largest size from `px` down to `minPx` at which `text`, wrapped, fits a box `width` ×
 * `height`; when none does, the text at `minPx` in as many lines as the box holds, the last cut
 * short with an ellipsis.
 */
export function fitLabel(
  text: string,
  widthAt1: (s: string) => number,
  box: { width: number; height: number },
  px: number,
  minPx: number,
): FittedLabel {
  const words = text.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return { px, lines: [] }
  const fits = (lines: string[], size: number) =>
    lines.length * size * LINE_HEIGHT <= box.height &&
    lines.every((l) => widthAt1(l) * size <= box.width)
  // Sizes tried, each a tenth smaller: a handful of steps between the asked and the least size.
  for (let size = px; size >= minPx; size *= 0.9) {
    const lines = wrap(words, box.width, size, widthAt1)
    if (fits(lines, size)) return { px: size, lines }
  }
  const rows = Math.max(1, Math.floor(box.height / (minPx * LINE_HEIGHT)))
  const lines = wrap(words, box.width, minPx, widthAt1)
  const kept = lines.slice(0, rows)
  if (lines.length > rows) kept[rows - 1] = `${kept[rows - 1]} ${lines.slice(rows).join(' ')}`
  return { px: minPx, lines: kept.map((l) => elide(l, box.width, minPx, widthAt1)) }
}

/** The box a place name may fill in a hex of `size` (centre to corner), below the hex number. */
export function labelBox(
  size: number,
  orientation: 'flat' | 'pointy',
): { width: number; height: number } {
  // A flat-topped hex is 2 sizes wide at its middle, a pointy one √3; the box keeps clear of
  // the slanted sides and of the hex number at the top.
  return orientation === 'flat'
    ? { width: 1.55 * size, height: 1.05 * size }
    : { width: 1.45 * size, height: 1.1 * size }
}

/** The least size a place name is shrunk to, as a share of the hex size. */
export const MIN_LABEL_SIZE = 0.2
/** The sizes a place name asks for, as shares of the hex size. */
export const LABEL_SIZES = { small: 0.32, medium: 0.42, large: 0.58 } as const
/** Where a place name's lines are centred, below the hex centre (the number is above it). */
export const LABEL_DY = 0.2
/** A semibold serif letter's mean width at size 1: the SVG export's estimate without a canvas. */
export const SERIF_CHAR_WIDTH = 0.52
