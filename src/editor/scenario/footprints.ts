/**
 * Riders in the scenario editor: a unit whose type fills two hexes stands with its front in its
 * `hex` and its rear in the hex behind, opposite its facing (a hexside). Where it would stand
 * when placed, dragged or turned, which units cover a hex, and why a position is refused, in
 * words a designer reads (names from content, hex labels as printed; never ids). Pure.
 */
import type { Grid, Orientation, ResolvedRuleset, Scenario } from '../../runtime'
import { sideClockFromName } from '../../runtime'
import { isTwoHex } from '../counters/counter-faces'
import { carried, rearHexOf } from '../map/two-hex'

export interface FootprintContext {
  ruleset: ResolvedRuleset | undefined
  grid: Grid | undefined
  orientation: Orientation
}

export interface Footprint {
  front: string
  /** The rear hex, or null when it would be off the map. */
  rear: string | null
  /** Clock position of the heading (rear → front). */
  heading: number
}

/** A unit as far as its position goes: a placed unit, or one about to be placed. */
export interface Positioned {
  /** What the designer calls it: the unit's name, or its type's. */
  name: string
  type: string
  hex?: string
  facing?: string
}

/**
 * The two hexes of a unit whose type fills two, when it has a hexside facing and its front is a
 * hex of the map; null for every other unit (it covers its own hex only, as in the game).
 */
export function footprintOf(
  ctx: FootprintContext,
  type: string,
  hex: string | undefined,
  facing: string | undefined,
): Footprint | null {
  if (!hex || !facing || !ctx.grid) return null
  if (!isTwoHex(ctx.ruleset?.unitTypes.find((t) => t.id === type))) return null
  const side = sideClockFromName(facing, ctx.orientation)
  if (!side.ok) return null
  const rear = rearHexOf(ctx.grid, hex, side.clock)
  return rear === undefined ? null : { front: hex, rear, heading: side.clock }
}

/** Why a two-hex unit cannot stand with its front in `front` facing `facing`, or null. */
export function standingProblem(
  ctx: FootprintContext,
  who: Positioned,
  front: string,
): string | null {
  const fp = footprintOf(ctx, who.type, front, who.facing)
  if (!fp || fp.rear !== null) return null
  return `${who.name} fills two hexes: facing ${who.facing} with its front in ${front}, its rear would be off the map. Put it further in, or turn it first.`
}

export interface Landing {
  /** Where its front would go (null: off the map). */
  front: string | null
  rear: string | null
  twoHex: boolean
  problem: string | null
}

/**
 * Where a unit lands when the hex it was taken by (`grabbed`: its front, or a rider's rear) is
 * dropped on `to`: the whole counter moves with the pointer, so a rider taken by its rear puts
 * its rear there. Without `grabbed` (a new unit, or one dropped from the list) the front goes
 * to `to`.
 */
export function landing(
  ctx: FootprintContext,
  who: Positioned,
  to: string,
  grabbed?: string,
): Landing {
  const fp = footprintOf(ctx, who.type, who.hex, who.facing)
  const front =
    fp && grabbed && grabbed !== fp.front ? carried(ctx.grid!, fp.front, grabbed, to) : to
  if (front === null)
    return {
      front,
      rear: to,
      twoHex: true,
      problem: `${who.name} fills two hexes: there, its front would be off the map.`,
    }
  const there = footprintOf(ctx, who.type, front, who.facing)
  return {
    front,
    rear: there?.rear ?? null,
    twoHex: there !== null,
    problem: standingProblem(ctx, who, front),
  }
}

/** Units of the scenario on a hex, in file order: those standing in it, and riders' rears. */
export function unitsCovering(ctx: FootprintContext, scenario: Scenario, hex: string): string[] {
  const out: string[] = []
  for (const side of scenario.sides ?? [])
    for (const u of side.units ?? []) {
      if (u.hex === hex) out.push(u.id)
      else if (u.hex && footprintOf(ctx, u.type, u.hex, u.facing)?.rear === hex) out.push(u.id)
    }
  return out
}
