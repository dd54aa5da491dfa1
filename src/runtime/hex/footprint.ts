/**
 * Two-hex counters (riders on horseback): a front hex and a heading, the side clock position
 * pointing from the rear hex to the front hex. The rear is derived, so a footprint can
 * never be stored with its halves apart.
 */
import type { Cube, Orientation } from './coords'
import { cubeEquals, cubeSub } from './coords'
import {
  clockOfDirection,
  directionAtClock,
  isSideClock,
  neighborAtClock,
  normalizeClock,
} from './directions'
import { distance } from './metrics'

export interface Footprint {
  readonly front: Cube
  /** Side clock position, direction rear → front. */
  readonly heading: number
}

export type FootprintStep = 'ahead' | 'frontDiagonal' | 'flank' | 'rearDiagonal' | 'behind'

function checkHeading(fp: Footprint, orientation: Orientation): void {
  if (!isSideClock(fp.heading, orientation)) {
    throw new RangeError(`heading ${fp.heading} is not a side of a ${orientation}-top hex`)
  }
}

export function footprintRear(fp: Footprint): Cube {
  return neighborAtClock(fp.front, fp.heading + 6)
}

/** [front, rear]. */
export function footprintHexes(fp: Footprint): [Cube, Cube] {
  return [fp.front, footprintRear(fp)]
}

/** The footprint occupying the same two hexes facing the other way (a half-turn on the spot). */
export function reverseFootprint(fp: Footprint): Footprint {
  return { front: footprintRear(fp), heading: normalizeClock(fp.heading + 6) }
}

/**
 * How a hex adjacent to the footprint lies relative to its heading (T-CH-7 turning
 * costs): ahead of the front, a front diagonal, a flank hex touching both halves, a rear
 * diagonal, or behind the rear. Null for the footprint's own hexes and anything further.
 */
export function classifyFootprintStep(
  fp: Footprint,
  target: Cube,
  orientation: Orientation,
): FootprintStep | null {
  checkHeading(fp, orientation)
  const rear = footprintRear(fp)
  if (cubeEquals(target, fp.front) || cubeEquals(target, rear)) return null
  const nearFront = distance(target, fp.front) === 1
  const nearRear = distance(target, rear) === 1
  if (nearFront && nearRear) return 'flank'
  if (nearFront) {
    return cubeEquals(target, neighborAtClock(fp.front, fp.heading)) ? 'ahead' : 'frontDiagonal'
  }
  if (nearRear) {
    return cubeEquals(target, neighborAtClock(rear, fp.heading + 6)) ? 'behind' : 'rearDiagonal'
  }
  return null
}

/**
 * The frontal arc of a two-hex counter: the 120° wedge with its apex at the front hex and its
 * edges along the two front-diagonal axes, edges included, apex excluded — every
 * front + a·e(heading − 60°) + b·e(heading + 60°) with a, b ≥ 0 and a + b ≥ 1.
 */
export function frontalArc(fp: Footprint, hex: Cube, orientation: Orientation): boolean {
  checkHeading(fp, orientation)
  const u = directionAtClock(fp.heading - 2)
  const v = directionAtClock(fp.heading + 2)
  const d = cubeSub(hex, fp.front)
  // u and v are 120° apart, so they form a basis of the hex lattice with determinant ±1
  // and Cramer's rule gives integer a, b directly.
  const det = u.q * v.r - u.r * v.q
  const a = (d.q * v.r - d.r * v.q) / det
  const b = (u.q * d.r - u.r * d.q) / det
  return a >= 0 && b >= 0 && a + b >= 1
}

/**
 * The footprint after the front moves into target (T-CH-7, suggested reading of Q-CH-6):
 * the old front becomes the rear if target touches it, otherwise the old rear stays.
 * Null when target is not adjacent to either half or is one of them; use
 * reverseFootprint for a half-turn on the spot.
 */
export function moveFootprint(fp: Footprint, target: Cube): Footprint | null {
  const rear = footprintRear(fp)
  if (cubeEquals(target, fp.front) || cubeEquals(target, rear)) return null
  let newRear: Cube
  if (distance(target, fp.front) === 1) newRear = fp.front
  else if (distance(target, rear) === 1) newRear = rear
  else return null
  // The heading keeps the orientation of the old one: sides are even clocks on flat-top maps.
  const orientation: Orientation = normalizeClock(fp.heading) % 2 === 0 ? 'flat' : 'pointy'
  const heading = clockOfDirection(cubeSub(target, newRear), orientation) as number
  return { front: target, heading }
}
