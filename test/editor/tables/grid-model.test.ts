import { describe, expect, it } from 'vitest'
import { formatBand, parseBand, parseRangeBand } from '../../../src/editor/tables/bands'
import { cellProblem, parseCellInput } from '../../../src/editor/tables/cell-value'
import { buildGrid } from '../../../src/editor/tables/grid-model'
import { resultCodesFor } from '../../../src/editor/tables/result-lookup'
import {
  addColumnEdits,
  addRowEdits,
  removeColumnEdits,
  setCellEdits,
} from '../../../src/editor/tables/table-edits'
import { applyValueEdits } from '../../../src/editor/workspace/json-edit'
import { library, table } from './helpers'

describe('bands', () => {
  it('prints and reads open and closed ends', () => {
    expect(formatBand({ max: 0 })).toBe('≤ 0')
    expect(formatBand({ min: 9 })).toBe('9+')
    expect(formatBand({ min: 3, max: 3 })).toBe('3')
    expect(formatBand({ min: 3, max: 5 })).toBe('3–5')
    expect(parseBand('≤ 0')).toEqual({ max: 0 })
    expect(parseBand('9+')).toEqual({ min: 9 })
    expect(parseBand('3-5')).toEqual({ min: 3, max: 5 })
    expect(parseBand('-1')).toEqual({ min: -1, max: -1 })
    expect(parseBand('5-3')).toBeNull()
    expect(parseRangeBand('1–2: +1')).toEqual({ min: 1, max: 2, value: 1 })
    expect(parseRangeBand('3 -1')).toEqual({ min: 3, max: 3, value: -1 })
    expect(typeof parseRangeBand('far')).toBe('string')
  })
})

describe('cell input', () => {
  it('reads codes, lists, numbers and empty', () => {
    expect(parseCellInput('DR', 'result')).toEqual({ ok: true, value: 'DR' })
    expect(parseCellInput('DE + CA', 'result')).toEqual({ ok: true, value: ['DE', 'CA'] })
    expect(parseCellInput('DE, CA', 'result')).toEqual({ ok: true, value: ['DE', 'CA'] })
    expect(parseCellInput('-', 'result')).toEqual({ ok: true, value: '-' })
    expect(parseCellInput('-2', 'number')).toEqual({ ok: true, value: -2 })
    expect(parseCellInput('  ', 'result')).toEqual({ ok: true, value: null })
    expect(parseCellInput('DR', 'number').ok).toBe(false)
  })
})

describe('the grid model', () => {
  it('reads a roll table with open ends', () => {
    const g = buildGrid(table('moi-shock-crt'))!
    expect(g.columns.map((c) => c.key)).toEqual(['normal', 'disordered'])
    expect(g.rows.map((r) => r.headers[0])).toEqual([
      '≤ 0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9+',
    ])
    expect(g.cells[4]![1]).toMatchObject({
      pointer: '/rows/4/cells/1',
      value: 'DR',
      type: 'result',
    })
    expect(g.cells[0]![0]!.value).toEqual(['AD', 'AR'])
    expect(g.results).toBe('shock-results')
  })

  it('reads roll scales, odds columns, matrices and range bands', () => {
    const scales = buildGrid(table('croisades-fire-vs-foot'))!
    expect(scales.rowHeaderLabels).toHaveLength(4)
    expect(scales.rows[0]!.headers).toEqual(['1', '', '', ''])
    const odds = buildGrid(table('croisades-combat-vs-foot'))!
    expect(odds.columns[11]!.label).toBe('12:1+')
    expect(odds.notes.join(' ')).toMatch(/may not be made/)
    const matrix = buildGrid(table('inf-weapons-matrix'))!
    expect(matrix.kind).toBe('matrix')
    expect(matrix.cells[0]![0]!.pointer).toMatch(/^\/cells\/[^/]+\/[^/]+$/)
    expect(matrix.notes.some((n) => n.includes('reads the'))).toBe(true)
    const range = buildGrid(table('moi-fire-range'))!
    expect(range.rows[0]!.key).toBe('crossbow')
    expect(range.columns.at(-1)!.label).toBe('New band')
    expect(range.cells[0]![3]!.present).toBe(false)
  })

  it('names each cell in the undo label and writes one value', () => {
    const t = table('moi-shock-crt')
    const g = buildGrid(t)!
    const r = setCellEdits(g, 4, 1, 'DD')
    expect(r).toEqual({
      ok: true,
      edits: [{ pointer: '/rows/4/cells/1', value: 'DD' }],
      label: 'Set 4 / Defender Disordered (or Retired) to DD',
    })
    expect(setCellEdits(g, 4, 1, '')).toMatchObject({
      edits: [{ value: null }],
      label: expect.stringMatching(/^Clear 4/),
    })
  })

  it('adds and removes rows and columns as the kind allows', () => {
    const text = JSON.stringify(table('moi-shock-crt'), null, 2)
    const g = buildGrid(JSON.parse(text))!
    const add = addColumnEdits(JSON.parse(text), g)
    if (!add.ok) throw new Error(add.message)
    const after = JSON.parse(applyValueEdits(text, add.edits)) as {
      columns: unknown[]
      rows: Array<{ cells: unknown[] }>
    }
    expect(after.columns).toHaveLength(3)
    expect(after.rows.every((r) => r.cells.length === 3 && r.cells[2] === null)).toBe(true)
    const g2 = buildGrid(after)!
    const rem = removeColumnEdits(after, g2, 0)
    if (!rem.ok) throw new Error(rem.message)
    const back = JSON.parse(applyValueEdits(JSON.stringify(after), rem.edits)) as typeof after
    expect(back.rows.every((r) => r.cells.length === 2)).toBe(true)
    const row = addRowEdits(after, g2)
    expect(row).toMatchObject({
      ok: true,
      edits: [{ pointer: '/rows/-', value: { roll: { min: 10, max: 10 } } }],
    })
    const m = buildGrid(table('moi-weapons-matrix'))!
    expect(addRowEdits(table('moi-weapons-matrix'), m, '').ok).toBe(false)
    expect(addRowEdits(table('moi-weapons-matrix'), m, 'xx')).toMatchObject({ ok: true })
  })
})

describe('inline checks', () => {
  const lib = library()

  it('finds a table’s result codes through the rulesets that include it', () => {
    const found = resultCodesFor(lib, table('moi-shock-crt'))!
    expect(found.setId).toBe('shock-results')
    expect(found.codes.has('DR')).toBe(true)
  })

  it('says in a sentence what is wrong with a cell', () => {
    const found = resultCodesFor(lib, table('moi-shock-crt'))
    expect(cellProblem('DR', 'result', found)).toBeNull()
    expect(cellProblem(['DE', 'CA'], 'result', found)).toBeNull()
    expect(cellProblem('ZZ', 'result', found)).toMatch(
      /"ZZ" is not a code of the result set "shock-results"/,
    )
    expect(cellProblem('x', 'number', found)).toMatch(/number/)
    expect(cellProblem(null, 'number', found)).toBeNull()
  })

  it('finds no problem in any bundled table', () => {
    for (const id of [
      'moi-shock-crt',
      'inf-shock-crt',
      'croisades-fire-vs-foot',
      'croisades-combat-vs-foot',
      'inf-weapons-matrix',
    ]) {
      const t = table(id)
      const found = resultCodesFor(lib, t)
      const g = buildGrid(t)!
      for (const row of g.cells)
        for (const c of row)
          if (c.type !== 'band') expect(cellProblem(c.value, c.type, found)).toBeNull()
    }
  })
})
