/**
 * The melee phase (mechanic "melee"): the side whose turn it is makes its attacks one at a time,
 * each a group of its units against a group of enemy units next to them, until it says it is
 * done or no attack is left. Each attack is one roll of the phase's resolution (the odds, column
 * shifts and die modifiers are content); its results go through the results mechanic, which asks
 * the owner which unit takes a result meant for one of several. After each attack, a unit whose
 * every neighbouring hex holds an enemy gets the phase's `surrounded` status event (which the
 * status graph may make fatal for a stunned unit). With `advance`, an attack that beats one side
 * lets the other advance one of its units at once (./advance.ts), before that check.
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
import { isOutOfBattle } from '../../state/battle-statuses'
import { note, oneMoreOrDone, promptRule, statusEvent } from '../logged'
import { phaseOf, phaseSettings } from '../phase-settings'
import type { PlayContext, Procedures } from '../procedure'
import { effectsFrame, resultsWatch } from '../results/frames'
import { placeUnit, answerAmong } from '../results/common'
import { stanceOf, stepTo } from '../stances'
import type { AdvanceChance, Before } from './advance'
import {
  remainsBarAdvance,
  advanceActions,
  advanceChance,
  advanceInfiltration,
  beforeAttack,
  notEngaged,
  standsFree,
} from './advance'
import type { Attack, AttacksMade, MeleeSettings } from './attacks'
import { attackArgs, attackChoices, whyNotAttack } from './attacks'
import { infiltrate } from '../movement/infiltration'
import { afterAdvance, ledTies, meleeLetsGo } from '../movement/led-horses-in-combat'

interface MeleeData {
  made: AttacksMade
  /** The attack being resolved. */
  current?: Attack
  /** The units of the attack just resolved as they were before its roll (with `advance`). */
  before?: Record<string, Before>
  /** The advance after combat offered now. */
  chance?: AdvanceChance
  /**
   * The advance being made: the unit, its way, how many hexes it has entered, its status, the
   * last place on the way where it could stop, and the horses it led by the bridle as it set off.
   */
  advancing?: {
    unit: string
    path: string[]
    entered: number
    status: string
    back: { hex: string; facing: number | null }
    leads?: string[]
  }
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
    // A unit out of the battle (a prisoner) holds nobody in.
    const enemies = enemyUnits(ctx, unit.side).filter(
      (e) => !isOutOfBattle(ctx.loaded, ctx.state.units[e]?.status ?? ''),
    )
    const enemyHexes = new Set(enemies.flatMap((e) => hexesOf(ctx, e)))
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
    'advance',
  ],
  actions: ['attack', 'done', 'advance', 'decline'],
  steps: {
    start(_ctx, f) {
      f.data.made = {}
      f.go('ask')
      return AGAIN
    },
    ask(ctx, f) {
      const settings = settingsOf(ctx, f.frame.phase)
      const side = activeSideOf(ctx)
      const left = attackChoices(ctx, settings, side, f.data.made).length > 0
      return oneMoreOrDone(ctx, f.frame, side, left, {
        kind: 'melee',
        action: 'attack',
        text: 'choose an attack: attackers against defenders next to them ("attack"), or end the combat ("done")',
      })
    },
    resolve(ctx, f) {
      const attack = f.data.current as Attack
      delete f.data.current
      f.go('advance')
      const settings = settingsOf(ctx, f.frame.phase)
      if (settings.advance !== undefined)
        f.data.before = beforeAttack(ctx, [...attack.attackers, ...attack.defenders])
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
    advance(ctx, f) {
      const settings = settingsOf(ctx, f.frame.phase).advance
      const before = f.data.before
      delete f.data.before
      const chance =
        settings === undefined || before === undefined ? null : advanceChance(ctx, settings, before)
      if (settings === undefined || chance === null) {
        f.go('after')
        return AGAIN
      }
      if (advanceActions(ctx, settings, chance).length === 0) {
        // Corpses filling every hex the advance would start into: the log says so.
        const barred = remainsBarAdvance(ctx, chance)
        if (barred !== null)
          note(ctx, `${chance.side} may not advance after combat: ${barred.reason}`, barred.rule)
        f.go('after')
        return AGAIN
      }
      f.data.chance = chance
      f.go('offer')
      return AGAIN
    },
    offer(ctx, f) {
      const chance = f.data.chance as AdvanceChance
      const settings = settingsOf(ctx, f.frame.phase).advance
      return {
        kind: 'prompt',
        prompt: {
          side: chance.side,
          kind: 'advance',
          text: `advance after combat: one of ${chance.units.join(', ')} may move at once, first into ${chance.first.join(' or ')} ("advance" with its way), or not ("decline")`,
          actions: ['advance', 'decline'],
          ...promptRule(ctx, settings?.rule, f.frame),
        },
      }
    },
    walk(ctx, f) {
      const a = f.data.advancing
      const settings = settingsOf(ctx, f.frame.phase).advance
      const unit = a === undefined ? undefined : ctx.state.units[a.unit]
      // The way ends at its last hex, or where a roll on it wounded, killed or moved the unit.
      const stopped =
        a === undefined ||
        unit === undefined ||
        unit.status !== a.status ||
        unit.location !== 'map' ||
        (a.entered > 0 && unit.hex !== a.path[a.entered - 1])
      if (stopped || a.entered >= a.path.length || settings === undefined) {
        // Stopped where it may not stay (over a stunned man): back to the last hex it could.
        if (a !== undefined && unit?.location === 'map' && unit.hex === a.path[a.entered - 1])
          if (!standsFree(ctx, a.unit))
            placeUnit(ctx, a.unit, a.back, 'goes back to', settings?.rule)
        // Horses he led by the bridle come after him, as at the end of a move.
        if (a?.leads !== undefined && a.entered > 0)
          afterAdvance(ctx, a.unit, a.path.slice(0, a.entered), a.leads)
        delete f.data.advancing
        f.go('after')
        return AGAIN
      }
      const hex = a.path[a.entered] as string
      if (a.entered === 0) {
        const leads = ledTies(ctx, a.unit).leads
        if (leads.length > 0) a.leads = [...leads]
      }
      const stance = stanceOf(ctx, a.unit)
      const facing = stance === null ? undefined : stepTo(ctx, stance, hex)?.heading
      placeUnit(
        ctx,
        a.unit,
        { hex, ...(facing === undefined ? {} : { facing }) },
        'advances to',
        settings.rule,
      )
      a.entered += 1
      if (standsFree(ctx, a.unit)) a.back = { hex, facing: unit.facing }
      const roll = advanceInfiltration(settings)
      if (roll === undefined || a.entered >= a.path.length) return AGAIN
      const { then } = infiltrate(ctx, roll, a.unit, hex, notEngaged(ctx, settings))
      return then === null ? AGAIN : { kind: 'push', frame: then }
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
    if (f.step === 'offer') {
      const said = advanceAct(ctx, f.data, f.frame.phase, action)
      f.go(f.data.advancing === undefined ? 'after' : 'walk')
      return said
    }
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
    meleeLetsGo(ctx, attack.attackers, attack.defenders)
    f.data.current = attack
    f.go('resolve')
    const verb = attack.attackers.length === 1 ? 'attacks' : 'attack'
    return `${attack.attackers.join(', ')} ${verb} ${attack.defenders.join(', ')}`
  },
  legal(ctx, f) {
    const settings = settingsOf(ctx, f.frame.phase)
    if (f.step === 'offer') {
      const chance = f.data.chance as AdvanceChance
      const advance = settings.advance
      return advance === undefined
        ? []
        : [...advanceActions(ctx, advance, chance), { type: 'decline' }]
    }
    const choices = attackChoices(ctx, settings, activeSideOf(ctx), f.data.made)
    return [
      ...choices.map((a) => ({ type: 'attack', attackers: a.attackers, defenders: a.defenders })),
      { type: 'done' },
    ]
  },
})

