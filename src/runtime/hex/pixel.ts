/**
 * Hex ↔ pixel geometry for drawing (Leaflet CRS.Simple, canvas). `size` is the distance
 * from a hex centre to a corner; hex (0,0,0) is centred on the origin; y grows downward.
 * The editor maps these pixels onto a calibrated underlay with its own transform.
 */
import type { Cube, Orientation } from './coords'
import { cubeRound } from './coords'
import { isSideClock, normalizeClock } from './directions'

export interface Point {
  readonly x: number
  readonly y: number
}

const SQRT3 = Math.sqrt(3)
const HALF_SQRT3 = SQRT3 / 2

// Unit vector towards each clock position (x right, y down), written out so the
// axis-aligned ones are exactly 0, ±0.5 and ±1 rather than sin/cos approximations.
const CLOCK_UNIT: readonly Point[] = [
  { x: 0, y: -1 },
  { x: 0.5, y: -HALF_SQRT3 },
  { x: HALF_SQRT3, y: -0.5 },
  { x: 1, y: 0 },
  { x: HALF_SQRT3, y: 0.5 },
  { x: 0.5, y: HALF_SQRT3 },
  { x: 0, y: 1 },
  { x: -0.5, y: HALF_SQRT3 },
  { x: -HALF_SQRT3, y: 0.5 },
  { x: -1, y: 0 },
  { x: -HALF_SQRT3, y: -0.5 },
  { x: -0.5, y: -HALF_SQRT3 },
]

/** Unit vector pointing at a clock position (0 = up the screen). */
export function clockUnitVector(clock: number): Point {
  return CLOCK_UNIT[normalizeClock(clock)] as Point
}

export function hexToPixel(c: Cube, size: number, orientation: Orientation): Point {
  if (orientation === 'flat') {
    return { x: size * 1.5 * c.q, y: size * (HALF_SQRT3 * c.q + SQRT3 * c.r) }
  }
  return { x: size * (SQRT3 * c.q + HALF_SQRT3 * c.r), y: size * 1.5 * c.r }
}

/** The hex containing a pixel; points exactly on an edge go to one of its two hexes. */
export function pixelToHex(p: Point, size: number, orientation: Orientation): Cube {
  let q: number
  let r: number
  if (orientation === 'flat') {
    q = ((2 / 3) * p.x) / size
    r = ((-1 / 3) * p.x + (SQRT3 / 3) * p.y) / size
  } else {
    q = ((SQRT3 / 3) * p.x - (1 / 3) * p.y) / size
    r = ((2 / 3) * p.y) / size
  }
  return cubeRound({ q, r, s: -q - r })
}

function cornerAt(center: Point, size: number, clock: number): Point {
  const u = CLOCK_UNIT[clock] as Point
  return { x: center.x + size * u.x, y: center.y + size * u.y }
}

/** Corner at a vertex clock position of the hex. */
export function hexCorner(c: Cube, clock: number, size: number, orientation: Orientation): Point {
  if (isSideClock(clock, orientation)) {
    throw new RangeError(`clock position ${clock} is not a corner of a ${orientation}-top hex`)
  }
  return cornerAt(hexToPixel(c, size, orientation), size, normalizeClock(clock))
}

/** The six corners clockwise, from clock 1 (flat-top) or clock 0 (pointy-top). */
export function hexCorners(c: Cube, size: number, orientation: Orientation): Point[] {
  const center = hexToPixel(c, size, orientation)
  const first = orientation === 'flat' ? 1 : 0
  const out: Point[] = []
  for (let k = 0; k < 6; k++) out.push(cornerAt(center, size, first + 2 * k))
  return out
}

/** Ends of the side at a side clock position, in clockwise order round the hex. */
export function hexsideEndpoints(
  c: Cube,
  sideClock: number,
  size: number,
  orientation: Orientation,
): [Point, Point] {
  if (!isSideClock(sideClock, orientation)) {
    throw new RangeError(`clock position ${sideClock} is not a side of a ${orientation}-top hex`)
  }
  const center = hexToPixel(c, size, orientation)
  const k = normalizeClock(sideClock)
  return [cornerAt(center, size, (k + 11) % 12), cornerAt(center, size, (k + 1) % 12)]
}
