import { describe, expect, it } from 'vitest'
import { test } from '@fast-check/vitest'
import type { Orientation } from '../../../src/runtime/hex'
import {
  SIDE_NAMES,
  VERTEX_NAMES,
  clockOfDiagonal,
  clockOfDirection,
  clockUnitVector,
  cube,
  cubeAdd,
  cubeToOffset,
  diagonalAtClock,
  directionAtClock,
  distance,
  hexCorner,
  hexToPixel,
  isSideClock,
  isVertexClock,
  neighbor,
  neighborAtClock,
  neighbors,
  normalizeClock,
  offsetToCube,
  sideClock,
  sideClockFromName,
  sideIndex,
  sideName,
  sideToward,
  vertexClock,
  vertexClockFromName,
  vertexIndex,
  vertexName,
  vertexNeighbors,
} from '../../../src/runtime/hex'
import { cubeArb, orientationArb } from './arbitraries'

const orientations: Orientation[] = ['flat', 'pointy']

describe('the 12-position clock', () => {
  it('puts flat-top sides on even positions and corners on odd ones, pointy-top the reverse', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => sideClock(i, 'flat'))).toEqual([0, 2, 4, 6, 8, 10])
    expect([0, 1, 2, 3, 4, 5].map((i) => vertexClock(i, 'flat'))).toEqual([1, 3, 5, 7, 9, 11])
    expect([0, 1, 2, 3, 4, 5].map((i) => sideClock(i, 'pointy'))).toEqual([1, 3, 5, 7, 9, 11])
    expect([0, 1, 2, 3, 4, 5].map((i) => vertexClock(i, 'pointy'))).toEqual([0, 2, 4, 6, 8, 10])
    expect(isSideClock(4, 'flat')).toBe(true)
    expect(isSideClock(4, 'pointy')).toBe(false)
    expect(isVertexClock(4, 'pointy')).toBe(true)
    expect(isVertexClock(1.5, 'pointy')).toBe(false)
  })

  it('names sides and corners with compass points', () => {
    expect(SIDE_NAMES.flat).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW'])
    expect(VERTEX_NAMES.flat).toEqual(['NE', 'E', 'SE', 'SW', 'W', 'NW'])
    expect(SIDE_NAMES.pointy).toEqual(['NE', 'E', 'SE', 'SW', 'W', 'NW'])
    expect(VERTEX_NAMES.pointy).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW'])
    expect(sideName(6, 'flat')).toBe('S')
    expect(vertexName(3, 'flat')).toBe('E')
    expect(sideName(9, 'pointy')).toBe('W')
    expect(vertexName(0, 'pointy')).toBe('N')
    for (const o of orientations) {
      for (let i = 0; i < 6; i++) {
        expect(sideIndex(sideClock(i, o), o)).toBe(i)
        expect(vertexIndex(vertexClock(i, o), o)).toBe(i)
        expect(sideClockFromName(sideName(sideClock(i, o), o), o)).toEqual({
          ok: true,
          clock: sideClock(i, o),
        })
        expect(vertexClockFromName(vertexName(vertexClock(i, o), o), o)).toEqual({
          ok: true,
          clock: vertexClock(i, o),
        })
      }
    }
  })

  it('reports names that are not a side or corner of the orientation', () => {
    expect(vertexClockFromName('N', 'flat')).toEqual({
      ok: false,
      message: '"N" is not a corner of a flat-top hex: use one of NE, E, SE, SW, W, NW',
    })
    expect(sideClockFromName('E', 'flat')).toEqual({
      ok: false,
      message: '"E" is not a side of a flat-top hex: use one of N, NE, SE, S, SW, NW',
    })
    expect(sideClockFromName('N', 'pointy').ok).toBe(false)
    expect(vertexClockFromName('E', 'pointy').ok).toBe(false)
    expect(sideClockFromName('north', 'flat').ok).toBe(false)
  })

  it('rejects positions of the wrong kind', () => {
    expect(() => sideIndex(1, 'flat')).toThrow(/not a side of a flat-top hex/)
    expect(() => vertexIndex(1, 'pointy')).toThrow(/not a corner of a pointy-top hex/)
    expect(() => sideClock(6, 'flat')).toThrow(RangeError)
    expect(() => normalizeClock(0.5)).toThrow(RangeError)
  })

  it('wraps clock positions', () => {
    expect(normalizeClock(12)).toBe(0)
    expect(normalizeClock(-1)).toBe(11)
    expect(normalizeClock(-12)).toBe(0)
    expect(Object.is(normalizeClock(-12), 0)).toBe(true)
    expect(normalizeClock(25)).toBe(1)
  })
})

