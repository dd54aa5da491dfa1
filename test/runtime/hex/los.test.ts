import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import type { Cube, LineStep, Orientation } from '../../../src/runtime/hex'
import {
  cube,
  cubeAdd,
  cubeScale,
  diagonalAtClock,
  directionAtClock,
  distance,
  exitFrom,
  hexToPixel,
  lineHexes,
  lineWalk,
  neighbor,
  neighborAtClock,
  sideClock,
  vertexClock,
} from '../../../src/runtime/hex'
import { cubeArb, orientationArb } from './arbitraries'
import { oracleLineWalk } from './los-oracle'

const O = cube(0, 0)
const hex = (q: number, r: number): LineStep => ({ kind: 'hex', hex: cube(q, r) })

function reversed(steps: LineStep[]): LineStep[] {
  return [...steps].reverse().map((s): LineStep => {
    if (s.kind === 'spine') return { kind: 'spine', left: s.right, right: s.left }
    if (s.kind === 'vertex')
      return { kind: 'vertex', hex: s.hex, side: s.side === 'left' ? 'right' : 'left' }
    return s
  })
}

describe('lineWalk: known lines', () => {
  it('a == b is just that hex', () => {
    expect(lineWalk(cube(3, -1), cube(3, -1))).toEqual([hex(3, -1)])
  })

  it('adjacent hexes: out of one, into the other', () => {
    expect(lineWalk(O, cube(1, 0))).toEqual([hex(0, 0), hex(1, 0)])
    expect(lineWalk(O, cube(0, -1))).toEqual([hex(0, 0), hex(0, -1)])
  })

  it('a line along a hex row (pointy-top east) or file (flat-top north) crosses only hex interiors', () => {
    expect(lineWalk(O, cube(4, 0))).toEqual([hex(0, 0), hex(1, 0), hex(2, 0), hex(3, 0), hex(4, 0)])
    expect(lineWalk(O, cube(0, -3))).toEqual([hex(0, 0), hex(0, -1), hex(0, -2), hex(0, -3)])
  })

  it('the diagonal (2,−1,−1) runs along the spine between the two middle hexes', () => {
    expect(lineWalk(O, cube(2, -1))).toEqual([
      hex(0, 0),
      { kind: 'spine', left: cube(1, -1), right: cube(1, 0) },
      hex(2, -1),
    ])
  })

  it('a longer diagonal alternates hexes and spines', () => {
    expect(lineWalk(O, cube(4, -2))).toEqual([
      hex(0, 0),
      { kind: 'spine', left: cube(1, -1), right: cube(1, 0) },
      hex(2, -1),
      { kind: 'spine', left: cube(3, -2), right: cube(3, -1) },
      hex(4, -2),
    ])
  })

  it('(0,0,0) → (5,−4,−1) grazes two corners, one on each side', () => {
    expect(lineWalk(O, cube(5, -4))).toEqual([
      hex(0, 0),
      hex(1, -1),
      { kind: 'vertex', hex: cube(2, -1), side: 'right' },
      hex(2, -2),
      hex(3, -2),
      { kind: 'vertex', hex: cube(3, -3), side: 'left' },
      hex(4, -3),
      hex(5, -4),
    ])
  })

  it("agrees with Red Blob's hex_linedraw (0,0,0) → (1,−5,4) and shows the corners its nudge hides", () => {
    expect(lineHexes(O, cube(1, -5))).toEqual([
      cube(0, 0),
      cube(0, -1),
      cube(0, -2),
      cube(1, -3),
      cube(1, -4),
      cube(1, -5),
    ])
    expect(lineWalk(O, cube(1, -5)).filter((s) => s.kind === 'vertex')).toEqual([
      { kind: 'vertex', hex: cube(1, -2), side: 'right' },
      { kind: 'vertex', hex: cube(0, -3), side: 'left' },
    ])
  })

  it('counts a sliver of a hex clipped near a corner as crossing it (exact, not N+1 hexes)', () => {
    // The line to (4,−1,−3) cuts just inside the corner of (2,0,−2).
    expect(lineHexes(O, cube(4, -1))).toEqual([
      cube(0, 0),
      cube(1, 0),
      cube(2, -1),
      cube(2, 0),
      cube(3, -1),
      cube(4, -1),
    ])
  })

  it('lineHexes skips spine hexes', () => {
    expect(lineHexes(O, cube(2, -1))).toEqual([cube(0, 0), cube(2, -1)])
  })
})

