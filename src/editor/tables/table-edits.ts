/**
 * Edits to a table file as JSON-pointer edits with an undo label, one labelled step per user
 * action. Pure: the view hands the result to ws.edit; the tests check it on bundled tables.
 */
import { joinPointer } from '../../runtime'
import type { ValueEdit } from '../workspace/json-edit'
import { formatBand, nextBand, parseBand, parseRangeBand, type Band } from './bands'
import { formatCell, parseCellInput, signed } from './cell-value'
import { matrixKeys, type GridCell, type TableGrid } from './grid-model'

export type EditResult =
  { ok: true; edits: ValueEdit[]; label: string } | { ok: false; message: string }

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** "4 / Defender Disordered": how a cell is named in undo labels. */
export function cellName(grid: TableGrid, r: number, c: number): string {
  const row = grid.rows[r]
  const rowName = row ? row.headers.filter((h) => h !== '').join(' · ') || row.key : `row ${r + 1}`
  return `${rowName} / ${grid.columns[c]?.label ?? `column ${c + 1}`}`
}

/** The value a typed text gives a cell (null clears it), as the edits to make. */
export function setCellEdits(grid: TableGrid, r: number, c: number, input: string): EditResult {
  const cell = grid.cells[r]?.[c]
  if (!cell) return { ok: false, message: 'There is no such cell.' }
  const name = cellName(grid, r, c)
  if (cell.type === 'band') return bandEdits(grid, cell, r, c, input, name)
  const parsed = parseCellInput(input, cell.type)
  if (!parsed.ok) return parsed
  const shown = formatCell(parsed.value)
  return {
    ok: true,
    edits: [{ pointer: cell.pointer, value: parsed.value }],
    label: parsed.value === null ? `Clear ${name}` : `Set ${name} to ${shown}`,
  }
}

function bandEdits(
  grid: TableGrid,
  cell: GridCell,
  r: number,
  c: number,
  input: string,
  name: string,
): EditResult {
  const rowCells = grid.cells[r] ?? []
  const count = rowCells.filter((x) => x.present).length
  if (input.trim() === '') {
    if (!cell.present) return { ok: true, edits: [], label: '' }
    if (count <= 1) return { ok: false, message: 'An entry keeps at least one distance band.' }
    return {
      ok: true,
      edits: [{ pointer: cell.pointer, value: undefined }],
      label: `Remove band ${name}`,
    }
  }
  const band = parseRangeBand(input)
  if (typeof band === 'string') return { ok: false, message: band }
  if (!cell.present && c !== count)
    return { ok: false, message: 'Add bands in order: type into the first empty slot of the row.' }
  const old = isObj(cell.value) ? cell.value : {}
  const value = { ...old, min: band.min, max: band.max, value: band.value }
  const pointer = cell.present ? cell.pointer : cell.pointer.replace(/\/\d+$/, '/-')
  const text = `${formatBand(band)}: ${signed(band.value)}`
  return { ok: true, edits: [{ pointer, value }], label: `Set ${name} to ${text}` }
}

/** A new row at the bottom (roll kinds, matrix with a key, range entry with an id). */
export function addRowEdits(table: unknown, grid: TableGrid, key?: string): EditResult {
  if (!isObj(table)) return { ok: false, message: 'This file is not a table.' }
  if (grid.kind === 'matrix') {
    const k = key?.trim()
    if (!k) return { ok: false, message: 'Name the new row (a key such as a unit type id).' }
    if (grid.rows.some((r) => r.key === k))
      return { ok: false, message: `There is already a row "${k}".` }
    const edits: ValueEdit[] = [{ pointer: joinPointer(['cells', k]), value: {} }]
    if (Array.isArray(table.rows)) edits.unshift({ pointer: '/rows/-', value: k })
    return { ok: true, edits, label: `Add row ${k}` }
  }
  if (grid.kind === 'range-bands') {
    const k = key?.trim()
    if (!k) return { ok: false, message: 'Name the new entry (a weapon id).' }
    if (grid.rows.some((r) => r.key === k))
      return { ok: false, message: `There is already an entry "${k}".` }
    return {
      ok: true,
      edits: [{ pointer: '/entries/-', value: { id: k, bands: [{ min: 1, max: 1, value: 0 }] } }],
      label: `Add entry ${k}`,
    }
  }
  const rows = arr(table.rows)
  const last = rows[rows.length - 1]
  const lastObj = isObj(last) ? last : {}
  const row: Obj = {}
  const scales = arr(table.rowScales).filter(isObj)
  if (scales.length) {
    const rolls = isObj(lastObj.rolls) ? lastObj.rolls : {}
    row.rolls = Object.fromEntries(
      scales.map((s) => [String(s.id), nextBand(rolls[String(s.id)] as Band | undefined)]),
    )
  } else row.roll = nextBand(lastObj.roll as Band | undefined)
  row.cells = grid.columns.map(() => null)
  return { ok: true, edits: [{ pointer: '/rows/-', value: row }], label: 'Add row' }
}

