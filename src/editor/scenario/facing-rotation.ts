/**
 * Facing as the scenario writes it: a compass name of the corner (vertex facing) or side
 * (hexside facing) a counter points at. Which names exist depends on the map's orientation and
 * the ruleset's facing mode; rotating steps through them clockwise.
 */
import type { Orientation } from '../../runtime'
import { SIDE_NAMES, sideClockFromName, VERTEX_NAMES, vertexClockFromName } from '../../runtime'

export type FacingMode = 'vertex' | 'hexside' | 'none'

/** The six facings in clockwise order, or none when the ruleset ignores facing. */
export function facingNames(mode: FacingMode, orientation: Orientation): readonly string[] {
  if (mode === 'none') return []
  return mode === 'vertex' ? VERTEX_NAMES[orientation] : SIDE_NAMES[orientation]
}

/**
 * The facing `steps` positions clockwise (negative: anticlockwise) from `current`. A unit with
 * no facing, or one this map cannot show, starts from the first name.
 */
export function rotateFacing(
  current: string | undefined,
  names: readonly string[],
  steps: number,
): string | undefined {
  if (names.length === 0) return undefined
  const i = current === undefined ? -1 : names.indexOf(current)
  if (i < 0) return names[0]
  const n = names.length
  return names[(((i + steps) % n) + n) % n]
}

/** Degrees clockwise from north the counter is turned to show this facing (0 when unknown). */
export function facingDegrees(
  name: string | undefined,
  mode: FacingMode,
  orientation: Orientation,
): number {
  if (!name || mode === 'none') return 0
  const r =
    mode === 'vertex'
      ? vertexClockFromName(name, orientation)
      : sideClockFromName(name, orientation)
  return r.ok ? r.clock * 30 : 0
}
