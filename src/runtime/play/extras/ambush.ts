/**
 * Ambush (mechanic "ambush"; settings mechanics.activation.ambush). A battle
 * hides units off the map in a reinforcement group marked as an ambush (scenario
 * sides[].reinforcements[].ambush); they never come on as ordinary reinforcements. A free
 * activation of the ambush kind names the command the ambushing unit will join, and its ambush
 * phase brings one such unit on through the group's entry hexes: it acts alone (every other piece
 * of the side is stopped for the activation), in command (the kind runs no command check), with
 * its movement allowance multiplied and enemy standards' hexes closed to it (the movement
 * mechanic asks `ambushWaits` and `ambushStandardBan`). When its move is over every enemy unit
 * next to it receives the event of the first arrival rule its status matches, through the status
 * graph; the kind's shock and continued-attack phases follow as in any activation.
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { ActivationKind, AmbushSettings, Scenario } from '../../generated/content-types'
import { checkArgs, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { sendStatusEvent } from '../../state/effects'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { isLeader, sideOfCommand } from '../forces'
import { unitFlags, unitRatings } from '../influence'
import { entryHexes, groupArrived, groupById } from '../movement/reinforcements'
import { allowanceRating } from '../movement/settings'
import type { PlayContext } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import { currentActivation } from '../driver'
import { effectsFrame, resultsWatch } from '../results/frames'
import { dataOf, extrasSettings, note, promptRule } from './common'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
type Group = NonNullable<Scenario['sides'][number]['reinforcements']>[number]

interface AmbushData {
  /** The ambushing unit, once chosen (while the frame runs, the movement mechanic lets it on). */
  unit?: string
}

export function ambushSettings(ctx: Ctx): AmbushSettings | null {
  return extrasSettings(ctx).ambush ?? null
}

/** The ambush group a unit waits in, if it waits off the map in one. */
function waitingGroup(ctx: Ctx, id: string): Group | undefined {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.location !== 'reinforcements' || unit.group === null)
    return undefined
  const group = groupById(ctx.loaded, unit.group)
  return group?.ambush === undefined ? undefined : group
}

/** Whether a unit belongs to an ambush group of the scenario (wherever it is now). */
export function isAmbushUnit(loaded: LoadedScenario, id: string): boolean {
  return loaded.scenario.sides.some((s) =>
    (s.reinforcements ?? []).some(
      (g) => g.ambush !== undefined && g.units.some((u) => u.id === id),
    ),
  )
}

/** The command the scenario says the unit joins. */
function namedCommand(ctx: Ctx, group: Group, id: string): string | null {
  return group.ambush?.joins ?? group.command ?? ctx.state.units[id]?.command ?? null
}

/**
 * Whether a command is still with the army: a piece of it on the map, or a unit of it still to
 * come as an ordinary reinforcement (ambushing units waiting to join it do not count).
 */
function commandPresent(ctx: Ctx, command: string): boolean {
  return Object.entries(ctx.state.units).some(
    ([id, u]) =>
      u.command === command &&
      (u.location === 'map' ||
        (u.location === 'reinforcements' && waitingGroup(ctx, id) === undefined)),
  )
}

/** Whether the group is due, counting an activation still to begin (the choice of one) as begun. */
function due(ctx: Ctx, group: Group, side: string): boolean {
  const ahead = (ctx.state.flow?.activation ?? null) === null ? 1 : 0
  const clock = { ...ctx.state.clock, activation: ctx.state.clock.activation + ahead }
  return groupArrived({ loaded: ctx.loaded, state: { ...ctx.state, clock } }, group, side)
}

