/**
 * A counter face drawn from data as an SVG string. Pure (no DOM), so the units view, the counter
 * sheet, the scenario editor, the map and the PDF export all draw the same counter, and tests run
 * in Node. Everything game-specific (which rating in which corner, which symbol, colours) comes in
 * through the input: the ruleset's `counter` layout, the unit's flags, the side and command.
 */
import type { CounterCorners, CounterLayout, CounterRatingStyle } from '../../runtime'
import { symbolSvg, symbolsFor } from './counter-symbols'

export type RatingValue = number | string | boolean
export type Corner = keyof CounterCorners

/** A rating as the ruleset declares it; only what drawing needs. */
export interface CounterRatingDef {
  key: string
  abbreviation?: string
  type?: 'number' | 'string' | 'boolean'
}

/** Everything needed to draw one face of one counter. */
export interface CounterInput {
  /** Big text in the middle: the unit's name, or the type's abbreviation. */
  label: string
  /** Small text under it (the type abbreviation when the label is a name). */
  sublabel?: string
  /** The ratings of this face, already merged (class, type, unit, then status). */
  ratings: Readonly<Record<string, RatingValue>>
  /** The unit's flags, resolved (class flags, plus the type's, minus its withoutFlags). */
  flags: readonly string[]
  movementClass?: string
  /** Background colour of the counter (the side's colour). */
  side: { color?: string }
  /** Colour of the command stripe across the top; none draws no stripe. */
  stripe?: string
  /** The ruleset's `counter` layout; without one, the fallback corners are used. */
  layout?: CounterLayout
  /** The ruleset's declared ratings, in order (the fallback places the first of them). */
  ratingDefs?: readonly CounterRatingDef[]
  /** The unit type's own `display` (symbol name, corners), which wins over the layout. */
  display?: { symbol?: string; corners?: CounterCorners }
  /** Draw the back of the counter (a status band shows which status it stands for). */
  back?: boolean
  /** The status this face stands for, shown on backs. */
  status?: { label: string; color?: string }
}

export interface SvgOptions {
  /** Width and height attributes of the root element (the drawing is always 100×100). */
  size?: number
}

const CORNER_CENTRES: Record<Corner, { x: number; y: number }> = {
  topLeft: { x: 15, y: 26 },
  topRight: { x: 85, y: 26 },
  bottomLeft: { x: 15, y: 84 },
  bottomRight: { x: 85, y: 84 },
}
/** The fallback fills corners clockwise from bottom-left. */
const FALLBACK_ORDER: readonly Corner[] = ['bottomLeft', 'topLeft', 'topRight', 'bottomRight']
const NEUTRAL_BACKGROUND = '#d9d3c3'

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A colour we can safely put in an attribute, or the fallback. */
function safeColor(c: string | undefined, fallback: string): string {
  return c && /^#[0-9a-fA-F]{3,8}$|^[a-zA-Z]{3,20}$/.test(c) ? c : fallback
}

