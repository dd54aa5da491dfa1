import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import type { Orientation, SectorTable } from '../../../src/runtime/hex'
import {
  RELATIVE_BEARINGS,
  checkFacing,
  checkSectorTable,
  classifyVertexFacing,
  cube,
  cubeScale,
  diagonalAtClock,
  directionAtClock,
  neighbors,
  relativeBearing,
  sectorOfDirection,
  sideName,
  sideToward,
  turnFacing,
  turnSteps,
  vertexClock,
  vertexName,
} from '../../../src/runtime/hex'
import { cubeArb, orientationArb } from './arbitraries'

const orientations: Orientation[] = ['flat', 'pointy']

describe('relativeBearing', () => {
  it('measures clockwise as positive, in (−180, 180]', () => {
    expect(relativeBearing(1, 2)).toBe(30)
    expect(relativeBearing(1, 0)).toBe(-30)
    expect(relativeBearing(1, 7)).toBe(180)
    expect(relativeBearing(7, 1)).toBe(180)
    expect(relativeBearing(11, 1)).toBe(60)
    expect(relativeBearing(1, 11)).toBe(-60)
    expect(relativeBearing(3, 3)).toBe(0)
  })

  test.prop([fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 })])(
    'stays in range and is antisymmetric',
    (f, t) => {
      const b = relativeBearing(f, t)
      expect(b).toBeGreaterThan(-180)
      expect(b).toBeLessThanOrEqual(180)
      expect(Math.abs(b) % 30).toBe(0)
      if (b !== 180) expect(relativeBearing(t, f) + b).toBe(0)
    },
  )
})

describe('Men of Iron 8.0 vertex facing', () => {
  it('flat-top facing the NE corner: N and NE sides front, NW and SE flank, S and SW rear', () => {
    const byName = Object.fromEntries(
      [0, 2, 4, 6, 8, 10].map((side) => [sideName(side, 'flat'), classifyVertexFacing(1, side)]),
    )
    expect(byName).toEqual({
      N: { sector: 'front', hand: 'left' },
      NE: { sector: 'front', hand: 'right' },
      SE: { sector: 'flank', hand: 'right' },
      S: { sector: 'rear', hand: 'right' },
      SW: { sector: 'rear', hand: 'left' },
      NW: { sector: 'flank', hand: 'left' },
    })
  })

  it('pointy-top facing the N corner: NW and NE sides front, W and E flank, SW and SE rear', () => {
    const byName = Object.fromEntries(
      [1, 3, 5, 7, 9, 11].map((side) => [
        sideName(side, 'pointy'),
        classifyVertexFacing(0, side).sector,
      ]),
    )
    expect(byName).toEqual({
      NE: 'front',
      E: 'flank',
      SE: 'rear',
      SW: 'rear',
      W: 'flank',
      NW: 'front',
    })
  })

  for (const o of orientations) {
    for (let i = 0; i < 6; i++) {
      const facing = vertexClock(i, o)
      it(`${o}-top facing the ${vertexName(facing, o)} corner: 2 front either side of it, 2 rear opposite, 1 flank each side`, () => {
        const h = cube(2, -3)
        const classes = neighbors(h, o).map((n) => {
          const side = sideToward(h, n, o)!
          return { side: side.clock, ...classifyVertexFacing(facing, side.clock) }
        })
        const front = classes.filter((c) => c.sector === 'front')
        const flank = classes.filter((c) => c.sector === 'flank')
        const rear = classes.filter((c) => c.sector === 'rear')
        // The front hexes are the two sides adjacent to the faced corner.
        expect(front.map((c) => c.side).sort((x, y) => x - y)).toEqual(
          [(facing + 11) % 12, (facing + 1) % 12].sort((x, y) => x - y),
        )
        expect(rear.map((c) => c.side).sort((x, y) => x - y)).toEqual(
          [(facing + 5) % 12, (facing + 7) % 12].sort((x, y) => x - y),
        )
        expect(flank.map((c) => c.hand).sort()).toEqual(['left', 'right'])
        expect(flank.map((c) => c.side).sort((x, y) => x - y)).toEqual(
          [(facing + 3) % 12, (facing + 9) % 12].sort((x, y) => x - y),
        )
        for (const c of classes)
          expect(c.hand).toBe(relativeBearing(facing, c.side) > 0 ? 'right' : 'left')
      })
    }
  }

  it('rejects a facing and side of the same kind', () => {
    expect(() => classifyVertexFacing(2, 4)).toThrow(/both corners or both sides/)
  })
})

