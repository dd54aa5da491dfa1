/**
 * Retreats of a harnessed team (movement/harness.ts): a unit forced to retreat while harnessed
 * to another (a beast of burden to its wagon) takes it along. The two move as one piece, each one
 * hex the same way with its heading kept, so a retreat is open only where both may stand: the
 * terrain of each hex open to it (the pulled unit's by its haulage movement class), nobody else
 * there, the remains not barring it. Also the wagon hexes every retreat meets: equipment may be
 * passed at its cost, or not at all where its terrain is closed to the unit, and never ended on.
 */
import type { Cube } from '../../hex'
import { boardOf } from '../../state/board'
import { hexesOf, isTwoHex, rearHex, unitsCovering } from '../../state/footprints'
import { remainsEntry } from '../../state/remains'
import { equipmentEndProblem, equipmentEntry } from '../equipment'
import { movementClassOf } from '../influence'
import { pulledBy } from '../movement/harness'
import type { PlayContext } from '../procedure'
import { hexEntryCost } from '../terrain-costs'
import { placeUnit } from './common'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** The unit harnessed to `id` that goes with it, standing on the map; undefined when none. */
export function teamOf(ctx: Ctx, id: string): string | undefined {
  const pulled = pulledBy(ctx, id)
  const unit = pulled === undefined ? undefined : ctx.state.units[pulled]
  return unit?.location === 'map' && unit.hex !== null ? pulled : undefined
}

/**
 * The movement class whose terrain a unit retreating reads: a unit moved by a crew (a beast of
 * burden) has that of its haulage.
 */
export function retreatClass(ctx: Ctx, id: string): string {
  const type = ctx.loaded.rules.unitTypes.get(ctx.state.units[id]?.type ?? '')
  return type?.haulage?.movementClass ?? movementClassOf(ctx, id)
}

/** `hex` moved by the vector that takes `from` to `to`; null off the map. */
function shifted(ctx: Ctx, from: string, to: string, hex: string): string | null {
  const board = boardOf(ctx.loaded)
  const [a, b, c] = [board.cubeOf(from), board.cubeOf(to), board.cubeOf(hex)] as Cube[]
  if (a === undefined || b === undefined || c === undefined) return null
  return board.labelIfOnMap({ q: c.q + b.q - a.q, r: c.r + b.r - a.r, s: c.s + b.s - a.s })
}

/** The hexes unit `u` would cover shifted as its team's front goes from `from` to `to`. */
function shiftedHexes(ctx: Ctx, u: string, from: string, to: string): string[] | null {
  const unit = ctx.state.units[u]
  if (unit?.hex == null) return null
  const front = shifted(ctx, from, to, unit.hex)
  if (front === null) return null
  if (unit.facing === null || !isTwoHex(ctx.loaded, unit.type)) return [front]
  const rear = rearHex(ctx.loaded, front, unit.facing)
  return rear === null ? null : [front, rear]
}

/**
 * Why the team of `id` may not end its retreat with `id`'s front gone from `from` to `to`; null
 * when it may (`id` and its pulled unit each where its class may stand, with no one else).
 */
export function teamRetreatProblem(
  ctx: Ctx,
  id: string,
  pulled: string,
  from: string,
  to: string,
): string | null {
  const team = [id, pulled]
  for (const u of team) {
    const hexes = shiftedHexes(ctx, u, from, to)
    if (hexes === null) return `${u} would leave the map`
    const moveClass = retreatClass(ctx, u)
    for (const hex of hexes) {
      if (hexEntryCost(ctx.loaded, hex, moveClass) === null)
        return `${u} cannot stand in the terrain of ${hex}`
      const others = unitsCovering(ctx, hex).filter((o) => !team.includes(o))
      if (others.length > 0) return `${others.join(', ')} is in the way of ${pulled} in ${hex}`
      const remains = remainsEntry(ctx.loaded, ctx.state, hex)
      if (!remains.ok) return remains.reason
    }
  }
  return null
}

/** Moves the pulled unit along with `id`, whose front went from `from` to `to`, keeping its heading. */
export function pullAlong(
  ctx: PlayContext,
  id: string,
  pulled: string,
  from: string,
  to: string,
  rule?: string,
): void {
  const unit = ctx.state.units[pulled]
  if (unit?.hex == null) return
  const hex = shifted(ctx, from, to, unit.hex)
  if (hex === null) return
  placeUnit(ctx, pulled, { hex, facing: unit.facing }, `is taken back with ${id} to`, rule)
}

/**
 * What the equipment in `hex` does to unit `id` retreating into it: why it may not enter, or
 * (`last`: where the retreat ends) may not stay; null when it may.
 */
export function equipmentRetreatProblem(
  ctx: Ctx,
  id: string,
  hex: string,
  last: boolean,
  ignore: readonly string[] = [],
): { reason: string; rule?: string } | null {
  const own = [id, ...ignore]
  // A two-hex counter's hexes are read by its stances (standing), which know the equipment.
  if (hexesOf(ctx, id).length === 2) return null
  const entry = equipmentEntry(ctx, hex, retreatClass(ctx, id), own)
  if (!entry.ok)
    return { reason: entry.reason, ...(entry.rule === undefined ? {} : { rule: entry.rule }) }
  if (!last) return null
  const end = equipmentEndProblem(ctx, hex, own)
  return end === null ? null : { reason: end }
}
