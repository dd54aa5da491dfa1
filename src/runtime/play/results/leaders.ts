/**
 * Leaders left behind: a leader whose stacked units all went (retired or eliminated), or whose
 * lone hex an enemy unit enters, is displaced. Surrounded, he is captured; otherwise his owner
 * places him with the nearest unit of a command he leads (a reinforcement group when none is on
 * the map), an overall commander with none with the nearest friendly unit; with nobody left he
 * leaves play without flight points. Procedure "results:displace-leaders". Settings:
 * mechanics.results.leaders.
 */
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { eliminateUnit } from '../../state/effect-changes'
import { sendStatusEvent } from '../../state/effects'
import type { Frame } from '../../state/flow-types'
import { isRemovedStatus } from '../../state/game-state'
import { commandInPlay, commandsOf, isLeader, isOverallCommander } from '../forces'
import type { StepFrame } from '../define-procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { NewFrame, PlayContext } from '../procedure'
import { answerAmong, nextQueued, placeUnit, queueThen, subRun } from './common'
import type { LeaderWatch } from './frames'
import { effectsFrame } from './frames'
import { combatIn, isSurrounded } from './places'
import { leaderSettings } from './settings'
import { ruleField } from '../../state/failure'
import { fromJson, toJsonObject } from '../../state/json-data'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export type DisplaceReason = 'left-alone' | 'no-units' | 'entered'

interface DisplaceData {
  queue: { leader: string; reason: DisplaceReason }[]
}

/** Commands the leader leads (named their leader, or his own command). */
export function commandsLedBy(ctx: Ctx, leader: string): string[] {
  const unit = ctx.state.units[leader]
  if (unit === undefined) return []
  const led = commandsOf(ctx.loaded, unit.side)
    .filter((c) => c.leader === leader)
    .map((c) => c.id)
  if (unit.command !== null && !led.includes(unit.command)) led.push(unit.command)
  return led
}

function isCommander(ctx: Ctx, leader: string): boolean {
  return isOverallCommander(ctx.loaded, ctx.state, leader)
}

const gone = (ctx: Ctx, id: string, statuses: readonly string[]): boolean => {
  const unit = ctx.state.units[id]
  if (unit === undefined) return false
  return (
    unit.location === 'removed' ||
    isRemovedStatus(ctx.loaded, unit.status) ||
    statuses.includes(unit.status)
  )
}

/** Watched leaders still in their hex, with no friendly unit left there and some of theirs gone. */
export function leadersLeftBehind(ctx: Ctx, watched: readonly LeaderWatch[]): string[] {
  const statuses = leaderSettings(ctx).displaceWhen
  return watched
    .filter((w) => {
      const leader = ctx.state.units[w.leader]
      if (leader === undefined || leader.location !== 'map' || leader.hex !== w.hex) return false
      if (combatIn(ctx, w.hex, leader.side).length > 0) return false
      return w.units.some((id) => gone(ctx, id, statuses))
    })
    .map((w) => w.leader)
}

/** Leaders on the map leading only commands with no units in play (the overall commander excepted). */
export function leadersWithoutUnits(ctx: Ctx): string[] {
  if (!leaderSettings(ctx).removeWithoutUnits) return []
  // Runs after every result: a plain loop, in the state's order of units.
  const out: string[] = []
  for (const id in ctx.state.units) {
    if (ctx.state.units[id]?.location !== 'map' || !isLeader(ctx.loaded, id)) continue
    const led = commandsLedBy(ctx, id)
    if (led.length === 0 || isCommander(ctx, id)) continue
    if (led.every((c) => !commandInPlay(ctx.loaded, ctx.state, c))) out.push(id)
  }
  return out
}

export function displacementFrame(
  queue: readonly { leader: string; reason: DisplaceReason }[],
): NewFrame | null {
  if (queue.length === 0) return null
  const d: DisplaceData = { queue: [...queue] }
  return { proc: 'results:displace-leaders', data: toJsonObject(d) }
}

/** Where a displaced leader may go: hexes of the nearest units, or reinforcement groups. */
function destinations(ctx: Ctx, leader: string): { hexes: string[]; groups: string[] } {
  const unit = ctx.state.units[leader]
  if (unit === undefined || unit.hex === null) return { hexes: [], groups: [] }
  const board = boardOf(ctx.loaded)
  const from = unit.hex
  const led = commandsLedBy(ctx, leader)
  const combat = Object.entries(ctx.state.units).filter(
    ([id, u]) => u.side === unit.side && !isLeader(ctx.loaded, id),
  )
  const nearest = (hexes: string[]): string[] => {
    const best = Math.min(...hexes.map((h) => board.distance(from, h)))
    return [...new Set(hexes.filter((h) => board.distance(from, h) === best))].sort()
  }
  const mine = combat.filter(([, u]) => u.command !== null && led.includes(u.command))
  const onMap = mine.filter(([, u]) => u.location === 'map' && u.hex !== null)
  if (onMap.length > 0) return { hexes: nearest(onMap.map(([, u]) => u.hex as string)), groups: [] }
  if (leaderSettings(ctx).toReinforcements) {
    const groups = mine
      .filter(([, u]) => u.location === 'reinforcements' && u.group !== null)
      .map(([, u]) => u.group as string)
    if (groups.length > 0) return { hexes: [], groups: [...new Set(groups)].sort() }
  }
  if (isCommander(ctx, leader)) {
    const any = combat.filter(([, u]) => u.location === 'map' && u.hex !== null)
    if (any.length > 0) return { hexes: nearest(any.map(([, u]) => u.hex as string)), groups: [] }
  }
  return { hexes: [], groups: [] }
}

