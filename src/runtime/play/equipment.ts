/**
 * Equipment on the map (unit type `equipment`: a wagon, a siege engine): pieces that are not
 * characters. What their hexes mean to the other pieces is answered here, for every kind of move
 * that reads the hex it enters (the movement phase's steps, a rider's stances): a piece passes
 * through equipment that `standsAs` a hex type at that terrain's cost for its movement class
 * (never less than the ground's own), is kept out where that terrain is closed to it or where the
 * equipment stands as nothing, and never ends a move there.
 */
import type { LoadedScenario } from '../rules/loaded'
import { coverage } from '../state/footprints'
import type { GameState } from '../state/game-state'
import { fromArrangement } from '../state/occupancy'
import { anyEquipment, isEquipmentType } from '../state/roster'
import { hexEntryCost, hexTypeCost } from './terrain-costs'

type Ctx = { loaded: LoadedScenario; state: GameState }

export type EquipmentEntry =
  { ok: true; extra: number } | { ok: false; reason: string; rule?: string }

const FREE: EquipmentEntry = Object.freeze({ ok: true as const, extra: 0 })
const NONE: readonly string[] = Object.freeze([])

/** The equipment covering each hex, kept while the units stand where they do. */
function equipmentMap(ctx: Ctx): ReadonlyMap<string, readonly string[]> {
  return fromArrangement(ctx.loaded, ctx.state, 'equipment|hexes', () => {
    const out = new Map<string, string[]>()
    for (const [hex, ids] of coverage(ctx)) {
      const found = ids.filter((id) => isEquipmentType(ctx.loaded, ctx.state.units[id]?.type))
      if (found.length > 0) out.set(hex, found)
    }
    return out
  })
}

/** The equipment covering `hex` (none in a game without equipment). */
export function equipmentIn(ctx: Ctx, hex: string): readonly string[] {
  if (!anyEquipment(ctx.loaded)) return NONE
  return equipmentMap(ctx).get(hex) ?? NONE
}

/** Whether unit `id` is equipment. */
export function isEquipment(ctx: Ctx, id: string): boolean {
  return isEquipmentType(ctx.loaded, ctx.state.units[id]?.type)
}

/**
 * What the equipment in `hex` does to a piece of movement class `moveClass` entering it: the
 * extra points over the ground's cost, or why it may not enter. `ignore` are units that move
 * with the piece (the equipment a crew hauls).
 */
export function equipmentEntry(
  ctx: Ctx,
  hex: string,
  moveClass: string,
  ignore: readonly string[] = NONE,
): EquipmentEntry {
  const here = equipmentIn(ctx, hex)
  if (here.length === 0) return FREE
  let extra = 0
  for (const id of here) {
    if (ignore.includes(id)) continue
    const def = ctx.loaded.rules.unitTypes.get(ctx.state.units[id]?.type ?? '')?.equipment
    const rule = def?.rule === undefined ? {} : { rule: def.rule }
    const standsAs = def?.standsAs
    if (standsAs === undefined) return { ok: false, reason: `${hex} holds ${id}`, ...rule }
    const cost = hexTypeCost(ctx.loaded, standsAs, moveClass)
    if (cost === null) {
      const label =
        ctx.loaded.rules.ruleset.terrain.hexTypes.find((t) => t.id === standsAs)?.label ?? standsAs
      return {
        ok: false,
        reason: `${hex} is a ${label.toLowerCase()} hex of ${id}, closed to it`,
        ...rule,
      }
    }
    const ground = hexEntryCost(ctx.loaded, hex, moveClass) ?? 0
    extra = Math.max(extra, cost - ground)
  }
  return extra === 0 ? FREE : { ok: true, extra }
}

/** Why no piece may end its move in `hex` for the equipment there (`ignore` aside); null if it may. */
export function equipmentEndProblem(
  ctx: Ctx,
  hex: string,
  ignore: readonly string[] = NONE,
): string | null {
  const here = equipmentIn(ctx, hex).filter((id) => !ignore.includes(id))
  return here.length === 0 ? null : `no one may stay on ${here.join(', ')} in ${hex}`
}
