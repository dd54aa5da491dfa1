/**
 * Effect retreat: the owner moves each unit the effect's number of hexes, every step ending
 * farther from each enemy unit of the resolution, through hexes and hexsides its movement class
 * may enter, never into an enemy combat unit's hex (a hex with only enemy leaders or a standard is
 * fine: they are displaced) nor past the stacking limit, never into the enemy's reinforcement
 * entry hexes. Stacked leaders go along. When no hex is open and the effect allows it, the unit
 * may pass through a friendly unit the settings name and end one hex further on; that unit takes
 * the status event (disordered, retired, eliminated…). A unit with no retreat at all suffers the
 * effect's ifBlocked effects (eliminated; its leaders check).
 */
import { effectNumber } from '../../rules'
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { applyEffects, sendStatusEvent } from '../../state/effects'
import type { PendingEffect } from '../../state/log'
import type { StepFrame } from '../define-procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { PlayContext } from '../procedure'
import { stepCost } from '../terrain-costs'
import { remainsEntry } from '../../state/remains'
import { answerAmong, nextQueued, note, placeUnit, queueThen, scopeFor, subRun } from './common'
import { enemyEntryFrame, enemyStandardsIn } from './entry'
import { effectsFrame } from './frames'
import {
  causersOf,
  closedHexes,
  combatIn,
  facingChoices,
  fits,
  leadersOf,
  positionOf,
} from './places'
import { matchesAny, retreatSettings } from './settings'
import {
  equipmentRetreatProblem,
  pullAlong,
  retreatClass,
  teamOf,
  teamRetreatProblem,
} from './harnessed'
import { ruleField } from '../../state/failure'
import { afterRetreat, ledTies } from '../movement/led-horses-in-combat'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
type RetreatEffect = Extract<PendingEffect['effect'], { type: 'retreat' }>

interface RetreatData {
  pending: PendingEffect
  index: number
}

type RetreatFrame = StepFrame<RetreatData, 'start'>

interface Route {
  hex: string
  through?: string
}

function hexesOf(ctx: PlayContext, pending: PendingEffect, id: string): number {
  const effect = pending.effect as RetreatEffect
  if (typeof effect.hexes === 'number') return effect.hexes
  const found = effectNumber(
    ctx.loaded.rules,
    pending.context as Parameters<typeof effectNumber>[1],
    effect.hexes,
    scopeFor(ctx, pending, [id]).variables,
    `${pending.source}, retreat hexes`,
  )
  return found.ok ? found.value : 1
}

/**
 * Every way the unit may retreat: straight, or (only when blocked) through a friend. `barred`
 * names the hexes that remains (corpses) alone kept it out of, each with the reason.
 */
export function retreatRoutes(
  ctx: PlayContext,
  id: string,
  pending: PendingEffect,
): { routes: Route[]; blocked: boolean; barred: Map<string, { reason: string; rule?: string }> } {
  const barred = new Map<string, { reason: string; rule?: string }>()
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.location !== 'map' || unit.hex === null)
    return { routes: [], blocked: false, barred }
  const start = unit.hex
  const settings = retreatSettings(ctx)
  const board = boardOf(ctx.loaded)
  const moveClass = retreatClass(ctx, id)
  const closed = closedHexes(ctx, unit.side, settings.closedHexes)
  const causers = causersOf(ctx, id, pending)
    .map((c) => positionOf(ctx, c, pending))
    .filter((h): h is string => h !== null)
  // A unit harnessed to another takes it along (harnessed.ts): the two move as one piece.
  const team = teamOf(ctx, id)
  const ignore = team === undefined ? [] : [team]
  const farther = (from: string, to: string) =>
    causers.every((c) => board.distance(to, c) > board.distance(from, c))
  const step = (from: string, to: string): boolean => {
    if (closed.has(to) || !farther(from, to)) return false
    if (stepCost(ctx.loaded, from, to, moveClass) === null) return false
    if (combatIn(ctx, to, unit.side, true).length > 0) return false
    const enemyPieces =
      leadersOf(ctx, to, unit.side, true).length > 0 ||
      enemyStandardsIn(ctx, unit.side, to).length > 0
    if (enemyPieces && !settings.intoEnemyLeaderOrStandard) return false
    // Remains (corpses) heavy enough to bar a hex bar a retreat into it too.
    const remains = remainsEntry(ctx.loaded, ctx.state, to)
    if (!remains.ok) barred.set(to, { reason: remains.reason, ...ruleField(remains.rule) })
    if (!remains.ok) return false
    // Equipment (a wagon) may be crossed where its terrain lets the unit in.
    const gear = equipmentRetreatProblem(ctx, id, to, false, ignore)
    if (gear !== null) barred.set(to, gear)
    return gear === null
  }
  const fitsIn = (to: string, last: boolean): boolean => {
    if (team !== undefined) {
      const why = teamRetreatProblem(ctx, id, team, start, to)
      if (why !== null) barred.set(to, { reason: why })
      return why === null
    }
    if (!fits(ctx, id, to)) return false
    // Never ending on equipment (a wagon's hexes).
    const end = last ? equipmentRetreatProblem(ctx, id, to, true) : null
    if (end !== null) barred.set(to, end)
    return end === null
  }
  const through = (pending.effect as RetreatEffect).throughFriends === true && team === undefined
  const friends = settings.throughFriends
  const passable = (hex: string): boolean =>
    through &&
    friends !== undefined &&
    combatIn(ctx, hex, unit.side).some((f) => f !== id && matchesAny(ctx, f, friends.units))
  const total = Math.max(1, hexesOf(ctx, pending, id))
  const direct: Route[] = []
  const viaFriend: Route[] = []
  const walk = (at: string, done: number, seen: string[]): void => {
    for (const to of board.neighbors(at)) {
      if (seen.includes(to) || !step(at, to)) continue
      const last = done + 1 === total
      const fitsThere = fitsIn(to, last)
      if (last) {
        if (fitsThere) direct.push({ hex: to })
        else if (passable(to))
          for (const beyond of board.neighbors(to))
            if (![...seen, to].includes(beyond) && step(to, beyond) && fitsIn(beyond, true))
              viaFriend.push({ hex: beyond, through: to })
      } else if (fitsThere) walk(to, done + 1, [...seen, to])
    }
  }
  walk(start, 0, [start])
  const onlyWhenBlocked = friends?.onlyWhenBlocked ?? true
  const all = direct.length > 0 && onlyWhenBlocked ? direct : [...direct, ...viaFriend]
  const distanceFrom = (hex: string) => causers.reduce((s, c) => s + board.distance(hex, c), 0)
  const key = (r: Route) => `${r.hex}|${r.through ?? ''}`
  const unique = all.filter((r, i) => all.findIndex((o) => key(o) === key(r)) === i)
  unique.sort(
    (a, b) =>
      Number(a.through !== undefined) - Number(b.through !== undefined) ||
      distanceFrom(b.hex) - distanceFrom(a.hex) ||
      a.hex.localeCompare(b.hex),
  )
  return { routes: unique, blocked: unique.length === 0, barred }
}

