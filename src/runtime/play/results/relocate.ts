/**
 * Effect relocate (a retire): the owner places the unit near the place the effect names — its
 * standard (to "standard"), its command's leader (to "leader"), the nearest friendly unit (to
 * "nearest-friend") — in or within `within` hexes of it, or as close as possible (settings
 * placement "nearest"). The hex must be one the unit can reach by a route free of enemy units and
 * of terrain it cannot enter, hold no unit, and not touch the enemy units that caused the result.
 * A unit already with its standard (when the settings say so), one whose standard is gone, or one
 * with no such hex, is sent the eliminate event instead.
 */
import { unitsCovering } from '../../state/footprints'
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { sendStatusEvent } from '../../state/effects'
import type { PendingEffect } from '../../state/log'
import { standardOfUnit } from '../extras/standard'
import { commandById, isLeader } from '../forces'
import { hexesAheadOfMoves } from '../movement/transit'
import type { StepFrame } from '../define-procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { PlayContext } from '../procedure'
import { answerAmong, nextQueued, note, placeUnit, queueThen, subRun } from './common'
import { effectsFrame } from './frames'
import { causersOf, enterable, facingChoices, leadersOf, reachable } from './places'
import { retireSettings } from './settings'
import { ruleField } from '../../state/failure'

type RelocateEffect = Extract<PendingEffect['effect'], { type: 'relocate' }>

interface RelocateData {
  pending: PendingEffect
  index: number
}

/** The hex the unit is sent toward, or null when there is none (a standard captured or never set). */
function anchorOf(ctx: PlayContext, id: string, effect: RelocateEffect): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.hex === null) return null
  const board = boardOf(ctx.loaded)
  switch (effect.to) {
    case 'standard': {
      const command = standardOfUnit(ctx, id)
      return command === null ? null : (ctx.state.flow?.standards[command] ?? null)
    }
    case 'leader': {
      const leader =
        unit.command === null ? undefined : commandById(ctx.loaded, unit.command)?.leader
      const at = leader === undefined ? undefined : ctx.state.units[leader]
      return at?.location === 'map' ? at.hex : null
    }
    case 'nearest-friend': {
      const from = unit.hex
      const friends = Object.entries(ctx.state.units)
        .filter(
          ([other, u]) =>
            other !== id &&
            u.side === unit.side &&
            u.location === 'map' &&
            u.hex !== null &&
            !isLeader(ctx.loaded, other),
        )
        .map(([, u]) => u.hex as string)
        .sort((a, b) => board.distance(from, a) - board.distance(from, b) || a.localeCompare(b))
      return friends[0] ?? null
    }
  }
}

/**
 * Hexes the unit may be placed in, best first (closest to the anchor, then farthest from the
 * enemy). Not on the way of a move under way (a unit retired by a piece riding through it).
 */
export function placements(ctx: PlayContext, id: string, pending: PendingEffect): string[] {
  const unit = ctx.state.units[id]
  const effect = pending.effect as RelocateEffect
  if (unit === undefined || unit.hex === null) return []
  const settings = retireSettings(ctx)
  const anchor = anchorOf(ctx, id, effect)
  if (anchor === null) return []
  if (effect.to === 'standard' && settings.withOwnStandard && unit.hex === anchor) return []
  const board = boardOf(ctx.loaded)
  const causers = causersOf(ctx, id, pending)
    .map((c) => ctx.state.units[c]?.hex ?? null)
    .filter((h): h is string => h !== null)
  const routes = reachable(ctx, id, unit.hex)
  const within = effect.within ?? settings.within
  const ahead = hexesAheadOfMoves(ctx.state)
  const ok = (hex: string): boolean => {
    if (!routes.has(hex) || !enterable(ctx, id, hex) || ahead.has(hex)) return false
    // Only the unit itself may be there; leaders of its own side do not count as units.
    const others = unitsCovering(ctx, hex).filter((o) => o !== id)
    if (others.some((o) => !isLeader(ctx.loaded, o))) return false
    if (leadersOf(ctx, hex, unit.side, true).length > 0) return false
    return causers.every((c) => board.distance(hex, c) > 1)
  }
  // Only a hex it can reach may take it (the sort below gives the order, not this list).
  const candidates = [...routes].filter((hex) => {
    const d = board.distance(hex, anchor)
    return (settings.placement === 'nearest' || d <= within) && ok(hex)
  })
  const distance = (hex: string) => board.distance(hex, anchor)
  const closest = Math.min(...candidates.map(distance))
  const kept =
    settings.placement === 'nearest'
      ? candidates.filter((h) => distance(h) === closest)
      : candidates
  const enemyHexes = Object.entries(ctx.state.units)
    .filter(([o, u]) => u.side !== unit.side && u.hex !== null && !isLeader(ctx.loaded, o))
    .map(([, u]) => u.hex as string)
  // Worked out once per hex: the sort asks for each hex many times.
  const gaps = new Map<string, number>()
  const enemyGap = (hex: string): number => {
    let gap = gaps.get(hex)
    if (gap === undefined) {
      gap = 99
      for (const e of enemyHexes) gap = Math.min(gap, board.distance(hex, e))
      gaps.set(hex, gap)
    }
    return gap
  }
  return kept.sort(
    (a, b) => distance(a) - distance(b) || enemyGap(b) - enemyGap(a) || a.localeCompare(b),
  )
}

