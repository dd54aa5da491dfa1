/**
 * What a variant changes, read from two resolved rulesets (base and variant) rather than from
 * the variant's patch and operations: a change is shown the same whichever way it was written.
 * Tables are compared cell by cell, pairing rows and columns by their keys (roll band, column
 * id, matrix key), so a row inserted above does not make every cell below look changed.
 */
import { buildGrid, type TableGrid } from './grid-model'
import { sameValue } from './cell-value'

export interface ValueChange {
  /** JSON pointer in the resolved ruleset; array items with an id are written "@id". */
  path: string
  /** undefined: added by the variant. */
  old: unknown
  /** undefined: removed by the variant. */
  new: unknown
}

export interface CellChange {
  row: number
  col: number
  old: unknown
  new: unknown
  /** The base has no such cell (new row, new column or a pairing with no entry). */
  added: boolean
}

export interface TableDiff {
  id: string
  label: string
  status: 'changed' | 'added' | 'removed'
  /** The variant's table as a grid (the base's when the variant removes it). */
  grid: TableGrid | null
  table: unknown
  /** Changed cells keyed "row,col" in the grid. */
  cells: Map<string, CellChange>
  rowsRemoved: string[]
  columnsRemoved: string[]
  /** Changes to the table outside its cells (label, columns, notes…). */
  other: ValueChange[]
}

export interface RulesetDiff {
  tables: TableDiff[]
  changes: ValueChange[]
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1')
const hasIds = (list: unknown[]) => list.every((x) => isObj(x) && typeof x.id === 'string')

/** Keys that always differ between a variant and its base and say nothing about the rules. */
const IDENTITY = new Set(['id', 'name', 'description', 'chain', 'sources'])

/** Every difference between two JSON values, deepest first where both sides are containers. */
export function diffValues(
  a: unknown,
  b: unknown,
  path = '',
  out: ValueChange[] = [],
): ValueChange[] {
  if (sameValue(a, b)) return out
  if (isObj(a) && isObj(b)) {
    const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !(k in b))]
    for (const k of keys) diffValues(a[k], b[k], `${path}/${esc(k)}`, out)
    return out
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length + b.length > 0 && hasIds(a) && hasIds(b)) {
      const byId = new Map(a.map((x) => [(x as Obj).id as string, x]))
      const seen = new Set<string>()
      for (const x of b) {
        const id = (x as Obj).id as string
        seen.add(id)
        diffValues(byId.get(id), x, `${path}/@${esc(id)}`, out)
      }
      for (const [id, x] of byId)
        if (!seen.has(id)) out.push({ path: `${path}/@${esc(id)}`, old: x, new: undefined })
      return out
    }
    if (a.length * b.length <= 250_000) return diffLists(a, b, path, out)
  }
  out.push({ path, old: a, new: b })
  return out
}

/**
 * Lists without ids, aligned on their longest common run of equal items, so one transition
 * inserted at the top reads as one addition rather than every later item changed. Items left
 * over between two matches are compared in place, the surplus added or removed.
 */
function diffLists(a: unknown[], b: unknown[], path: string, out: ValueChange[]): ValueChange[] {
  const ka = a.map((x) => JSON.stringify(x))
  const kb = b.map((x) => JSON.stringify(x))
  const n = a.length
  const m = b.length
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1))
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        ka[i] === kb[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!)
  let i = 0
  let j = 0
  const gapA: number[] = []
  const gapB: number[] = []
  const flush = () => {
    const both = Math.min(gapA.length, gapB.length)
    for (let k = 0; k < both; k++) diffValues(a[gapA[k]!], b[gapB[k]!], `${path}/${gapB[k]}`, out)
    for (const x of gapA.slice(both)) out.push({ path: `${path}/${x}`, old: a[x], new: undefined })
    for (const y of gapB.slice(both)) out.push({ path: `${path}/${y}`, old: undefined, new: b[y] })
    gapA.length = 0
    gapB.length = 0
  }
  while (i < n || j < m) {
    if (i < n && j < m && ka[i] === kb[j]) {
      flush()
      i++
      j++
    } else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) gapB.push(j++)
    else gapA.push(i++)
  }
  flush()
  return out
}

