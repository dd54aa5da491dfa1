/**
 * Procedure `react:fire:move-step`: fire at a unit in the middle of its move. Each hex a moving
 * unit enters (the movement mechanic's move-step event) opens a window in which the missile units
 * of the other side that can shoot at it there (range, arc, line of sight, weapon: ./shots.ts)
 * may do so; its move goes on afterwards if it still can (move-path.ts checks before each step).
 * A unit fires at most once in a player turn, whichever way it fires (activity.fired).
 *
 * Settings (reaction:fire:move-step): the fire phase's `mode`, `resolution` and contact settings
 * (`excludeInContact`, `inContactMayBeFiredAt`, `contactOnlyWithAttackers`: ./contact.ts), and
 * - `simultaneousDeclaration`: the units firing at one hex are all named before any rolls
 *   ("done" opens fire), and each counts as having fired even if the target falls first;
 * - `refireDistance`: a target fired on may be fired on again only after entering so many more
 *   hexes (the first case whose condition holds for it);
 * - `lockout`: once a side fires at another target, the targets it fired at before are safe
 *   from it for the rest of the game turn;
 * - `firerExcludedWhen`, `targetExcludedWhen`: conditions on the unit that would fire, on the
 *   mover; `marker`: put on each unit that fires;
 * - `notIfAttacked`: a unit attacked in melee in the moving side's previous player turn may not
 *   fire (./attacked.ts).
 * What outlives one window (the hexes each target has entered since it was last fired at, each
 * side's last target and the targets safe from it) is kept for the game turn in the mechanic's
 * memory, by reaction, and only with `refireDistance` or `lockout`.
 */
import { effectApplies } from '../../rules'
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { reject, rejectFailure, ruleField } from '../../state/failure'
import { unitContext } from '../../state/variables'
import { activityOf, peekActivity } from '../activity'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { StepFrame } from '../define-procedure'
import { memoryOf, peekMemory } from '../extras/common'
import { isLeader } from '../forces'
import { note, setMarker } from '../logged'
import { reactionSettings } from '../phase-settings'
import type { ReactionSettingsOf } from '../phase-settings'
import type { Outcome, PlayContext } from '../procedure'
import type { ReactionEvent } from '../reactions'
import { currentPhase } from '../reactions'
import { phaseRefusal } from './contact'
import { attackedInLastTurnOf } from './attacked'
import { whyNoDefensiveFire } from './plans'
import { choicesOf } from './reactions'
import { activeSideOf, shotFrame } from './shot-procedure'
import type { Shot } from './shots'
import { checkShot, weaponsOf, withinSomeRange } from './shots'

type Settings = ReactionSettingsOf<'fire:move-step'>

interface MoveStepData {
  reaction: string
  params?: { [key: string]: unknown }
  event: ReactionEvent
  /** Shots named at this hex and not rolled yet (simultaneous declaration). */
  named?: Shot[]
  /** Shots being fired, one after the other. */
  volley?: Shot[]
}

type Step = 'start' | 'ask' | 'shoot' | 'end'
type Frame = StepFrame<MoveStepData, Step>

const MEMORY = 'fire:move-step'

/** What one reaction remembers for a game turn. */
interface TurnRecord {
  turn: number
  /** Hexes each target fired at has entered since the last time. */
  moved: Record<string, number>
  /** The last target of each side. */
  last: Record<string, string>
  /** The targets safe from each side for the rest of the game turn. */
  safe: Record<string, string[]>
}

const settingsOf = (d: MoveStepData): Settings => reactionSettings('fire:move-step', d.params)

function ruleOf(ctx: PlayContext, d: MoveStepData): string | undefined {
  return currentPhase(ctx)?.reactions?.find((r) => r.id === d.reaction)?.rule
}

function recordOf(ctx: PlayContext, reaction: string): TurnRecord | undefined {
  const record = peekMemory<Record<string, TurnRecord>>(ctx, MEMORY)?.[reaction]
  return record?.turn === ctx.state.clock.turn ? record : undefined
}

function writeRecord(ctx: PlayContext, reaction: string): TurnRecord {
  const memory = memoryOf<Record<string, TurnRecord>>(ctx, MEMORY, {})
  const turn = ctx.state.clock.turn
  let record = memory[reaction]
  if (record?.turn !== turn) {
    record = { turn, moved: {}, last: {}, safe: {} }
    memory[reaction] = record
  }
  return record
}

