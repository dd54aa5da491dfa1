import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import type { Cube, Footprint, FootprintStep, Orientation } from '../../../src/runtime/hex'
import {
  classifyFootprintStep,
  cube,
  cubeAdd,
  cubeKey,
  cubeSub,
  directionAtClock,
  distance,
  footprintHexes,
  footprintRear,
  frontalArc,
  hexToPixel,
  hexesWithin,
  isSideClock,
  moveFootprint,
  neighborAtClock,
  reverseFootprint,
  sideClock,
} from '../../../src/runtime/hex'
import { cubeArb, orientationArb } from './arbitraries'

const footprintArb: fc.Arbitrary<[Footprint, Orientation]> = fc
  .tuple(cubeArb(20), orientationArb, fc.integer({ min: 0, max: 5 }))
  .map(([front, o, i]) => [{ front, heading: sideClock(i, o) }, o])

/** e(heading + k·60°), as in the T-CH-7 table's e_(d+k). */
const e = (fp: Footprint, k: number): Cube => directionAtClock(fp.heading + 2 * k)

describe('footprintHexes', () => {
  it('puts the rear behind the front, against the heading', () => {
    const fp: Footprint = { front: cube(0, 0), heading: 0 } // flat-top, heading N
    expect(footprintHexes(fp)).toEqual([cube(0, 0), cube(0, 1)])
    expect(footprintRear({ front: cube(0, 0), heading: 3 })).toEqual(cube(-1, 0)) // pointy-top, heading E
  })

  it('reverses on the spot', () => {
    expect(reverseFootprint({ front: cube(0, 0), heading: 0 })).toEqual({
      front: cube(0, 1),
      heading: 6,
    })
  })
})

describe('classifyFootprintStep (Croisades 1.55, T-CH-7)', () => {
  it('names the eight hexes around a flat-top rider heading north', () => {
    const fp: Footprint = { front: cube(0, 0), heading: 0 }
    const at = (q: number, r: number) => classifyFootprintStep(fp, cube(q, r), 'flat')
    expect(at(0, -1)).toBe('ahead')
    expect(at(1, -1)).toBe('frontDiagonal')
    expect(at(-1, 0)).toBe('frontDiagonal')
    expect(at(1, 0)).toBe('flank')
    expect(at(-1, 1)).toBe('flank')
    expect(at(1, 1)).toBe('rearDiagonal')
    expect(at(-1, 2)).toBe('rearDiagonal')
    expect(at(0, 2)).toBe('behind')
    expect(at(0, 0)).toBeNull()
    expect(at(0, 1)).toBeNull()
    expect(at(0, -2)).toBeNull()
  })

  test.prop([footprintArb])(
    'matches the T-CH-7 formulas for every heading in both orientations',
    ([fp, o]) => {
      const F = fp.front
      const R = footprintRear(fp)
      const expected: [Cube, FootprintStep][] = [
        [cubeAdd(F, e(fp, 0)), 'ahead'],
        [cubeAdd(F, e(fp, -1)), 'frontDiagonal'],
        [cubeAdd(F, e(fp, 1)), 'frontDiagonal'],
        [cubeAdd(F, e(fp, -2)), 'flank'],
        [cubeAdd(F, e(fp, 2)), 'flank'],
        [cubeAdd(R, e(fp, -2)), 'rearDiagonal'],
        [cubeAdd(R, e(fp, 2)), 'rearDiagonal'],
        [cubeAdd(R, e(fp, 3)), 'behind'],
      ]
      // F + e(d∓2) is also R + e(d∓1): the flank hexes touch both halves.
      expect(cubeAdd(F, e(fp, -2))).toEqual(cubeAdd(R, e(fp, -1)))
      for (const [h, step] of expected) expect(classifyFootprintStep(fp, h, o)).toBe(step)
      // Exactly these eight of the hexes near the footprint get a class.
      const classified = hexesWithin(F, 3).filter((h) => classifyFootprintStep(fp, h, o) !== null)
      expect(classified.map(cubeKey).sort()).toEqual(expected.map(([h]) => cubeKey(h)).sort())
    },
  )

  it('rejects a heading that is not a side of the orientation', () => {
    expect(() =>
      classifyFootprintStep({ front: cube(0, 0), heading: 1 }, cube(0, -1), 'flat'),
    ).toThrow(/heading 1/)
    expect(() => frontalArc({ front: cube(0, 0), heading: 0 }, cube(0, -1), 'pointy')).toThrow(
      RangeError,
    )
  })
})

