/**
 * Engaged units (optional rule; mechanics.activation.engaged). The results put
 * the marker on every unit of a combat that ended without a retreat, retire or elimination. A
 * marked unit is engaged with the enemy units recorded with `recordEngagement` when the marker
 * was placed, or else with the marked enemy units next to it. These functions answer what the
 * other mechanics ask: whether a unit may (or must) disengage, what disengaging does, whether
 * it may fire or be fired at, which enemies its forced shock must take in, and they drop the
 * marker once none of its enemies is adjacent.
 */
import { setFacing } from '../../state/occupancy'
import type { EngagedSettings } from '../../generated/content-types'
import { turnFacing, turnSteps } from '../../hex/facing'
import { boardOf } from '../../state/board'
import { activityOf } from '../activity'
import { memoryOf, peekMemory, extrasSettings, optionOn, setMarker, statusEvent } from './common'
import { unitFlags } from '../influence'
import type { PlayContext } from '../procedure'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

const MEMORY = 'engaged'

interface EngagedMemory {
  /** Unit id → the enemy units it was recorded as engaged with. */
  pairs: Record<string, string[]>
  /** Units that disengaged in the running activation (they may not come next to an enemy). */
  disengaged: string[]
  /** The activation number `disengaged` and `intents` belong to. */
  activation: number
  /** What each activated engaged unit chose at the start of the activation. */
  intents?: Record<string, 'stay' | 'disengage'>
}

function settingsOf(ctx: Ctx): EngagedSettings | null {
  const settings = extrasSettings(ctx).engaged
  return settings !== undefined && optionOn(ctx, settings.option) ? settings : null
}

export function isEngaged(ctx: Ctx, id: string): boolean {
  const settings = settingsOf(ctx)
  return settings !== null && (ctx.state.units[id]?.markers[settings.marker] ?? 0) > 0
}

/** The enemy units `id` is engaged with and still next to. */
export function engagedWith(ctx: Ctx, id: string): string[] {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.hex === null || !isEngaged(ctx, id)) return []
  const near = new Set(boardOf(ctx.loaded).neighbors(unit.hex))
  const adjacent = (e: string) => {
    const other = ctx.state.units[e]
    return (
      other !== undefined &&
      other.side !== unit.side &&
      other.location === 'map' &&
      near.has(other.hex ?? '')
    )
  }
  const recorded = peekMemory<EngagedMemory>(ctx, MEMORY)?.pairs[id]
  if (recorded !== undefined) return recorded.filter(adjacent)
  return Object.keys(ctx.state.units).filter((e) => adjacent(e) && isEngaged(ctx, e))
}

/** For the results: records that the units of two sides of a combat are engaged with each other. */
export function recordEngagement(
  ctx: PlayContext,
  sideA: readonly string[],
  sideB: readonly string[],
): void {
  const settings = settingsOf(ctx)
  if (settings === null) return
  const memory = memoryOf<EngagedMemory>(ctx, MEMORY, { pairs: {}, disengaged: [], activation: 0 })
  const link = (from: readonly string[], to: readonly string[]) => {
    for (const id of from) {
      if (ctx.state.units[id]?.status === 'retired') continue
      memory.pairs[id] = [...new Set([...(memory.pairs[id] ?? []), ...to])]
      setMarker(ctx, id, settings.marker, 'add', settings.rule)
    }
  }
  link(sideA, sideB)
  link(sideB, sideA)
}

/** Takes the marker off units none of whose engaged enemies is next to them any more. */
export function refreshEngaged(ctx: PlayContext, units?: readonly string[]): string[] {
  const settings = settingsOf(ctx)
  if (settings === null) return []
  const ids = units ?? Object.keys(ctx.state.units)
  const cleared: string[] = []
  for (const id of ids) {
    if (!isEngaged(ctx, id) || engagedWith(ctx, id).length > 0) continue
    clearEngaged(ctx, id)
    cleared.push(id)
  }
  return cleared
}

/** Removes the marker (a continued attack result, a unit gone apart). */
export function clearEngaged(ctx: PlayContext, id: string): void {
  const settings = settingsOf(ctx)
  if (settings === null) return
  if ((ctx.state.units[id]?.markers[settings.marker] ?? 0) > 0)
    setMarker(ctx, id, settings.marker, 'remove', settings.rule)
  const memory = peekMemory<EngagedMemory>(ctx, MEMORY)
  if (memory !== undefined) delete memory.pairs[id]
}

/** Whether `id` may disengage now: engaged, in a disengage status and not out of command. */
export function mayDisengage(ctx: Ctx, id: string, outOfCommandMarker?: string): boolean {
  const settings = settingsOf(ctx)
  const unit = ctx.state.units[id]
  if (settings === null || unit === undefined || !isEngaged(ctx, id)) return false
  if (!(settings.disengageStatuses ?? ['normal']).includes(unit.status)) return false
  const ooc = outOfCommandMarker ?? extrasSettings(ctx).commandCheck?.marker
  return ooc === undefined || (unit.markers[ooc] ?? 0) === 0
}

/** A unit that cannot shock must disengage when it may. */
export function mustDisengage(ctx: Ctx, id: string): boolean {
  const settings = settingsOf(ctx)
  if (settings === null || settings.shockFlag === undefined) return false
  return mayDisengage(ctx, id) && unitFlags(ctx, id)[settings.shockFlag] !== true
}

/** Extra movement points to leave the hex when disengaging (0 for a unit not engaged). */
export function disengageCost(ctx: Ctx, id: string): number {
  return isEngaged(ctx, id) ? (settingsOf(ctx)?.disengageCost ?? 0) : 0
}

