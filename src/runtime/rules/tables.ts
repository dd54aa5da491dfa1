/**
 * Reading printed charts. Every lookup returns the cell together with where it came from (row,
 * column, band, clamping, provenance), because the log, the combat panel and the tests all need
 * to show why a result was read, not just the result. Failures are returned, never thrown.
 */
import { didYouMean } from '../content/suggest'
import type {
  DifferentialTable,
  MatrixTable,
  OddsTable,
  Provenance,
  RangeBandsTable,
  RollTable,
  Row,
} from '../generated/content-types'
import { clampValue, findBand, formatBand } from './bands'
import type { Band } from './bands'
import type { ColumnRef } from './odds'

export { oddsColumn, formatOdds } from './odds'
export type { ColumnRef, OddsResult } from './odds'
export type { Band } from './bands'

/** Tables read with a die roll: rows by modified roll, columns by key, odds or differential. */
export type RolledTable = RollTable | OddsTable | DifferentialTable

export type CellValue = string | readonly string[] | number | null

export interface CellProvenance {
  /** The most specific level that gives a provenance. */
  level: 'cell' | 'row' | 'table'
  provenance: Provenance
}

/** A value moved before lookup: by the table's clamp, or onto the nearest row at an edge. */
export interface ClampNote {
  from: number
  to: number
  note: string
}

export type RollLookup =
  | {
      ok: true
      cell: CellValue
      rowIndex: number
      band: Band
      scale?: string
      columnId: string
      columnIndex: number
      /** The roll the row was found with, after clamping. */
      roll: number
      clampedRoll?: ClampNote
      provenance?: CellProvenance
    }
  | { ok: false; error: string }

export function cellProvenance(
  table: { provenance?: Provenance },
  row: Row,
  columnId: string,
): CellProvenance | undefined {
  const cell =
    row.cellProvenance !== undefined && Object.hasOwn(row.cellProvenance, columnId)
      ? row.cellProvenance[columnId]
      : undefined
  if (cell !== undefined) return { level: 'cell', provenance: cell }
  if (row.provenance !== undefined) return { level: 'row', provenance: row.provenance }
  if (table.provenance !== undefined) return { level: 'table', provenance: table.provenance }
  return undefined
}

/**
 * The cell of a rolled table for a modified roll in a column. The table's `clamp` applies first
 * ("the result cannot exceed 10"); a roll beyond every band with no open end reads the nearest
 * row, and `clampedRoll` says so. Tables with roll scales need `scale` (e.g. the weapon group).
 */
export function lookupRoll(
  table: RolledTable,
  input: { roll: number; column: string; scale?: string },
): RollLookup {
  const columnIndex = table.columns.findIndex((c) => c.id === input.column)
  if (columnIndex === -1) {
    const ids = table.columns.map((c) => c.id)
    return {
      ok: false,
      error: `${table.label} has no column "${input.column}"${didYouMean(input.column, ids)}`,
    }
  }
  const scales = table.kind === 'roll' ? (table.rowScales ?? []).map((s) => s.id) : []
  if (input.scale !== undefined && !scales.includes(input.scale)) {
    const known =
      scales.length === 0 ? ': it has a single roll scale' : didYouMean(input.scale, scales)
    return { ok: false, error: `${table.label} has no roll scale "${input.scale}"${known}` }
  }
  if (scales.length > 0 && input.scale === undefined) {
    return {
      ok: false,
      error: `${table.label} prints several roll scales (${scales.join(', ')}): say which one to read`,
    }
  }
  const bands = table.rows.flatMap((row, rowIndex) => {
    const band = input.scale === undefined ? row.roll : row.rolls?.[input.scale]
    return band === undefined ? [] : [{ row, rowIndex, band }]
  })
  const clamped = clampValue(input.roll, table.clamp)
  const found = findBand(bands, clamped)
  if (found === undefined) return { ok: false, error: `${table.label} has no rows to read` }
  const { row, rowIndex, band } = found.item
  const cell = row.cells[columnIndex]
  if (cell === undefined)
    return {
      ok: false,
      error: `${table.label}, row ${rowIndex + 1} has no cell for column "${input.column}"`,
    }
  const notes: string[] = []
  if (clamped !== input.roll)
    notes.push(`the table limits the roll to ${formatBand(table.clamp ?? {})}`)
  if (found.beyond)
    notes.push(
      `${clamped} is beyond the printed rows, read on the nearest row (${formatBand(band)})`,
    )
  const provenance = cellProvenance(table, row, input.column)
  return {
    ok: true,
    cell,
    rowIndex,
    band,
    ...(input.scale === undefined ? {} : { scale: input.scale }),
    columnId: input.column,
    columnIndex,
    roll: found.value,
    ...(found.value === input.roll
      ? {}
      : { clampedRoll: { from: input.roll, to: found.value, note: notes.join('; ') } }),
    ...(provenance === undefined ? {} : { provenance }),
  }
}

export type DifferentialResult =
  | {
      ok: true
      value: number
      base: ColumnRef
      /** The value lay beyond every band and was read in the nearest column. */
      beyond?: ClampNote
      shift: number
      final: ColumnRef
      clamped: boolean
    }
  | { ok: false; error: string }

function columnRef(column: { id: string; label?: string }, index: number): ColumnRef {
  return { index, id: column.id, ...(column.label === undefined ? {} : { label: column.label }) }
}

