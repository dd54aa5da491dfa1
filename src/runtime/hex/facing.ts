/**
 * Facing: a counter points at a clock position — a corner (vertex facing) or a side (hexside
 * facing). Which neighbours count as front, flank or rear is ruleset data; this module only
 * measures angles and looks them up.
 */
import type { Cube, Orientation } from './coords'
import { cubeEquals } from './coords'
import { isSideClock, isVertexClock, normalizeClock } from './directions'
import { exitFrom } from './los'

export type FacingKind = 'vertex' | 'side'

export type VertexFacingSector = 'front' | 'flank' | 'rear'

export interface VertexFacingClass {
  readonly sector: VertexFacingSector
  readonly hand: 'left' | 'right'
}

/**
 * Relative bearing (a multiple of 30, in (−180, 180]; positive = clockwise, to the
 * counter's right) → sector name. JSON object keys are strings, hence string keys.
 */
export type SectorTable<S extends string = string> = Readonly<Record<string, S>>

/** Every relative bearing a line can leave a hex at, relative to any facing. */
export const RELATIVE_BEARINGS: readonly number[] = [
  0, 30, 60, 90, 120, 150, 180, -150, -120, -90, -60, -30,
]

/** Why a stored facing is invalid for this orientation and kind, or null when it is fine. */
export function checkFacing(
  clock: number,
  orientation: Orientation,
  kind: FacingKind,
): string | null {
  if (!Number.isInteger(clock) || clock < 0 || clock > 11) {
    return `facing must be a clock position 0..11, not ${clock}`
  }
  const ok = kind === 'vertex' ? isVertexClock(clock, orientation) : isSideClock(clock, orientation)
  if (ok) return null
  const other = kind === 'vertex' ? 'side' : 'corner'
  return `facing ${clock} points at a ${other} of a ${orientation}-top hex, but this ruleset faces ${kind === 'vertex' ? 'corners' : 'sides'}`
}

/** Signed angle from the facing to the target clock position, in (−180, 180]. */
export function relativeBearing(facingClock: number, targetClock: number): number {
  let steps = normalizeClock(targetClock - facingClock)
  if (steps > 6) steps -= 12
  return steps * 30
}

/**
 * Vertex facing: the two neighbours either side of the faced corner are front, the two at the
 * far end are rear, and the one left between them on each side is flank.
 */
export function classifyVertexFacing(
  facingClock: number,
  neighborSideClock: number,
): VertexFacingClass {
  if (normalizeClock(facingClock) % 2 === normalizeClock(neighborSideClock) % 2) {
    throw new RangeError(
      `facing ${facingClock} and side ${neighborSideClock} are both corners or both sides of a hex: ` +
        'vertex facing needs a corner facing and a side',
    )
  }
  const bearing = relativeBearing(facingClock, neighborSideClock)
  const magnitude = Math.abs(bearing)
  const sector: VertexFacingSector =
    magnitude === 30 ? 'front' : magnitude === 90 ? 'flank' : 'rear'
  return { sector, hand: bearing > 0 ? 'right' : 'left' }
}

/** Bearings the table lacks, as a message, or null when every bearing has a sector. */
export function checkSectorTable(sectors: SectorTable): string | null {
  const missing = RELATIVE_BEARINGS.filter((b) => typeof sectors[String(b)] !== 'string')
  if (missing.length === 0) return null
  return `the facing sector table has no entry for relative bearing${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`
}

/**
 * Sector of the line from a counter's hex towards target: the bearing of the side or
 * corner the line leaves through, relative to the facing, looked up in the table (so a
 * ruleset decides what a line along a hexspine counts as). Null when target is the
 * counter's own hex. Throws when the table lacks the bearing (see checkSectorTable).
 */
export function sectorOfDirection<S extends string>(
  facing: number,
  from: Cube,
  target: Cube,
  orientation: Orientation,
  sectors: SectorTable<S>,
): S | null {
  if (cubeEquals(from, target)) return null
  const bearing = relativeBearing(facing, exitFrom(from, target, orientation).clock)
  const sector = sectors[String(bearing)]
  if (sector === undefined)
    throw new RangeError(`the facing sector table has no entry for relative bearing ${bearing}`)
  return sector
}

/** Number of 60° turns between two facings of the same kind (0..3). */
export function turnSteps(fromClock: number, toClock: number): number {
  if (normalizeClock(fromClock) % 2 !== normalizeClock(toClock) % 2) {
    throw new RangeError(
      `cannot turn from facing ${fromClock} to ${toClock}: one is a corner and the other a side`,
    )
  }
  return Math.abs(relativeBearing(fromClock, toClock)) / 60
}

/** Facing clock after turning by a number of 60° steps (positive = clockwise). */
export function turnFacing(clock: number, steps: number): number {
  if (!Number.isInteger(steps)) throw new RangeError(`turn steps must be whole, not ${steps}`)
  return normalizeClock(clock + 2 * steps)
}