/** Biased towards the degenerate lines: diagonals, lines through corners, straight rows. */
function interestingPair(): fc.Arbitrary<[Cube, Cube]> {
  const offsets = fc.oneof(
    cubeArb(15),
    fc
      .tuple(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 6 }))
      .map(([clock, k]) => cubeScale(diagonalAtClock(clock), k)),
    fc
      .tuple(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 10 }))
      .map(([clock, k]) => cubeScale(directionAtClock(clock), k)),
    // q − r ≡ 0 (mod 3) puts lattice corners on the line.
    fc
      .tuple(fc.integer({ min: -6, max: 6 }), fc.integer({ min: -4, max: 4 }))
      .map(([r, k]) => cube(r + 3 * k, r)),
  )
  return fc.tuple(cubeArb(30), offsets).map(([a, d]) => [a, cubeAdd(a, d)])
}

describe('lineWalk: properties', () => {
  test.prop([interestingPair()])('starts with a and ends with b', ([a, b]) => {
    const steps = lineWalk(a, b)
    expect(steps[0]).toEqual({ kind: 'hex', hex: a })
    expect(steps[steps.length - 1]).toEqual({ kind: 'hex', hex: b })
  })

  test.prop([interestingPair()])(
    'walk(b, a) is walk(a, b) reversed with left and right swapped',
    ([a, b]) => {
      expect(lineWalk(b, a)).toEqual(reversed(lineWalk(a, b)))
    },
  )

  test.prop([interestingPair()])(
    'hex steps are connected, directly or across one spine or corner',
    ([a, b]) => {
      const steps = lineWalk(a, b)
      for (let i = 0; i < steps.length - 1; i++) {
        const s = steps[i]!
        const next = steps[i + 1]!
        expect(s.kind).toBe('hex') // spine and vertex steps always sit between two hex steps
        if (s.kind !== 'hex') continue
        if (next.kind === 'hex') expect(distance(s.hex, next.hex)).toBe(1)
        else {
          const after = steps[i + 2]!
          expect(after.kind).toBe('hex')
          if (after.kind !== 'hex') continue
          if (next.kind === 'spine') {
            expect(distance(s.hex, after.hex)).toBe(2)
            for (const side of [next.left, next.right]) {
              expect(distance(side, s.hex)).toBe(1)
              expect(distance(side, after.hex)).toBe(1)
            }
            expect(distance(next.left, next.right)).toBe(1)
          } else {
            expect(distance(s.hex, after.hex)).toBe(1)
            expect(distance(next.hex, s.hex)).toBe(1)
            expect(distance(next.hex, after.hex)).toBe(1)
          }
          i++
        }
      }
    },
  )

  test.prop([interestingPair(), orientationArb])(
    'left and right are as seen on screen, travelling from a to b',
    ([a, b], o) => {
      const pa = hexToPixel(a, 10, o)
      const pb = hexToPixel(b, 10, o)
      // y grows downward, so a negative cross product puts a point left of the direction of travel.
      const sideOf = (h: Cube): 'left' | 'right' => {
        const p = hexToPixel(h, 10, o)
        return (pb.x - pa.x) * (p.y - pa.y) - (pb.y - pa.y) * (p.x - pa.x) < 0 ? 'left' : 'right'
      }
      for (const step of lineWalk(a, b)) {
        if (step.kind === 'vertex') expect(sideOf(step.hex)).toBe(step.side)
        if (step.kind === 'spine') {
          expect(sideOf(step.left)).toBe('left')
          expect(sideOf(step.right)).toBe('right')
        }
      }
    },
  )

  test.prop([interestingPair()])('no hex appears twice', ([a, b]) => {
    const keys = lineWalk(a, b)
      .flatMap((s) => (s.kind === 'spine' ? [s.left, s.right] : [s.hex]))
      .map((h) => `${h.q},${h.r}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  test.prop([interestingPair()], { numRuns: 300 })(
    'matches the candidate-classification reference (integer crosses, clipped, ordered by parameter)',
    ([a, b]) => {
      expect(lineWalk(a, b)).toEqual(oracleLineWalk(a, b))
    },
  )

  it('matches the reference for every line from the origin to distance 12', () => {
    const mismatches: string[] = []
    for (let q = -12; q <= 12; q++) {
      for (let r = -12; r <= 12; r++) {
        if (distance(O, cube(q, r)) > 12) continue
        if (
          JSON.stringify(lineWalk(O, cube(q, r))) !== JSON.stringify(oracleLineWalk(O, cube(q, r)))
        )
          mismatches.push(`${q},${r}`)
      }
    }
    expect(mismatches).toEqual([])
  })

  it('stays exact on long lines across a 999-hex map', () => {
    const a = cube(-400, 300)
    const b = cube(580, -650)
    const steps = lineWalk(a, b)
    expect(steps[steps.length - 1]).toEqual({ kind: 'hex', hex: b })
    expect(lineWalk(b, a)).toEqual(reversed(steps))
    const diagonal = lineWalk(a, cubeAdd(a, cubeScale(cube(1, 1), 300)))
    expect(diagonal.filter((s) => s.kind === 'spine')).toHaveLength(300)
  })
})

describe('exitFrom', () => {
  const orientations: Orientation[] = ['flat', 'pointy']

  it('leaves through the side facing each neighbour', () => {
    for (const o of orientations) {
      for (let i = 0; i < 6; i++) {
        expect(exitFrom(O, neighbor(O, i, o), o)).toEqual({ kind: 'side', clock: sideClock(i, o) })
        expect(exitFrom(O, cubeScale(neighbor(O, i, o), 7), o)).toEqual({
          kind: 'side',
          clock: sideClock(i, o),
        })
      }
    }
  })

  it('leaves through a corner exactly along the diagonals', () => {
    for (const o of orientations) {
      for (let i = 0; i < 6; i++) {
        const clock = vertexClock(i, o)
        expect(exitFrom(O, diagonalAtClock(clock), o)).toEqual({ kind: 'vertex', clock })
        expect(exitFrom(O, cubeScale(diagonalAtClock(clock), 4), o)).toEqual({
          kind: 'vertex',
          clock,
        })
      }
    }
    // (2,−1,−1) is the E corner of a flat-top hex and the NE corner of a pointy-top hex.
    expect(exitFrom(O, cube(2, -1), 'flat')).toEqual({ kind: 'vertex', clock: 3 })
    expect(exitFrom(O, cube(2, -1), 'pointy')).toEqual({ kind: 'vertex', clock: 2 })
  })

  it('leaves a line that only grazes corners further on through a side', () => {
    expect(exitFrom(O, cube(5, -4), 'flat')).toEqual({ kind: 'side', clock: 2 })
    expect(exitFrom(O, cube(5, -4), 'pointy')).toEqual({ kind: 'side', clock: 1 })
  })

  it('refuses a line from a hex to itself', () => {
    expect(() => exitFrom(O, O, 'flat')).toThrow(RangeError)
  })

  test.prop([interestingPair(), orientationArb])(
    'agrees with the first move of lineWalk',
    ([a, b], o) => {
      fc.pre(a.q !== b.q || a.r !== b.r)
      const exit = exitFrom(a, b, o)
      const second = lineWalk(a, b)[1]!
      if (exit.kind === 'side')
        expect(second).toEqual({ kind: 'hex', hex: neighborAtClock(a, exit.clock) })
      else {
        // Leaving through a corner means the corner vector is parallel to the line: a spine follows.
        expect(second.kind).toBe('spine')
        expect(lineWalk(a, b)[2]).toEqual({
          kind: 'hex',
          hex: cubeAdd(a, diagonalAtClock(exit.clock)),
        })
      }
    },
  )
})