/** The units that may come on as an ambush joining `command` now. */
export function ambushCandidates(ctx: Ctx, side: string, command: string): string[] {
  const settings = ambushSettings(ctx)
  if (settings === null || sideOfCommand(ctx.loaded, command) !== side) return []
  if (!commandPresent(ctx, command)) return []
  return Object.entries(ctx.state.units)
    .filter(([id, u]) => {
      if (u.side !== side || isLeader(ctx.loaded, id)) return false
      const group = waitingGroup(ctx, id)
      if (group === undefined || !due(ctx, group, side)) return false
      if (entryHexes(ctx.loaded, group).length === 0) return false
      if (settings.flag !== undefined && unitFlags(ctx, id)[settings.flag] !== true) return false
      const named = namedCommand(ctx, group, id)
      // The command named, or any other once the one named has left the field.
      return named === command || named === null || !commandPresent(ctx, named)
    })
    .map(([id]) => id)
}

/** Why `side` may not take an ambush activation for `command` now (null for other kinds). */
export function ambushProblem(
  ctx: Ctx,
  kind: ActivationKind,
  side: string,
  command: string | undefined,
): string | null {
  const settings = ambushSettings(ctx)
  if (settings === null || settings.kind !== kind.id) return null
  if (command === undefined) return 'an ambush names the command the ambushing unit will join'
  if (ambushCandidates(ctx, side, command).length > 0) return null
  const waiting = Object.keys(ctx.state.units).filter(
    (id) => ctx.state.units[id]?.side === side && waitingGroup(ctx, id) !== undefined,
  )
  if (waiting.length === 0) return `${side} has no ambush waiting off the map`
  return `no ambushing unit of ${side} may come on now to join ${command}: it must be due and join the command its battle's rules name while that command is on the field`
}

/** The ambush frame bringing `id` on, if one is running. */
function springing(ctx: Ctx, id: string): boolean {
  return (ctx.state.flow?.stack ?? []).some(
    (f) => f.proc === 'ambush' && dataOf<AmbushData>(f).unit === id,
  )
}

/**
 * For the movement mechanic: why a unit waiting in an ambush may not come on now (only the
 * ambush activation that brings it on lets it enter); null when it may, or it is no ambusher.
 */
export function ambushWaits(ctx: Ctx, id: string): string | null {
  if (waitingGroup(ctx, id) === undefined) return null
  if (springing(ctx, id)) return null
  return `${id} waits in ambush: it comes on only by an ambush activation`
}

/** For the movement mechanic: the ambushing unit may not enter an enemy standard's hex. */
export function ambushStandardBan(ctx: Ctx, id: string): { message: string; rule?: string } | null {
  const settings = ambushSettings(ctx)
  if (settings === null || settings.mayNotEnterEnemyStandard === false) return null
  if (!springing(ctx, id)) return null
  return {
    message: 'an ambushing unit may not enter the hex of an enemy standard',
    ...(settings.rule === undefined ? {} : { rule: settings.rule }),
  }
}

/** Stops every other piece of the side for the activation: the ambushing unit acts alone. */
function actAlone(ctx: PlayContext, side: string, unit: string): void {
  for (const [id, u] of Object.entries(ctx.state.units))
    if (id !== unit && u.side === side && u.location !== 'removed') u.ended = 'activation'
}

function movementFrame(ctx: PlayContext, settings: AmbushSettings, frame: Frame, unit: string) {
  const rating = unitRatings(ctx, unit)[allowanceRating(ctx.loaded)]
  const allowance = Math.floor(
    (typeof rating === 'number' ? rating : 0) * (settings.movementMultiplier ?? 1),
  )
  // A movement phase frame keeps fixed allowances in its data (movement/acting.ts).
  return { proc: 'movement', phase: frame.phase, data: { allowance: { [unit]: allowance } } }
}

/** The status event each enemy unit next to `unit` receives, decided before any is sent. */
function arrivalPlan(
  ctx: PlayContext,
  settings: AmbushSettings,
  unit: string,
): { id: string; event: string; rule?: string }[] {
  const u = ctx.state.units[unit]
  if (u === undefined || u.location !== 'map' || u.hex === null) return []
  const next = new Set(boardOf(ctx.loaded).neighbors(u.hex))
  const plan: { id: string; event: string; rule?: string }[] = []
  for (const [id, enemy] of Object.entries(ctx.state.units)) {
    if (enemy.side === u.side || enemy.location !== 'map' || enemy.hex === null) continue
    if (!next.has(enemy.hex) || isLeader(ctx.loaded, id)) continue
    const rule = (settings.onArrival ?? []).find(
      (r) => r.statuses === undefined || r.statuses.includes(enemy.status),
    )
    if (rule !== undefined)
      plan.push({ id, event: rule.event, ...(rule.rule === undefined ? {} : { rule: rule.rule }) })
  }
  return plan
}