function options(ctx: Ctx, leader: string): Action[] {
  const { hexes, groups } = destinations(ctx, leader)
  return [
    ...hexes.map((hex) => ({ type: 'place', unit: leader, hex })),
    ...groups.map((group) => ({ type: 'place', unit: leader, group })),
  ]
}

function capture(ctx: PlayContext, leader: string): NewFrame | null {
  const settings = leaderSettings(ctx)
  const run = subRun(ctx)
  sendStatusEvent(run, leader, settings.captureEvent, 0, settings.rule)
  // A leader the graph does not take out of play is still captured: off the map he goes.
  if (ctx.state.units[leader]?.location !== 'removed') eliminateUnit(run, leader, settings.rule)
  return effectsFrame(run.pending)
}

function place(ctx: PlayContext, leader: string, chosen: Action): void {
  const rule = leaderSettings(ctx).rule
  if (typeof chosen.group === 'string') {
    const unit = ctx.state.units[leader]
    if (unit !== undefined) unit.group = chosen.group
    placeUnit(ctx, leader, { hex: null, location: 'reinforcements' }, 'joins reinforcements', rule)
  } else placeUnit(ctx, leader, { hex: chosen.hex as string }, 'is displaced', rule)
}

/** Carries the head of the queue as far as it goes without a decision; true when it needs one. */
function settle(ctx: PlayContext, f: StepFrame<DisplaceData, 'start'>): boolean {
  const d = f.data
  const settings = leaderSettings(ctx)
  while (d.queue.length > 0) {
    const head = d.queue[0] as DisplaceData['queue'][number]
    const unit = ctx.state.units[head.leader]
    if (unit === undefined || unit.location !== 'map' || unit.hex === null) {
      d.queue.shift()
      continue
    }
    const alone = combatIn(ctx, unit.hex, unit.side).length === 0
    if (head.reason !== 'no-units' && !alone) {
      // Someone came to stand with him in the meantime: nothing to do.
      d.queue.shift()
      continue
    }
    if (alone && isSurrounded(ctx, head.leader, unit.hex, settings.surroundedBy)) {
      d.queue.shift()
      queueThen(f.frame, [capture(ctx, head.leader)])
      return false
    }
    const choices = head.reason === 'no-units' ? [] : options(ctx, head.leader)
    if (choices.length === 0) {
      d.queue.shift()
      eliminateUnit(subRun(ctx), head.leader, settings.rule)
      continue
    }
    if (choices.length === 1) {
      d.queue.shift()
      place(ctx, head.leader, choices[0] as Action)
      continue
    }
    return true
  }
  return false
}

export const displaceLeadersProcedure = defineProcedure<DisplaceData>()({
  name: 'results:displace-leaders',
  actions: ['place'],
  steps: {
    start(ctx, f) {
      const queued = nextQueued(f.frame)
      if (queued !== null) return queued
      const waiting = settle(ctx, f)
      if (nextQueuedPending(f.frame)) return AGAIN
      if (!waiting) return { kind: 'done' }
      const head = f.data.queue[0] as DisplaceData['queue'][number]
      return {
        kind: 'prompt',
        prompt: {
          side: ctx.state.units[head.leader]?.side ?? '',
          kind: 'leader-displacement',
          text: `place leader ${head.leader}, displaced, with one of the nearest units of his command`,
          actions: ['place'],
          ...ruleField(leaderSettings(ctx).rule),
        },
      }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    const head = d.queue[0] as DisplaceData['queue'][number]
    const choices = options(ctx, head.leader)
    const chosen = answerAmong(action, choices, ['unit', 'hex', 'group'], () => ({
      message: `leader ${head.leader} must go to one of the nearest units of a command he leads: ${choices
        .map((c) => (c.hex as string | undefined) ?? `group ${String(c.group)}`)
        .join(', ')}`,
      rule: leaderSettings(ctx).rule,
    }))
    d.queue.shift()
    place(ctx, head.leader, chosen)
    return `leader ${head.leader} displaced to ${(chosen.hex as string | undefined) ?? `group ${String(chosen.group)}`}`
  },
  legal(ctx, f) {
    const head = f.data.queue[0]
    return head === undefined ? [] : options(ctx, head.leader)
  },
})

function nextQueuedPending(frame: Frame): boolean {
  const queued = fromJson<unknown[] | undefined>(frame.data.then)
  return queued !== undefined && queued.length > 0
}
