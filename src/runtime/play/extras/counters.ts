/**
 * The effect counters of the seizure cup: those that rally a friendly unit or disorder an enemy
 * one are played at the start of a move/fire phase (mechanic "play-counters": the non-active player
 * first, each as many as he likes), one adding to the attack before a shock or charge roll (the shock
 * mechanic pushes `attackBonusFrame` and reads the bonus it returns). What each effect does is
 * mechanics.activation.counters; which counters exist is sequence.activation.seizure.counters.
 */
import type { Json } from '../../content/overlay/types'
import type { CounterEffect } from '../../generated/content-types'
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { reject, ruleField } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { runningActivation } from '../activity'
import { flowOf } from '../driver'
import { nextSide } from '../forces'
import { unitFlags } from '../influence'
import type { NewFrame, PlayContext } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import { extrasSettings, note, promptRule, sideUnitsOnMap, statusEvent } from './common'
import { phaseSettings } from '../phase-settings'
import type { SettingsOf } from '../phase-settings'
import { defineSlice } from '../slices'

declare module '../../state/flow-types' {
  /** A side's seizure counters, this mechanic's slice of its flow. */
  interface SideFlow {
    /** Counters still in the cup, unseen, by counter id. */
    cup: string[]
    /** Counters the side has drawn and not yet played, by counter id. */
    hand: string[]
  }
}

/** Every side starts with an empty cup and hand; the game's setup step fills them. */
export const countersSlice = defineSlice({
  mechanic: 'play-counters',
  side: () => ({ cup: [], hand: [] }),
})

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
type Effect = 'seize' | 'negate' | 'rally-one' | 'disorder-one' | 'attack-bonus'

function counterById(ctx: Ctx, id: string) {
  const counters = ctx.loaded.rules.ruleset.sequence.activation?.seizure?.counters ?? []
  return counters.find((c) => c.id === id)
}

/** Distinct counters `side` holds whose effect is one of `effects`. */
export function heldCounters(ctx: Ctx, side: string, effects: readonly string[]): string[] {
  const hand = ctx.state.flow?.sides[side]?.hand ?? []
  return [...new Set(hand.filter((id) => effects.includes(counterById(ctx, id)?.effect ?? '')))]
}

/** The rule of the activation counters (activation.counters.rule). */
function countersRule(ctx: Ctx): string | undefined {
  return extrasSettings(ctx).counters?.rule
}

/** Takes a counter out of `side`'s hand (discarded for the rest of the battle). */
function discard(ctx: PlayContext, side: string, counter: string): void {
  const hand = flowOf(ctx.state).sides[side]?.hand ?? []
  const at = hand.indexOf(counter)
  if (at === -1) reject(`${side} holds no "${counter}" counter`, countersRule(ctx))
  hand.splice(at, 1)
}

function effectSettings(ctx: Ctx, effect: Effect): CounterEffect | undefined {
  const counters = extrasSettings(ctx).counters
  if (effect === 'rally-one') return counters?.rallyOne
  if (effect === 'disorder-one') return counters?.disorderOne
  return undefined
}

/** The units a unit-effect counter played by `side` may be aimed at. */
export function counterTargets(ctx: Ctx, side: string, effect: Effect): string[] {
  const settings = effectSettings(ctx, effect)
  if (settings === undefined) return []
  const owner = effect === 'rally-one' ? side : nextSide(ctx.loaded, side)
  return sideUnitsOnMap(ctx, owner).filter(
    (id) =>
      settings.statuses === undefined ||
      settings.statuses.includes(ctx.state.units[id]?.status ?? ''),
  )
}

function playOn(ctx: PlayContext, side: string, counter: string, unit: string): string {
  const found = counterById(ctx, counter)
  const effect = found?.effect as Effect | undefined
  const settings = effect === undefined ? undefined : effectSettings(ctx, effect)
  if (found === undefined || effect === undefined || settings === undefined)
    return reject(
      `"${counter}" is not a counter that can be played on a unit now`,
      countersRule(ctx),
    )
  if (!counterTargets(ctx, side, effect).includes(unit)) {
    const whose = effect === 'rally-one' ? 'a friendly' : 'an enemy'
    const statuses = settings.statuses === undefined ? '' : ` (${settings.statuses.join(' or ')})`
    return reject(
      `${found.label} must be played on ${whose} unit on the map${statuses}`,
      found.rule,
    )
  }
  discard(ctx, side, counter)
  const flags = unitFlags(ctx, unit)
  const instead = (settings.instead ?? []).find((i) => flags[i.flag] === true)
  note(ctx, `${side} plays ${found.label} on ${unit}`, found.rule)
  statusEvent(ctx, unit, instead?.event ?? settings.event, instead?.rule ?? settings.rule)
  return `${side} plays ${found.label} on ${unit}`
}

interface PlayData {
  order: string[]
  index: number
}

function settings(ctx: Ctx, frame: Frame): SettingsOf<'play-counters'> {
  return phaseSettings(ctx, frame.phase ?? '', 'play-counters')
}

function playable(ctx: Ctx, frame: Frame): string[] {
  return settings(ctx, frame).counters ?? []
}

function currentSide(d: PlayData): string | undefined {
  return d.order[d.index]
}

