/**
 * Jumping (mechanics.movement `jumping`): a two-hex counter (a rider) clears a strip of terrain
 * it may not enter — a river one or two hexes wide — by jumping it straight ahead. Its path lists
 * every hex the front enters: the hexes cleared, then the two it lands in, so that both halves
 * stand beyond the strip (the front in the second hex past it). The jump costs the settings'
 * `cost` in place of the hexes cleared, plus the terrain of the two hexes landed in.
 *
 * The resolution is rolled at take-off, in the unit context with the fact `jumpHexes` (how many
 * hexes are cleared). A result the settings list among `refusals` leaves the counter where it
 * took off (its move ends there and the results are carried out); any other result lets it land,
 * and its results are carried out where it landed (a horse dying on landing lies there).
 * move-path.ts walks the jump as one step (`jumpAt`, `rollJump`); two-hex.ts lists and checks
 * paths with jumps (`jumpsFor`, `jumpAt`).
 */
import { flagsFor } from '../../rules'
import { boardOf } from '../../state/board'
import { ruleField } from '../../state/failure'
import { hexAtClock, unitsCovering } from '../../state/footprints'
import { remainsEntry } from '../../state/remains'
import { applyRolled, rollResolution } from '../../state/resolve-action'
import { unitCanAct } from '../forces'
import { movementClassOf } from '../influence'
import type { NewFrame, PlayContext } from '../procedure'
import { effectsFrame, resultsWatch } from '../results'
import type { Stance } from '../stances'
import { hexStanding } from '../stances'
import { hexEntryCost } from '../terrain-costs'
import type { MovementSettings } from './settings'
import { movementSettings } from './settings'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
export type JumpSettings = NonNullable<MovementSettings['jumping']>

/** A jump straight ahead from a stance. */
export interface Jump {
  /** The hexes cleared, in order. */
  over: string[]
  /** Every hex the front enters: those cleared, then the two it lands in. */
  path: string[]
  /** Where the counter stands once landed (the heading it took off with). */
  landing: Stance
  /** Movement points: the jump's cost and the terrain of the hexes landed in. */
  cost: number
}

export type JumpCheck = { ok: true; jump: Jump } | { ok: false; reason: string; rule?: string }

function settingsOf(ctx: Ctx): JumpSettings | undefined {
  return movementSettings(ctx.loaded).jumping
}

function optionOn(ctx: Ctx, s: JumpSettings): boolean {
  return s.option === undefined || ctx.state.options[s.option] === true
}

/** Whether unit `id` would have to jump `hex`: terrain the settings name that it may not enter. */
function mustJump(ctx: Ctx, s: JumpSettings, id: string, hex: string): boolean {
  const terrain = boardOf(ctx.loaded).hex(hex).terrain
  return (
    s.terrain.includes(terrain) && hexEntryCost(ctx.loaded, hex, movementClassOf(ctx, id)) === null
  )
}

function terrainWords(ctx: Ctx, hex: string): string {
  const terrain = boardOf(ctx.loaded).hex(hex).terrain
  return ctx.loaded.rules.ruleset.terrain.hexTypes.find((t) => t.id === terrain)?.label ?? terrain
}

/** Why unit `id` may not jump at all now (the option off, not the kind of unit); null if it may. */
function whyNotJumper(ctx: Ctx, s: JumpSettings, id: string): string | null {
  if (!optionOn(ctx, s)) {
    const option = (ctx.loaded.rules.ruleset.options ?? []).find((o) => o.id === s.option)
    return `jumping is played only under the optional rule "${option?.label ?? s.option}", which is off`
  }
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  if (s.moverFlag !== undefined && flagsFor(ctx.loaded.rules, unit.type)[s.moverFlag] !== true)
    return `${id} is not of the units that may jump`
  return null
}

/**
 * The jump straight ahead from `stance`, or why it cannot be made; null when the hex ahead is
 * not one the unit would have to jump. `costOf` is what a hex costs the unit to stand in
 * (stances.ts `hexStanding`).
 */