function leaderSets(ctx: Ctx, id: string): string[][] {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.hex === null) return [[]]
  const leaders = leadersOf(ctx, unit.hex, unit.side)
  const mode = retreatSettings(ctx).leaders
  if (mode === 'must') return [leaders]
  if (mode === 'stay' || leaders.length === 0) return [[]]
  // Every subset, all of them first.
  const sets: string[][] = []
  for (let mask = (1 << leaders.length) - 1; mask >= 0; mask--)
    sets.push(leaders.filter((_, i) => (mask & (1 << i)) !== 0))
  return sets
}

export function retreatOptions(ctx: PlayContext, id: string, pending: PendingEffect): Action[] {
  const { routes } = retreatRoutes(ctx, id, pending)
  const facings = facingChoices(ctx, id, retreatSettings(ctx).mayTurn)
  const mayChooseLeaders = retreatSettings(ctx).leaders === 'may'
  const out: Action[] = []
  for (const route of routes)
    for (const facing of facings)
      for (const leaders of leaderSets(ctx, id))
        out.push({
          type: 'retreat',
          unit: id,
          hex: route.hex,
          ...(facing === undefined ? {} : { facing }),
          ...(route.through === undefined ? {} : { through: route.through }),
          ...(mayChooseLeaders ? { leaders } : {}),
        })
  return out
}

function current(ctx: PlayContext, d: RetreatData): string | null {
  if (typeof d.index !== 'number') d.index = 0
  while (d.index < d.pending.units.length) {
    const id = d.pending.units[d.index] as string
    const unit = ctx.state.units[id]
    if (unit !== undefined && unit.location === 'map' && unit.hex !== null) return id
    d.index += 1
  }
  return null
}

function blocked(ctx: PlayContext, f: RetreatFrame, id: string): void {
  const d = f.data
  const effect = d.pending.effect as RetreatEffect
  // Say so when corpses closed a way that would otherwise have been open.
  const barred = [...retreatRoutes(ctx, id, d.pending).barred.values()]
  const why = barred.length === 0 ? '' : `: ${barred.map((b) => b.reason).join('; ')}`
  note(ctx, `unit ${id} cannot retreat${why}`, effect.rule ?? retreatSettings(ctx).rule)
  const run = subRun(ctx)
  if (effect.ifBlocked !== undefined)
    applyEffects(run, effect.ifBlocked, scopeFor(ctx, d.pending, [id]))
  queueThen(f.frame, [effectsFrame(run.pending)])
}