/** Whether a condition of the settings holds for unit `id` (false when there is none). */
function holds(ctx: PlayContext, source: string | undefined, id: string, where: string): boolean {
  if (source === undefined) return false
  const unit = unitContext(ctx.loaded, ctx.state, id)
  const result = effectApplies(ctx.loaded.rules, 'unit', source, unit, where)
  return result.ok ? result.value : rejectFailure(result.error)
}

/** The mover, while it stands in the hex the event is about; null once it has gone. */
function moverOf(ctx: PlayContext, d: MoveStepData): string | null {
  const event = d.event
  if (event.trigger !== 'move-step') return null
  const unit = ctx.state.units[event.unit]
  return unit?.location === 'map' && unit.hex === event.hex ? event.unit : null
}

/** The units that might fire at `target`: missile units on the map of a side not moving. */
function firers(ctx: PlayContext, target: string): string[] {
  const side = ctx.state.units[target]?.side
  const active = activeSideOf(ctx)
  return Object.keys(ctx.state.units).filter((id) => {
    const unit = ctx.state.units[id]
    if (unit === undefined || unit.side === side || unit.side === active) return false
    if (unit.location !== 'map' || unit.hex === null || isLeader(ctx.loaded, id)) return false
    return weaponsOf(ctx, id).length > 0
  })
}

const hexes = (n: number): string => `${n} hex${n === 1 ? '' : 'es'}`

/** Why units of `side` may not fire at `target` now (its condition, lockout, re-fire), or null. */
function targetBar(
  ctx: PlayContext,
  d: MoveStepData,
  settings: Settings,
  side: string,
  target: string,
): string | null {
  if (holds(ctx, settings.targetExcludedWhen, target, 'targetExcludedWhen'))
    return `${target} may not be fired at in this reaction`
  const record = recordOf(ctx, d.reaction)
  if (settings.lockout === true && (record?.safe[side] ?? []).includes(target))
    return `${target} is safe from ${side} for the rest of the turn: ${side} has fired at another target since`
  // The units named at one hex fire together: while some are named, more may join them.
  if ((d.named ?? []).length > 0) return null
  const moved = record?.moved[target]
  if (moved === undefined) return null
  const needed = (settings.refireDistance ?? []).find(
    (c, i) => c.when === undefined || holds(ctx, c.when, target, `refireDistance ${i + 1}, when`),
  )?.hexes
  if (needed === undefined || moved >= needed) return null
  return `${target} has entered ${hexes(moved)} since it was last fired at, and may be fired at again only after ${hexes(needed)}`
}

/** Why `id` may not fire in this reaction now (already fired or named, its condition…), or null. */
function firerBar(
  ctx: PlayContext,
  d: MoveStepData,
  settings: Settings,
  id: string,
  target: string,
): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  if ((d.named ?? []).some((s) => s.firer === id))
    return `unit ${id} is already named to fire at ${target}`
  if (peekActivity(ctx, id)?.fired === true) return `unit ${id} has already fired this turn`
  const state = ctx.loaded.rules.ruleset.statuses.states.find((s) => s.id === unit.status)
  if (state?.canAct === false) return `unit ${id} is ${unit.status} and may not fire`
  if (holds(ctx, settings.firerExcludedWhen, id, 'firerExcludedWhen'))
    return `unit ${id} may not fire in this reaction`
  if (settings.notIfAttacked === true && attackedInLastTurnOf(ctx, activeSideOf(ctx), id))
    return `${unit.name ?? id} was attacked in melee in the enemy's last turn, so he may not fire at the enemy's moves`
  return whyNoDefensiveFire(ctx, id) ?? phaseRefusal(ctx, settings, id, target)
}

/** The shot as this reaction makes it: the resolution and mode of its settings. */
function withSettings(shot: Shot, settings: Settings): Shot {
  return {
    ...shot,
    ...(settings.resolution === undefined ? {} : { resolution: settings.resolution }),
    ...(settings.mode === undefined ? {} : { phaseMode: settings.mode }),
  }
}

/** Every shot `id` could fire at `target`, one per weapon (range, arc, line of sight). */
function shotsOf(ctx: PlayContext, settings: Settings, id: string, target: string): Shot[] {
  const out: Shot[] = []
  for (const weapon of weaponsOf(ctx, id)) {
    const check = checkShot(ctx, id, target, 'reaction', weapon.id)
    if (check.ok) out.push(withSettings(check.shot, settings))
  }
  return out
}

