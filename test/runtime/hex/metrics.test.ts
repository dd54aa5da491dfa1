import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import type { GridSpec, Orientation } from '../../../src/runtime/hex'
import {
  allHexes,
  createGridIndex,
  cube,
  cubeAtIndex,
  cubeInBounds,
  cubeKey,
  cubeToOffset,
  denseIndex,
  distance,
  hexesWithin,
  inBounds,
  indexOfCube,
  neighbor,
  neighborIndices,
  neighbors,
  ring,
} from '../../../src/runtime/hex'
import { cubeArb, gridArb, orientationArb } from './arbitraries'

describe('distance', () => {
  it('matches known values', () => {
    expect(distance(cube(3, -7), cube(0, 0))).toBe(7) // Red Blob's hex_distance example
    expect(distance(cube(0, 0), cube(0, 0))).toBe(0)
    expect(distance(cube(0, 0), cube(2, -1))).toBe(2)
    expect(distance(cube(0, 0), cube(5, -4))).toBe(5)
    expect(distance(cube(-2, 5), cube(4, -1))).toBe(6)
  })

  test.prop([cubeArb(), cubeArb()])('is symmetric and zero only for the same hex', (a, b) => {
    expect(distance(a, b)).toBe(distance(b, a))
    expect(distance(a, b) === 0).toBe(a.q === b.q && a.r === b.r)
  })

  test.prop([cubeArb(), cubeArb(), cubeArb()])('obeys the triangle inequality', (a, b, c) => {
    expect(distance(a, c)).toBeLessThanOrEqual(distance(a, b) + distance(b, c))
  })

  test.prop([cubeArb(), orientationArb, fc.integer({ min: 0, max: 5 })])(
    'is 1 to every neighbour',
    (a, o, i) => {
      expect(distance(a, neighbor(a, i, o))).toBe(1)
    },
  )
})

describe('ring and hexesWithin', () => {
  it('handles radius 0 and invalid radii', () => {
    expect(ring(cube(2, 3), 0)).toEqual([cube(2, 3)])
    expect(ring(cube(2, 3), -1)).toEqual([])
    expect(hexesWithin(cube(2, 3), 0)).toEqual([cube(2, 3)])
    expect(hexesWithin(cube(2, 3), 1.5)).toEqual([])
  })

  it('walks ring 1 clockwise from the −r neighbour', () => {
    expect(ring(cube(0, 0), 1)).toEqual(neighbors(cube(0, 0), 'flat'))
  })

  test.prop([cubeArb(), fc.integer({ min: 1, max: 12 })])(
    'a ring has 6r distinct hexes at distance r, each touching the next',
    (c, r) => {
      const hexes = ring(c, r)
      expect(hexes).toHaveLength(6 * r)
      expect(new Set(hexes.map(cubeKey)).size).toBe(6 * r)
      hexes.forEach((h, i) => {
        expect(distance(h, c)).toBe(r)
        expect(distance(h, hexes[(i + 1) % hexes.length]!)).toBe(1)
      })
      expect(hexes[0]).toEqual(cube(c.q, c.r - r))
    },
  )

  test.prop([cubeArb(), fc.integer({ min: 0, max: 10 })])(
    'hexesWithin holds 3r(r+1)+1 hexes in spiral order',
    (c, r) => {
      const hexes = hexesWithin(c, r)
      expect(hexes).toHaveLength(3 * r * (r + 1) + 1)
      expect(hexes[0]).toEqual(c)
      expect(new Set(hexes.map(cubeKey)).size).toBe(hexes.length)
      for (let i = 1; i < hexes.length; i++) {
        expect(distance(c, hexes[i]!)).toBeGreaterThanOrEqual(distance(c, hexes[i - 1]!))
        expect(distance(c, hexes[i]!)).toBeLessThanOrEqual(r)
      }
    },
  )
})

describe('grid bounds', () => {
  const grid: GridSpec = { orientation: 'flat', offset: 'odd', columns: 4, rows: 3 }

  it('knows which offsets are on the map', () => {
    expect(inBounds(grid, { col: 0, row: 0 })).toBe(true)
    expect(inBounds(grid, { col: 3, row: 2 })).toBe(true)
    expect(inBounds(grid, { col: 4, row: 2 })).toBe(false)
    expect(inBounds(grid, { col: 0, row: -1 })).toBe(false)
    expect(inBounds(grid, { col: 0.5, row: 0 })).toBe(false)
    expect(cubeInBounds(grid, cube(3, 0))).toBe(true) // offset (3, 1)
    expect(cubeInBounds(grid, cube(3, -2))).toBe(false) // offset (3, -1)
  })

  test.prop([gridArb(40, 40)])('allHexes lists every hex once, in dense index order', (g) => {
    const hexes = allHexes(g)
    expect(hexes).toHaveLength(g.columns * g.rows)
    expect(new Set(hexes.map(cubeKey)).size).toBe(hexes.length)
    expect(hexes.map((h) => denseIndex(g, cubeToOffset(h, g)))).toEqual(hexes.map((_, i) => i))
  })
})

describe('createGridIndex', () => {
  const layouts: [Orientation, 'odd' | 'even'][] = [
    ['flat', 'odd'],
    ['flat', 'even'],
    ['pointy', 'odd'],
    ['pointy', 'even'],
  ]
  for (const [orientation, offset] of layouts) {
    it(`indexes a 64×48 ${orientation}-top ${offset} map`, () => {
      const grid: GridSpec = { orientation, offset, columns: 64, rows: 48 }
      const index = createGridIndex(grid)
      expect(index.size).toBe(64 * 48)
      const hexes = allHexes(grid)
      // Build the expected arrays the slow way and compare once (per-hex expects are slow).
      const expectedNeighbors: number[] = []
      const problems: string[] = []
      hexes.forEach((h, i) => {
        if (indexOfCube(index, h) !== i) problems.push(`hex ${i}`)
        for (const n of neighbors(h, orientation))
          expectedNeighbors.push(cubeInBounds(grid, n) ? indexOfCube(index, n) : -1)
      })
      expect(problems).toEqual([])
      expect(hexes.map((_, i) => cubeAtIndex(index, i))).toEqual(hexes)
      expect([...index.neighbors]).toEqual(expectedNeighbors)
      for (let i = 0; i < index.size; i++) {
        const ns = neighborIndices(index, i)
        for (let k = 0; k < 6; k++) {
          const j = ns[k]!
          // Adjacency is symmetric: the way back is across the opposite side.
          if (j !== -1 && index.neighbors[j * 6 + ((k + 3) % 6)] !== i)
            problems.push(`${i} side ${k}`)
        }
      }
      expect(problems).toEqual([])
      // A corner hex of the map has at most three on-map neighbours.
      expect([...neighborIndices(index, 0)].filter((j) => j >= 0).length).toBeLessThanOrEqual(3)
      expect(indexOfCube(index, cube(-5, 0))).toBe(-1)
    })
  }

  it('rejects a broken grid and bad indices', () => {
    expect(() =>
      createGridIndex({ orientation: 'flat', offset: 'odd', columns: 0, rows: 3 }),
    ).toThrow(/columns must be/)
    const index = createGridIndex({ orientation: 'pointy', offset: 'even', columns: 2, rows: 2 })
    expect(() => cubeAtIndex(index, 4)).toThrow(RangeError)
  })

  it('survives structured clone (it can be posted to a worker)', () => {
    const index = createGridIndex({ orientation: 'flat', offset: 'even', columns: 5, rows: 4 })
    const copy = structuredClone(index)
    expect(copy.neighbors).toEqual(index.neighbors)
    expect(copy.q).toEqual(index.q)
  })
})