export function removeRowEdits(table: unknown, grid: TableGrid, r: number): EditResult {
  const row = grid.rows[r]
  if (!isObj(table) || !row) return { ok: false, message: 'There is no such row.' }
  const name = row.headers.join(' · ') || row.key
  if (grid.kind === 'matrix') {
    const edits: ValueEdit[] = [{ pointer: joinPointer(['cells', row.key]), value: undefined }]
    const listed = arr(table.rows).indexOf(row.key)
    if (listed >= 0) edits.push({ pointer: joinPointer(['rows', listed]), value: undefined })
    return { ok: true, edits, label: `Remove row ${name}` }
  }
  if (grid.rows.length <= 1) return { ok: false, message: 'A table keeps at least one row.' }
  return {
    ok: true,
    edits: [{ pointer: row.pointer!, value: undefined }],
    label: `Remove row ${name}`,
  }
}

/** A new column on the right: a key column, the next odds ratio, the next band, a matrix key. */
export function addColumnEdits(table: unknown, grid: TableGrid, key?: string): EditResult {
  if (!isObj(table)) return { ok: false, message: 'This file is not a table.' }
  if (grid.kind === 'range-bands')
    return { ok: false, message: 'Distance bands are added per entry: type into the empty slot.' }
  const k = key?.trim()
  if (grid.kind === 'matrix') {
    if (!k) return { ok: false, message: 'Name the new column (a key such as a unit type id).' }
    if (grid.columns.some((c) => c.key === k))
      return { ok: false, message: `There is already a column "${k}".` }
    // Without a "columns" list the order comes from the cells; write the list so the new key shows.
    const edit: ValueEdit = Array.isArray(table.columns)
      ? { pointer: '/columns/-', value: k }
      : { pointer: '/columns', value: [...matrixKeys(table).columns, k] }
    return { ok: true, edits: [edit], label: `Add column ${k}` }
  }
  const cols = arr(table.columns).filter(isObj)
  const last = cols[cols.length - 1] ?? {}
  let column: Obj
  if (grid.kind === 'odds') {
    const attack = (typeof last.attack === 'number' ? last.attack : 0) + 1
    const defense = typeof last.defense === 'number' ? last.defense : 1
    column = { id: k || `${attack}:${defense}`, attack, defense }
  } else if (grid.kind === 'differential') {
    column = { id: k || `column-${cols.length + 1}`, band: nextBand(last.band as Band | undefined) }
  } else column = { id: k || `column-${cols.length + 1}`, label: k || `Column ${cols.length + 1}` }
  if (grid.columns.some((c) => c.key === column.id))
    return { ok: false, message: `There is already a column "${String(column.id)}".` }
  const edits: ValueEdit[] = [{ pointer: '/columns/-', value: column }]
  grid.rows.forEach((_, i) =>
    edits.push({ pointer: joinPointer(['rows', i, 'cells', '-']), value: null }),
  )
  return { ok: true, edits, label: `Add column ${String(column.id)}` }
}

export function removeColumnEdits(table: unknown, grid: TableGrid, c: number): EditResult {
  const col = grid.columns[c]
  if (!isObj(table) || !col) return { ok: false, message: 'There is no such column.' }
  if (grid.kind === 'range-bands') return { ok: false, message: 'Clear a band cell to remove it.' }
  if (grid.kind === 'matrix') {
    const edits: ValueEdit[] = grid.rows
      .filter((_, i) => grid.cells[i]?.[c]?.present)
      .map((r) => ({ pointer: joinPointer(['cells', r.key, col.key]), value: undefined }))
    const listed = arr(table.columns).indexOf(col.key)
    if (listed >= 0) edits.push({ pointer: joinPointer(['columns', listed]), value: undefined })
    return { ok: true, edits, label: `Remove column ${col.label}` }
  }
  if (grid.columns.length <= 1) return { ok: false, message: 'A table keeps at least one column.' }
  const edits: ValueEdit[] = [{ pointer: joinPointer(['columns', c]), value: undefined }]
  grid.rows.forEach((_, i) => {
    if (grid.cells[i]?.[c]?.present)
      edits.push({ pointer: joinPointer(['rows', i, 'cells', c]), value: undefined })
  })
  return { ok: true, edits, label: `Remove column ${col.label}` }
}

/** Retype a row's roll band (scale index for charts with several roll columns). */
export function setRowBandEdits(
  table: unknown,
  grid: TableGrid,
  r: number,
  scale: number,
  text: string,
): EditResult {
  const row = grid.rows[r]
  if (!isObj(table) || !row?.pointer || grid.kind === 'matrix' || grid.kind === 'range-bands')
    return { ok: false, message: 'This row has no roll band.' }
  const scales = arr(table.rowScales).filter(isObj)
  const scaleId = scales[scale] ? String(scales[scale].id) : undefined
  if (text.trim() === '' && scaleId)
    return {
      ok: true,
      edits: [{ pointer: `${row.pointer}/rolls/${scaleId}`, value: undefined }],
      label: `Clear roll ${scaleId} of row ${r + 1}`,
    }
  const band = parseBand(text)
  if (!band) return { ok: false, message: 'Write a roll band as "3", "3–4", "≤ 0" or "9+".' }
  const pointer = scaleId ? joinPointer(['rows', r, 'rolls', scaleId]) : `${row.pointer}/roll`
  return {
    ok: true,
    edits: [{ pointer, value: band }],
    label: `Set row ${r + 1} roll to ${formatBand(band)}`,
  }
}