describe('frontalArc (Croisades 1.56)', () => {
  it('covers the wedge ahead of a flat-top rider heading north, edges included', () => {
    const fp: Footprint = { front: cube(0, 0), heading: 0 }
    const inArc = (q: number, r: number) => frontalArc(fp, cube(q, r), 'flat')
    expect(inArc(0, 0)).toBe(false) // the apex itself
    expect(inArc(0, -1)).toBe(true) // ahead
    expect(inArc(1, -1)).toBe(true) // front diagonal, on the edge
    expect(inArc(-1, 0)).toBe(true)
    expect(inArc(3, -3)).toBe(true) // far along the NE edge
    expect(inArc(-3, 0)).toBe(true) // far along the NW edge
    expect(inArc(1, -4)).toBe(true)
    expect(inArc(1, 0)).toBe(false) // flank
    expect(inArc(0, 1)).toBe(false) // rear hex
    expect(inArc(4, -3)).toBe(false) // just outside the NE edge
  })

  test.prop([footprintArb, cubeArb(12)])(
    'is the closed 120° cone ahead of the front hex centre',
    ([fp, o], d) => {
      const hex = cubeAdd(fp.front, d)
      const size = 10
      const apex = hexToPixel(fp.front, size, o)
      const p = hexToPixel(hex, size, o)
      const ahead = hexToPixel(neighborAtClock(fp.front, fp.heading), size, o)
      const hx = ahead.x - apex.x
      const hy = ahead.y - apex.y
      const vx = p.x - apex.x
      const vy = p.y - apex.y
      const length = Math.hypot(vx, vy)
      // Within 60° of the heading: cos ≥ 1/2, with a tolerance for hexes exactly on an edge.
      const inCone = length > 0 && (hx * vx + hy * vy) / (Math.hypot(hx, hy) * length) >= 0.5 - 1e-9
      expect(frontalArc(fp, hex, o)).toBe(inCone)
    },
  )
})

describe('moveFootprint (T-CH-7 with the Q-CH-6 suggested rule)', () => {
  const fp: Footprint = { front: cube(0, 0), heading: 0 } // flat-top, rear at (0, 1)

  it('straight ahead keeps the heading and drags the rear into the old front', () => {
    expect(moveFootprint(fp, cube(0, -1))).toEqual({ front: cube(0, -1), heading: 0 })
  })

  it('a front diagonal turns the heading one side', () => {
    expect(moveFootprint(fp, cube(1, -1))).toEqual({ front: cube(1, -1), heading: 2 })
    expect(moveFootprint(fp, cube(-1, 0))).toEqual({ front: cube(-1, 0), heading: 10 })
  })

  it('a flank hex touches the old front, which becomes the rear', () => {
    expect(moveFootprint(fp, cube(1, 0))).toEqual({ front: cube(1, 0), heading: 4 })
  })

  it('a rear diagonal or the hex behind keeps the old rear', () => {
    expect(moveFootprint(fp, cube(1, 1))).toEqual({ front: cube(1, 1), heading: 4 })
    expect(moveFootprint(fp, cube(0, 2))).toEqual({ front: cube(0, 2), heading: 6 })
  })

  it('refuses a hex that is not next to the rider, or is the rider', () => {
    expect(moveFootprint(fp, cube(0, -2))).toBeNull()
    expect(moveFootprint(fp, cube(0, 0))).toBeNull()
    expect(moveFootprint(fp, cube(0, 1))).toBeNull()
  })

  test.prop([footprintArb, fc.integer({ min: 0, max: 5 }), fc.boolean()])(
    'every step leaves a valid footprint whose halves touch',
    ([start, o], k, fromRear) => {
      const from = fromRear ? footprintRear(start) : start.front
      const target = cubeAdd(from, directionAtClock(2 * k + (o === 'flat' ? 0 : 1)))
      const moved = moveFootprint(start, target)
      const step = classifyFootprintStep(start, target, o)
      expect(moved === null).toBe(step === null)
      if (moved === null) return
      const [front, rear] = footprintHexes(moved)
      expect(front).toEqual(target)
      expect(distance(front, rear)).toBe(1)
      expect(isSideClock(moved.heading, o)).toBe(true)
      expect(cubeSub(front, rear)).toEqual(directionAtClock(moved.heading))
      // The new rear is one of the old halves.
      expect([start.front, footprintRear(start)].map(cubeKey)).toContain(cubeKey(rear))
    },
  )
})
