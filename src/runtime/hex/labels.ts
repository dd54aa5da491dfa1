/**
 * Printed hex numbers. Labels are what designers type and rulebooks print; the runtime
 * stores 0-based offsets, so every label must round-trip exactly through its scheme.
 */
import type { GridSpec, Offset } from './coords'

/**
 * 'numeric': zero-padded column digits then row digits, e.g. "3220" = column 32, row 20.
 * 'letter-row': column letters A…Z, AA, AB, … (first column A) then the unpadded row, e.g. "Y15".
 * firstColumn / firstRow are the printed numbers of the 0-based column / row 0.
 */
export type NumberingScheme =
  | {
      readonly scheme: 'numeric'
      readonly columnDigits: number
      readonly rowDigits: number
      readonly firstColumn: number
      readonly firstRow: number
    }
  | { readonly scheme: 'letter-row'; readonly firstRow: number }

type NumericScheme = Extract<NumberingScheme, { scheme: 'numeric' }>

export type LabelParse = { ok: true; offset: Offset } | { ok: false; message: string }

// Six digits already cover a 999 999-column map; more would risk unsafe integers.
const MAX_DIGITS = 6

function pad(n: number, digits: number): string {
  return String(n).padStart(digits, '0')
}

/** Bijective base 26: 0 → "A", 25 → "Z", 26 → "AA", 701 → "ZZ", 702 → "AAA". */
export function columnLetters(index: number): string {
  if (!Number.isInteger(index) || index < 0)
    throw new RangeError(`column index must be 0 or more, not ${index}`)
  let k = index + 1
  let out = ''
  while (k > 0) {
    k -= 1
    out = String.fromCharCode(65 + (k % 26)) + out
    k = Math.floor(k / 26)
  }
  return out
}

/** Inverse of columnLetters for upper-case A–Z strings. */
export function columnFromLetters(letters: string): number {
  let value = 0
  for (let i = 0; i < letters.length; i++) value = value * 26 + (letters.charCodeAt(i) - 64)
  return value - 1
}

function checkScheme(scheme: NumberingScheme): string | null {
  const whole = (n: number): boolean => Number.isInteger(n) && n >= 0
  if (!whole(scheme.firstRow))
    return `the first row number must be 0 or more, not ${scheme.firstRow}`
  if (scheme.scheme === 'letter-row') return null
  if (!whole(scheme.firstColumn))
    return `the first column number must be 0 or more, not ${scheme.firstColumn}`
  for (const [what, digits] of [
    ['column', scheme.columnDigits],
    ['row', scheme.rowDigits],
  ] as const) {
    if (!Number.isInteger(digits) || digits < 1 || digits > MAX_DIGITS) {
      return `hex numbers need 1 to ${MAX_DIGITS} ${what} digits, not ${digits}`
    }
  }
  return null
}

/**
 * Why this scheme cannot label every hex of the grid (first problem found, in words a
 * designer understands), or null when every hex gets a distinct label that parses back.
 */
export function checkSchemeFits(scheme: NumberingScheme, grid: GridSpec): string | null {
  const problem = checkScheme(scheme)
  if (problem !== null) return problem
  if (scheme.scheme === 'letter-row') return null
  const parts = [
    ['column', 'columns', scheme.columnDigits, scheme.firstColumn, grid.columns],
    ['row', 'rows', scheme.rowDigits, scheme.firstRow, grid.rows],
  ] as const
  for (const [what, plural, digits, first, count] of parts) {
    const last = first + count - 1
    const max = 10 ** digits - 1
    if (last > max) {
      return (
        `the map has ${count} ${plural}, numbered ${pad(first, digits)} to ${pad(last, digits)}, ` +
        `but hex numbers have only ${digits} ${what} digit${digits === 1 ? '' : 's'} (at most ${pad(max, digits)})`
      )
    }
  }
  return null
}

/**
 * The printed label of a hex. Throws RangeError when the scheme cannot write this hex
 * (negative offset, or a number wider than its digits): check the scheme against the
 * grid with checkSchemeFits once, then every in-bounds hex formats and parses back.
 */
export function formatLabel(scheme: NumberingScheme, o: Offset): string {
  const problem = checkScheme(scheme)
  if (problem !== null) throw new RangeError(problem)
  if (!Number.isInteger(o.col) || !Number.isInteger(o.row) || o.col < 0 || o.row < 0) {
    throw new RangeError(`no label for column ${o.col}, row ${o.row}: offsets start at 0`)
  }
  const row = o.row + scheme.firstRow
  if (scheme.scheme === 'letter-row') return columnLetters(o.col) + String(row)
  const col = o.col + scheme.firstColumn
  if (col >= 10 ** scheme.columnDigits || row >= 10 ** scheme.rowDigits) {
    throw new RangeError(
      `column ${col}, row ${row} does not fit in ${scheme.columnDigits}+${scheme.rowDigits} digit hex numbers`,
    )
  }
  return pad(col, scheme.columnDigits) + pad(row, scheme.rowDigits)
}

