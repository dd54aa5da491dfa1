import { describe, expect, it } from 'vitest'
import { applyValueEdits, printJson } from '../../../src/editor/workspace/json-edit'

const doc = `{
  "id": "m",
  "hexes": {
    "0101": {"terrain": "woods"},
    "0102": {"features": ["road"]}
  },
  "list": [1, 2, 3],
  "empty": {}
}
`

const roundTrip = (text: string) => JSON.parse(text) as Record<string, unknown>

describe('edits written into the text', () => {
  it('replaces a value where it stands and leaves every other line alone', () => {
    const out = applyValueEdits(doc, [{ pointer: '/hexes/0101/terrain', value: 'marsh' }])
    expect(out).toBe(doc.replace('"woods"', '"marsh"'))
  })

  it('adds a key after the last one, at the siblings’ indentation', () => {
    const out = applyValueEdits(doc, [{ pointer: '/hexes/0103', value: { terrain: 'hill' } }])
    expect(out).toContain(
      '    "0102": {"features": ["road"]},\n    "0103": {"terrain": "hill"}\n  },',
    )
  })

  it('removes a key with its comma, whichever position it has', () => {
    const first = applyValueEdits(doc, [{ pointer: '/hexes/0101', value: undefined }])
    expect(roundTrip(first).hexes).toEqual({ '0102': { features: ['road'] } })
    const last = applyValueEdits(doc, [{ pointer: '/hexes/0102', value: undefined }])
    expect(roundTrip(last).hexes).toEqual({ '0101': { terrain: 'woods' } })
    const only = applyValueEdits(last, [{ pointer: '/hexes/0101', value: undefined }])
    expect(roundTrip(only).hexes).toEqual({})
  })

  it('appends to, inserts into and removes from arrays on one line', () => {
    expect(roundTrip(applyValueEdits(doc, [{ pointer: '/list/-', value: 4 }])).list).toEqual([
      1, 2, 3, 4,
    ])
    expect(applyValueEdits(doc, [{ pointer: '/list/1', value: undefined }])).toContain('[1, 3]')
    expect(applyValueEdits(doc, [{ pointer: '/list/0', value: 9 }])).toContain('[9, 2, 3]')
  })

  it('creates missing parents, and fills an empty object', () => {
    const out = applyValueEdits(doc, [{ pointer: '/empty/a/b', value: 1 }])
    expect(roundTrip(out).empty).toEqual({ a: { b: 1 } })
    const deep = applyValueEdits(doc, [{ pointer: '/labels/-', value: { hex: '0101', text: 'X' } }])
    expect(roundTrip(deep).labels).toEqual([{ hex: '0101', text: 'X' }])
  })

  it('applies a batch of edits under one parent in one rewrite, with the same result', () => {
    const edits = ['0101', '0102', '0103', '0104', '0105', '0106'].map((h) => ({
      pointer: `/hexes/${h}`,
      value: { terrain: 'woods' },
    }))
    const batched = roundTrip(applyValueEdits(doc, edits))
    const oneByOne = edits.reduce((t, e) => applyValueEdits(t, [e]), doc)
    expect(batched).toEqual(roundTrip(oneByOne))
    expect(Object.keys(batched.hexes as object)).toHaveLength(6)
  })

  it('prints small values on one line and long ones one entry per line', () => {
    expect(printJson({ a: [1, 2], b: 'x' })).toBe('{"a": [1, 2], "b": "x"}')
    const long = printJson({ text: 'x'.repeat(120), n: 1 })
    expect(long.split('\n')).toHaveLength(4)
  })
})