/** Every shot the other side may fire at the mover now. */
function eligible(ctx: PlayContext, d: MoveStepData, settings: Settings): Shot[] {
  const target = moverOf(ctx, d)
  if (target === null) return []
  const barred = new Map<string, boolean>()
  const out: Shot[] = []
  for (const id of firers(ctx, target)) {
    const side = ctx.state.units[id]?.side as string
    if (!barred.has(side)) barred.set(side, targetBar(ctx, d, settings, side, target) !== null)
    if (barred.get(side) === true || !withinSomeRange(ctx, id, target)) continue
    if (firerBar(ctx, d, settings, id, target) !== null) continue
    out.push(...shotsOf(ctx, settings, id, target))
  }
  return out
}

/**
 * Notes why a side whose units could shoot at the mover here may not (re-fire distance,
 * lockout, the mover's condition), so the player who is not asked reads the reason.
 */
function noteBars(ctx: PlayContext, d: MoveStepData, settings: Settings): void {
  const target = moverOf(ctx, d)
  if (target === null) return
  const done = new Set<string>()
  for (const id of firers(ctx, target)) {
    const side = ctx.state.units[id]?.side as string
    if (done.has(side)) continue
    const bar = targetBar(ctx, d, settings, side, target)
    if (bar === null) done.add(side)
    else if (
      firerBar(ctx, d, settings, id, target) === null &&
      shotsOf(ctx, settings, id, target).length > 0
    ) {
      note(
        ctx,
        `no fire at ${target} in ${ctx.state.units[target]?.hex ?? '?'}: ${bar}`,
        ruleOf(ctx, d),
      )
      done.add(side)
    }
  }
}

/** The shot a fire answer names, refused with the reason when it may not be fired. */
function chosenShot(ctx: PlayContext, d: MoveStepData, settings: Settings, action: Action): Shot {
  checkArgs(action, ['unit', 'target', 'weapon'])
  const rule = ruleOf(ctx, d)
  const id = stringArg(action, 'unit')
  const target = stringArg(action, 'target')
  const weapon = stringArg(action, 'weapon', true)
  const mover = moverOf(ctx, d) ?? reject('the moving unit is no longer there to fire at', rule)
  if (target !== mover) return reject(`only ${mover}, which is moving, may be fired at now`, rule)
  const unit = ctx.state.units[id] ?? reject(`there is no unit "${id}"`)
  if (unit.side === ctx.state.units[mover]?.side || unit.side === activeSideOf(ctx))
    return reject(`unit ${id} is of the side moving: only the other side fires now`, rule)
  const bar = targetBar(ctx, d, settings, unit.side, mover) ?? firerBar(ctx, d, settings, id, mover)
  if (bar !== null) return reject(bar, rule)
  const check = checkShot(ctx, id, mover, 'reaction', weapon)
  if (!check.ok) return reject(check.message, check.rule)
  return withSettings(check.shot, settings)
}

/** Counts the firer as having fired, marks it, and remembers the target (re-fire, lockout). */
function fired(ctx: PlayContext, d: MoveStepData, settings: Settings, shot: Shot): void {
  const activity = activityOf(ctx, shot.firer)
  activity.fired = true
  activity.reactions.push(d.reaction)
  if (settings.marker !== undefined)
    setMarker(ctx, shot.firer, settings.marker, 'add', ruleOf(ctx, d))
  if (settings.refireDistance === undefined && settings.lockout !== true) return
  const record = writeRecord(ctx, d.reaction)
  record.moved[shot.target] = 0
  const side = ctx.state.units[shot.firer]?.side as string
  const last = record.last[side]
  const safe = (record.safe[side] ??= [])
  if (last !== undefined && last !== shot.target && !safe.includes(last)) safe.push(last)
  record.last[side] = shot.target
}

/** Fires the named shots, one after the other. */
function openFire(ctx: PlayContext, f: Frame): string {
  const named = f.data.named ?? []
  delete f.data.named
  f.data.volley = named
  f.go('shoot')
  const first = named[0]
  const side = first === undefined ? '' : (ctx.state.units[first.firer]?.side ?? '')
  const text = `${side} opens fire at ${first?.target ?? '?'} with ${named.map((s) => s.firer).join(', ')}`
  note(ctx, text, ruleOf(ctx, f.data))
  return text
}