describe('neighbours', () => {
  it('lists flat-top neighbours clockwise from north', () => {
    const expected: Record<string, [number, number]> = {
      N: [0, -1],
      NE: [1, -1],
      SE: [1, 0],
      S: [0, 1],
      SW: [-1, 1],
      NW: [-1, 0],
    }
    const got = neighbors(cube(0, 0), 'flat')
    SIDE_NAMES.flat.forEach((name, i) => {
      const [q, r] = expected[name] as [number, number]
      expect(got[i]).toEqual(cube(q, r))
      expect(sideToward(cube(0, 0), cube(q, r), 'flat')).toEqual({ index: i, clock: 2 * i, name })
    })
  })

  it('lists pointy-top neighbours clockwise from north-east', () => {
    const expected: Record<string, [number, number]> = {
      NE: [1, -1],
      E: [1, 0],
      SE: [0, 1],
      SW: [-1, 1],
      W: [-1, 0],
      NW: [0, -1],
    }
    const got = neighbors(cube(0, 0), 'pointy')
    SIDE_NAMES.pointy.forEach((name, i) => {
      const [q, r] = expected[name] as [number, number]
      expect(got[i]).toEqual(cube(q, r))
      expect(sideToward(cube(0, 0), cube(q, r), 'pointy')).toEqual({
        index: i,
        clock: 2 * i + 1,
        name,
      })
    })
  })

  it('matches the offset pattern of an odd-q flat-top map (shoved column)', () => {
    const layout = { orientation: 'flat', offset: 'odd' } as const
    const h = offsetToCube({ col: 1, row: 1 }, layout)
    const got = neighbors(h, 'flat').map((n) => cubeToOffset(n, layout))
    // N, NE, SE, S, SW, NW of the shoved hex (1, 1).
    expect(got).toEqual([
      { col: 1, row: 0 },
      { col: 2, row: 1 },
      { col: 2, row: 2 },
      { col: 1, row: 2 },
      { col: 0, row: 2 },
      { col: 0, row: 1 },
    ])
  })

  it('matches the offset pattern of an odd-r pointy-top map (shoved row)', () => {
    const layout = { orientation: 'pointy', offset: 'odd' } as const
    const h = offsetToCube({ col: 1, row: 1 }, layout)
    const got = neighbors(h, 'pointy').map((n) => cubeToOffset(n, layout))
    // NE, E, SE, SW, W, NW of the shoved hex (1, 1).
    expect(got).toEqual([
      { col: 2, row: 0 },
      { col: 2, row: 1 },
      { col: 2, row: 2 },
      { col: 1, row: 2 },
      { col: 0, row: 1 },
      { col: 1, row: 0 },
    ])
  })

  it('matches the offset pattern of even-q and even-r maps', () => {
    const flat = { orientation: 'flat', offset: 'even' } as const
    expect(
      neighbors(offsetToCube({ col: 1, row: 1 }, flat), 'flat').map((n) => cubeToOffset(n, flat)),
    ).toEqual([
      { col: 1, row: 0 },
      { col: 2, row: 0 },
      { col: 2, row: 1 },
      { col: 1, row: 2 },
      { col: 0, row: 1 },
      { col: 0, row: 0 },
    ])
    const pointy = { orientation: 'pointy', offset: 'even' } as const
    expect(
      neighbors(offsetToCube({ col: 1, row: 1 }, pointy), 'pointy').map((n) =>
        cubeToOffset(n, pointy),
      ),
    ).toEqual([
      { col: 1, row: 0 },
      { col: 2, row: 1 },
      { col: 1, row: 2 },
      { col: 0, row: 2 },
      { col: 0, row: 1 },
      { col: 0, row: 0 },
    ])
  })

  test.prop([cubeArb(), orientationArb])(
    'each neighbour lies on screen in the direction its clock position names',
    (h, o) => {
      const size = 7
      const centre = hexToPixel(h, size, o)
      for (let i = 0; i < 6; i++) {
        const p = hexToPixel(neighbor(h, i, o), size, o)
        const u = clockUnitVector(sideClock(i, o))
        expect((p.x - centre.x) / (size * Math.sqrt(3))).toBeCloseTo(u.x, 9)
        expect((p.y - centre.y) / (size * Math.sqrt(3))).toBeCloseTo(u.y, 9)
      }
    },
  )

  test.prop([cubeArb(), cubeArb(), orientationArb])(
    'sideToward finds the side exactly for adjacent hexes',
    (a, b, o) => {
      const side = sideToward(a, b, o)
      if (distance(a, b) !== 1) expect(side).toBeNull()
      else expect(neighbor(a, side!.index, o)).toEqual(b)
    },
  )

  it('maps clock positions to direction and diagonal vectors and back', () => {
    for (const o of orientations) {
      for (let i = 0; i < 6; i++) {
        expect(clockOfDirection(directionAtClock(sideClock(i, o)), o)).toBe(sideClock(i, o))
        expect(clockOfDiagonal(diagonalAtClock(vertexClock(i, o)), o)).toBe(vertexClock(i, o))
      }
    }
    expect(diagonalAtClock(3)).toEqual(cube(2, -1))
    expect(clockOfDirection(cube(2, -1), 'flat')).toBeNull()
    expect(clockOfDiagonal(cube(1, 0), 'flat')).toBeNull()
  })
})

