/**
 * Advance after combat in the melee phase (setting `advance`): when an attack drives the units of
 * one side from their hexes, or leaves them in one of the statuses named, the other side may move
 * one of its units that took part up to a few hexes at once. The first hex is one the beaten
 * units left, or the hex of one of them left in such a status (a stunned man may be stepped
 * over); the way may pass through friends and units that cannot act, never through enemies able
 * to fight, and ends in a hex no other unit holds. A two-hex counter steps as its heading allows
 * (`twoHexSteps`). With `infiltration`, each hex entered and then left next to enemies able to
 * attack calls for the roll, those engaged earlier in the turn left out when the setting says so.
 */
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { rejectFailure } from '../../state/failure'
import { hexesOf, isTwoHex, unitsCovering } from '../../state/footprints'
import { effectApplies } from '../../rules'
import { unitContext } from '../../state/variables'
import { peekActivity } from '../activity'
import { statusCanAct, unitCanAct } from '../forces'
import { movementClassOf } from '../influence'
import type { Infiltration } from '../movement/infiltration'
import type { PlayContext } from '../procedure'
import type { Stance } from '../stances'
import { stanceFree, stanceOf, standing, stepsFrom } from '../stances'
import { stepCost } from '../terrain-costs'
import { remainsEntry } from '../../state/remains'
import { equipmentEntry, isEquipment } from '../equipment'
import type { MeleeSettings } from './attacks'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
export type AdvanceSettings = NonNullable<MeleeSettings['advance']>

/** Where a unit of an attack stood and how it was, just before the roll. */
export interface Before {
  side: string
  hexes: string[]
  status: string
}

/** What an attack left open to an advance: the side that may advance, with whom and where first. */
export interface AdvanceChance {
  side: string
  units: string[]
  /** Hexes the first step may go into. */
  first: string[]
}

/** Each unit of the attack as it stood before the roll. */
export function beforeAttack(ctx: Ctx, ids: readonly string[]): Record<string, Before> {
  const out: Record<string, Before> = {}
  for (const id of ids) {
    const unit = ctx.state.units[id]
    if (unit !== undefined)
      out[id] = { side: unit.side, hexes: [...hexesOf(ctx, id)], status: unit.status }
  }
  return out
}

/**
 * Whether the attack gives an advance: the units of one side (and only one) driven from a hex
 * or left in a status named; the other side's units of the attack still able to act advance.
 */
export function advanceChance(
  ctx: Ctx,
  settings: AdvanceSettings,
  before: Readonly<Record<string, Before>>,
): AdvanceChance | null {
  const struck = new Set(settings.statuses ?? [])
  const first = new Set<string>()
  const beaten = new Set<string>()
  for (const [id, was] of Object.entries(before)) {
    const now = hexesOf(ctx, id)
    const left = was.hexes.filter((h) => !now.includes(h))
    const status = ctx.state.units[id]?.status ?? ''
    const downed = status !== was.status && struck.has(status)
    if (left.length === 0 && !downed) continue
    beaten.add(was.side)
    for (const h of left) first.add(h)
    if (downed) for (const h of now) first.add(h)
  }
  if (beaten.size !== 1) return null
  const units = Object.entries(before)
    .filter(([id, was]) => !beaten.has(was.side) && unitCanAct(ctx.loaded, ctx.state, id))
    .filter(([id]) => ctx.state.units[id]?.location === 'map')
    .map(([id]) => id)
  if (units.length === 0) return null
  const side = before[units[0] as string]?.side as string
  return { side, units, first: [...first].sort() }
}

/** How many hexes `id` may advance: the first case that holds for it (0: none). */
function reach(ctx: Ctx, settings: AdvanceSettings, id: string): number {
  const unit = unitContext(ctx.loaded, ctx.state, id)
  for (const [i, c] of settings.hexes.entries()) {
    if (c.when === undefined) return c.hexes
    const held = effectApplies(ctx.loaded.rules, 'unit', c.when, unit, `advance.hexes ${i + 1}`)
    if (!held.ok) return rejectFailure(held.error)
    if (held.value) return c.hexes
  }
  return 0
}

/** Whether `hex` holds a unit of another side than `side` able to fight (equipment is none). */
function enemyAble(ctx: Ctx, side: string, hex: string): boolean {
  return unitsCovering(ctx, hex).some((u) => {
    const other = ctx.state.units[u]
    return (
      other !== undefined &&
      other.side !== side &&
      statusCanAct(ctx.loaded, other.status) &&
      !isEquipment(ctx, u)
    )
  })
}

