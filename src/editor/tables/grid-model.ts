/**
 * Any table kind read as one grid: row headers, column headers and body cells, each cell with
 * the JSON pointer (inside the table) where its value lives. The table view edits through those
 * pointers, and the variant diff pairs cells by their row and column keys, so the two never need
 * to know how each kind stores its cells.
 */
import { joinPointer } from '../../runtime'
import { formatBand, type Band } from './bands'
import type { CellType } from './cell-value'

export interface GridColumn {
  /** Stable key for pairing with another version of the table (column id, matrix key…). */
  key: string
  label: string
  /** More about the column, shown on hover (ratio, band, column id). */
  title?: string
}

export interface GridRow {
  key: string
  /** One header per printed roll scale (one for most tables). */
  headers: string[]
  /** Pointer of the row object, when the row is one (roll rows, range entries). */
  pointer?: string
  note?: string
  provenance?: unknown
}

export type GridCellType = CellType | 'band'

export interface GridCell {
  /** Where the value lives inside the table. */
  pointer: string
  value: unknown
  /** False for a matrix pairing with no entry or an empty distance-band slot. */
  present: boolean
  type: GridCellType
  provenance?: unknown
}

export interface TableGrid {
  kind: string
  rowHeaderLabels: string[]
  columns: GridColumn[]
  rows: GridRow[]
  /** cells[row][column] */
  cells: GridCell[][]
  /** Result set id the codes belong to. */
  results?: string
  /** Facts printed under the chart: aliases, default value, clamp, rounding. */
  notes: string[]
}

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** The grid of a table value; null when it is not a table this editor can show. */
export function buildGrid(table: unknown): TableGrid | null {
  if (!isObj(table)) return null
  switch (table.kind) {
    case 'roll':
    case 'odds':
    case 'differential':
      return rowsGrid(table)
    case 'matrix':
      return matrixGrid(table)
    case 'range-bands':
      return rangeGrid(table)
    default:
      return null
  }
}

function columnOf(kind: string, c: unknown, i: number): GridColumn {
  const col = isObj(c) ? c : {}
  const id = str(col.id) ?? `#${i + 1}`
  if (kind === 'odds') {
    const ratio = `${String(col.attack)}:${String(col.defense)}`
    return { key: id, label: str(col.label) ?? ratio, title: `odds ${ratio}` }
  }
  if (kind === 'differential') {
    const band = formatBand(col.band as Band)
    return { key: id, label: str(col.label) ?? band, title: `band ${band}` }
  }
  return { key: id, label: str(col.label) ?? id, title: id }
}

function rowsGrid(table: Obj): TableGrid {
  const kind = String(table.kind)
  const scales = arr(table.rowScales).filter(isObj)
  const columns = arr(table.columns).map((c, i) => columnOf(kind, c, i))
  const rows: GridRow[] = []
  const cells: GridCell[][] = []
  arr(table.rows).forEach((r, i) => {
    const row = isObj(r) ? r : {}
    const rolls = isObj(row.rolls) ? row.rolls : {}
    const headers = scales.length
      ? scales.map((s) => (rolls[String(s.id)] ? formatBand(rolls[String(s.id)] as Band) : ''))
      : [formatBand(row.roll as Band)]
    const cellProv = isObj(row.cellProvenance) ? row.cellProvenance : {}
    rows.push({
      key: scales.length
        ? scales.map((s, k) => `${String(s.id)}:${headers[k]}`).join('|')
        : headers[0]!,
      headers,
      pointer: joinPointer(['rows', i]),
      note: str(row.note),
      provenance: row.provenance,
    })
    const list = arr(row.cells)
    cells.push(
      columns.map((col, j) => ({
        pointer: joinPointer(['rows', i, 'cells', j]),
        value: list[j],
        present: j < list.length,
        type: 'result',
        provenance: cellProv[col.key],
      })),
    )
  })
  const notes: string[] = []
  const clamp = isObj(table.clamp) ? table.clamp : undefined
  if (clamp) notes.push(`The modified roll is held within ${formatBand(clamp as Band)}.`)
  if (kind === 'odds') {
    notes.push(`Odds are rounded in the ${str(table.rounding) ?? 'defender'}'s favour.`)
    if ((str(table.belowLowest) ?? 'forbidden') === 'forbidden')
      notes.push('Below the lowest column the attack may not be made.')
  }
  if (kind === 'differential' && str(table.input)) notes.push(`Columns read: ${str(table.input)}.`)
  return {
    kind,
    rowHeaderLabels: scales.length
      ? scales.map((s) => str(s.label) ?? String(s.id))
      : [`Roll${str(table.dice) ? ` (${str(table.dice)})` : ''}`],
    columns,
    rows,
    cells,
    results: str(table.results),
    notes,
  }
}