describe('checkFacing', () => {
  it('flags a vertex facing stored on a side position', () => {
    expect(checkFacing(1, 'flat', 'vertex')).toBeNull()
    expect(checkFacing(2, 'flat', 'vertex')).toBe(
      'facing 2 points at a side of a flat-top hex, but this ruleset faces corners',
    )
    expect(checkFacing(2, 'pointy', 'vertex')).toBeNull()
    expect(checkFacing(1, 'pointy', 'vertex')).toMatch(/side of a pointy-top hex/)
    expect(checkFacing(0, 'flat', 'side')).toBeNull()
    expect(checkFacing(1, 'flat', 'side')).toBe(
      'facing 1 points at a corner of a flat-top hex, but this ruleset faces sides',
    )
    expect(checkFacing(12, 'flat', 'side')).toMatch(/0\.\.11/)
    expect(checkFacing(1.5, 'flat', 'side')).toMatch(/0\.\.11/)
  })
})

// Tri-Pack 11.1 hexspine rule for a vertex-facing counter: lines through the sides at ±30° are
// front, ±90° flank, ±150° rear; along the spine between flank and rear (±120°) counts as rear,
// between flank and front (±60°) as front; along the faced corner (0°) front, opposite (180°) rear.
const triPackFire: SectorTable<'front' | 'flank' | 'rear'> = {
  '0': 'front',
  '30': 'front',
  '-30': 'front',
  '60': 'front',
  '-60': 'front',
  '90': 'flank',
  '-90': 'flank',
  '120': 'rear',
  '-120': 'rear',
  '150': 'rear',
  '-150': 'rear',
  '180': 'rear',
}

