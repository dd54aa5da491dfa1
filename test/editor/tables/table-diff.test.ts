import { describe, expect, it } from 'vitest'
import { buildGrid } from '../../../src/editor/tables/grid-model'
import { diffRulesets, diffTable, diffValues } from '../../../src/editor/tables/table-diff'
import { cellOpPath, revertCellOp, writeCellOp } from '../../../src/editor/tables/variant-ops'
import { applyValueEdits } from '../../../src/editor/workspace/json-edit'
import { contentFiles, library, table } from './helpers'

const VARIANT = 'content/rulesets/test-crt-variant.json'

function resolvedPair(files: Map<string, string>, baseId: string, variantId: string) {
  const lib = library(files)
  const b = lib.ruleset(baseId)
  const v = lib.ruleset(variantId)
  if (!v.ok || !b.ok) throw new Error(JSON.stringify(v.ok ? b : v))
  return { base: b.value.ruleset as unknown, variant: v.value.ruleset as unknown }
}

function withVariant(operations: unknown[]): Map<string, string> {
  const files = contentFiles()
  files.set(
    VARIANT,
    JSON.stringify(
      {
        $schema: '../../schemas/variant.schema.json',
        id: 'test-crt-variant',
        schemaVersion: 1,
        name: 'One cell',
        base: 'men-of-iron',
        operations,
      },
      null,
      2,
    ),
  )
  return files
}

function diffOf(files: Map<string, string>) {
  const lib = library(files)
  const v = lib.ruleset('test-crt-variant')
  const b = lib.ruleset('men-of-iron')
  if (!v.ok) throw new Error(v.problems.map((p) => p.message).join('; '))
  if (!b.ok) throw new Error('base')
  return diffRulesets(b.value.ruleset, v.value.ruleset)
}

describe('the variant diff', () => {
  it('shows exactly the one CRT cell an operation changes', () => {
    const files = withVariant([
      { op: 'replace', path: '/tables/@moi-shock-crt/rows/4/cells/1', value: 'DD' },
    ])
    const d = diffOf(files)
    expect(d.tables.map((t) => t.id)).toEqual(['moi-shock-crt'])
    const t = d.tables[0]!
    expect([...t.cells.values()]).toEqual([{ row: 4, col: 1, old: 'DR', new: 'DD', added: false }])
    expect(t.other).toEqual([])
    expect(d.changes).toEqual([])
  })

  it('pairs rows by roll band, so an inserted row marks only its own cells', () => {
    const base = table('moi-shock-crt')
    const next = structuredClone(base) as { rows: unknown[] }
    next.rows.splice(0, 0, { roll: { max: -1 }, cells: ['AD', 'AD'] })
    const t = diffTable(base, next)
    expect([...t.cells.keys()].sort()).toEqual(['0,0', '0,1'])
    expect(t.rowsRemoved).toEqual([])
    expect(t.cells.get('0,0')).toMatchObject({ added: true, new: 'AD' })
  })

  it('lists Infidel 1.2’s changes against Infidel: no table cell, many other values', () => {
    const { base, variant } = resolvedPair(contentFiles(), 'infidel', 'infidel-v1-2')
    const d = diffRulesets(base, variant)
    expect(d.tables).toEqual([])
    const paths = d.changes.map((c) => c.path)
    expect(paths).toContain('/mechanics/influence/model')
    expect(paths).toContain('/modifierLists/@mois-fire-drm/terms/@raining-fire')
    expect(paths.some((p) => p.startsWith('/modifierLists/@inf-v12-leader-casualty-drm'))).toBe(
      true,
    )
    const removed = d.changes.find(
      (c) => c.path === '/modifierLists/@mois-fire-drm/terms/@raining-fire',
    )!
    expect(removed.new).toBeUndefined()
    expect(paths.every((p) => !p.startsWith('/chain') && p !== '/id')).toBe(true)
    // Its three operations on the status graph read as three changes, not a shifted list.
    expect(paths.filter((p) => p.startsWith('/statuses/'))).toEqual([
      '/statuses/transitions/0',
      '/statuses/transitions/4/event/3',
      '/statuses/transitions/8',
    ])
  })

  it('diffs entity arrays by id and other lists by their common items', () => {
    expect(diffValues({ a: [{ id: 'x', v: 1 }] }, { a: [{ id: 'x', v: 2 }] })).toEqual([
      { path: '/a/@x/v', old: 1, new: 2 },
    ])
    expect(diffValues([1, 2], [1, 2, 3])).toEqual([{ path: '/2', old: undefined, new: 3 }])
    expect(diffValues({ l: [{ a: 1 }, { a: 2 }] }, { l: [{ a: 0 }, { a: 1 }, { a: 2 }] })).toEqual([
      { path: '/l/0', old: undefined, new: { a: 0 } },
    ])
  })
})

describe('cell edits in a variant become operations', () => {
  const crt = buildGrid(table('moi-shock-crt'))!
  const cell = crt.cells[4]![1]!
  const path = cellOpPath('moi-shock-crt', cell.pointer)

  it('appends one replace operation, then updates it, then removes it on revert', () => {
    const files = withVariant([])
    const text0 = files.get(VARIANT)!
    const first = writeCellOp(
      JSON.parse(text0),
      'moi-shock-crt',
      cell,
      'DD',
      'DR',
      '4 / Disordered',
    )
    if (!first.ok) throw new Error(first.message)
    expect(first.edits).toEqual([
      { pointer: '/operations/-', value: { op: 'replace', path, value: 'DD' } },
    ])
    expect(first.label).toBe('Set 4 / Disordered to DD in moi-shock-crt')
    const text1 = applyValueEdits(text0, first.edits)
    files.set(VARIANT, text1)
    const d1 = diffOf(files)
    expect([...d1.tables[0]!.cells.values()]).toEqual([
      { row: 4, col: 1, old: 'DR', new: 'DD', added: false },
    ])

    const second = writeCellOp(JSON.parse(text1), 'moi-shock-crt', cell, ['DE', 'CA'], 'DR', 'x')
    if (!second.ok) throw new Error(second.message)
    expect(second.edits).toEqual([{ pointer: '/operations/0/value', value: ['DE', 'CA'] }])
    const text2 = applyValueEdits(text1, second.edits)
    expect((JSON.parse(text2) as { operations: unknown[] }).operations).toHaveLength(1)

    const back = revertCellOp(JSON.parse(text2), 'moi-shock-crt', cell, 'DR', true, 'x')
    if (!back.ok) throw new Error(back.message)
    const text3 = applyValueEdits(text2, back.edits)
    expect((JSON.parse(text3) as { operations: unknown[] }).operations).toEqual([])
    files.set(VARIANT, text3)
    expect(diffOf(files).tables).toEqual([])
  })

  it('typing the base value back removes the operation', () => {
    const variant = {
      operations: [
        { op: 'test', path: '/x', value: 1 },
        { op: 'replace', path, value: 'DD' },
      ],
    }
    const r = writeCellOp(variant, 'moi-shock-crt', cell, 'DR', 'DR', 'x')
    expect(r).toMatchObject({ ok: true, edits: [{ pointer: '/operations/1', value: undefined }] })
  })

  it('a change made by the patch is reverted with an operation', () => {
    const r = revertCellOp({ patch: {} }, 'moi-shock-crt', cell, 'DR', true, 'x')
    expect(r).toMatchObject({
      ok: true,
      edits: [{ pointer: '/operations/-', value: { op: 'replace', path, value: 'DR' } }],
    })
  })
})