/** What every step of an ambush reads: its settings, the activation and the command it is for. */
function ambushContext(ctx: PlayContext) {
  const settings = ambushSettings(ctx) ?? reject('the ruleset has no ambush settings')
  const activation = currentActivation(ctx)
  const command = activation.commands[0] ?? reject('an ambush activation names a command')
  return { settings, activation, command }
}

export const ambushProcedure = defineProcedure<AmbushData>()({
  name: 'ambush',
  actions: ['ambush'],
  steps: {
    start(ctx, f) {
      const { settings, activation, command } = ambushContext(ctx)
      const candidates = ambushCandidates(ctx, activation.side, command)
      if (candidates.length === 0) {
        note(ctx, `no ambushing unit can come on to join ${command}`, settings.rule)
        return { kind: 'done' }
      }
      if (candidates.length === 1) {
        f.data.unit = candidates[0] as string
        f.go('spring')
        return AGAIN
      }
      return {
        kind: 'prompt',
        prompt: {
          side: activation.side,
          kind: 'ambush',
          text: 'choose the ambushing unit to bring on ("ambush" with its unit)',
          actions: ['ambush'],
          ...promptRule(ctx, settings.rule, f.frame),
        },
      }
    },
    spring(ctx, f) {
      const { settings, activation, command } = ambushContext(ctx)
      const unit = f.data.unit as string
      const state = ctx.state.units[unit]
      if (state !== undefined && state.command !== command) {
        state.command = command
        note(ctx, `${unit} joins ${command}`, settings.rule)
      }
      actAlone(ctx, activation.side, unit)
      note(ctx, `${unit} comes out of its ambush; it alone acts this activation`, settings.rule)
      f.go('moved')
      return { kind: 'push', frame: movementFrame(ctx, settings, f.frame, unit) }
    },
    moved(ctx, f) {
      const { settings } = ambushContext(ctx)
      const unit = f.data.unit as string
      f.go('end')
      if (ctx.state.units[unit]?.location !== 'map') {
        note(ctx, `${unit} did not come on: it stays in ambush`, settings.rule)
        return AGAIN
      }
      const plan = arrivalPlan(ctx, settings, unit)
      const watch = resultsWatch(ctx, [unit, ...plan.map((p) => p.id)])
      const before = ctx.pending.length
      for (const p of plan)
        sendStatusEvent(ctx, p.id, p.event, 0, p.rule ?? settings.rule, {
          attackers: [unit],
          defenders: [p.id],
        })
      const follow = effectsFrame(ctx.pending.slice(before), watch)
      return follow === null ? AGAIN : { kind: 'push', frame: follow }
    },
    end(ctx) {
      ambushContext(ctx)
      return { kind: 'done' }
    },
  },
  act(ctx, f, action) {
    checkArgs(action, ['unit'])
    const activation = currentActivation(ctx)
    const command = activation.commands[0] ?? ''
    const unit = stringArg(action, 'unit')
    const candidates = ambushCandidates(ctx, activation.side, command)
    if (!candidates.includes(unit))
      return reject(
        `${unit} is not an ambushing unit that may come on now (${candidates.join(', ')} may)`,
        ambushSettings(ctx)?.rule,
      )
    f.data.unit = unit
    f.go('spring')
    return `${activation.side} brings ${unit} out of its ambush`
  },
  legal(ctx) {
    const activation = currentActivation(ctx)
    const command = activation.commands[0] ?? ''
    return ambushCandidates(ctx, activation.side, command).map((unit) => ({
      type: 'ambush',
      unit,
    }))
  },
})