describe('sectorOfDirection', () => {
  it('Tri-Pack 11.1: the flank/front spine counts as front, the flank/rear spine as rear', () => {
    // Flat-top counter at the origin facing its NE corner (clock 1): the E corner (3) lies between
    // the NE front side and the SE flank side; the SE corner (5) between the SE flank and S rear.
    const h = cube(0, 0)
    expect(sectorOfDirection(1, h, cubeScale(diagonalAtClock(3), 2), 'flat', triPackFire)).toBe(
      'front',
    )
    expect(sectorOfDirection(1, h, cubeScale(diagonalAtClock(5), 3), 'flat', triPackFire)).toBe(
      'rear',
    )
    expect(sectorOfDirection(1, h, cubeScale(diagonalAtClock(11), 1), 'flat', triPackFire)).toBe(
      'front',
    )
    expect(sectorOfDirection(1, h, cubeScale(diagonalAtClock(9), 1), 'flat', triPackFire)).toBe(
      'rear',
    )
    expect(sectorOfDirection(1, h, cubeScale(diagonalAtClock(1), 2), 'flat', triPackFire)).toBe(
      'front',
    )
    expect(sectorOfDirection(1, h, cubeScale(diagonalAtClock(7), 2), 'flat', triPackFire)).toBe(
      'rear',
    )
  })

  it('Tri-Pack 11.1: lines through sides follow the 8.0 classification', () => {
    const h = cube(0, 0)
    expect(sectorOfDirection(1, h, cubeScale(directionAtClock(4), 3), 'flat', triPackFire)).toBe(
      'flank',
    )
    expect(sectorOfDirection(1, h, cubeScale(directionAtClock(10), 3), 'flat', triPackFire)).toBe(
      'flank',
    )
    expect(sectorOfDirection(1, h, cube(5, -4), 'flat', triPackFire)).toBe('front') // leaves through the NE side
    expect(sectorOfDirection(0, h, cube(-4, 1), 'pointy', triPackFire)).toBe('flank') // leaves through the W side
  })

  it('Tri-Pack 11.3: with this table a line along a hexspine never counts as flank (angle of fire)', () => {
    for (const o of orientations) {
      for (let i = 0; i < 6; i++) {
        const facing = vertexClock(i, o)
        for (let k = 0; k < 6; k++) {
          const along = cubeScale(diagonalAtClock(vertexClock(k, o)), 2)
          expect(sectorOfDirection(facing, cube(0, 0), along, o, triPackFire)).not.toBe('flank')
        }
      }
    }
  })

  test.prop([cubeArb(), cubeArb(), orientationArb, fc.integer({ min: 0, max: 5 })])(
    'agrees with classifyVertexFacing for lines leaving through a side',
    (h, target, o, i) => {
      fc.pre(h.q !== target.q || h.r !== target.r)
      const facing = vertexClock(i, o)
      const sector = sectorOfDirection(facing, h, target, o, triPackFire)
      const side = sideToward(h, target, o)
      if (side !== null) expect(sector).toBe(classifyVertexFacing(facing, side.clock).sector)
    },
  )

  it('has no sector for the counter’s own hex, and requires a complete table', () => {
    expect(sectorOfDirection(1, cube(0, 0), cube(0, 0), 'flat', triPackFire)).toBeNull()
    const partial: SectorTable = { '30': 'front' }
    expect(() => sectorOfDirection(1, cube(0, 0), cube(0, 1), 'flat', partial)).toThrow(
      /relative bearing 150/,
    )
    expect(checkSectorTable(triPackFire)).toBeNull()
    expect(checkSectorTable(partial)).toBe(
      'the facing sector table has no entry for relative bearings 0, 60, 90, 120, 150, 180, -150, -120, -90, -60, -30',
    )
    expect(RELATIVE_BEARINGS).toHaveLength(12)
  })

  it('works for hexside facing too', () => {
    // Flat-top counter facing its N side: a line along the NE corner (30°) is a spine between front and flank.
    const table: SectorTable = Object.fromEntries(
      RELATIVE_BEARINGS.map((b) => [
        String(b),
        Math.abs(b) <= 30 ? 'front' : Math.abs(b) < 150 ? 'flank' : 'rear',
      ]),
    )
    expect(sectorOfDirection(0, cube(0, 0), cube(0, -5), 'flat', table)).toBe('front')
    expect(sectorOfDirection(0, cube(0, 0), cube(1, -2), 'flat', table)).toBe('front')
    expect(sectorOfDirection(0, cube(0, 0), cube(2, -1), 'flat', table)).toBe('flank')
    expect(sectorOfDirection(0, cube(0, 0), cube(0, 3), 'flat', table)).toBe('rear')
    expect(sectorOfDirection(0, cube(0, 0), cube(-1, -1), 'flat', table)).toBe('front') // NW corner, −30°
    expect(sectorOfDirection(0, cube(0, 0), cube(-2, 1), 'flat', table)).toBe('flank') // W corner, −90°
  })
})

describe('turning', () => {
  it('Men of Iron 8.0: counts 60° steps between vertex facings (a one-vertex turn is 1)', () => {
    expect(turnSteps(1, 1)).toBe(0)
    expect(turnSteps(1, 3)).toBe(1)
    expect(turnSteps(1, 11)).toBe(1)
    expect(turnSteps(1, 5)).toBe(2)
    expect(turnSteps(1, 7)).toBe(3)
    expect(turnSteps(0, 10)).toBe(1)
    expect(() => turnSteps(1, 2)).toThrow(/one is a corner and the other a side/)
  })

  it('turns a facing by 60° steps', () => {
    expect(turnFacing(1, 1)).toBe(3)
    expect(turnFacing(1, -1)).toBe(11)
    expect(turnFacing(0, 3)).toBe(6)
    expect(() => turnFacing(0, 0.5)).toThrow(RangeError)
  })

  test.prop([orientationArb, fc.integer({ min: 0, max: 5 }), fc.integer({ min: -7, max: 7 })])(
    'turnSteps measures the shortest way round',
    (o, i, steps) => {
      const from = vertexClock(i, o)
      const to = turnFacing(from, steps)
      const shortest = Math.min(((steps % 6) + 6) % 6, 6 - (((steps % 6) + 6) % 6))
      expect(turnSteps(from, to)).toBe(shortest)
      expect(checkFacing(to, o, 'vertex')).toBeNull()
    },
  )
})