function jumpAhead(
  ctx: Ctx,
  s: JumpSettings,
  id: string,
  stance: Stance,
  costOf: (hex: string) => number | null,
): JumpCheck | null {
  const ahead = (hex: string) => hexAtClock(ctx.loaded, hex, stance.heading)
  const first = ahead(stance.front)
  if (first === null || !mustJump(ctx, s, id, first)) return null
  const rule = ruleField(s.rule)
  const no = (reason: string): JumpCheck => ({ ok: false, reason, ...rule })
  const turn = movementSettings(ctx.loaded).twoHexTurns?.ahead
  if (turn === undefined) return no(`${id} may not go straight ahead, so he cannot jump`)
  const over: string[] = []
  let at: string | null = first
  while (at !== null && mustJump(ctx, s, id, at)) {
    over.push(at)
    at = ahead(at)
  }
  const what = terrainWords(ctx, first)
  if (over.length > s.maxHexes)
    return no(
      `the ${what} ahead of ${id} is ${over.length} hexes wide (${over.join(', ')}): at most ${s.maxHexes} may be jumped`,
    )
  for (const hex of over) {
    const enemy = unitsCovering(ctx, hex).find(
      (u) =>
        ctx.state.units[u]?.side !== ctx.state.units[id]?.side &&
        unitCanAct(ctx.loaded, ctx.state, u),
    )
    if (enemy !== undefined) return no(`${id} may not jump over ${enemy} in ${hex}`)
  }
  const near = at
  const far = near === null ? null : ahead(near)
  if (near === null || far === null)
    return no(`${id} would land off the map beyond the ${what} in ${over.join(', ')}`)
  const nearCost = costOf(near)
  const farCost = costOf(far)
  if (nearCost === null || farCost === null) {
    for (const hex of [near, far]) {
      const remains = remainsEntry(ctx.loaded, ctx.state, hex)
      if (!remains.ok) return { ok: false, reason: remains.reason, ...ruleField(remains.rule) }
    }
    return no(`${id} cannot land in ${near} and ${far} beyond the ${what}`)
  }
  return {
    ok: true,
    jump: {
      over,
      path: [...over, near, far],
      landing: { front: far, heading: stance.heading },
      cost: s.cost + nearCost + farCost + 2 * turn,
    },
  }
}

/**
 * The jumps unit `id` may make, for a search over its stances: the jump straight ahead of a
 * stance, or null where there is none to make. Null when the unit may not jump at all (no
 * settings, the optional rule off, not of the units that may), so a listing offers none.
 */
export function jumpsFor(ctx: Ctx, id: string): ((stance: Stance) => Jump | null) | null {
  const s = settingsOf(ctx)
  if (s === undefined || whyNotJumper(ctx, s, id) !== null) return null
  const costOf = hexStanding(ctx, id)
  return (stance) => {
    const found = jumpAhead(ctx, s, id, stance, costOf)
    return found?.ok === true ? found.jump : null
  }
}

/**
 * Whether the step of `path` at `index`, from `stance`, is a jump: null when the hex it enters
 * is not one the unit would have to jump; else the jump, or why it may not be made (the option
 * off, not straight ahead, too wide, the path not going on as the jump lands).
 */
export function jumpAt(
  ctx: Ctx,
  id: string,
  stance: Stance,
  path: readonly string[],
  index: number,
): JumpCheck | null {
  const s = settingsOf(ctx)
  const to = path[index]
  if (s === undefined || to === undefined || !mustJump(ctx, s, id, to)) return null
  const rule = ruleField(s.rule)
  const why = whyNotJumper(ctx, s, id)
  const what = terrainWords(ctx, to)
  if (why !== null)
    return { ok: false, reason: `${id} may not enter the ${what} in ${to}: ${why}`, ...rule }
  if (hexAtClock(ctx.loaded, stance.front, stance.heading) !== to)
    return { ok: false, reason: `${id} jumps the ${what} in ${to} only straight ahead`, ...rule }
  const found = jumpAhead(ctx, s, id, stance, hexStanding(ctx, id))
  if (found === null || !found.ok) return found
  const { jump } = found
  if (jump.path.some((hex, i) => path[index + i] !== hex))
    return {
      ok: false,
      reason: `${id} jumps the ${what} in ${jump.over.join(', ')} straight ahead and lands with his front in ${jump.landing.front}: his path must go on ${jump.path.join(', ')}`,
      ...rule,
    }
  return found
}

/** A jump rolled at take-off: whether the horse refused, and the results still to carry out. */
export interface RolledJump {
  refused: boolean
  /** Applies the results (where the unit stands now) and gives the frame that carries them out. */
  carryOut(): NewFrame | null
}

/** Rolls the take-off of unit `id`'s jump; the roll and its result are logged. */
export function rollJump(ctx: PlayContext, id: string, jump: Jump): RolledJump {
  const s = settingsOf(ctx) as JumpSettings
  const watch = resultsWatch(ctx, [id])
  const rolled = rollResolution(ctx, {
    type: 'resolve',
    resolution: s.resolution,
    unit: id,
    jumpHexes: jump.over.length,
  })
  ctx.records.push(rolled.record)
  const what = terrainWords(ctx, jump.over[0] as string)
  ctx.applied.push({
    kind: 'note',
    text: `${id} jumps the ${what} in ${jump.over.join(', ')}: ${rolled.text}`,
    ...ruleField(s.rule ?? rolled.record.resolution.rule),
  })
  const refusals = s.refusals ?? []
  const refused = rolled.record.codes.some((c) => refusals.includes(c.code))
  return {
    refused,
    carryOut() {
      const before = ctx.pending.length
      applyRolled(ctx, rolled)
      return effectsFrame(ctx.pending.slice(before), watch)
    },
  }
}