/** Relative luminance of a #rgb / #rrggbb colour (0 dark … 1 light); named colours count as mid. */
export function luminance(color: string): number {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(color)
  if (!m) return 0.5
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** Ink that reads on this background. */
export function inkOn(background: string): string {
  return luminance(background) > 0.35 ? '#1b1b1b' : '#ffffff'
}

/**
 * Which rating sits in which corner: the type's display corners, else the layout's corners for
 * the first of its flagged layouts the unit matches, else its default corners, else the first
 * declared ratings this face has, clockwise from bottom-left.
 */
export function cornersFor(input: CounterInput): CounterCorners {
  if (input.display?.corners) return input.display.corners
  const layout = input.layout
  if (layout) {
    const have = new Set(input.flags)
    for (const [flag, corners] of Object.entries(layout.cornersByFlag ?? {})) {
      if (have.has(flag)) return corners
    }
    if (layout.corners) return layout.corners
  }
  const keys = (input.ratingDefs ?? Object.keys(input.ratings).map((key) => ({ key })))
    .map((d) => d.key)
    .filter((k) => input.ratings[k] !== undefined)
  const out: CounterCorners = {}
  keys.slice(0, 4).forEach((k, i) => (out[FALLBACK_ORDER[i]!] = k))
  return out
}

/** How a value is printed: a true minus sign, booleans as a tick. */
export function formatRating(v: RatingValue | undefined): string {
  if (v === undefined || v === false) return ''
  if (v === true) return '✓'
  if (typeof v === 'number') return v < 0 ? `−${Math.abs(v)}` : String(v)
  return v
}

function shapeSvg(shape: CounterRatingStyle['shape'], x: number, y: number, fill: string): string {
  const stroke = `stroke="#1b1b1b" stroke-width="1.4"`
  switch (shape) {
    case 'circle':
      return `<circle cx="${x}" cy="${y}" r="10" fill="${fill}" ${stroke}/>`
    case 'diamond':
      return `<polygon points="${x},${y - 12} ${x + 12},${y} ${x},${y + 12} ${x - 12},${y}" fill="${fill}" ${stroke}/>`
    case 'square':
      return `<rect x="${x - 10}" y="${y - 10}" width="20" height="20" fill="${fill}" ${stroke}/>`
    default:
      return ''
  }
}

function cornerSvg(corner: Corner, key: string, input: CounterInput, ink: string): string {
  const value = input.ratings[key]
  const hidden = input.layout?.hideZero?.includes(key) ?? false
  if (value === undefined || (hidden && (value === 0 || value === false))) return ''
  const text = formatRating(value)
  if (!text) return ''
  const { x, y } = CORNER_CENTRES[corner]
  const style = input.layout?.ratingStyles?.find((s) => s.rating === key)
  const shaped = style?.shape && (!style.whenFlag || input.flags.includes(style.whenFlag))
  const fill = safeColor(style?.fill, 'none')
  const color = safeColor(style?.color, ink)
  const fontSize = text.length > 3 ? 12 : 18
  return (
    (shaped ? shapeSvg(style.shape, x, y, fill) : '') +
    `<text x="${x}" y="${y + fontSize * 0.35}" font-size="${fontSize}" font-weight="700" fill="${color}" text-anchor="middle">${escapeXml(text)}</text>`
  )
}

/** Font size that fits `text` across about `width` units. */
function fitFont(text: string, width: number, max: number): number {
  return Math.max(6, Math.min(max, width / (Math.max(1, text.length) * 0.58)))
}

/**
 * A long label on two lines, broken at the space nearest its middle; never so that a line is a
 * lone number or initial ("Crossbows 1" stays whole).
 */
export function splitLabel(label: string): string[] {
  if (label.length <= 10) return [label]
  const spaces = [...label.matchAll(/ /g)]
    .map((m) => m.index)
    .filter((i) => i >= 3 && label.length - i - 1 >= 3)
  if (spaces.length === 0) return [label]
  const mid = label.length / 2
  const at = spaces.reduce((a, b) => (Math.abs(b - mid) < Math.abs(a - mid) ? b : a))
  return [label.slice(0, at), label.slice(at + 1)]
}

/**
 * What is drawn on a face inside its 100×100 square, over the background: symbols, label, the
 * status band of a back and the ratings in their corners.
 */
function faceBody(input: CounterInput, ink: string): string {
  const out: string[] = []
  const symbols = symbolsFor(input.flags, input.movementClass, input.layout, input.display?.symbol)
  out.push(symbolSvg(symbols, '#f4f1e8'))
  const lines = splitLabel(input.label)
  const labelFont = Math.min(...lines.map((l) => fitFont(l, 64, lines.length > 1 ? 13 : 17)))
  let y = (symbols.length ? 59 : 47) - (lines.length - 1) * labelFont * 0.45
  for (const line of lines) {
    out.push(
      `<text x="50" y="${y.toFixed(1)}" font-size="${labelFont.toFixed(1)}" font-weight="700" fill="${ink}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    y += labelFont * 1.05
  }
  if (input.sublabel) {
    out.push(
      `<text x="50" y="${(y - labelFont + 10).toFixed(1)}" font-size="${fitFont(input.sublabel, 44, 9).toFixed(1)}" fill="${ink}" text-anchor="middle">${escapeXml(input.sublabel)}</text>`,
    )
  }
  if (input.back && input.status) {
    const fill = safeColor(input.status.color, '#f4f1e8')
    const label = input.status.label
    out.push(
      `<rect x="32" y="80" width="36" height="12" rx="3" fill="${fill}" stroke="#1b1b1b" stroke-width="0.8"/>`,
      `<text x="50" y="89" font-size="${fitFont(label, 32, 8).toFixed(1)}" fill="${inkOn(fill)}" text-anchor="middle">${escapeXml(label)}</text>`,
    )
  }
  const corners = cornersFor(input)
  for (const corner of Object.keys(CORNER_CENTRES) as Corner[]) {
    const key = corners[corner]
    if (key) out.push(cornerSvg(corner, key, input, ink))
  }
  return out.join('')
}

/** One counter face as an SVG document (a 100×100 drawing). */
export function counterSvg(input: CounterInput, options: SvgOptions = {}): string {
  const bg = safeColor(input.side.color, NEUTRAL_BACKGROUND)
  const ink = inkOn(bg)
  const size = options.size ?? 100
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="${size}" height="${size}" font-family="Arial, Helvetica, sans-serif">`,
    `<rect width="100" height="100" rx="6" fill="${bg}"/>`,
  ]
  // No clip paths or ids, so several counters can be inlined in one page without clashing.
  if (input.stripe) {
    out.push(
      `<path d="M0 11V6A6 6 0 0 1 6 0H94A6 6 0 0 1 100 6V11Z" fill="${safeColor(input.stripe, bg)}"/>`,
      // A hairline keeps the stripe visible when it has the side's own colour.
      `<line x1="0" y1="11" x2="100" y2="11" stroke="#1b1b1b" stroke-opacity="0.45" stroke-width="0.8"/>`,
    )
  }
  if (input.back) {
    // A back is told apart at a glance: a light veil over the side colour.
    out.push(`<rect width="100" height="100" rx="6" fill="#ffffff" fill-opacity="0.28"/>`)
  }
  out.push(
    faceBody(input, ink),
    `<rect x="0.5" y="0.5" width="99" height="99" rx="6" fill="none" stroke="#1b1b1b" stroke-width="1"/>`,
    `</svg>`,
  )
  return out.join('')
}

/** Length of a two-hex counter on the print sheet: two counters side by side. */
export const WIDE_PRINT_LENGTH = 200

export interface WideSvgOptions {
  /** Length of the drawing in face units (its height is 100); at least 150. */
  length?: number
  /** Height attribute of the root element (its width follows the length). */
  size?: number
  /** Which end is the front: right (as seen from above), or left (a back printed mirrored). */
  front?: 'right' | 'left'
}

/**
 * A face of a counter that fills two hexes (a rider): one long counter whose front end carries
 * the face (symbol, name, ratings) and whose rear end a heading arrow pointing to the front.
 * On the map the front end sits on the front hex, so the arrow shows the heading.
 */
export function wideCounterSvg(input: CounterInput, options: WideSvgOptions = {}): string {
  const bg = safeColor(input.side.color, NEUTRAL_BACKGROUND)
  const ink = inkOn(bg)
  const length = Math.max(150, options.length ?? WIDE_PRINT_LENGTH)
  const n = (v: number) => String(Number(v.toFixed(2)))
  const L = n(length)
  const height = options.size ?? 100
  const width = Number(((height * length) / 100).toFixed(2))
  const right = options.front !== 'left'
  const r = 10
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${L} 100" width="${width}" height="${height}" font-family="Arial, Helvetica, sans-serif">`,
    `<rect width="${L}" height="100" rx="${r}" fill="${bg}"/>`,
  ]
  if (input.stripe) {
    out.push(
      `<path d="M0 11V${r}A${r} ${r} 0 0 1 ${r} 0H${n(length - r)}A${r} ${r} 0 0 1 ${L} ${r}V11Z" fill="${safeColor(input.stripe, bg)}"/>`,
      `<line x1="0" y1="11" x2="${L}" y2="11" stroke="#1b1b1b" stroke-opacity="0.45" stroke-width="0.8"/>`,
    )
  }
  if (input.back)
    out.push(`<rect width="${L}" height="100" rx="${r}" fill="#ffffff" fill-opacity="0.28"/>`)
  // The heading arrow fills the rear part, its point at the face.
  const rear = length - 100
  const tail = 10
  const tip = rear - 2
  const head = Math.min(34, rear * 0.45)
  const pts = [
    [tail, 44],
    [tip - head, 44],
    [tip - head, 30],
    [tip, 55],
    [tip - head, 80],
    [tip - head, 66],
    [tail, 66],
  ]
    .map(([x, y]) => `${n(right ? x! : length - x!)},${y}`)
    .join(' ')
  out.push(
    `<polygon data-part="heading" points="${pts}" fill="${ink}" fill-opacity="0.8" stroke="${inkOn(ink)}" stroke-opacity="0.5" stroke-width="1"/>`,
    `<g transform="translate(${right ? n(length - 100) : 0} 0)">${faceBody(input, ink)}</g>`,
    `<rect x="0.5" y="0.5" width="${n(length - 1)}" height="99" rx="${r}" fill="none" stroke="#1b1b1b" stroke-width="1"/>`,
    `</svg>`,
  )
  return out.join('')
}

/** A data: URL for the SVG, for an <img> or a CSS background. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** A data: URL of the counter face, for an <img> or a CSS background. */
export function counterDataUrl(input: CounterInput, options: SvgOptions = {}): string {
  return svgDataUrl(counterSvg(input, options))
}
