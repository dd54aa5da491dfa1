import { describe, expect, it } from 'vitest'
import type { Indexed, OverlayResult } from '../../../src/runtime/content/overlay'
import {
  applyMatrixCells,
  applyVariantChanges,
  buildInitialIndex,
  locateOrigin,
} from '../../../src/runtime/content/overlay'

function ok(result: OverlayResult): Indexed {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors, null, 1)}`)
  return result
}

/** A resolved ruleset with one 2×3 matrix, as the table file wrote it. */
function base(extra: Record<string, unknown> = {}): Indexed {
  const table = {
    id: 'wm',
    kind: 'matrix',
    rows: ['a', 'b'],
    columns: ['a', 'b', 'c'],
    cells: { a: { a: 0, b: 1, c: 2 }, b: { a: -1, b: 0, c: 1 } },
    ...extra,
  }
  return ok(
    buildInitialIndex(
      { id: 'r', tables: [{ id: 'crt', kind: 'roll' }, table] },
      {
        file: 'ruleset.json',
        pointer: '',
      },
    ),
  )
}

const at = { file: 'variant.json', pointer: '/matrices' }
type Matrix = { rows: string[]; columns: string[]; cells: Record<string, Record<string, unknown>> }
const matrixOf = (r: Indexed) => (r.value as { tables: Matrix[] }).tables[1] as Matrix

describe('matrix rows and columns by key', () => {
  it('adds a row and a column without re-listing the table, each cell traced to where it was written', () => {
    const input = base()
    const result = ok(
      applyMatrixCells(
        input,
        {
          wm: {
            rows: { x: { a: 3, b: 2, c: null, x: 0 } },
            columns: { x: { a: -3, b: -2 } },
          },
        },
        at,
      ),
    )
    const m = matrixOf(result)
    expect(m.rows).toEqual(['a', 'b', 'x'])
    expect(m.columns).toEqual(['a', 'b', 'c', 'x'])
    expect(m.cells).toEqual({
      a: { a: 0, b: 1, c: 2, x: -3 },
      b: { a: -1, b: 0, c: 1, x: -2 },
      x: { a: 3, b: 2, c: null, x: 0 },
    })
    const origin = (p: string) => locateOrigin(result.index, p)
    expect(origin('/tables/1/rows/2')).toEqual({
      file: 'variant.json',
      pointer: '/matrices/wm/rows/x',
    })
    expect(origin('/tables/1/columns/3')).toEqual({
      file: 'variant.json',
      pointer: '/matrices/wm/columns/x',
    })
    expect(origin('/tables/1/cells/x/c')).toEqual({
      file: 'variant.json',
      pointer: '/matrices/wm/rows/x/c',
    })
    expect(origin('/tables/1/cells/b/x')).toEqual({
      file: 'variant.json',
      pointer: '/matrices/wm/columns/x/b',
    })
    expect(origin('/tables/1/cells/b/c')).toEqual({
      file: 'ruleset.json',
      pointer: '/tables/1/cells/b/c',
    })
    // The input is left as it was.
    expect(matrixOf(input).rows).toEqual(['a', 'b'])
    expect(matrixOf(input).cells.a).toEqual({ a: 0, b: 1, c: 2 })
  })

  it('changes the cells of a known row or column in place', () => {
    const result = ok(applyMatrixCells(base(), { wm: { columns: { c: { a: 5 } } } }, at))
    expect(matrixOf(result).columns).toEqual(['a', 'b', 'c'])
    expect(matrixOf(result).cells.a).toEqual({ a: 0, b: 1, c: 5 })
  })

  it('refuses a new row or column that leaves cells out, at the entry that adds it', () => {
    const result = applyMatrixCells(
      base(),
      { wm: { rows: { x: { a: 1, x: 0 } }, columns: { x: { a: 1 } } } },
      at,
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toEqual([
      {
        message:
          'row "x" is new, so it needs a cell for every column: add "b", "c" (null where the pairing is not allowed)',
        origin: { file: 'variant.json', pointer: '/matrices/wm/rows/x' },
      },
      {
        message:
          'column "x" is new, so it needs a cell for every row: add "b" (null where the pairing is not allowed)',
        origin: { file: 'variant.json', pointer: '/matrices/wm/columns/x' },
      },
    ])
    // A table with a default answers the pairings left out.
    expect(applyMatrixCells(base({ default: 0 }), { wm: { rows: { x: { a: 1 } } } }, at).ok).toBe(
      true,
    )
  })

  it('refuses an unknown table, a table that is no matrix, an unknown key and a cell given twice', () => {
    const result = applyMatrixCells(
      base(),
      {
        vm: { rows: { a: { a: 1 } } },
        crt: { rows: { a: { a: 1 } } },
        wm: { rows: { a: { d: 1, b: 4 } }, columns: { b: { a: 5, z: 1 } } },
      },
      at,
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.map((e) => [e.origin.pointer, e.message])).toEqual([
      ['/matrices/vm', 'there is no table "vm" in the ruleset — did you mean "wm"?'],
      ['/matrices/crt', 'table "crt" is not a matrix (it is a roll table)'],
      [
        '/matrices/wm/rows/a/d',
        'the matrix has no column "d" (a new column is added under "columns")',
      ],
      [
        '/matrices/wm/columns/b/a',
        'the cell of row "a" in column "b" is given twice, with different values',
      ],
      ['/matrices/wm/columns/b/z', 'the matrix has no row "z" (a new row is added under "rows")'],
    ])
  })

  it('runs in a variant after its merge patch and before its operations', () => {
    const result = ok(
      applyVariantChanges(
        base(),
        {
          patch: { tables: [{ id: 'wm', cells: { a: { a: 9 } } }] },
          matrices: { wm: { rows: { a: { a: 8 } } } },
          operations: [{ op: 'test', path: '/tables/@wm/cells/a/a', value: 8 }],
        },
        'variant.json',
      ),
    )
    expect(matrixOf(result).cells.a?.a).toBe(8)
  })
})