/** Row and column keys of a matrix: the listed order, then any keys only the cells name. */
export function matrixKeys(table: Obj): { rows: string[]; columns: string[] } {
  const cells = isObj(table.cells) ? table.cells : {}
  const rows = arr(table.rows).filter((k): k is string => typeof k === 'string')
  for (const k of Object.keys(cells)) if (!rows.includes(k)) rows.push(k)
  const columns = arr(table.columns).filter((k): k is string => typeof k === 'string')
  for (const r of Object.values(cells))
    if (isObj(r)) for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k)
  return { rows, columns }
}

function matrixGrid(table: Obj): TableGrid {
  const cellsObj = isObj(table.cells) ? table.cells : {}
  const keys = matrixKeys(table)
  const prov = isObj(table.cellProvenance) ? table.cellProvenance : {}
  const notes: string[] = []
  const aliases = (which: unknown, what: string) => {
    if (isObj(which))
      for (const [k, v] of Object.entries(which)) notes.push(`${k} reads the ${String(v)} ${what}.`)
  }
  aliases(table.rowAliases, 'row')
  aliases(table.columnAliases, 'column')
  if ('default' in table)
    notes.push(
      `A pairing with no entry reads ${table.default === null ? 'nothing (may not)' : String(table.default)}.`,
    )
  else notes.push('A pairing with no entry (shown blank) may not be looked up.')
  const axisLabel = (a: unknown, fallback: string) =>
    isObj(a) ? (str(a.label) ?? fallback) : fallback
  return {
    kind: 'matrix',
    rowHeaderLabels: [
      `${axisLabel(table.rowAxis, 'Row')} \\ ${axisLabel(table.columnAxis, 'Column')}`,
    ],
    columns: keys.columns.map((k) => ({ key: k, label: k, title: k })),
    rows: keys.rows.map((k) => ({ key: k, headers: [k] })),
    cells: keys.rows.map((r) => {
      const row = isObj(cellsObj[r]) ? cellsObj[r] : {}
      return keys.columns.map((c) => ({
        pointer: joinPointer(['cells', r, c]),
        value: row[c],
        present: c in row,
        type: 'number' as const,
        provenance: prov[`${r}/${c}`],
      }))
    }),
    notes,
  }
}

function rangeGrid(table: Obj): TableGrid {
  const entries = arr(table.entries).map((e) => (isObj(e) ? e : {}))
  // One slot more than the longest entry, so a band can be typed onto the end of any entry.
  const slots = Math.max(0, ...entries.map((e) => arr(e.bands).length)) + 1
  const columns = Array.from({ length: slots }, (_, j) => ({
    key: `band-${j + 1}`,
    label: j === slots - 1 ? 'New band' : `Band ${j + 1}`,
    title: 'distance in hexes: modifier',
  }))
  const axis = isObj(table.axis) ? table.axis : {}
  return {
    kind: 'range-bands',
    rowHeaderLabels: [str(axis.label) ?? 'Entry'],
    columns,
    rows: entries.map((e, i) => ({
      key: str(e.id) ?? `#${i + 1}`,
      headers: [str(e.label) ?? str(e.id) ?? `#${i + 1}`],
      pointer: joinPointer(['entries', i]),
      note: str(e.note),
      provenance: e.provenance,
    })),
    cells: entries.map((e, i) => {
      const bands = arr(e.bands)
      return columns.map((_, j) => ({
        // An empty slot past the end adds a band; further slots are not reachable.
        pointer: joinPointer(['entries', i, 'bands', j]),
        value: bands[j],
        present: j < bands.length,
        type: 'band' as const,
        provenance: isObj(bands[j]) ? (bands[j] as Obj).provenance : undefined,
      }))
    }),
    notes: ['Beyond the last band the target is out of range.'],
  }
}