export const playCountersProcedure = defineProcedure<PlayData>()({
  name: 'play-counters',
  settings: ['counters', 'order'],
  actions: ['play-counter', 'done'],
  steps: {
    start(ctx, f) {
      const active = runningActivation(ctx)?.side ?? ctx.state.clock.activeSide
      const inactive = nextSide(ctx.loaded, active)
      const roles = settings(ctx, f.frame).order ?? ['inactive', 'active']
      f.data.order = roles.map((r) => (r === 'active' ? active : inactive))
      f.data.index = 0
      f.go('ask')
      return AGAIN
    },
    ask(ctx, f) {
      const d = f.data
      const effects = playable(ctx, f.frame)
      let usable: string[]
      for (;;) {
        const side = currentSide(d)
        if (side === undefined) return { kind: 'done' }
        usable = heldCounters(ctx, side, effects).filter(
          (c) => counterTargets(ctx, side, counterById(ctx, c)?.effect as Effect).length > 0,
        )
        if (usable.length > 0) break
        d.index += 1
      }
      // The counters the side could play now, by their names.
      const names = [...new Set(usable.map((c) => counterById(ctx, c)?.label ?? c))]
      return {
        kind: 'prompt',
        prompt: {
          side: currentSide(d) ?? '',
          kind: 'play-counters',
          text: `play a ${names.join(' or ')} counter on a unit ("play-counter"), or carry on ("done")`,
          actions: ['play-counter', 'done'],
          ...promptRule(ctx, undefined, f.frame),
        },
      }
    },
  },
  act(ctx, f, action) {
    const side = currentSide(f.data) ?? ''
    if (action.type === 'done') {
      checkArgs(action, [])
      f.data.index += 1
      return `${side} plays no more counters`
    }
    checkArgs(action, ['counter', 'unit'])
    const counter = stringArg(action, 'counter')
    const effect = counterById(ctx, counter)?.effect ?? ''
    if (!playable(ctx, f.frame).includes(effect))
      return reject(
        `"${counter}" cannot be played at the start of the move/fire phase`,
        countersRule(ctx),
      )
    return playOn(ctx, side, counter, stringArg(action, 'unit'))
  },
  legal(ctx, f) {
    const side = currentSide(f.data) ?? ''
    const actions: Action[] = [{ type: 'done' }]
    for (const counter of heldCounters(ctx, side, playable(ctx, f.frame))) {
      const effect = counterById(ctx, counter)?.effect as Effect
      for (const unit of counterTargets(ctx, side, effect))
        actions.push({ type: 'play-counter', counter, unit })
    }
    return actions
  },
})

/** Whether `side` holds a counter that adds to an attack roll. */
export function attackBonusAvailable(ctx: Ctx, side: string): boolean {
  return heldCounters(ctx, side, ['attack-bonus']).length > 0
}

/**
 * For the shock mechanic, before it rolls an attack: a frame asking the attacking side whether
 * it plays an attack-bonus counter on this attack; null when it holds none.
 * When the frame ends, the pushing frame's `returned` is the bonus to add to attack.bonus (0 if
 * the player declined).
 */
export function attackBonusFrame(
  ctx: Ctx,
  attack: { attackers: readonly string[]; defenders: readonly string[] },
): NewFrame | null {
  const side = ctx.state.units[attack.attackers[0] ?? '']?.side
  if (side === undefined || !attackBonusAvailable(ctx, side)) return null
  return {
    proc: 'attack-bonus',
    data: {
      side,
      attackers: [...attack.attackers],
      defenders: [...attack.defenders],
    } as { [k: string]: Json },
  }
}

interface BonusData {
  side: string
  attackers: string[]
  defenders: string[]
  bonus?: number
}

export const attackBonusProcedure = defineProcedure<BonusData>()({
  name: 'attack-bonus',
  actions: ['play-counter', 'decline'],
  steps: {
    start(ctx, f) {
      const d = f.data
      if (d.bonus !== undefined) return { kind: 'done', value: d.bonus }
      return {
        kind: 'prompt',
        prompt: {
          side: d.side,
          kind: 'attack-bonus',
          text: `play a counter adding to the attack of ${d.attackers.join(', ')} on ${d.defenders.join(', ')} ("play-counter"), or "decline"`,
          actions: ['play-counter', 'decline'],
          ...ruleField(countersRule(ctx)),
        },
      }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    if (action.type === 'decline') {
      checkArgs(action, [])
      d.bonus = 0
      return `${d.side} plays no counter on this attack`
    }
    checkArgs(action, ['counter'])
    const counter = stringArg(action, 'counter')
    const found = counterById(ctx, counter)
    if (found?.effect !== 'attack-bonus')
      return reject(`"${counter}" is not a counter that adds to an attack roll`, countersRule(ctx))
    discard(ctx, d.side, counter)
    d.bonus = found.value ?? 1
    note(
      ctx,
      `${d.side} plays ${found.label}: ${d.bonus >= 0 ? '+' : ''}${d.bonus} to this attack`,
      found.rule,
    )
    return `${d.side} plays ${found.label} on the attack on ${d.defenders.join(', ')}`
  },
  legal(ctx, f) {
    return [
      { type: 'decline' },
      ...heldCounters(ctx, f.data.side, ['attack-bonus']).map((counter) => ({
        type: 'play-counter',
        counter,
      })),
    ]
  },
})
