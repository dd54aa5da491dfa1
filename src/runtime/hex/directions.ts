/**
 * Directions on a 12-position compass "clock": 0 = north, each step 30° clockwise.
 * Flat-top hexes have sides at even positions and corners at odd ones; pointy-top is the
 * reverse. So a clock position alone says which orientation it belongs to, and data
 * (facings, hexside features) can store one number for both orientations.
 */
import type { Cube, Orientation } from './coords'
import { cube, cubeAdd, cubeSub } from './coords'

export type CompassName = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW'

export const CLOCK_POSITIONS = 12

/** A corner of a hex, named by the clock position of the corner seen from the centre. */
export interface HexVertex {
  readonly hex: Cube
  readonly clock: number
}

export interface Side {
  /** 0..5 clockwise from the most northern side of the orientation. */
  readonly index: number
  readonly clock: number
  readonly name: CompassName
}

export type NameLookup = { ok: true; clock: number } | { ok: false; message: string }

// The six neighbour vectors, listed clockwise from the one that points north on a
// flat-top map. On a pointy-top map the same vectors point 30° further anticlockwise,
// which is why pointy clock = flat clock − 1 for every direction and diagonal.
const DIRECTIONS: readonly Cube[] = [
  cube(0, -1),
  cube(1, -1),
  cube(1, 0),
  cube(0, 1),
  cube(-1, 1),
  cube(-1, 0),
]

// DIAGONALS[j] points through the corner between DIRECTIONS[j] and DIRECTIONS[j + 1].
const DIAGONALS: readonly Cube[] = DIRECTIONS.map((d, j) =>
  cubeAdd(d, DIRECTIONS[(j + 1) % 6] as Cube),
)

export const SIDE_NAMES: Readonly<Record<Orientation, readonly CompassName[]>> = {
  flat: ['N', 'NE', 'SE', 'S', 'SW', 'NW'],
  pointy: ['NE', 'E', 'SE', 'SW', 'W', 'NW'],
}

export const VERTEX_NAMES: Readonly<Record<Orientation, readonly CompassName[]>> = {
  flat: ['NE', 'E', 'SE', 'SW', 'W', 'NW'],
  pointy: ['N', 'NE', 'SE', 'S', 'SW', 'NW'],
}

/** Wraps any integer onto 0..11; rejects non-integers, which are never valid positions. */
export function normalizeClock(clock: number): number {
  if (!Number.isInteger(clock))
    throw new RangeError(`clock position must be a whole number, not ${clock}`)
  return (((clock % 12) + 12) % 12) + 0
}

/** Sides of flat-top hexes sit at even clock positions, sides of pointy-top hexes at odd ones. */
export function isSideClock(clock: number, orientation: Orientation): boolean {
  return Number.isInteger(clock) && (normalizeClock(clock) % 2 === 0) === (orientation === 'flat')
}

export function isVertexClock(clock: number, orientation: Orientation): boolean {
  return Number.isInteger(clock) && !isSideClock(clock, orientation)
}

function checkIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index > 5) {
    throw new RangeError(`side/vertex index must be 0..5, not ${index}`)
  }
}

export function sideClock(index: number, orientation: Orientation): number {
  checkIndex(index)
  return orientation === 'flat' ? 2 * index : 2 * index + 1
}

export function vertexClock(index: number, orientation: Orientation): number {
  checkIndex(index)
  return orientation === 'flat' ? 2 * index + 1 : 2 * index
}

export function sideIndex(clock: number, orientation: Orientation): number {
  if (!isSideClock(clock, orientation)) {
    throw new RangeError(`clock position ${clock} is not a side of a ${orientation}-top hex`)
  }
  return normalizeClock(clock) >> 1
}

export function vertexIndex(clock: number, orientation: Orientation): number {
  if (!isVertexClock(clock, orientation)) {
    throw new RangeError(`clock position ${clock} is not a corner of a ${orientation}-top hex`)
  }
  return normalizeClock(clock) >> 1
}