/** Pair each row (or column) of `next` with one of `prev`: by key, else by position. */
function pairKeys(prev: string[], next: string[]): Array<number | undefined> {
  const free = new Map<string, number[]>()
  prev.forEach((k, i) => free.set(k, [...(free.get(k) ?? []), i]))
  const used = new Set<number>()
  const pairs = next.map((k) => {
    const i = free.get(k)?.shift()
    if (i !== undefined) used.add(i)
    return i
  })
  return pairs.map((p, j) =>
    p === undefined && j < prev.length && !used.has(j) && !next.includes(prev[j]!) ? j : p,
  )
}

export function diffTable(base: unknown, next: unknown): TableDiff {
  const t = (isObj(next) ? next : isObj(base) ? base : {}) as Obj
  const id = typeof t.id === 'string' ? t.id : ''
  const label = typeof t.label === 'string' ? t.label : id
  const status = base === undefined ? 'added' : next === undefined ? 'removed' : 'changed'
  const grid = buildGrid(next ?? base)
  const result: TableDiff = {
    id,
    label,
    status,
    grid,
    table: next ?? base,
    cells: new Map(),
    rowsRemoved: [],
    columnsRemoved: [],
    other: [],
  }
  if (status !== 'changed' || !grid) return result
  const old = buildGrid(base)
  const strip = (v: unknown) => {
    if (!isObj(v)) return v
    const { rows: _r, cells: _c, entries: _e, ...rest } = v
    return rest
  }
  result.other = diffValues(strip(base), strip(next))
  if (!old) return result
  const rowPairs = pairKeys(
    old.rows.map((r) => r.key),
    grid.rows.map((r) => r.key),
  )
  const colPairs = pairKeys(
    old.columns.map((c) => c.key),
    grid.columns.map((c) => c.key),
  )
  grid.cells.forEach((row, r) =>
    row.forEach((cell, c) => {
      const ra = rowPairs[r]
      const ca = colPairs[c]
      const before = ra === undefined || ca === undefined ? undefined : old.cells[ra]?.[ca]
      const was = before?.present ? before.value : undefined
      const now = cell.present ? cell.value : undefined
      if (!sameValue(was, now) || (before?.present ?? false) !== cell.present)
        result.cells.set(`${r},${c}`, {
          row: r,
          col: c,
          old: was,
          new: now,
          added: !before?.present,
        })
    }),
  )
  const keptRows = new Set(rowPairs)
  result.rowsRemoved = old.rows
    .filter((_, i) => !keptRows.has(i))
    .map((r) => r.headers.join(' · ') || r.key)
  const keptCols = new Set(colPairs)
  result.columnsRemoved = old.columns.filter((_, i) => !keptCols.has(i)).map((c) => c.label)
  return result
}

/** Everything the variant changes: tables cell by cell, every other value path by path. */
export function diffRulesets(base: unknown, variant: unknown): RulesetDiff {
  const b = isObj(base) ? base : {}
  const v = isObj(variant) ? variant : {}
  const tablesOf = (x: Obj) =>
    new Map(
      (Array.isArray(x.tables) ? x.tables : [])
        .filter(isObj)
        .map((t) => [String(t.id), t as unknown]),
    )
  const tb = tablesOf(b)
  const tv = tablesOf(v)
  const tables: TableDiff[] = []
  for (const [id, t] of tv) if (!sameValue(tb.get(id), t)) tables.push(diffTable(tb.get(id), t))
  for (const [id, t] of tb) if (!tv.has(id)) tables.push(diffTable(t, undefined))
  const rest = (x: Obj) =>
    Object.fromEntries(Object.entries(x).filter(([k]) => k !== 'tables' && !IDENTITY.has(k)))
  return { tables, changes: diffValues(rest(b), rest(v)) }
}

/** A value in a few words for "path: old → new" lines. */
export function shortValue(v: unknown, max = 60): string {
  if (v === undefined) return '(none)'
  const s = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v)
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}