function carryOut(ctx: PlayContext, f: RetreatFrame, chosen: Action): void {
  const d = f.data
  const id = chosen.unit as string
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.hex === null) return
  const settings = retreatSettings(ctx)
  const rule = (d.pending.effect as RetreatEffect).rule ?? settings.rule
  const from = unit.hex
  const leaders =
    (chosen.leaders as string[] | undefined) ??
    (settings.leaders === 'must' ? leadersOf(ctx, from, unit.side) : [])
  const team = teamOf(ctx, id)
  // A harnessed team keeps its heading: both move the same way.
  const facing =
    typeof chosen.facing === 'number'
      ? chosen.facing
      : team !== undefined
        ? (unit.facing ?? undefined)
        : undefined
  const to = chosen.hex as string
  const via = typeof chosen.through === 'string' ? ` through ${chosen.through}` : ''
  const ties = ledTies(ctx, id)
  placeUnit(
    ctx,
    id,
    { hex: to, ...(facing === undefined ? {} : { facing }) },
    `retreats from ${from}${via} to`,
    rule,
  )
  for (const leader of leaders) placeUnit(ctx, leader, { hex: to }, `retreats with ${id} to`, rule)
  if (team !== undefined) pullAlong(ctx, id, team, from, to, rule)
  afterRetreat(ctx, id, ties, to)
  const run = subRun(ctx)
  if (typeof chosen.through === 'string' && settings.throughFriends !== undefined) {
    const friends = settings.throughFriends
    for (const friend of combatIn(ctx, chosen.through, unit.side))
      if (matchesAny(ctx, friend, friends.units))
        sendStatusEvent(run, friend, friends.event, 0, friends.rule ?? rule, d.pending.participants)
  }
  queueThen(f.frame, [effectsFrame(run.pending), enemyEntryFrame(ctx, id)])
}

export const retreatProcedure = defineProcedure<RetreatData>()({
  name: 'effect:retreat',
  actions: ['retreat'],
  steps: {
    start(ctx, f) {
      const queued = nextQueued(f.frame)
      if (queued !== null) return queued
      const d = f.data
      const id = current(ctx, d)
      if (id === null) return { kind: 'done' }
      const options = retreatOptions(ctx, id, d.pending)
      if (options.length <= 1) {
        d.index += 1
        if (options.length === 0) blocked(ctx, f, id)
        else carryOut(ctx, f, options[0] as Action)
        return AGAIN
      }
      const effect = d.pending.effect as RetreatEffect
      return {
        kind: 'prompt',
        prompt: {
          side: ctx.state.units[id]?.side ?? '',
          kind: 'retreat',
          text: `retreat unit ${id} from ${ctx.state.units[id]?.hex ?? '?'}, away from the units that caused it ("retreat" with hex and facing)`,
          actions: ['retreat'],
          ...ruleField(effect.rule ?? retreatSettings(ctx).rule),
        },
      }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    const id = current(ctx, d) as string
    const options = retreatOptions(ctx, id, d.pending)
    const chosen = answerAmong(
      action,
      options,
      ['unit', 'hex', 'facing', 'through', 'leaders'],
      () => ({
        rule: (d.pending.effect as RetreatEffect).rule ?? retreatSettings(ctx).rule,
        ...whyNot(ctx, id, d.pending, action, options),
      }),
    )
    d.index += 1
    carryOut(ctx, f, chosen)
    return `unit ${id} retreats to ${String(chosen.hex)}`
  },
  legal(ctx, f) {
    const id = current(ctx, f.data)
    return id === null ? [] : retreatOptions(ctx, id, f.data.pending)
  },
})

/** Why a retreat is refused (the rule only when another than the retreat's own gives it). */
function whyNot(
  ctx: PlayContext,
  id: string,
  pending: PendingEffect,
  action: Action,
  options: readonly Action[],
): { message: string; rule?: string } {
  const said = (message: string) => ({ message })
  if (action.unit !== id)
    return said(`unit ${id} is the one retreating now, not ${String(action.unit)}`)
  const hexes = [...new Set(options.map((o) => o.hex as string))]
  if (!hexes.includes(action.hex as string)) {
    const unit = ctx.state.units[id]
    const board = boardOf(ctx.loaded)
    const hex = action.hex
    if (typeof hex !== 'string' || board.labelProblem(hex) !== null)
      return said(`a retreat needs "hex": one of ${hexes.join(', ')}`)
    const barred = retreatRoutes(ctx, id, pending).barred.get(hex)
    if (barred !== undefined)
      return {
        message: `unit ${id} may not retreat into ${hex}: ${barred.reason}${hexes.length === 0 ? '' : ` (it may retreat to ${hexes.join(', ')})`}`,
        ...ruleField(barred.rule),
      }
    const causers = causersOf(ctx, id, pending)
    if (
      unit?.hex !== null &&
      unit?.hex !== undefined &&
      board.distance(unit.hex, hex) !== 1 &&
      action.through === undefined
    )
      return said(`unit ${id} retreats exactly one hex: ${hexes.join(', ')}`)
    if (combatIn(ctx, hex, unit?.side ?? '', true).length > 0)
      return said(`unit ${id} may not retreat into a hex held by an enemy unit`)
    if (causers.length > 0)
      return said(
        `unit ${id} must retreat to a hex farther from every unit that attacked it, where it may stand and enter: ${hexes.join(', ')}`,
      )
    return said(`unit ${id} may retreat only to ${hexes.join(', ')}`)
  }
  if (action.through !== undefined && !options.some((o) => o.through === action.through))
    return said(`unit ${id} may pass through a friendly unit only when no other way is open`)
  return said(
    `that retreat is not allowed: facing or leaders not among the choices for ${String(action.hex)}`,
  )
}