/** The column of a differential table whose band holds `value`, shifted and stopped at the ends. */
export function differentialColumn(
  table: DifferentialTable,
  value: number,
  shift = 0,
): DifferentialResult {
  if (!Number.isFinite(value))
    return { ok: false, error: `${table.label} needs a number to pick its column, got ${value}` }
  if (!Number.isInteger(shift))
    return { ok: false, error: `a column shift must be a whole number, got ${shift}` }
  const found = findBand(
    table.columns.map((column, index) => ({ column, index, band: column.band })),
    value,
  )
  if (found === undefined) return { ok: false, error: `${table.label} has no columns` }
  const wanted = found.item.index + shift
  const finalIndex = Math.min(Math.max(wanted, 0), table.columns.length - 1)
  return {
    ok: true,
    value,
    base: columnRef(found.item.column, found.item.index),
    ...(found.beyond
      ? {
          beyond: {
            from: value,
            to: found.value,
            note: `${value} is beyond the printed columns, read in ${formatBand(found.item.band)}`,
          },
        }
      : {}),
    shift,
    final: columnRef(table.columns[finalIndex] as DifferentialTable['columns'][number], finalIndex),
    clamped: finalIndex !== wanted,
  }
}

export type MatrixLookup =
  | {
      ok: true
      value: number
      /** The keys whose cell was read, after aliases. */
      row: string
      column: string
      rowAlias?: { from: string; to: string }
      columnAlias?: { from: string; to: string }
      /** No cell for the pair: the table's default was used. */
      fromDefault: boolean
      provenance?: Provenance
    }
  | { ok: false; reason: 'not-allowed' | 'missing'; row: string; column: string; message: string }

function alias(
  aliases: Readonly<Record<string, string>> | undefined,
  key: string,
): string | undefined {
  return aliases !== undefined && Object.hasOwn(aliases, key) ? aliases[key] : undefined
}

/** `<row axis> "<row>" against <column axis> "<column>"`, for the messages of a matrix lookup. */
function pairName(table: MatrixTable, row: string, column: string): string {
  return `${table.rowAxis.label} "${row}" against ${table.columnAxis.label} "${column}"`
}

/**
 * The value of a matrix for a row key and a column key (attacker type × defender type). Aliases
 * let a key read another key's row or column; a pair with no cell takes the table's default; a
 * null cell (or null default) means the pairing is not allowed.
 */
export function lookupMatrix(table: MatrixTable, row: string, column: string): MatrixLookup {
  const rowTo = alias(table.rowAliases, row)
  const columnTo = alias(table.columnAliases, column)
  const rowKey = rowTo ?? row
  const columnKey = columnTo ?? column
  const cells = Object.hasOwn(table.cells, rowKey) ? table.cells[rowKey] : undefined
  const cell = cells !== undefined && Object.hasOwn(cells, columnKey) ? cells[columnKey] : undefined
  const fromDefault = cell === undefined
  const value = fromDefault ? table.default : cell
  if (value === undefined) {
    return {
      ok: false,
      reason: 'missing',
      row,
      column,
      message: `${table.label} has no entry for ${pairName(table, row, column)}`,
    }
  }
  if (value === null) {
    return {
      ok: false,
      reason: 'not-allowed',
      row,
      column,
      message: `${table.label}: ${pairName(table, row, column)} is not allowed`,
    }
  }
  const provenanceKey = `${rowKey}/${columnKey}`
  const provenance =
    table.cellProvenance !== undefined && Object.hasOwn(table.cellProvenance, provenanceKey)
      ? table.cellProvenance[provenanceKey]
      : table.provenance
  return {
    ok: true,
    value,
    row: rowKey,
    column: columnKey,
    ...(rowTo === undefined ? {} : { rowAlias: { from: row, to: rowTo } }),
    ...(columnTo === undefined ? {} : { columnAlias: { from: column, to: columnTo } }),
    fromDefault,
    ...(provenance === undefined ? {} : { provenance }),
  }
}

type RangeEntry = RangeBandsTable['entries'][number]

export type RangeLookup =
  | {
      ok: true
      entry: string
      index: number
      band: RangeEntry['bands'][number]
      value: number
      provenance?: Provenance
    }
  | {
      ok: false
      reason: 'unknown-entry' | 'out-of-range' | 'too-close'
      message: string
      maxRange?: number
    }

function findEntry(table: RangeBandsTable, entry: string): RangeEntry | undefined {
  return table.entries.find((e) => e.id === entry)
}

/** The band of a weapon (or other entry) at a distance, or why there is none. */
export function rangeBand(table: RangeBandsTable, entry: string, distance: number): RangeLookup {
  const found = findEntry(table, entry)
  if (found === undefined) {
    const ids = table.entries.map((e) => e.id)
    return {
      ok: false,
      reason: 'unknown-entry',
      message: `${table.label} has no entry "${entry}"${didYouMean(entry, ids)}`,
    }
  }
  const index = found.bands.findIndex((b) => distance >= b.min && distance <= b.max)
  const last = found.bands[found.bands.length - 1]
  const first = found.bands[0]
  const name = found.label ?? found.id
  if (index === -1) {
    const maxRange = last?.max ?? 0
    if (first !== undefined && distance < first.min) {
      return {
        ok: false,
        reason: 'too-close',
        maxRange,
        message: `${name} cannot be used at ${distance} (nearest band starts at ${first.min})`,
      }
    }
    return {
      ok: false,
      reason: 'out-of-range',
      maxRange,
      message: `${name} is out of range at ${distance} (longest range ${maxRange})`,
    }
  }
  const band = found.bands[index] as RangeEntry['bands'][number]
  const provenance = band.provenance ?? found.provenance ?? table.provenance
  return {
    ok: true,
    entry,
    index,
    band,
    value: band.value,
    ...(provenance === undefined ? {} : { provenance }),
  }
}

/** The longest distance of an entry's last band, or undefined for an unknown entry. */
export function maxRangeOf(table: RangeBandsTable, entry: string): number | undefined {
  const found = findEntry(table, entry)
  return found === undefined ? undefined : Math.max(...found.bands.map((b) => b.max))
}
