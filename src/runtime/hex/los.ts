/**
 * Exact line-of-sight walk from hex centre to hex centre.
 *
 * Axial coordinates scaled by 3 put every hex corner on an integer point, so whether a
 * corner lies left of, right of or exactly on the line is the sign of an integer cross
 * product. The walk follows the line hex by hex, and at each exit decides with those
 * signs alone whether the line leaves through a side, through a corner into a
 * neighbour (grazing the third hex at that corner), or along a hexside (a spine). No
 * floating point and no epsilon: a spine or a vertex graze is reported exactly when the
 * geometry has one. axial → screen keeps handedness for both orientations, so left and
 * right are the same in either.
 */
import type { Cube, Orientation } from './coords'
import { cube } from './coords'
import { clockOfDiagonal, clockOfDirection } from './directions'
import { distance } from './metrics'

export type LineStep =
  /** The line crosses the interior of this hex. */
  | { readonly kind: 'hex'; readonly hex: Cube }
  /** The line runs exactly along the side shared by these hexes, entering neither. */
  | { readonly kind: 'spine'; readonly left: Cube; readonly right: Cube }
  /** The line touches only one corner of this hex. */
  | { readonly kind: 'vertex'; readonly hex: Cube; readonly side: 'left' | 'right' }

export type LineExit = { readonly kind: 'side' | 'vertex'; readonly clock: number }

/**
 * Corners of a hex, ×3 axial offsets from its centre, clockwise (on screen) from the
 * corner towards +q. Corner k is also the diagonal vector to the hex beyond that corner.
 */
const CORNER_Q = [2, 1, -1, -2, -1, 1] as const
const CORNER_R = [-1, 1, 2, 1, -1, -2] as const
/** The neighbour across the side from corner k to corner k+1. */
const EDGE_Q = [1, 0, -1, -1, 0, 1] as const
const EDGE_R = [0, 1, 1, 0, -1, -1] as const

function at(values: readonly number[], k: number): number {
  return values[k] as number
}

/**
 * Everything the straight line from the centre of a to the centre of b meets, in order
 * from a to b: hexes it passes through (first a, last b), hexsides it runs along, and
 * corners it only touches. walk(b, a) is walk(a, b) reversed with left and right swapped.
 */
export function lineWalk(a: Cube, b: Cube): LineStep[] {
  const steps: LineStep[] = [{ kind: 'hex', hex: a }]
  const dq = b.q - a.q
  const dr = b.r - a.r
  let q = a.q
  let r = a.r
  // A line of length N crosses at most about 4N/3 hexes (slivers near corners add to the
  // N + 1 of a lerp line); the bound only stops a broken invariant from looping forever.
  const maxIterations = 2 * distance(a, b) + 2
  const cross = new Array<number>(6)
  for (let iteration = 0; q !== b.q || r !== b.r; iteration++) {
    if (iteration > maxIterations) throw new Error('lineWalk lost the line: this is a bug')
    // Current centre relative to a, ×3; cross < 0 puts a corner left of the line.
    const cq = 3 * (q - a.q)
    const cr = 3 * (r - a.r)
    for (let k = 0; k < 6; k++) cross[k] = dq * (cr + at(CORNER_R, k)) - dr * (cq + at(CORNER_Q, k))
    let moved = false
    for (let k = 0; k < 6 && !moved; k++) {
      const here = cross[k] as number
      const next = cross[(k + 1) % 6] as number
      // Clockwise round the hex, corner signs go from left to right where the line leaves.
      if (here < 0 && next > 0) {
        q += at(EDGE_Q, k)
        r += at(EDGE_R, k)
        steps.push({ kind: 'hex', hex: cube(q, r) })
        moved = true
      } else if (here === 0 && (cross[(k + 5) % 6] as number) < 0 && next > 0) {
        const prev = (k + 5) % 6
        const left = cube(q + at(EDGE_Q, prev), r + at(EDGE_R, prev))
        const right = cube(q + at(EDGE_Q, k), r + at(EDGE_R, k))
        const eq = at(CORNER_Q, k)
        const er = at(CORNER_R, k)
        // The side shared by left and right starts at this corner and points along the
        // corner vector e; the line runs along it, or turns off it into one of them.
        const turn = eq * dr - er * dq
        if (turn === 0) {
          steps.push({ kind: 'spine', left, right })
          q += eq
          r += er
          steps.push({ kind: 'hex', hex: cube(q, r) })
        } else if (turn < 0) {
          steps.push({ kind: 'vertex', hex: right, side: 'right' })
          steps.push({ kind: 'hex', hex: left })
          q = left.q
          r = left.r
        } else {
          steps.push({ kind: 'vertex', hex: left, side: 'left' })
          steps.push({ kind: 'hex', hex: right })
          q = right.q
          r = right.r
        }
        moved = true
      }
    }
    if (!moved) throw new Error('lineWalk found no exit: this is a bug')
  }
  return steps
}

/** Only the hexes whose interior the line crosses, from a to b inclusive. */
export function lineHexes(a: Cube, b: Cube): Cube[] {
  const out: Cube[] = []
  for (const step of lineWalk(a, b)) if (step.kind === 'hex') out.push(step.hex)
  return out
}

/**
 * The side or corner through which the line from the centre of a towards the centre of
 * b leaves a. It leaves through a corner exactly when b − a is a positive multiple of a
 * diagonal vector such as (2, −1, −1). Throws when a and b are the same hex.
 */
export function exitFrom(a: Cube, b: Cube, orientation: Orientation): LineExit {
  const dq = b.q - a.q
  const dr = b.r - a.r
  if (dq === 0 && dr === 0)
    throw new RangeError('a line from a hex to itself leaves through no side')
  for (let k = 0; k < 6; k++) {
    const eq = at(CORNER_Q, k)
    const er = at(CORNER_R, k)
    const turn = eq * dr - er * dq
    if (turn === 0 && eq * dq + er * dr > 0) {
      return { kind: 'vertex', clock: clockOfDiagonal(cube(eq, er), orientation) as number }
    }
    const k1 = (k + 1) % 6
    // Strictly clockwise of corner k and strictly anticlockwise of corner k+1.
    if (turn > 0 && at(CORNER_Q, k1) * dr - at(CORNER_R, k1) * dq < 0) {
      return {
        kind: 'side',
        clock: clockOfDirection(cube(at(EDGE_Q, k), at(EDGE_R, k)), orientation) as number,
      }
    }
  }
  throw new Error('exitFrom found no exit: this is a bug')
}
