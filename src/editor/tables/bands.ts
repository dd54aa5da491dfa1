/**
 * Roll bands and distance bands as printed: "≤ 0", "3", "4–5", "9+". The row key of a roll
 * table is its band, which is also how the variant diff pairs a row with its base row.
 */

export interface Band {
  min?: number
  max?: number
}

export function formatBand(band: Band | undefined | null): string {
  if (!band || typeof band !== 'object') return '—'
  const { min, max } = band
  const lo = typeof min === 'number' ? min : undefined
  const hi = typeof max === 'number' ? max : undefined
  if (lo === undefined && hi === undefined) return '—'
  if (lo === undefined) return `≤ ${hi}`
  if (hi === undefined) return `${lo}+`
  return lo === hi ? String(lo) : `${lo}–${hi}`
}

const N = '([+-]?\\d+(?:\\.\\d+)?)'
const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => Band]> = [
  [new RegExp(`^(?:≤|<=)\\s*${N}$`), (m) => ({ max: Number(m[1]) })],
  [new RegExp(`^${N}\\s*or less$`), (m) => ({ max: Number(m[1]) })],
  [new RegExp(`^${N}\\s*\\+$`), (m) => ({ min: Number(m[1]) })],
  [new RegExp(`^(?:≥|>=)\\s*${N}$`), (m) => ({ min: Number(m[1]) })],
  [
    new RegExp(`^${N}\\s*(?:–|-|\\.\\.|to)\\s*${N}$`),
    (m) => ({ min: Number(m[1]), max: Number(m[2]) }),
  ],
  [new RegExp(`^${N}$`), (m) => ({ min: Number(m[1]), max: Number(m[1]) })],
]

/** Read a typed band; null when it cannot be read. */
export function parseBand(text: string): Band | null {
  const t = text.trim()
  for (const [re, make] of PATTERNS) {
    const m = re.exec(t)
    if (!m) continue
    const b = make(m)
    if (b.min !== undefined && b.max !== undefined && b.min > b.max) return null
    return b
  }
  return null
}

/** A band just above this one, for a new row at the bottom of a chart. */
export function nextBand(band: Band | undefined): Band {
  const top = band?.max ?? band?.min
  if (top === undefined) return { min: 1, max: 1 }
  return { min: top + 1, max: top + 1 }
}

export interface RangeBandInput {
  min: number
  max: number
  value: number
}

/** A distance band typed in a cell: "1–2: +1", "3 0", "4-6 -1". */
export function parseRangeBand(text: string): RangeBandInput | string {
  const m = /^(\d+)\s*(?:(?:–|-|\.\.|to)\s*(\d+))?\s*(?::|=|→|->)?\s*([+-]?\d+(?:\.\d+)?)$/.exec(
    text.trim(),
  )
  if (!m) return 'Write a distance band as "min–max: modifier", e.g. "1–2: +1" or "3: 0".'
  const min = Number(m[1])
  const max = m[2] === undefined ? min : Number(m[2])
  if (max < min) return `The band ends (${max}) before it starts (${min}).`
  return { min, max, value: Number(m[3]) }
}
