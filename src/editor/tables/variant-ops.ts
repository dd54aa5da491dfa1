/**
 * A cell edited in the variant diff becomes one JSON Patch operation in the variant's
 * `operations`, addressed by table id ("/tables/@<id>/rows/4/cells/1"): the surgical kind of
 * change the format offers for single cells. An existing operation on the same cell is updated
 * rather than stacked, and reverting a cell removes the operations that wrote it.
 */
import type { ValueEdit } from '../workspace/json-edit'
import { sameValue } from './cell-value'
import type { GridCell } from './grid-model'
import type { EditResult } from './table-edits'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1')

/** The operation path of a cell of a table in the resolved ruleset. */
export function cellOpPath(tableId: string, cellPointer: string): string {
  return `/tables/@${esc(tableId)}${cellPointer}`
}

interface OpRef {
  index: number
  op: Obj
}

function opsOf(variant: unknown): Obj[] {
  return isObj(variant) && Array.isArray(variant.operations)
    ? variant.operations.map((o) => (isObj(o) ? o : {}))
    : []
}

/** Operations that set exactly this cell, and those writing inside it (one code of a list). */
export function cellOps(variant: unknown, path: string): { exact?: OpRef; inside: OpRef[] } {
  const ops = opsOf(variant)
  let exact: OpRef | undefined
  const inside: OpRef[] = []
  ops.forEach((op, index) => {
    if (typeof op.path !== 'string') return
    // "add" at an array index inserts rather than sets, so only it on an object key counts.
    const sets = op.op === 'replace' || (op.op === 'add' && !/\/(\d+|-)$/.test(op.path))
    if (op.path === path && sets) exact = { index, op }
    else if (op.path.startsWith(`${path}/`) && op.op !== 'test') inside.push({ index, op })
  })
  return { exact, inside }
}

const removals = (refs: OpRef[]): ValueEdit[] =>
  [...refs]
    .sort((a, b) => b.index - a.index)
    .map((r) => ({ pointer: `/operations/${r.index}`, value: undefined }))

/**
 * Set a cell of the variant's resolved table to `value`. `cell` is that cell in the variant's
 * grid; `base` is the base's value for it (undefined when the base has no such cell).
 */
export function writeCellOp(
  variant: unknown,
  tableId: string,
  cell: GridCell,
  value: unknown,
  base: unknown,
  name: string,
): EditResult {
  const path = cellOpPath(tableId, cell.pointer)
  const { exact, inside } = cellOps(variant, path)
  const label = `Set ${name} to ${value === null ? 'nothing' : JSON.stringify(value).replace(/"/g, '')} in ${tableId}`
  if (sameValue(value, base) && (exact || inside.length)) {
    return { ok: true, edits: removals([...(exact ? [exact] : []), ...inside]), label }
  }
  if (exact) {
    const edits: ValueEdit[] = removals(inside.filter((r) => r.index > exact.index))
    edits.push({ pointer: `/operations/${exact.index}/value`, value })
    edits.push(...removals(inside.filter((r) => r.index < exact.index)))
    return { ok: true, edits, label }
  }
  const op = cell.present
    ? { op: 'replace', path, value }
    : { op: 'add', path: cell.type === 'band' ? path.replace(/\/\d+$/, '/-') : path, value }
  return { ok: true, edits: [{ pointer: '/operations/-', value: op }, ...removals(inside)], label }
}

/** Put a cell back to the base's value: drop this variant's operations on it, or add one. */
export function revertCellOp(
  variant: unknown,
  tableId: string,
  cell: GridCell,
  base: unknown,
  baseHasCell: boolean,
  name: string,
): EditResult {
  const path = cellOpPath(tableId, cell.pointer)
  const { exact, inside } = cellOps(variant, path)
  const label = `Revert ${name} in ${tableId}`
  if (exact || inside.length)
    return { ok: true, edits: removals([...(exact ? [exact] : []), ...inside]), label }
  // The change came from the patch or an included file: an operation sets the base value back.
  const op = baseHasCell ? { op: 'replace', path, value: base } : { op: 'remove', path }
  return { ok: true, edits: [{ pointer: '/operations/-', value: op }], label }
}
