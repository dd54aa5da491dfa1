/**
 * The generic type symbols a counter can show, drawn inside a NATO-like box. Which ones a unit
 * gets is decided by content (the ruleset's counter layout maps flags and movement classes to
 * symbol names); this file only knows how to draw each name.
 */
import type { CounterLayout } from '../../runtime'

/** Named by what is drawn, not by a kind of unit: content decides what each stands for. */
export const SYMBOL_NAMES = [
  'cross',
  'slash',
  'bow',
  'dot',
  'oval',
  'wheels',
  'ring',
  'star',
  'none',
] as const
export type SymbolName = (typeof SYMBOL_NAMES)[number]

export function isSymbolName(s: unknown): s is SymbolName {
  return typeof s === 'string' && (SYMBOL_NAMES as readonly string[]).includes(s)
}

/** The symbol box, in the counter's 100×100 drawing units. */
export const SYMBOL_BOX = { x: 30, y: 17, w: 40, h: 25 } as const

/**
 * Symbols for a unit: the type's own display symbol when it names one we draw; otherwise every
 * flag the layout maps to a symbol (so two flags can draw two symbols); otherwise the movement
 * class's symbol. Flags are taken in the layout's order, so the result is stable.
 */
export function symbolsFor(
  flags: readonly string[],
  movementClass: string | undefined,
  layout: CounterLayout | undefined,
  displaySymbol?: string,
): SymbolName[] {
  if (isSymbolName(displaySymbol)) return displaySymbol === 'none' ? [] : [displaySymbol]
  const have = new Set(flags)
  const out: SymbolName[] = []
  for (const [flag, sym] of Object.entries(layout?.symbols ?? {})) {
    if (have.has(flag) && sym !== 'none' && !out.includes(sym)) out.push(sym)
  }
  if (out.length === 0 && movementClass) {
    const sym = layout?.symbolsByMovementClass?.[movementClass]
    if (sym && sym !== 'none') out.push(sym)
  }
  return out
}

function star(cx: number, cy: number, r: number): string {
  const pts: string[] = []
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 === 0 ? r : r * 0.45
    const a = -Math.PI / 2 + (i * Math.PI) / 5
    pts.push(`${(cx + rad * Math.cos(a)).toFixed(2)},${(cy + rad * Math.sin(a)).toFixed(2)}`)
  }
  return `<polygon points="${pts.join(' ')}" fill="${INK}"/>`
}

const INK = '#1b1b1b'

/** SVG for the symbol box and its contents (empty string when there is nothing to draw). */
export function symbolSvg(symbols: readonly SymbolName[], boxFill: string): string {
  if (symbols.length === 0) return ''
  const { x, y, w, h } = SYMBOL_BOX
  const cx = x + w / 2
  const cy = y + h / 2
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`
  const parts: string[] = []
  for (const s of symbols) {
    switch (s) {
      case 'cross':
        parts.push(line(x, y, x + w, y + h), line(x, y + h, x + w, y))
        break
      case 'slash':
        parts.push(line(x, y + h, x + w, y))
        break
      case 'bow':
        // A bow drawn with its string, across the lower half of the box.
        parts.push(
          `<path d="M ${cx - 11} ${y + h - 4} Q ${cx} ${y + h - 16} ${cx + 11} ${y + h - 4}" fill="none"/>`,
          line(cx - 11, y + h - 4, cx + 11, y + h - 4),
        )
        break
      case 'dot':
        parts.push(`<circle cx="${cx}" cy="${cy}" r="3.6" fill="${INK}"/>`)
        break
      case 'oval':
        parts.push(`<ellipse cx="${cx}" cy="${cy}" rx="13" ry="6.5" fill="none"/>`)
        break
      case 'wheels':
        parts.push(
          line(x + 6, y + h - 9, x + w - 6, y + h - 9),
          `<circle cx="${cx - 9}" cy="${y + h - 5.5}" r="3.5" fill="${boxFill}"/>`,
          `<circle cx="${cx + 9}" cy="${y + h - 5.5}" r="3.5" fill="${boxFill}"/>`,
        )
        break
      case 'ring':
        parts.push(`<circle cx="${cx}" cy="${cy}" r="6" fill="none"/>`)
        break
      case 'star':
        parts.push(star(cx, cy, 9))
        break
      case 'none':
        break
    }
  }
  return (
    `<g stroke="${INK}" stroke-width="1.6" stroke-linecap="round">` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${boxFill}"/>` +
    parts.join('') +
    `</g>`
  )
}