function ask(ctx: PlayContext, f: Frame): Outcome {
  const d = f.data
  const settings = settingsOf(d)
  const shots = eligible(ctx, d, settings)
  const named = d.named ?? []
  const first = shots[0]
  if (first === undefined) {
    if (named.length === 0) return { kind: 'done' }
    // Every unit that may fire is named: nothing is left to decide.
    openFire(ctx, f)
    return AGAIN
  }
  const who = [...new Set(shots.map((s) => s.firer))].join(', ')
  const hex = ctx.state.units[first.target]?.hex ?? '?'
  const text =
    settings.simultaneousDeclaration !== true
      ? `${first.target} entered ${hex}: fire at it with ${who}, or decline`
      : named.length === 0
        ? `${first.target} entered ${hex}: name the units to fire at it (${who}), then open fire ("done"); or decline`
        : `${named.map((s) => s.firer).join(', ')} will fire at ${first.target} in ${hex}: name more (${who}) or open fire ("done")`
  return {
    kind: 'prompt',
    prompt: {
      side: ctx.state.units[first.firer]?.side ?? '',
      kind: 'reaction-fire',
      text,
      actions: named.length === 0 ? ['fire', 'decline'] : ['fire', 'done'],
      ...ruleField(ruleOf(ctx, d)),
    },
  }
}

export const moveStepFireProcedure = defineProcedure<MoveStepData>()<Step>({
  name: 'react:fire:move-step',
  actions: ['fire', 'done', 'decline'],
  settings: [
    'mode',
    'resolution',
    'excludeInContact',
    'inContactMayBeFiredAt',
    'contactOnlyWithAttackers',
    'simultaneousDeclaration',
    'refireDistance',
    'lockout',
    'firerExcludedWhen',
    'targetExcludedWhen',
    'marker',
    'notIfAttacked',
  ],
  steps: {
    start(ctx, f) {
      const d = f.data
      // One more hex entered by a target fired at before.
      const target = d.event.trigger === 'move-step' ? d.event.unit : null
      const moved = target === null ? undefined : recordOf(ctx, d.reaction)?.moved[target]
      if (target !== null && moved !== undefined)
        writeRecord(ctx, d.reaction).moved[target] = moved + 1
      noteBars(ctx, d, settingsOf(d))
      f.go('ask')
      return AGAIN
    },
    ask,
    shoot(ctx, f) {
      const d = f.data
      const next = d.volley?.shift()
      if (next === undefined) {
        delete d.volley
        f.go(settingsOf(d).simultaneousDeclaration === true ? 'end' : 'ask')
        return AGAIN
      }
      if (ctx.state.units[next.target]?.location !== 'map') {
        note(ctx, `${next.firer} has fired for nothing: ${next.target} is down`, ruleOf(ctx, d))
        return AGAIN
      }
      return { kind: 'push', frame: shotFrame(next) }
    },
    end: () => ({ kind: 'done' }),
  },
  act(ctx, f, action) {
    const d = f.data
    const settings = settingsOf(d)
    const rule = ruleOf(ctx, d)
    const named = d.named ?? []
    // The prompt offers "decline" only before any unit is named, "done" only after.
    if (action.type === 'decline') {
      checkArgs(action, [])
      f.go('end')
      return 'no fire at the moving unit'
    }
    if (action.type === 'done') {
      checkArgs(action, [])
      return openFire(ctx, f)
    }
    const shot = chosenShot(ctx, d, settings, action)
    const hex = ctx.state.units[shot.target]?.hex ?? '?'
    fired(ctx, d, settings, shot)
    let text: string
    if (settings.simultaneousDeclaration === true) {
      d.named = [...named, shot]
      f.go('ask')
      text = `${shot.firer} is named to fire at ${shot.target} in ${hex}`
    } else {
      d.volley = [shot]
      f.go('shoot')
      text = `${shot.firer} fires at ${shot.target} as it moves through ${hex}`
    }
    note(ctx, text, rule)
    return text
  },
  legal(ctx, f) {
    const d = f.data
    const shots = eligible(ctx, d, settingsOf(d))
    const closing = (d.named ?? []).length === 0 ? 'decline' : 'done'
    return [...choicesOf(shots, (id) => weaponsOf(ctx, id).length), { type: closing }]
  },
})