/** The answer to the offer of an advance after combat: the way chosen, or none. */
function advanceAct(ctx: PlayContext, d: MeleeData, phase: string | null, action: Action): string {
  const settings = settingsOf(ctx, phase).advance
  const chance = d.chance as AdvanceChance
  if (action.type === 'decline') {
    checkArgs(action, [])
    delete d.chance
    return `${chance.side} does not advance`
  }
  const options = settings === undefined ? [] : advanceActions(ctx, settings, chance)
  const chosen = answerAmong(action, options, ['unit', 'path'], () => {
    const barred = remainsBarAdvance(ctx, chance, action.path)
    if (barred !== null)
      return {
        message: `${String(action.unit)} may not advance so: ${barred.reason}`,
        ...(barred.rule === undefined ? {} : { rule: barred.rule }),
      }
    return {
      message: `the advance goes from the hexes of ${chance.units.join(', ')} with a first step into ${chance.first.join(' or ')}, and each further step into a hex the unit may enter, never where an enemy able to fight stands; it ends in a hex of its own`,
      ...(settings?.rule === undefined ? {} : { rule: settings.rule }),
    }
  })
  const id = chosen.unit as string
  const unit = ctx.state.units[id]
  delete d.chance
  d.advancing = {
    unit: id,
    path: chosen.path as string[],
    entered: 0,
    status: unit?.status ?? '',
    back: { hex: unit?.hex ?? '', facing: unit?.facing ?? null },
  }
  return `${id} advances after combat`
}

export const MELEE_PROCEDURES: Procedures = {
  melee: meleeProcedure,
}
