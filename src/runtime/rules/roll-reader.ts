/**
 * A rolled table read the way `lookupRoll` reads it, with what can be worked out ahead made
 * once per table: the rows of each roll scale indexed by roll (`bandFinder`), and what each cell
 * gives (its provenance, its number, its result codes with their effects). A resolution keeps
 * one reader per table it may choose; lookupRoll stays the plain reading the reader must match.
 */
import type { LoadedRuleset } from './loaded'
import type { Row } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { bandFinder } from './bands'
import type { Band, FoundBand } from './bands'
import type { ContextKind } from './expression-context'
import { prepareCodes } from './resolve-shared'
import type { PreparedCodes } from './resolve-shared'
import { cellProvenance } from './tables'
import type { CellProvenance, CellValue, RolledTable } from './tables'

export interface RowItem {
  readonly row: Row
  readonly rowIndex: number
  readonly band: Band
  /** The record's row (frozen, shared). */
  readonly record: { index: number; band: Band }
}

/** The rows of one roll scale, or why that scale cannot be read. */
export interface ScaleRows {
  /** Why the rows cannot be read with this scale; reported when the roll is read. */
  readonly problem: string | undefined
  readonly find: (roll: number) => FoundBand<RowItem> | undefined
}

/** What the cell of a row and column gives. */
export interface CellOutcome {
  /** undefined when the row has no cell for the column. */
  readonly cell: CellValue | undefined
  readonly provenance: CellProvenance | undefined
  /** The cell's number, for a cell holding one. */
  readonly value: number | undefined
  readonly codes: PreparedCodes
}

export interface RollReader {
  scale(scale: string | undefined): ScaleRows
  cell(rowIndex: number, columnIndex: number): CellOutcome
}

function scaleProblem(table: RolledTable, scale: string | undefined): string | undefined {
  const scales = table.kind === 'roll' ? (table.rowScales ?? []).map((s) => s.id) : []
  if (scale !== undefined && !scales.includes(scale)) {
    const known = scales.length === 0 ? ': it has a single roll scale' : didYouMean(scale, scales)
    return `${table.label} has no roll scale "${scale}"${known}`
  }
  if (scales.length > 0 && scale === undefined)
    return `${table.label} prints several roll scales (${scales.join(', ')}): say which one to read`
  return undefined
}

function scaleRows(table: RolledTable, scale: string | undefined): ScaleRows {
  const items = table.rows.flatMap((row, rowIndex): RowItem[] => {
    const band = scale === undefined ? row.roll : row.rolls?.[scale]
    return band === undefined
      ? []
      : [{ row, rowIndex, band, record: Object.freeze({ index: rowIndex, band }) }]
  })
  return { problem: scaleProblem(table, scale), find: bandFinder(items) }
}

export function rollReader(
  rules: LoadedRuleset,
  table: RolledTable,
  context: ContextKind,
): RollReader {
  const scales = new Map<string | undefined, ScaleRows>()
  const cells: (CellOutcome | undefined)[][] = table.columns.map(() => [])
  const results = table.results === undefined ? undefined : rules.resultSets.get(table.results)
  const outcome = (rowIndex: number, columnIndex: number): CellOutcome => {
    const row = table.rows[rowIndex] as Row
    const cell = row.cells[columnIndex]
    const column = table.columns[columnIndex]?.id ?? ''
    let codes: readonly string[] = []
    if (typeof cell === 'number') {
      // A number may still have a meaning in the result set (losses of 2 = code "2").
      const code = String(cell)
      if (results?.codes.some((c) => c.code === code) === true) codes = [code]
    } else if (typeof cell === 'string') codes = [cell]
    else if (Array.isArray(cell)) codes = cell
    const provenance = cellProvenance(table, row, column)
    return {
      cell,
      provenance: provenance === undefined ? undefined : Object.freeze(provenance),
      value: typeof cell === 'number' ? cell : undefined,
      codes: prepareCodes(rules, table, codes, context),
    }
  }
  return {
    scale(scale) {
      let rows = scales.get(scale)
      if (rows === undefined) {
        rows = scaleRows(table, scale)
        // Scales are named by content; a bound keeps a stream of wrong names from piling up.
        if (scales.size < 64) scales.set(scale, rows)
      }
      return rows
    },
    cell(rowIndex, columnIndex) {
      const byRow = cells[columnIndex] as (CellOutcome | undefined)[]
      let found = byRow[rowIndex]
      if (found === undefined) {
        found = outcome(rowIndex, columnIndex)
        byRow[rowIndex] = found
      }
      return found
    },
  }
}
