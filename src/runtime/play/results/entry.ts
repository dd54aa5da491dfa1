/**
 * An enemy unit enters a hex (moving, advancing, retreating): leaders alone there are displaced
 * (or captured), and an enemy standard there is displaced (its owner moves it as an activated
 * standard moves) or captured (then the retired units of its command are eliminated and later
 * retires fail). Settings: mechanics.results.standards, and the standard move of
 * mechanics.activation.standards (play/extras/standard.ts).
 */
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { sendStatusEvent } from '../../state/effects'
import { flowOf } from '../driver'
import { standardDestinations, moveStandard, standardOfUnit } from '../extras/standard'
import { isLeader, sideOfCommand } from '../forces'
import type { StepFrame } from '../define-procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { NewFrame, PlayContext } from '../procedure'
import { answerAmong, nextQueued, note, queueThen, subRun } from './common'
import { effectsFrame } from './frames'
import { displacementFrame } from './leaders'
import { combatIn, leadersOf } from './places'
import { standardSettings } from './settings'
import { ruleField } from '../../state/failure'
import { toJson } from '../../state/json-data'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** Commands of `side`'s enemies whose standard stands in `hex`. */
export function enemyStandardsIn(ctx: Ctx, side: string, hex: string): string[] {
  const standards = ctx.state.flow?.standards ?? {}
  return Object.keys(standards)
    .filter((c) => standards[c] === hex)
    .filter((c) => {
      const owner = sideOfCommand(ctx.loaded, c)
      return owner !== undefined && owner !== side
    })
    .sort()
}

/** Frames run one after the other (procedure "results:frames"); null when there are none. */
export function inOrder(frames: readonly (NewFrame | null)[]): NewFrame | null {
  const list = frames.filter((f): f is NewFrame => f !== null)
  if (list.length === 0) return null
  if (list.length === 1) return list[0] as NewFrame
  return { proc: 'results:frames', data: { then: toJson(list) } }
}

export const framesProcedure = defineProcedure<{ then: NewFrame[] }>()({
  name: 'results:frames',
  steps: {
    start: (_ctx, f) => nextQueued(f.frame) ?? { kind: 'done' },
  },
})

/**
 * What follows unit `id` entering its hex: displacing the enemy leaders left alone there, and the
 * enemy standard's fate. Null when nothing does. For movement, advances and retreats alike.
 */
export function enemyEntryFrame(ctx: Ctx, id: string): NewFrame | null {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.location !== 'map' || unit.hex === null) return null
  if (isLeader(ctx.loaded, id)) return null
  const hex = unit.hex
  const leaders =
    combatIn(ctx, hex, unit.side, true).length > 0 ? [] : leadersOf(ctx, hex, unit.side, true)
  const standards = enemyStandardsIn(ctx, unit.side, hex)
  return inOrder([
    displacementFrame(leaders.map((leader) => ({ leader, reason: 'entered' as const }))),
    standards.length === 0
      ? null
      : { proc: 'results:standard-entered', data: { commands: standards, from: hex } },
  ])
}

interface StandardData {
  commands: string[]
  from: string
}

function owner(ctx: Ctx, command: string): string {
  return sideOfCommand(ctx.loaded, command) ?? ''
}

function destinations(ctx: Ctx, command: string): string[] {
  const settings = ctx.loaded.rules.ruleset.mechanics?.activation?.standards
  if (settings !== undefined) return standardDestinations(ctx, settings, command)
  // Without standard settings: any hex of the map free of enemy units.
  const side = owner(ctx, command)
  return boardOf(ctx.loaded)
    .allHexes()
    .filter((h) => combatIn(ctx, h, side, true).length === 0)
}

function options(ctx: Ctx, command: string, from: string): Action[] {
  const board = boardOf(ctx.loaded)
  return destinations(ctx, command)
    .map((hex) => ({ hex, d: board.distance(from, hex) }))
    .sort((a, b) => a.d - b.d || a.hex.localeCompare(b.hex))
    .map(({ hex }) => ({ type: 'place', standard: command, hex }))
}

function capture(ctx: PlayContext, f: StepFrame<StandardData, 'start'>): void {
  const d = f.data
  const settings = standardSettings(ctx)
  const flow = flowOf(ctx.state)
  const run = subRun(ctx)
  for (const command of d.commands) {
    flow.standards[command] = null
    note(ctx, `the standard of ${command} is captured in ${d.from}`, settings.rule)
    for (const [id, u] of Object.entries(ctx.state.units)) {
      if (u.location !== 'map' || !settings.retiredStatuses.includes(u.status)) continue
      if (standardOfUnit(ctx, id) !== command) continue
      sendStatusEvent(run, id, settings.captureEvent, 0, settings.rule)
    }
  }
  d.commands = []
  queueThen(f.frame, [effectsFrame(run.pending)])
}

function move(ctx: PlayContext, command: string, from: string, hex: string): void {
  const flow = flowOf(ctx.state)
  // Every standard of that side in the hex goes together (one standard for several commands).
  const together = Object.keys(flow.standards).filter(
    (c) => flow.standards[c] === from && owner(ctx, c) === owner(ctx, command),
  )
  for (const c of together.length > 0 ? together : [command]) {
    if (ctx.loaded.rules.ruleset.mechanics?.activation?.standards !== undefined)
      moveStandard(ctx, c, hex)
    else {
      flow.standards[c] = hex
      note(ctx, `standard of ${c} moves from ${from} to ${hex}`, standardSettings(ctx).rule)
    }
  }
}

export const standardEnteredProcedure = defineProcedure<StandardData>()({
  name: 'results:standard-entered',
  actions: ['place'],
  steps: {
    start(ctx, f) {
      const queued = nextQueued(f.frame)
      if (queued !== null) return queued
      const d = f.data
      d.commands = d.commands.filter((c) => ctx.state.flow?.standards[c] === d.from)
      const head = d.commands[0]
      if (head === undefined) return { kind: 'done' }
      if (standardSettings(ctx).onEnemyEntry === 'capture') {
        capture(ctx, f)
        return AGAIN
      }
      const choices = options(ctx, head, d.from)
      if (choices.length <= 1) {
        if (choices.length === 1) move(ctx, head, d.from, (choices[0] as Action).hex as string)
        else d.commands.shift()
        return AGAIN
      }
      return {
        kind: 'prompt',
        prompt: {
          side: owner(ctx, head),
          kind: 'standard-displacement',
          text: `the enemy reached the standard of ${head} in ${d.from}: move it to another hex ("place" with standard and hex)`,
          actions: ['place'],
          ...ruleField(standardSettings(ctx).rule),
        },
      }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    const head = d.commands[0] as string
    const choices = options(ctx, head, d.from)
    const chosen = answerAmong(action, choices, ['standard', 'hex'], () => ({
      message: `the standard of ${head} must move to a hex of the map that is not a reinforcement entry hex, not impassable and free of enemy units`,
      rule: standardSettings(ctx).rule,
    }))
    move(ctx, head, d.from, chosen.hex as string)
    return `standard of ${head} moved to ${String(chosen.hex)}`
  },
  legal(ctx, f) {
    const d = f.data
    const head = d.commands.find((c) => ctx.state.flow?.standards[c] === d.from)
    if (head === undefined || standardSettings(ctx).onEnemyEntry === 'capture') return []
    return options(ctx, head, d.from)
  },
})
