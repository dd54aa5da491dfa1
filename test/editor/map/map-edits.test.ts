import { describe, expect, it } from 'vitest'
import {
  elevationEdits,
  floodArea,
  labelEdits,
  noteEdits,
  paintTerrainEdits,
  previewHexes,
  regionEdits,
  toggleHexsideEdits,
} from '../../../src/editor/map/map-edits'
import { MapGeometry } from '../../../src/editor/map/map-geometry'
import { applyValueEdits } from '../../../src/editor/workspace/json-edit'
import type { HexMap } from '../../../src/runtime/generated/content-types'
import { gridMap, sampleMap } from './fixtures'

const map = sampleMap()
const geo = new MapGeometry(map.grid)
const after = (edits: Parameters<typeof applyValueEdits>[1]) =>
  JSON.parse(applyValueEdits(JSON.stringify(map, null, 2), edits)) as HexMap

describe('terrain edits', () => {
  it('paints hexes, keeping their other keys', () => {
    const edits = paintTerrainEdits(map, ['0101', '1106'], 'woods')
    const m = after(edits)
    expect(m.hexes?.['0101']).toEqual({ terrain: 'woods' })
    expect(m.hexes?.['1106']).toMatchObject({ terrain: 'woods', features: ['road'] })
  })

  it('removes the terrain key when painting the default, and the hex when nothing is left', () => {
    const m = after(paintTerrainEdits(map, ['0309', '1106'], 'clear'))
    expect(m.hexes?.['0309']).toBeUndefined()
    expect(m.hexes?.['1106']).toEqual({ features: ['road'], note: 'The village of Tell Hamar' })
  })

  it('makes no edit for hexes that already have the terrain', () => {
    expect(paintTerrainEdits(map, ['0309', '0310'], 'woods')).toEqual([])
  })

  it('floods the connected area of one terrain only', () => {
    expect(floodArea(map, geo, '0410').sort()).toEqual([
      '0309',
      '0310',
      '0409',
      '0410',
      '0411',
      '0510',
    ])
    const clear = floodArea(map, geo, '0101')
    expect(clear).not.toContain('0309')
    expect(clear.length).toBeGreaterThan(150)
  })

  it('previews a stroke without copying the hexes it does not touch', () => {
    const preview = previewHexes(map, paintTerrainEdits(map, ['0101'], 'marsh'))
    expect(preview.hexes?.['0101']).toEqual({ terrain: 'marsh' })
    expect(preview.hexes?.['0309']).toBe(map.hexes?.['0309'])
    expect(map.hexes?.['0101']).toBeUndefined()
  })
})

describe('elevation, notes and labels', () => {
  it('raises and lowers ground, dropping 0 and staying within the schema', () => {
    expect(after(elevationEdits(map, ['1104'], -1)).hexes?.['1104']).toEqual({ terrain: 'hill' })
    expect(after(elevationEdits(map, ['0101'], 2)).hexes?.['0101']).toEqual({ elevation: 2 })
    const low = { ...map, hexes: { '0101': { elevation: -10 } } }
    expect(elevationEdits(low, ['0101'], -1)).toEqual([])
  })

  it('writes and clears a note', () => {
    expect(after(noteEdits(map, '0101', 'A well')).hexes?.['0101']).toEqual({ note: 'A well' })
    expect(after(noteEdits(map, '1203', '  ')).hexes?.['1203']).toEqual({
      terrain: 'hill',
      elevation: 1,
    })
  })

  it('adds, changes and removes a place name', () => {
    expect(after(labelEdits(map, '0101', 'Mill', 'small')).labels?.at(-1)).toEqual({
      hex: '0101',
      text: 'Mill',
      size: 'small',
    })
    const renamed = after(labelEdits(map, '0806', 'Old Ford', 'large'))
    expect(renamed.labels?.[0]).toEqual({ hex: '0806', text: 'Old Ford', size: 'large' })
    expect(after(labelEdits(map, '0806', '')).labels?.map((l) => l.hex)).not.toContain('0806')
  })
})

describe('hexside features', () => {
  it('finds a side written from the other hex and removes the feature there', () => {
    // 0806 NE is the ford; from 0906 the same side is SW.
    const edits = toggleHexsideEdits(map, geo, { hex: '0906', side: 'SW' }, 'ford')
    expect(edits).toEqual([{ pointer: '/hexsides/10', value: undefined }])
    const m = after(edits)
    expect(m.hexsides?.some((s) => s.features.includes('ford'))).toBe(false)
  })

  it('adds a second feature to a side that has one', () => {
    const m = after(toggleHexsideEdits(map, geo, { hex: '0801', side: 'NE' }, 'bridge'))
    expect(m.hexsides?.[0]?.features).toEqual(['stream', 'bridge'])
  })

  it('appends a new side, with the higher hex for a slope', () => {
    const hilly: HexMap = { ...gridMap('flat', 'odd'), hexes: { '0202': { elevation: 2 } } }
    const g = new MapGeometry(hilly.grid)
    expect(toggleHexsideEdits(hilly, g, { hex: '0201', side: 'S' }, 'slope', true)).toEqual([
      {
        pointer: '/hexsides/-',
        value: { hex: '0201', side: 'S', features: ['slope'], upTo: 'neighbor' },
      },
    ])
    expect(
      toggleHexsideEdits(hilly, g, { hex: '0202', side: 'N' }, 'slope', true)[0]?.value,
    ).toMatchObject({ upTo: 'this' })
  })

  it('takes the last feature off a side by removing its entry', () => {
    // 1004's NE side is written as 1104 SW in the file.
    expect(toggleHexsideEdits(map, geo, { hex: '1004', side: 'NE' }, 'slope', true)).toEqual([
      { pointer: '/hexsides/37', value: undefined },
    ])
  })
})

describe('areas (regions)', () => {
  it('adds hexes to an area and takes them out', () => {
    const added = after(regionEdits(map, 'east-road-entry', ['1604', '1605'], 'add'))
    expect(added.regions?.[2]?.hexes).toEqual(['1605', '1606', '1607', '1604'])
    const removed = after(regionEdits(map, 'east-road-entry', ['1606'], 'remove'))
    expect(removed.regions?.[2]?.hexes).toEqual(['1605', '1607'])
  })

  it('removes an area left with no hexes (the schema needs one)', () => {
    const m = after(regionEdits(map, 'east-road-entry', ['1605', '1606', '1607'], 'remove'))
    expect(m.regions?.map((r) => r.id)).toEqual(['west-edge', 'east-edge'])
  })
})