export function relocateOptions(ctx: PlayContext, id: string, pending: PendingEffect): Action[] {
  const facings = facingChoices(ctx, id, retireSettings(ctx).mayTurn)
  return placements(ctx, id, pending).flatMap((hex) =>
    facings.map((facing) => ({
      type: 'place',
      unit: id,
      hex,
      ...(facing === undefined ? {} : { facing }),
    })),
  )
}

function current(ctx: PlayContext, d: RelocateData): string | null {
  if (typeof d.index !== 'number') d.index = 0
  while (d.index < d.pending.units.length) {
    const id = d.pending.units[d.index] as string
    const unit = ctx.state.units[id]
    if (unit !== undefined && unit.location === 'map' && unit.hex !== null) return id
    d.index += 1
  }
  return null
}

const relocateRule = (ctx: PlayContext, pending: PendingEffect): string | undefined =>
  (pending.effect as RelocateEffect).rule ?? retireSettings(ctx).rule

function eliminate(ctx: PlayContext, f: StepFrame<RelocateData, 'start'>, id: string): void {
  const d = f.data
  note(
    ctx,
    `unit ${id} finds no place near its ${(d.pending.effect as RelocateEffect).to}`,
    relocateRule(ctx, d.pending),
  )
  const run = subRun(ctx)
  sendStatusEvent(
    run,
    id,
    retireSettings(ctx).eliminateEvent,
    0,
    relocateRule(ctx, d.pending),
    d.pending.participants,
  )
  queueThen(f.frame, [effectsFrame(run.pending)])
}

function carryOut(ctx: PlayContext, chosen: Action, pending: PendingEffect): void {
  const id = chosen.unit as string
  const facing = typeof chosen.facing === 'number' ? chosen.facing : undefined
  placeUnit(
    ctx,
    id,
    { hex: chosen.hex as string, ...(facing === undefined ? {} : { facing }) },
    `is placed near its ${(pending.effect as RelocateEffect).to}`,
    relocateRule(ctx, pending),
  )
}

export const relocateProcedure = defineProcedure<RelocateData>()({
  name: 'effect:relocate',
  actions: ['place'],
  steps: {
    start(ctx, f) {
      const queued = nextQueued(f.frame)
      if (queued !== null) return queued
      const d = f.data
      const id = current(ctx, d)
      if (id === null) return { kind: 'done' }
      const options = relocateOptions(ctx, id, d.pending)
      if (options.length <= 1) {
        d.index += 1
        if (options.length === 0) eliminate(ctx, f, id)
        else carryOut(ctx, options[0] as Action, d.pending)
        return AGAIN
      }
      const rule = relocateRule(ctx, d.pending)
      return {
        kind: 'prompt',
        prompt: {
          side: ctx.state.units[id]?.side ?? '',
          kind: 'relocate',
          text: `place unit ${id} near its ${(d.pending.effect as RelocateEffect).to} ("place" with hex and facing)`,
          actions: ['place'],
          ...ruleField(rule),
        },
      }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    const id = current(ctx, d) as string
    const options = relocateOptions(ctx, id, d.pending)
    const hexes = [...new Set(options.map((o) => o.hex as string))]
    const chosen = answerAmong(action, options, ['unit', 'hex', 'facing'], () => ({
      message:
        action.unit !== id
          ? `unit ${id} is the one to place now`
          : hexes.includes(action.hex as string)
            ? `unit ${id} may not take that facing`
            : `unit ${id} must be placed, by a route free of enemy units, in an empty hex near its ${(d.pending.effect as RelocateEffect).to} that does not touch the units that caused the result: ${hexes.join(', ')}`,
      rule: relocateRule(ctx, d.pending),
    }))
    d.index += 1
    carryOut(ctx, chosen, d.pending)
    return `unit ${id} placed in ${String(chosen.hex)}`
  },
  legal(ctx, f) {
    const id = current(ctx, f.data)
    return id === null ? [] : relocateOptions(ctx, id, f.data.pending)
  },
})