/** Every way `id` may advance, as the hexes its (front) hex enters, each ending where it may stop, shortest first. */
export function advanceWays(
  ctx: Ctx,
  settings: AdvanceSettings,
  chance: AdvanceChance,
  id: string,
): string[][] {
  const most = reach(ctx, settings, id)
  const unit = ctx.state.units[id]
  if (most < 1 || unit === undefined || unit.hex === null) return []
  const out: string[][] = []
  if (unit.facing !== null && isTwoHex(ctx.loaded, unit.type)) {
    const start = stanceOf(ctx, id)
    if (start === null) return []
    const costOf = standing(ctx, id)
    const kinds = settings.twoHexSteps ?? ['ahead', 'frontDiagonal']
    const walk = (at: Stance, path: string[]) => {
      if (path.length >= most) return
      for (const step of stepsFrom(ctx, at, kinds)) {
        if (path.length === 0 && !chance.first.includes(step.to)) continue
        if (path.includes(step.to) || costOf(step.stance) === null) continue
        const next = [...path, step.to]
        if (stanceFree(ctx, id, step.stance)) out.push(next)
        walk(step.stance, next)
      }
    }
    walk(start, [])
  } else {
    const board = boardOf(ctx.loaded)
    const moveClass = movementClassOf(ctx, id)
    const walk = (at: string, path: string[]) => {
      if (path.length >= most) return
      for (const to of path.length === 0 ? chance.first : board.neighbors(at)) {
        if (to === unit.hex || path.includes(to) || board.distance(at, to) !== 1) continue
        if (stepCost(ctx.loaded, at, to, moveClass) === null || enemyAble(ctx, unit.side, to))
          continue
        // Remains heavy enough to bar a hex bar an advance into it (two-hex: `standing`).
        if (!remainsEntry(ctx.loaded, ctx.state, to).ok) continue
        // Equipment (a wagon) is crossed where its terrain lets the unit in, never stopped on.
        if (!equipmentEntry(ctx, to, moveClass, [id]).ok) continue
        const next = [...path, to]
        if (unitsCovering(ctx, to).every((u) => u === id)) out.push(next)
        walk(to, next)
      }
    }
    walk(unit.hex, [])
  }
  return out.sort((a, b) => a.length - b.length)
}

/**
 * Why remains (corpses) bar an advance: along `path` when one is given (a way a player chose),
 * else into every hex its first step may take (no advance is left). Null when they do not.
 */
export function remainsBarAdvance(
  ctx: Ctx,
  chance: AdvanceChance,
  path?: unknown,
): { reason: string; rule?: string } | null {
  const hexes = Array.isArray(path) ? path.filter((h) => typeof h === 'string') : chance.first
  const barred = hexes.flatMap((hex) => {
    const remains = remainsEntry(ctx.loaded, ctx.state, hex)
    return remains.ok ? [] : [remains]
  })
  if (barred.length === 0 || (path === undefined && barred.length < hexes.length)) return null
  return {
    reason: barred.map((b) => b.reason).join('; '),
    ...(barred[0]?.rule === undefined ? {} : { rule: barred[0].rule }),
  }
}

/** Whether no other unit shares a hex with `id`'s counter (where an advance may end). */
export function standsFree(ctx: Ctx, id: string): boolean {
  return hexesOf(ctx, id).every((h) => unitsCovering(ctx, h).every((u) => u === id))
}

/** The advances the side may choose among, as actions. */
export function advanceActions(
  ctx: Ctx,
  settings: AdvanceSettings,
  chance: AdvanceChance,
): Action[] {
  return chance.units.flatMap((unit) =>
    advanceWays(ctx, settings, chance, unit).map((path) => ({ type: 'advance', unit, path })),
  )
}

/** The enemies next to the advancing unit's hex that challenge it there (see infiltration). */
export function notEngaged(
  ctx: Ctx,
  settings: AdvanceSettings,
): ((id: string) => boolean) | undefined {
  if (settings.infiltration?.engagedDoNotChallenge !== true) return undefined
  return (id) => {
    const done = peekActivity(ctx, id)
    return done?.attacked !== true && done?.wasAttacked !== true
  }
}

/** The advance's infiltration roll as the movement phase's infiltration settings read it. */
export function advanceInfiltration(settings: AdvanceSettings): Infiltration | undefined {
  const roll = settings.infiltration
  if (roll === undefined) return undefined
  return {
    resolution: roll.resolution,
    ...(roll.rollPer === undefined ? {} : { rollPer: roll.rollPer }),
  }
}
