import { describe, expect, it } from 'vitest'
import { MapGeometry } from '../../../src/editor/map/map-geometry'
import {
  changedOverlayHexes,
  changedRects,
  layerFlags,
  needsFullRepaint,
} from '../../../src/editor/map/map-scene'
import { fallbackColor, terrainLook } from '../../../src/editor/map/terrain-style'
import { sampleMap, sampleTerrain } from './fixtures'

const map = sampleMap()
const geo = new MapGeometry(map.grid)
const centresIn = (rects: ReturnType<typeof changedRects>) =>
  geo.ids.filter((id) => {
    const c = geo.center(id)!
    return rects.some((r) => c.x >= r.minX && c.x <= r.maxX && c.y >= r.minY && c.y <= r.maxY)
  })

describe('what to repaint', () => {
  it('repaints just the hex whose terrain changed', () => {
    const next = { ...map, hexes: { ...map.hexes, '0101': { terrain: 'woods' } } }
    expect(needsFullRepaint(map, next)).toBe(false)
    expect(centresIn(changedRects(map, next, geo))).toEqual(['0101'])
  })

  it('repaints nothing for a re-parsed but equal map', () => {
    expect(changedRects(map, JSON.parse(JSON.stringify(map)), geo)).toEqual([])
  })

  it('repaints both hexes of a changed hexside and the neighbours of a changed road', () => {
    const sides = {
      ...map,
      hexsides: [...map.hexsides!, { hex: '0101', side: 'S' as const, features: ['wall'] }],
    }
    expect(centresIn(changedRects(map, sides, geo)).sort()).toEqual(['0101', '0102'])
    const road = { ...map, hexes: { ...map.hexes, '0101': { features: ['road'] } } }
    expect(centresIn(changedRects(map, road, geo)).length).toBeGreaterThan(1)
  })

  it('repaints everything when the grid or the default terrain changes', () => {
    expect(needsFullRepaint(map, { ...map, defaultTerrain: 'rough' })).toBe(true)
    expect(needsFullRepaint(map, { ...map, grid: { ...map.grid, rows: 13 } })).toBe(true)
  })

  it('repaints the old and new hex of a moved unit and a changed highlight', () => {
    const u = { id: 'a', hex: '0101', svg: '<svg/>' }
    const hexes = changedOverlayHexes(
      [u],
      [{ ...u, hex: '0202' }],
      [],
      [{ hex: '0303', color: 'red' }],
    )
    expect([...hexes].sort()).toEqual(['0101', '0202', '0303'])
    expect(changedOverlayHexes([u], [{ ...u }], [], []).size).toBe(0)
  })

  it('shows every layer unless switched off', () => {
    expect(layerFlags({ numbers: false })).toMatchObject({
      numbers: false,
      terrain: true,
      units: true,
    })
  })
})

describe('terrain look', () => {
  it('reads colours and styles from the chart and falls back by id', () => {
    const look = terrainLook(sampleTerrain())
    expect(look.color('woods')).toBe('#5d7f3a')
    expect(look.side('river')).toMatchObject({ style: 'double', elevationChange: false })
    expect(look.side('slope').elevationChange).toBe(true)
    expect(look.color('unknown-kind')).toBe(fallbackColor('unknown-kind'))
    expect(fallbackColor('a')).not.toBe(fallbackColor('b'))
    expect(fallbackColor('a')).toMatch(/^#[0-9a-f]{6}$/)
  })
})

describe('repainting during and after a stroke', () => {
  it('compares a stroke preview by its own hexes, and the committed map against it', async () => {
    const { paintTerrainEdits, previewHexes } = await import('../../../src/editor/map/map-edits')
    const edits = paintTerrainEdits(map, ['0101', '0309'], 'marsh')
    const preview = previewHexes(map, edits)
    expect(centresIn(changedRects(map, preview, geo)).sort()).toEqual(['0101', '0309'])
    const committed = JSON.parse(JSON.stringify(preview)) as typeof map
    expect(committed.hexes?.['0309']).toEqual({ terrain: 'marsh' })
    expect(changedRects(preview, committed, geo)).toEqual([])
    const more = previewHexes(map, paintTerrainEdits(map, ['0101', '0202'], 'marsh'))
    expect(centresIn(changedRects(preview, more, geo)).sort()).toEqual(['0202', '0309'])
  })
})
