import { didYouMean } from '../suggest'
import { checkJson, childOrigin, hasId, isObject } from './json'
import { IndexBuilder } from './origins'
import type { Indexed, Json, JsonObject, Origin, OverlayError, OverlayResult } from './types'

/**
 * Rows and columns of matrix tables, by key, without re-listing the table: a layer's `matrices`
 * maps a table id to `{rows, columns}`, where `rows.<row>` gives that row's cells by column key
 * and `columns.<column>` that column's cells by row key. A key the table does not have yet is
 * appended to its `rows` (`columns`) list; a known one has the cells given changed. A new row
 * needs a cell for every column, a new column one for every row (a table with a `default` may
 * leave some out), so a unit type added to a matrix is never half in it. The cell of a new row
 * in a new column may be given in either or both (then equal). Every cell keeps the place it
 * was written at as its origin.
 */
export function applyMatrixCells(base: Indexed, matrices: unknown, origin: Origin): OverlayResult {
  const errors: OverlayError[] = []
  checkJson(matrices, origin, errors, 'matrices')
  if (errors.length > 0) return { ok: false, errors }
  if (!isObject(matrices))
    return { ok: false, errors: [{ message: 'matrices must be an object', origin }] }
  const builder = new IndexBuilder(base.index.nodes)
  const root = builder.copyBase(base.value, base.index.rootOrigin)
  const tables = isObject(root) && Array.isArray(root['tables']) ? root['tables'] : []
  for (const [id, entry] of Object.entries(matrices)) {
    const at = childOrigin(origin, id)
    const table = tables.find((t): t is JsonObject & { id: string } => hasId(t) && t.id === id)
    if (table === undefined || table['kind'] !== 'matrix') {
      const matrixIds = tables
        .filter(hasId)
        .filter((t) => t['kind'] === 'matrix')
        .map((t) => t.id)
      errors.push({
        message:
          table === undefined
            ? `there is no table "${id}" in the ruleset${didYouMean(id, matrixIds)}`
            : `table "${id}" is not a matrix (it is a ${String(table['kind'])} table)`,
        origin: at,
      })
      continue
    }
    if (!isObject(entry)) {
      errors.push({ message: 'give "rows" and/or "columns" of the matrix', origin: at })
      continue
    }
    addCells(builder, table, entry, at, errors)
  }
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, value: root, index: builder.finish(root, base.index.rootOrigin) }
}

type Cells = Record<string, Record<string, Json>>

/** The row (or column) keys of a matrix in order: its list, else the keys its cells use. */
function keysOf(table: JsonObject, axis: 'rows' | 'columns'): string[] {
  const list = table[axis]
  if (Array.isArray(list)) return list.filter((k): k is string => typeof k === 'string')
  const cells = isObject(table['cells']) ? (table['cells'] as Cells) : {}
  if (axis === 'rows') return Object.keys(cells)
  return [
    ...new Set(Object.values(cells).flatMap((row) => (isObject(row) ? Object.keys(row) : []))),
  ]
}

function addCells(
  builder: IndexBuilder,
  table: JsonObject,
  entry: JsonObject,
  at: Origin,
  errors: OverlayError[],
): void {
  const given = (axis: 'rows' | 'columns'): [string, JsonObject][] => {
    const value = entry[axis]
    if (value === undefined) return []
    if (isObject(value) && Object.values(value).every(isObject))
      return Object.entries(value) as [string, JsonObject][]
    errors.push({
      message: `"${axis}" must map each ${axis === 'rows' ? 'row' : 'column'} key to its cells`,
      origin: childOrigin(at, axis),
    })
    return []
  }
  const rows = given('rows')
  const columns = given('columns')
  const rowKeys = keysOf(table, 'rows')
  const columnKeys = keysOf(table, 'columns')
  const newRows = rows.map(([k]) => k).filter((k) => !rowKeys.includes(k))
  const newColumns = columns.map(([k]) => k).filter((k) => !columnKeys.includes(k))
  const append = (axis: 'rows' | 'columns', keys: string[]): void => {
    const list = table[axis]
    if (!Array.isArray(list) || keys.length === 0) return
    builder.spliceArray(
      list,
      list.length,
      0,
      keys,
      keys.map((k) => childOrigin(childOrigin(at, axis), k)),
    )
  }
  append('rows', newRows)
  append('columns', newColumns)
  if (!isObject(table['cells'])) {
    const made: JsonObject = {}
    table['cells'] = made
    builder.register(made, childOrigin(at, 'rows'))
  }
  const cells = table['cells'] as JsonObject
  const written = new Map<string, Origin>()
  const write = (row: string, column: string, value: Json, where: Origin): void => {
    const key = `${row}\u0000${column}`
    const before = written.get(key)
    let cellsOfRow = cells[row]
    if (before !== undefined && isObject(cellsOfRow) && cellsOfRow[column] !== value) {
      errors.push({
        message: `the cell of row "${row}" in column "${column}" is given twice, with different values`,
        origin: where,
      })
      return
    }
    written.set(key, where)
    if (!isObject(cellsOfRow)) {
      cellsOfRow = {}
      cells[row] = cellsOfRow
      // A new row's cells object comes from where the row was written.
      builder.register(cellsOfRow, childOrigin(childOrigin(at, 'rows'), row))
      builder.setChild(cells, row, cellsOfRow, childOrigin(childOrigin(at, 'rows'), row))
    }
    cellsOfRow[column] = value
    builder.setChild(cellsOfRow, column, value, where)
  }
  const allRows = [...rowKeys, ...newRows]
  const allColumns = [...columnKeys, ...newColumns]
  // Each entry's cells, by the keys of the other axis, which must exist (or be added here).
  const writeAll = (axis: 'rows' | 'columns', entries: [string, JsonObject][]): void => {
    const [other, otherKeys] = axis === 'rows' ? ['column', allColumns] : ['row', allRows]
    for (const [key, cellsByOther] of entries) {
      const entryAt = childOrigin(childOrigin(at, axis), key)
      for (const [otherKey, value] of Object.entries(cellsByOther)) {
        const where = childOrigin(entryAt, otherKey)
        if (!otherKeys.includes(otherKey))
          errors.push({
            message: `the matrix has no ${other} "${otherKey}" (a new ${other} is added under "${other}s")${didYouMean(otherKey, otherKeys)}`,
            origin: where,
          })
        else if (axis === 'rows') write(key, otherKey, value as Json, where)
        else write(otherKey, key, value as Json, where)
      }
    }
  }
  writeAll('rows', rows)
  writeAll('columns', columns)
  if (table['default'] !== undefined) return
  const has = (row: string, column: string) => {
    const r = cells[row]
    return isObject(r) && Object.hasOwn(r, column)
  }
  const missing = (keys: string[], what: string, other: string, at2: Origin) =>
    keys.length > 0 &&
    errors.push({
      message: `${what} is new, so it needs a cell for every ${other}: add ${keys.map((k) => `"${k}"`).join(', ')} (null where the pairing is not allowed)`,
      origin: at2,
    })
  for (const row of newRows)
    missing(
      allColumns.filter((c) => !has(row, c)),
      `row "${row}"`,
      'column',
      childOrigin(childOrigin(at, 'rows'), row),
    )
  for (const column of newColumns)
    missing(
      allRows.filter((r) => !has(r, column)),
      `column "${column}"`,
      'row',
      childOrigin(childOrigin(at, 'columns'), column),
    )
}