describe('vertexNeighbors', () => {
  it('finds the two hexes flanking the east corner of a flat-top hex', () => {
    expect(vertexNeighbors({ hex: cube(0, 0), clock: 3 })).toEqual([cube(1, -1), cube(1, 0)])
  })

  it('finds the two hexes flanking the north corner of a pointy-top hex', () => {
    expect(vertexNeighbors({ hex: cube(0, 0), clock: 0 })).toEqual([cube(0, -1), cube(1, -1)])
  })

  test.prop([cubeArb(), orientationArb])(
    'the three hexes at a corner touch each other and share its point',
    (h, o) => {
      for (let i = 0; i < 6; i++) {
        const clock = vertexClock(i, o)
        const [x, y] = vertexNeighbors({ hex: h, clock })
        expect(distance(h, x)).toBe(1)
        expect(distance(h, y)).toBe(1)
        expect(distance(x, y)).toBe(1)
        const corner = hexCorner(h, clock, 5, o)
        for (const other of [x, y]) {
          const centre = hexToPixel(other, 5, o)
          expect(Math.hypot(corner.x - centre.x, corner.y - centre.y)).toBeCloseTo(5, 9)
        }
        // The hex beyond the corner is the diagonal neighbour, two steps away.
        expect(distance(h, cubeAdd(h, diagonalAtClock(clock)))).toBe(2)
        expect(distance(cubeAdd(h, diagonalAtClock(clock)), x)).toBe(1)
      }
    },
  )

  it('neighborAtClock accepts either orientation by parity', () => {
    expect(neighborAtClock(cube(0, 0), 0)).toEqual(cube(0, -1))
    expect(neighborAtClock(cube(0, 0), 11)).toEqual(cube(0, -1))
    expect(neighborAtClock(cube(0, 0), 3)).toEqual(cube(1, 0))
  })
})
