import { describe, expect, it } from 'vitest'
import { MapGeometry, gridProblem } from '../../../src/editor/map/map-geometry'
import { SIDE_NAMES } from '../../../src/runtime/hex'
import { gridMap } from './fixtures'

const LAYOUTS = [
  ['flat', 'odd'],
  ['flat', 'even'],
  ['pointy', 'odd'],
  ['pointy', 'even'],
] as const

describe('map geometry', () => {
  for (const [orientation, offset] of LAYOUTS) {
    describe(`${orientation}-top, ${offset} offset`, () => {
      const geo = new MapGeometry(gridMap(orientation, offset).grid)

      it('finds every hex from its centre and from points near it', () => {
        for (const id of geo.ids) {
          const c = geo.center(id)!
          expect(geo.hexAt(c)).toBe(id)
          expect(geo.hexAt({ x: c.x + geo.size * 0.5, y: c.y - geo.size * 0.3 })).toBe(id)
        }
        expect(geo.hexAt({ x: -geo.size * 3, y: -geo.size * 3 })).toBeNull()
      })

      it('picks each side of an inner hex from a point next to its middle', () => {
        const id = geo.ids[geo.spec.columns * 4 + 5]!
        const c = geo.center(id)!
        for (const side of SIDE_NAMES[orientation]) {
          const mid = geo.sideMid(id, side)!
          const inside = { x: mid.x + (c.x - mid.x) * 0.15, y: mid.y + (c.y - mid.y) * 0.15 }
          const pick = geo.sideAt(inside)!
          expect(pick).toMatchObject({ hex: id, side })
          expect(pick.distance).toBeLessThan(geo.size * 0.2)
          // Seen from the other hex, it is the same side under another name.
          const across = geo.across(id, side)!
          const outside = { x: mid.x - (c.x - mid.x) * 0.15, y: mid.y - (c.y - mid.y) * 0.15 }
          expect(geo.sideAt(outside)).toMatchObject(across)
          expect(geo.across(across.hex, across.side)).toEqual({ hex: id, side })
        }
      })

      it('picks an edge hexside from outside the map as the side of the hex inside', () => {
        const id = geo.ids[0]!
        const side = SIDE_NAMES[orientation][5]!
        const mid = geo.sideMid(id, side)!
        const c = geo.center(id)!
        const outside = { x: mid.x - (c.x - mid.x) * 0.2, y: mid.y - (c.y - mid.y) * 0.2 }
        expect(geo.hexAt(outside)).toBeNull()
        expect(geo.sideAt(outside)).toMatchObject({ hex: id, side })
      })

      it('lists every hex overlapping a rectangle', () => {
        const rect = { minX: 100, minY: 80, maxX: 260, maxY: 200 }
        const found = new Set(geo.indicesInRect(rect, 0))
        geo.ids.forEach((_, i) => {
          const r = geo.hexRect(i)
          const overlaps =
            r.maxX >= rect.minX && r.minX <= rect.maxX && r.maxY >= rect.minY && r.minY <= rect.maxY
          if (overlaps) expect(found.has(i), geo.ids[i]).toBe(true)
        })
      })

      it('gives 37 hexes within 3 of an inner hex, fewer at a corner', () => {
        expect(geo.within(geo.ids[4 * 12 + 5]!, 3)).toHaveLength(37)
        expect(geo.within(geo.ids[0]!, 1).length).toBeLessThan(7)
      })
    })
  }

  it('names the problem with a grid it cannot draw', () => {
    const bad = gridMap('flat', 'odd', 120, 10).grid
    expect(gridProblem(bad)).toMatch(/digit/)
    expect(gridProblem(gridMap('flat', 'odd').grid)).toBeNull()
  })
})
