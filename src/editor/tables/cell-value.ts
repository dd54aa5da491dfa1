/**
 * A table cell as the designer types it and as the file stores it: a result code, several codes
 * applied together, a number, or nothing (null). Kept apart from the grid so the same rules
 * serve the table view, the variant diff and the tests.
 */

export type CellValue = string | string[] | number | null

/** What a cell may hold: result codes (roll, odds, differential tables) or numbers only (matrix). */
export type CellType = 'result' | 'number'

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

export type ParsedInput = { ok: true; value: CellValue } | { ok: false; message: string }

/** Read what was typed in a cell. A list is written "DE + CA" or "DE, CA". */
export function parseCellInput(input: string, type: CellType): ParsedInput {
  const text = input.trim()
  if (text === '') return { ok: true, value: null }
  if (NUMBER.test(text)) return { ok: true, value: Number(text) }
  if (type === 'number')
    return { ok: false, message: `This cell holds a number (or nothing); "${text}" is not one.` }
  const parts = text
    .split(/\s*[,+]\s*/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
  // A lone "-" is a code in many charts ("no effect"), so "+" and "," only split between codes.
  if (parts.length === 0) return { ok: true, value: text }
  return { ok: true, value: parts.length === 1 ? parts[0]! : parts }
}

/** The cell as shown in the grid and put in the inline editor. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.map((v) => formatCell(v)).join(' + ')
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

/** A number shown with its sign, as modifiers are printed (+2, 0, -1). */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n)
}

export interface ResultCodeInfo {
  setId: string
  codes: ReadonlyMap<string, string>
}

/**
 * Why a stored cell is wrong, in a sentence, or null when it is fine. `results` is the result
 * set the table names (undefined when it could not be found, so codes are not checked).
 */
export function cellProblem(
  value: unknown,
  type: CellType,
  results: ResultCodeInfo | undefined,
): string | null {
  if (value === null || value === undefined) return null
  if (type === 'number') {
    return typeof value === 'number' ? null : 'This cell holds a number or nothing (may not).'
  }
  if (typeof value === 'number') return null
  const codes = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null
  if (!codes || codes.length === 0 || codes.some((c) => typeof c !== 'string' || c === ''))
    return 'A cell holds a result code, a list of codes, a number or nothing.'
  if (!results) return null
  const unknown = (codes as string[]).filter((c) => !results.codes.has(c))
  if (unknown.length === 0) return null
  const known = [...results.codes.keys()].join(', ')
  const what = unknown.map((c) => `"${c}"`).join(' and ')
  return `${what} ${unknown.length > 1 ? 'are not codes' : 'is not a code'} of the result set "${results.setId}" (it has ${known}).`
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** A grid cell as shown: distance bands as "1–2: +1", null as a dash, a missing cell blank. */
export function cellText(value: unknown, present: boolean, band: boolean): string {
  if (!present || value === undefined) return ''
  if (value === null) return '—'
  if (band && typeof value === 'object' && !Array.isArray(value)) {
    const b = value as { min?: unknown; max?: unknown; value?: unknown }
    const range = b.min === b.max ? String(b.min) : `${String(b.min)}–${String(b.max)}`
    return `${range}: ${typeof b.value === 'number' ? signed(b.value) : String(b.value)}`
  }
  return formatCell(value)
}