function numericExample(scheme: NumericScheme): string {
  const col = Math.min(3, 10 ** scheme.columnDigits - 1)
  const row = Math.min(12, 10 ** scheme.rowDigits - 1)
  return pad(col, scheme.columnDigits) + pad(row, scheme.rowDigits)
}

/** One coordinate of a parsed label, for range checks. */
interface Axis {
  readonly what: 'column' | 'row'
  /** As typed, for the message. */
  readonly printed: string
  /** 0-based. */
  readonly index: number
  readonly firstText: string
  /** Count and printed last value, when a grid is known. */
  readonly count?: number
  readonly lastText?: string
}

function axisProblem(label: string, axis: Axis): string | null {
  const { what, printed } = axis
  if (axis.index < 0)
    return `"${label}": ${what} ${printed} comes before the first ${what}, ${axis.firstText}`
  if (axis.count !== undefined && axis.index >= axis.count) {
    return `"${label}": ${what} ${printed} is past the last ${what} of the map, ${axis.lastText}`
  }
  return null
}

function parseNumeric(scheme: NumericScheme, text: string, grid?: GridSpec): LabelParse {
  const digits = scheme.columnDigits + scheme.rowDigits
  if (!new RegExp(`^[0-9]{${digits}}$`).test(text)) {
    const example = numericExample(scheme)
    return {
      ok: false,
      message: `"${text}" is not a hex number: expected ${digits} digits like "${example}"`,
    }
  }
  const colText = text.slice(0, scheme.columnDigits)
  const rowText = text.slice(scheme.columnDigits)
  const col = Number(colText) - scheme.firstColumn
  const row = Number(rowText) - scheme.firstRow
  const axes: Axis[] = [
    {
      what: 'column',
      printed: colText,
      index: col,
      firstText: pad(scheme.firstColumn, scheme.columnDigits),
      count: grid?.columns,
      lastText: grid && pad(scheme.firstColumn + grid.columns - 1, scheme.columnDigits),
    },
    {
      what: 'row',
      printed: rowText,
      index: row,
      firstText: pad(scheme.firstRow, scheme.rowDigits),
      count: grid?.rows,
      lastText: grid && pad(scheme.firstRow + grid.rows - 1, scheme.rowDigits),
    },
  ]
  return checked(text, axes, { col, row })
}

function parseLetterRow(firstRow: number, text: string, grid?: GridSpec): LabelParse {
  const match = /^([A-Za-z]+)([0-9]+)$/.exec(text)
  if (match === null) {
    return {
      ok: false,
      message: `"${text}" is not a hex label: expected column letters then a row number, like "C12"`,
    }
  }
  const letters = (match[1] as string).toUpperCase()
  const rowText = match[2] as string
  if (rowText.length > 1 && rowText.startsWith('0')) {
    const fixed = `${letters}${Number(rowText)}`
    return {
      ok: false,
      message: `"${text}": write the row number without leading zeros ("${fixed}")`,
    }
  }
  // Beyond seven letters or nine digits no map is that big, and precision would suffer.
  if (letters.length > 7 || rowText.length > 9)
    return { ok: false, message: `"${text}" is far outside any map` }
  const col = columnFromLetters(letters)
  const row = Number(rowText) - firstRow
  const axes: Axis[] = [
    {
      what: 'column',
      printed: letters,
      index: col,
      firstText: 'A',
      count: grid?.columns,
      lastText: grid && columnLetters(grid.columns - 1),
    },
    {
      what: 'row',
      printed: rowText,
      index: row,
      firstText: String(firstRow),
      count: grid?.rows,
      lastText: grid && String(firstRow + grid.rows - 1),
    },
  ]
  return checked(text, axes, { col, row })
}

function checked(text: string, axes: readonly Axis[], offset: Offset): LabelParse {
  for (const axis of axes) {
    const problem = axisProblem(text, axis)
    if (problem !== null) return { ok: false, message: problem }
  }
  return { ok: true, offset }
}

/**
 * Reads a label typed by a designer. Letters may be lower case and surrounding spaces are
 * ignored; anything else that formatLabel would not write is rejected with a message.
 * With a grid, hexes off the map are rejected too.
 */
export function parseLabel(scheme: NumberingScheme, label: string, grid?: GridSpec): LabelParse {
  const problem = checkScheme(scheme)
  if (problem !== null) return { ok: false, message: `cannot read hex labels: ${problem}` }
  const text = label.trim()
  return scheme.scheme === 'numeric'
    ? parseNumeric(scheme, text, grid)
    : parseLetterRow(scheme.firstRow, text, grid)
}