export function sideName(clock: number, orientation: Orientation): CompassName {
  return SIDE_NAMES[orientation][sideIndex(clock, orientation)] as CompassName
}

export function vertexName(clock: number, orientation: Orientation): CompassName {
  return VERTEX_NAMES[orientation][vertexIndex(clock, orientation)] as CompassName
}

function lookupName(name: string, orientation: Orientation, kind: 'side' | 'corner'): NameLookup {
  const names = kind === 'side' ? SIDE_NAMES[orientation] : VERTEX_NAMES[orientation]
  const index = names.indexOf(name as CompassName)
  if (index >= 0) {
    return {
      ok: true,
      clock: kind === 'side' ? sideClock(index, orientation) : vertexClock(index, orientation),
    }
  }
  return {
    ok: false,
    message: `"${name}" is not a ${kind} of a ${orientation}-top hex: use one of ${names.join(', ')}`,
  }
}

export function sideClockFromName(name: string, orientation: Orientation): NameLookup {
  return lookupName(name, orientation, 'side')
}

export function vertexClockFromName(name: string, orientation: Orientation): NameLookup {
  return lookupName(name, orientation, 'corner')
}

/** The unit vector leaving a hex through the side at this clock position (either orientation). */
export function directionAtClock(clock: number): Cube {
  // Flat sides 0,2,…,10 and pointy sides 11,1,…,9 both map to DIRECTIONS[ceil(clock / 2) mod 6].
  return DIRECTIONS[((normalizeClock(clock) + 1) >> 1) % 6] as Cube
}

/** The vector from a hex to the hex beyond its corner at this clock position (distance 2). */
export function diagonalAtClock(clock: number): Cube {
  // Flat corners 1,3,…,11 and pointy corners 0,2,…,10 both map to DIAGONALS[floor(clock / 2)].
  return DIAGONALS[normalizeClock(clock) >> 1] as Cube
}

/** Clock position of a unit direction vector, or null if the vector is not one. */
export function clockOfDirection(v: Cube, orientation: Orientation): number | null {
  const j = DIRECTIONS.findIndex((d) => d.q === v.q && d.r === v.r)
  if (j < 0) return null
  return orientation === 'flat' ? 2 * j : (2 * j + 11) % 12
}

/** Clock position of the corner a diagonal vector points through, or null if it is not one. */
export function clockOfDiagonal(v: Cube, orientation: Orientation): number | null {
  const j = DIAGONALS.findIndex((d) => d.q === v.q && d.r === v.r)
  if (j < 0) return null
  return orientation === 'flat' ? 2 * j + 1 : 2 * j
}

export function neighborAtClock(c: Cube, clock: number): Cube {
  return cubeAdd(c, directionAtClock(clock))
}

export function neighbor(c: Cube, index: number, orientation: Orientation): Cube {
  return neighborAtClock(c, sideClock(index, orientation))
}

/** The six neighbours, clockwise from the one across the most northern side. */
export function neighbors(c: Cube, orientation: Orientation): Cube[] {
  const out: Cube[] = []
  for (let i = 0; i < 6; i++) out.push(neighbor(c, i, orientation))
  return out
}

/** The side of a through which b is reached, or null when the hexes are not adjacent. */
export function sideToward(a: Cube, b: Cube, orientation: Orientation): Side | null {
  const clock = clockOfDirection(cubeSub(b, a), orientation)
  if (clock === null) return null
  return { index: clock >> 1, clock, name: sideName(clock, orientation) }
}

/**
 * The two other hexes that meet at a corner: first the one across the side just
 * anticlockwise of the corner, then the one across the side just clockwise of it.
 */
export function vertexNeighbors(vertex: HexVertex): [Cube, Cube] {
  const clock = normalizeClock(vertex.clock)
  return [neighborAtClock(vertex.hex, clock - 1), neighborAtClock(vertex.hex, clock + 1)]
}
