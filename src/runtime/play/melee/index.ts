/**
 * The melee phase (mechanic "melee"): the side whose turn it is makes its attacks one at a time,
 * each a group of its units against a group of enemy units next to them, until it says it is
 * done or no attack is left. Each attack is one roll of the phase's resolution (the odds, column
 * shifts and die modifiers are content); its results go through the results mechanic, which asks
 * the owner which unit takes a result meant for one of several. After each attack, a unit whose
 * every neighbouring hex holds an enemy gets the phase's `surrounded` status event (which the
 * status graph may make fatal for a stunned unit).
 */
import { checkArgs } from '../../state/actions'
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { hexesAround, hexesOf } from '../../state/footprints'
import { reject } from '../../state/failure'
import { applyRolled, rollResolution } from '../../state/resolve-action'
import { activeSideOf, activityOf } from '../activity'
import { AGAIN, defineProcedure } from '../define-procedure'
import { enemyUnits } from '../influence'
import { note, promptRule, statusEvent } from '../logged'
import { phaseOf, phaseSettings } from '../phase-settings'
import type { PlayContext, Procedures } from '../procedure'
import { effectsFrame, resultsWatch } from '../results/frames'
import type { Attack, AttacksMade, MeleeSettings } from './attacks'
import { attackArgs, attackChoices, whyNotAttack } from './attacks'

interface MeleeData {
  made: AttacksMade
  /** The attack being resolved. */
  current?: Attack
}

function settingsOf(ctx: PlayContext, phase: string | null): MeleeSettings {
  return phaseSettings(ctx, phase ?? '', 'melee')
}

function ruleOfPhase(ctx: PlayContext, phase: string | null): string | undefined {
  return phase === null ? undefined : phaseOf(ctx, phase).rule
}

function listOf(action: Action, key: string): string[] {
  const value = action[key]
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    return reject(`"${key}" must list unit ids, e.g. ["u1", "u2"]`)
  return value as string[]
}

/**
 * Units on the map every hex around whose counter holds an enemy unit (a unit at the map edge,
 * with hexes missing around it, is never surrounded).
 */
function surroundedUnits(ctx: PlayContext): string[] {
  const board = boardOf(ctx.loaded)
  const out: string[] = []
  for (const [id, unit] of Object.entries(ctx.state.units)) {
    if (unit.location !== 'map' || unit.hex === null) continue
    const own = hexesOf(ctx, id)
    if (own.some((h) => board.neighbors(h).length < 6)) continue
    const around = hexesAround(ctx, id)
    const enemyHexes = new Set(enemyUnits(ctx, unit.side).flatMap((e) => hexesOf(ctx, e)))
    if (around.every((h) => enemyHexes.has(h))) out.push(id)
  }
  return out
}

export const meleeProcedure = defineProcedure<MeleeData>()({
  name: 'melee',
  settings: [
    'resolution',
    'attacksPerUnit',
    'firedMayNotAttack',
    'attackOnlyWhereMayEnter',
    'chargeMarker',
    'counterChargeMarker',
    'chargesAlone',
    'roleSwap',
    'surrounded',
  ],
  actions: ['attack', 'done'],
  steps: {
    start(_ctx, f) {
      f.data.made = {}
      f.go('ask')
      return AGAIN
    },
    ask(ctx, f) {
      const settings = settingsOf(ctx, f.frame.phase)
      const side = activeSideOf(ctx)
      if (attackChoices(ctx, settings, side, f.data.made).length === 0) return { kind: 'done' }
      return {
        kind: 'prompt',
        prompt: {
          side,
          kind: 'melee',
          text: 'choose an attack: attackers against defenders next to them ("attack"), or end the combat ("done")',
          actions: ['attack', 'done'],
          ...promptRule(ctx, undefined, f.frame),
        },
      }
    },
    resolve(ctx, f) {
      const attack = f.data.current as Attack
      delete f.data.current
      f.go('after')
      const settings = settingsOf(ctx, f.frame.phase)
      const watch = resultsWatch(ctx, [...attack.attackers, ...attack.defenders])
      const { swapped, ...args } = attackArgs(settings, ctx, attack)
      if (swapped === true)
        note(
          ctx,
          `${attack.defenders.join(', ')} meets the charge of ${attack.attackers.join(', ')} with a stronger counter-charge and attacks instead`,
          ruleOfPhase(ctx, f.frame.phase),
        )
      const rolled = rollResolution(ctx, args)
      ctx.records.push(rolled.record)
      note(ctx, rolled.text, rolled.record.resolution.rule)
      const before = ctx.pending.length
      applyRolled(ctx, rolled)
      const follow = effectsFrame(ctx.pending.slice(before), watch)
      return follow === null ? AGAIN : { kind: 'push', frame: follow }
    },
    after(ctx, f) {
      const surrounded = settingsOf(ctx, f.frame.phase).surrounded
      if (surrounded !== undefined)
        for (const id of surroundedUnits(ctx))
          statusEvent(ctx, id, surrounded.event, surrounded.rule ?? ruleOfPhase(ctx, f.frame.phase))
      f.go('ask')
      return AGAIN
    },
    end: () => ({ kind: 'done' }),
  },
  act(ctx, f, action) {
    const side = activeSideOf(ctx)
    if (action.type === 'done') {
      checkArgs(action, [])
      f.go('end')
      return `${side} makes no more attacks`
    }
    checkArgs(action, ['attackers', 'defenders'])
    const attack: Attack = {
      attackers: listOf(action, 'attackers'),
      defenders: listOf(action, 'defenders'),
    }
    const settings = settingsOf(ctx, f.frame.phase)
    const why = whyNotAttack(ctx, settings, side, f.data.made, attack)
    if (why !== null) return reject(why, ruleOfPhase(ctx, f.frame.phase))
    for (const id of attack.attackers) {
      f.data.made[id] = (f.data.made[id] ?? 0) + 1
      activityOf(ctx, id).attacked = true
    }
    for (const id of attack.defenders) activityOf(ctx, id).wasAttacked = true
    f.data.current = attack
    f.go('resolve')
    return `${attack.attackers.join(', ')} attack ${attack.defenders.join(', ')}`
  },
  legal(ctx, f) {
    const settings = settingsOf(ctx, f.frame.phase)
    const choices = attackChoices(ctx, settings, activeSideOf(ctx), f.data.made)
    return [
      ...choices.map((a) => ({ type: 'attack', attackers: a.attackers, defenders: a.defenders })),
      { type: 'done' },
    ]
  },
})

export const MELEE_PROCEDURES: Procedures = {
  melee: meleeProcedure,
}