/**
 * For the movement mechanic when an engaged unit leaves its hex: the unit takes the disengage
 * event (Disordered), loses the marker and may not come next to an enemy for the rest of the
 * activation (`disengagedThisActivation`).
 */
export function disengage(ctx: PlayContext, id: string): void {
  const settings = settingsOf(ctx)
  if (settings === null || !isEngaged(ctx, id)) return
  const memory = memoryOf<EngagedMemory>(ctx, MEMORY, { pairs: {}, disengaged: [], activation: 0 })
  intents(ctx)
  memory.disengaged.push(id)
  clearEngaged(ctx, id)
  if (settings.disengageEvent !== undefined)
    statusEvent(ctx, id, settings.disengageEvent, settings.rule)
}

export function disengagedThisActivation(ctx: Ctx, id: string): boolean {
  const memory = peekMemory<EngagedMemory>(ctx, MEMORY)
  return (
    memory !== undefined &&
    memory.activation === ctx.state.clock.activation &&
    memory.disengaged.includes(id)
  )
}

/** Engaged units may not fire, nor be fired at (when the settings say so). */
export function fireBarredByEngagement(ctx: Ctx, firer: string, target: string): boolean {
  const settings = settingsOf(ctx)
  if (settings === null || settings.noFire === false) return false
  return isEngaged(ctx, firer) || isEngaged(ctx, target)
}

/**
 * For the shock mechanic: the enemies an engaged unit that stays must attack (those it is
 * engaged with in its frontal hexes, given by `frontal`), and whether it may attack others.
 */
export function forcedShockTargets(
  ctx: Ctx,
  id: string,
  frontal: readonly string[],
): { mustAttack: string[]; onlyThese: boolean } {
  if (!isEngaged(ctx, id)) return { mustAttack: [], onlyThese: false }
  const settings = settingsOf(ctx)
  const canShock =
    settings?.shockFlag === undefined || unitFlags(ctx, id)[settings.shockFlag] === true
  const engaged = new Set(engagedWith(ctx, id))
  return { mustAttack: canShock ? frontal.filter((e) => engaged.has(e)) : [], onlyThese: true }
}

/** What an activated engaged unit chose at the start of its activation, if anything. */
export function engagedIntent(ctx: Ctx, id: string): 'stay' | 'disengage' | null {
  const memory = peekMemory<EngagedMemory>(ctx, MEMORY)
  if (memory === undefined || memory.activation !== ctx.state.clock.activation) return null
  return memory.intents?.[id] ?? null
}

/**
 * The facings an engaged unit that stays may take: its own when one of its engaged enemies is
 * in front of it; else those one or two vertices away with as many of them in front as can be.
 */
export function stayFacings(ctx: Ctx, id: string): number[] {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.hex === null || unit.facing === null) return []
  const facing = unit.facing
  const board = boardOf(ctx.loaded)
  const front = settingsOf(ctx)?.frontSector ?? 'front'
  const enemies = engagedWith(ctx, id)
  const count = (f: number) =>
    enemies.filter(
      (e) => board.sector(unit.hex as string, f, ctx.state.units[e]?.hex ?? '') === front,
    ).length
  if (count(facing) > 0) return [facing]
  const options = [-2, -1, 1, 2].map((steps) => turnFacing(facing, steps))
  const best = Math.max(0, ...options.map(count))
  return best === 0 ? [facing] : options.filter((f) => count(f) === best)
}

/** Activated engaged units still to choose between staying and disengaging, with their options. */
export function engagedDecisions(
  ctx: Ctx,
  units: readonly string[],
): { unit: string; facings: number[]; disengage: boolean; stay: boolean }[] {
  const out = []
  for (const id of units) {
    if (!isEngaged(ctx, id) || engagedIntent(ctx, id) !== null) continue
    const may = mayDisengage(ctx, id)
    out.push({
      unit: id,
      facings: stayFacings(ctx, id),
      disengage: may,
      stay: !(may && mustDisengage(ctx, id)),
    })
  }
  return out
}

function intents(ctx: PlayContext): Record<string, 'stay' | 'disengage'> {
  const memory = memoryOf<EngagedMemory>(ctx, MEMORY, { pairs: {}, disengaged: [], activation: 0 })
  if (memory.activation !== ctx.state.clock.activation) {
    memory.activation = ctx.state.clock.activation
    memory.disengaged = []
    memory.intents = {}
  }
  memory.intents ??= {}
  return memory.intents
}

/** The unit stays engaged, turning to `facing` (one of stayFacings). */
export function stayEngaged(ctx: PlayContext, id: string, facing: number): void {
  const unit = ctx.state.units[id]
  if (unit === undefined) return
  const from = unit.facing
  intents(ctx)[id] = 'stay'
  if (from === null || from === facing) return
  setFacing(ctx.state, unit, facing)
  activityOf(ctx, id).turned += turnSteps(from, facing)
  const board = boardOf(ctx.loaded)
  ctx.applied.push({
    kind: 'facing',
    unit: id,
    from,
    to: facing,
    text: `${id} stays engaged and turns from ${board.facingName(from)} to ${board.facingName(facing)}`,
    ...(settingsOf(ctx)?.rule === undefined ? {} : { rule: settingsOf(ctx)?.rule }),
  })
}

/** The unit will disengage this activation (the movement mechanic makes it leave). */
export function declareDisengage(ctx: PlayContext, id: string): void {
  intents(ctx)[id] = 'disengage'
}
