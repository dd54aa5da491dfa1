/**
 * Implementations of the functions content expressions may call (declared in
 * expression-context.ts): matrix lookups and range bands. Bound per ruleset at evaluation time,
 * so compiled expressions stay independent of the data they read.
 */
import type { LoadedRuleset } from './loaded'
import type { MatrixTable, RangeBandsTable, Table } from '../generated/content-types'
import type { HostFunction } from '../expr'
import { didYouMean } from '../content/suggest'
import { lookupMatrix, maxRangeOf, rangeBand } from './tables'

const cache = new WeakMap<LoadedRuleset, Readonly<Record<string, HostFunction>>>()

function tableOfKind<K extends Table['kind']>(
  rules: LoadedRuleset,
  id: string,
  kind: K,
): Extract<Table, { kind: K }> {
  const table = rules.tables.get(id)
  if (table === undefined)
    throw new Error(`there is no table "${id}"${didYouMean(id, rules.tables.keys())}`)
  if (table.kind !== kind)
    throw new Error(`table "${id}" is a ${table.kind} table, not a ${kind} table`)
  return table as Extract<Table, { kind: K }>
}

/**
 * A unit type may read another type's row of a given table (asType: a type that fights as
 * another reads that type's row). Only keys of unit-type axes are unit types, so other axes
 * are left alone.
 */
export function matrixKey(
  rules: LoadedRuleset,
  table: MatrixTable,
  axis: 'row' | 'column',
  key: string,
): string {
  const of = axis === 'row' ? table.rowAxis.of : table.columnAxis.of
  if (of !== 'unitType') return key
  const asType = rules.unitTypes.get(key)?.asType
  return asType !== undefined && Object.hasOwn(asType, table.id)
    ? (asType[table.id] as string)
    : key
}

export function matrixValue(
  rules: LoadedRuleset,
  tableId: string,
  row: string,
  column: string,
): number {
  const table = tableOfKind(rules, tableId, 'matrix')
  const found = lookupMatrix(
    table,
    matrixKey(rules, table, 'row', row),
    matrixKey(rules, table, 'column', column),
  )
  if (!found.ok) throw new Error(found.message)
  return found.value
}

/** The modifier of the band `shift` bands beyond the one `distance` falls in (0: its own). */
function shiftedRangeValue(
  rules: LoadedRuleset,
  tableId: string,
  entry: string,
  distance: number,
  shift: number,
): number {
  const table: RangeBandsTable = tableOfKind(rules, tableId, 'range-bands')
  const found = rangeBand(table, entry, distance)
  if (!found.ok) throw new Error(found.message)
  if (shift === 0) return found.value
  const bands = table.entries.find((e) => e.id === entry)?.bands ?? []
  const band = bands[found.index + Math.max(0, Math.trunc(shift))]
  if (band === undefined)
    throw new Error(
      `${table.label}: ${entry} at ${distance} moved ${shift} bands farther is beyond its last band`,
    )
  return band.value
}

function maxRange(rules: LoadedRuleset, tableId: string, entry: string): number {
  const table = tableOfKind(rules, tableId, 'range-bands')
  const found = maxRangeOf(table, entry)
  if (found === undefined)
    throw new Error(
      `${table.label} has no entry "${entry}"${didYouMean(
        entry,
        table.entries.map((e) => e.id),
      )}`,
    )
  return found
}

/** Matrix values already read, by table, row and column; only values, never failures. */
type MatrixMemo = Map<string, Map<string, Map<string, number>>>

/** Enough for every pairing of a few hundred unit types; past it values are read, not kept. */
const MEMO_LIMIT = 50_000

/**
 * A matrix cell depends only on the ruleset and its keys, so each pairing is looked up (aliases,
 * types that fight as others, the default) once per ruleset and then read from a map.
 */
function rememberedMatrix(rules: LoadedRuleset): HostFunction {
  const memo: MatrixMemo = new Map()
  let size = 0
  return (table: string, row: string, column: string): number => {
    let rows = memo.get(table)
    let columns = rows?.get(row)
    const known = columns?.get(column)
    if (known !== undefined) return known
    const value = matrixValue(rules, table, row, column)
    if (size < MEMO_LIMIT) {
      if (rows === undefined) memo.set(table, (rows = new Map()))
      if (columns === undefined) rows.set(row, (columns = new Map()))
      columns.set(column, value)
      size++
    }
    return value
  }
}

export function hostFunctions(rules: LoadedRuleset): Readonly<Record<string, HostFunction>> {
  let functions = cache.get(rules)
  if (functions === undefined) {
    functions = {
      matrix: rememberedMatrix(rules),
      rangeModifier: (table: string, entry: string, distance: number) =>
        shiftedRangeValue(rules, table, entry, distance, 0),
      shiftedRangeModifier: (table: string, entry: string, distance: number, shift: number) =>
        shiftedRangeValue(rules, table, entry, distance, shift),
      maxRange: (table: string, entry: string) => maxRange(rules, table, entry),
    }
    cache.set(rules, functions)
  }
  return functions
}

/** Host functions whose first argument names a table, with the kind that table must be. */
export const TABLE_FUNCTIONS: Readonly<Record<string, Table['kind']>> = {
  matrix: 'matrix',
  rangeModifier: 'range-bands',
  shiftedRangeModifier: 'range-bands',
  maxRange: 'range-bands',
}
