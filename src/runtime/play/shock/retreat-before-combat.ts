/**
 * Retreat before combat (reaction "react:movement:attack-declared" of a shock phase): a
 * defender the settings allow (mounted and in good order, attacked only by foot) may step one
 * hex away from its attackers before the attack is resolved; a defender with the evasion flag
 * attacked by a unit with the matching flag may step back too, rolling on its own table. When
 * every defending hex of an attack has emptied, one attacker may move into an emptied hex and
 * that attack is over. Stacked leaders go along as the results settings say for a retreat and an
 * advance (`with` names them when they may).
 */
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { applyEffects } from '../../state/effects'
import { reject, ruleField } from '../../state/failure'
import { rollResolution } from '../../state/resolve-action'
import { boardOf } from '../../state/board'
import { findFrame } from '../driver'
import { combatUnitsIn } from '../forces'
import { influenceMap, movementClassOf, unitFlags } from '../influence'
import type { Outcome, PlayContext } from '../procedure'
import { defineProcedure } from '../define-procedure'
import { stepCost } from '../terrain-costs'
import { note, setDown, statusEvent } from './changes'
import { hexOf } from './geometry'
import { fightingAttackers } from './resolve'
import { readWith, withChoices } from './leaders'
import { retreatSettings } from './settings'
import type { DeclaredAttack, ShockData } from './types'
import { shockData } from './types'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

interface Candidate {
  attack: number
  unit: string
  kind: 'retreat' | 'with-roll'
}

interface RetreatData {
  queue?: Candidate[]
  current?: Candidate
  /** An attack whose defending hexes all emptied: its attacker may advance. */
  advance?: number
}

/** The shock phase this reaction answers (the nearest one below). */
export function answeredShock(ctx: Ctx): ShockData {
  const flow = ctx.state.flow
  const frame = flow === null ? undefined : findFrame(flow, 'shock')
  return frame === undefined ? reject('there is no shock phase running') : shockData(frame)
}

function kindFor(ctx: Ctx, attack: DeclaredAttack, unit: string): Candidate['kind'] | null {
  const settings = retreatSettings(ctx)
  const u = ctx.state.units[unit]
  if (settings === undefined || u === undefined || attack.evaded.includes(unit)) return null
  const attackers = fightingAttackers(ctx as PlayContext, attack)
  const flags = unitFlags(ctx, unit)
  if (
    flags[settings.unitFlag] === true &&
    (settings.allowedStatuses ?? [u.status]).includes(u.status) &&
    attackers.every((a) => unitFlags(ctx, a)[settings.attackersFlag] === true)
  )
    return 'retreat'
  const evasion = settings.evasionRoll
  if (
    evasion !== undefined &&
    flags[evasion.unitFlag] === true &&
    (evasion.allowedStatuses ?? [u.status]).includes(u.status) &&
    attackers.some((a) => unitFlags(ctx, a)[evasion.attackerFlag] === true)
  )
    return 'with-roll'
  return null
}

/** Hexes the unit may retreat before combat into. */
export function retreatHexes(
  ctx: Ctx,
  d: ShockData,
  attack: DeclaredAttack,
  unit: string,
): string[] {
  const settings = retreatSettings(ctx)
  const u = ctx.state.units[unit]
  const from = hexOf(ctx, unit)
  if (settings === undefined || u === undefined || from === null) return []
  const board = boardOf(ctx.loaded)
  const attackers = fightingAttackers(ctx as PlayContext, attack)
  const paths = new Set(d.attacks.flatMap((a) => Object.values(a.paths).flatMap((p) => p.hexes)))
  const influenced = settings.notIntoEnemyInfluence ? influenceMap(ctx, u.side) : null
  const moveClass = movementClassOf(ctx, unit)
  const min = settings.minDistance ?? 2
  return board
    .neighbors(from)
    .filter(
      (hex) =>
        combatUnitsIn(ctx.loaded, ctx.state, hex).length === 0 &&
        !paths.has(hex) &&
        attackers.every((a) => board.distance(hexOf(ctx, a) as string, hex) >= min) &&
        stepCost(ctx.loaded, from, hex, moveClass) !== null &&
        (influenced === null || !influenced.has(hex)),
    )
}

function facingNames(ctx: Ctx): string[] {
  const board = boardOf(ctx.loaded)
  const names: string[] = []
  for (let clock = 0; clock < 12; clock++)
    if (board.facingProblem(clock) === null) names.push(board.facingName(clock))
  return names
}

function readFacing(ctx: Ctx, action: Action, current: number | null): number | null {
  const name = stringArg(action, 'facing', true)
  if (name === undefined) return current
  const found = boardOf(ctx.loaded).facingFromName(name)
  if (!found.ok) return reject(found.message)
  return found.clock
}

function candidates(ctx: Ctx, d: ShockData): Candidate[] {
  const out: Candidate[] = []
  d.attacks.forEach((attack, i) => {
    if (attack.done) return
    for (const unit of attack.defenders) {
      const kind = kindFor(ctx, attack, unit)
      if (kind !== null) out.push({ attack: i, unit, kind })
    }
  })
  return out
}

/** After a retreat: every defending hex empty means the attack is off, and an attacker may advance. */
function afterRetreat(ctx: PlayContext, r: RetreatData, d: ShockData, index: number): void {
  const attack = d.attacks[index] as DeclaredAttack
  const left = attack.defenders.filter((id) => !attack.evaded.includes(id))
  if (left.length > 0) {
    note(
      ctx,
      `the attack of ${attack.attackers.join(', ')} goes on against ${left.join(', ')} only`,
      retreatSettings(ctx)?.rule,
    )
    return
  }
  r.advance = index
}

function advanceHexes(ctx: Ctx, attack: DeclaredAttack, unit: string): string[] {
  const at = hexOf(ctx, unit)
  if (at === null) return []
  const board = boardOf(ctx.loaded)
  return attack.hexes.filter(
    (hex) =>
      board.distance(at, hex) === 1 &&
      combatUnitsIn(ctx.loaded, ctx.state, hex).length === 0 &&
      stepCost(ctx.loaded, at, hex, movementClassOf(ctx, unit)) !== null,
  )
}

function ask(ctx: Ctx, side: string, kind: string, text: string, actions: string[]): Outcome {
  const rule = ruleField(retreatSettings(ctx)?.rule)
  return { kind: 'prompt', prompt: { side, kind, text, actions, ...rule } }
}

export const retreatBeforeCombatProcedure = defineProcedure<RetreatData>()({
  name: 'react:movement:attack-declared',
  actions: ['retreat-before-combat', 'advance', 'decline'],
  steps: {
    start(ctx, f) {
      const r = f.data
      const d = answeredShock(ctx)
      if (r.queue === undefined) r.queue = candidates(ctx, d)
      if (r.advance !== undefined) {
        const attack = d.attacks[r.advance] as DeclaredAttack
        const movers = fightingAttackers(ctx, attack).filter(
          (id) => advanceHexes(ctx, attack, id).length > 0,
        )
        if (movers.length > 0)
          return ask(
            ctx,
            d.side,
            'advance-after-retreat',
            `move one attacker of ${attack.attackers.join(', ')} into the emptied hex ("advance"), or "decline"`,
            ['advance', 'decline'],
          )
        attack.done = true
        delete r.advance
      }
      while (r.queue.length > 0) {
        const next = r.queue.shift() as Candidate
        const attack = d.attacks[next.attack] as DeclaredAttack
        if (attack.done || kindFor(ctx, attack, next.unit) === null) continue
        if (retreatHexes(ctx, d, attack, next.unit).length === 0) continue
        r.current = next
        const side = ctx.state.units[next.unit]?.side as string
        const what = next.kind === 'with-roll' ? ', then roll for it' : ''
        return ask(
          ctx,
          side,
          'retreat-before-combat',
          `${next.unit} may retreat before combat one hex away from ${attack.attackers.join(', ')}${what} ("retreat-before-combat"), or "decline"`,
          ['retreat-before-combat', 'decline'],
        )
      }
      return { kind: 'done' }
    },
  },
  act(ctx, f, action) {
    const r = f.data
    const d = answeredShock(ctx)
    const settings = retreatSettings(ctx)
    if (r.advance !== undefined) {
      const attack = d.attacks[r.advance] as DeclaredAttack
      delete r.advance
      attack.done = true
      if (action.type === 'decline') {
        checkArgs(action, [])
        return `${d.side} does not advance; the attack of ${attack.attackers.join(', ')} is over`
      }
      if (action.type !== 'advance') return reject(`"${action.type}" does not answer the advance`)
      checkArgs(action, ['unit', 'hex', 'facing', 'with'])
      const unit = stringArg(action, 'unit')
      const hex = stringArg(action, 'hex')
      if (!fightingAttackers(ctx, attack).includes(unit))
        return reject(`${unit} is not one of the attackers of the emptied hex`, settings?.rule)
      if (!advanceHexes(ctx, attack, unit).includes(hex))
        return reject(`${unit} cannot move into ${hex}`, settings?.rule)
      const current = ctx.state.units[unit]?.facing ?? null
      const facing = readFacing(ctx, action, current)
      if (facing !== current && settings?.advancerMayTurn === false)
        return reject(
          `${unit} may not change facing when it moves into the emptied hex`,
          settings?.rule,
        )
      const leaders = readWith(ctx, unit, 'advance', action.with)
      setDown(
        ctx,
        unit,
        hex,
        facing,
        'moves into the emptied hex, and attacks no more,',
        settings?.rule,
        leaders,
      )
      return `${unit} moves into ${hex}`
    }
    const current = r.current ?? reject('no unit is retreating before combat now')
    delete r.current
    if (action.type === 'decline') {
      checkArgs(action, [])
      return `${current.unit} stands`
    }
    if (action.type !== 'retreat-before-combat')
      return reject(`"${action.type}" does not answer the retreat before combat`)
    checkArgs(action, ['unit', 'hex', 'facing', 'with'])
    const unit = stringArg(action, 'unit')
    if (unit !== current.unit)
      return reject(`it is ${current.unit} that may retreat now, not ${unit}`)
    const attack = d.attacks[current.attack] as DeclaredAttack
    const hex = stringArg(action, 'hex')
    const options = retreatHexes(ctx, d, attack, unit)
    if (!options.includes(hex))
      return reject(
        `${unit} cannot retreat before combat into ${hex}${options.length > 0 ? ` (it may go to ${options.join(', ')})` : ''}`,
        settings?.rule,
      )
    const facing = readFacing(ctx, action, ctx.state.units[unit]?.facing ?? null)
    const leaders = readWith(ctx, unit, 'retreat', action.with)
    if (current.kind === 'with-roll') {
      const evasion = settings?.evasionRoll
      const vsCounterCharge = (attack.counterCharging ?? []).length > 0
      const resolution =
        (vsCounterCharge ? evasion?.vsCounterChargeResolution : undefined) ??
        evasion?.resolution ??
        ''
      const rolled = rollResolution(ctx, { type: 'resolve', resolution, unit })
      ctx.records.push(rolled.record)
      note(ctx, rolled.text, evasion?.rule ?? settings?.rule)
      if (!rolled.record.effects.some((e) => e.type === 'retreat')) {
        note(
          ctx,
          `${unit} is caught in its hex: the attack goes ahead`,
          evasion?.rule ?? settings?.rule,
        )
        return `${unit} fails to get away`
      }
      setDown(
        ctx,
        unit,
        hex,
        facing,
        'retreats before combat',
        evasion?.rule ?? settings?.rule,
        leaders,
      )
      // The step back is made; the rest of the result (a disorder) applies as the table says.
      applyEffects(
        ctx,
        rolled.record.effects.filter((e) => e.type !== 'retreat'),
        rolled.scope,
      )
    } else {
      setDown(ctx, unit, hex, facing, 'retreats before combat', settings?.rule, leaders)
      if (settings?.disorders === true)
        statusEvent(ctx, unit, settings.disorderEvent ?? 'disorder', settings.rule)
    }
    attack.evaded.push(unit)
    afterRetreat(ctx, r, d, current.attack)
    return `${unit} retreats before combat to ${hex}`
  },
  legal(ctx, f) {
    const r = f.data
    const d = answeredShock(ctx)
    const facings = facingNames(ctx)
    if (r.advance !== undefined) {
      const attack = d.attacks[r.advance] as DeclaredAttack
      const mayTurn = retreatSettings(ctx)?.advancerMayTurn !== false
      const out: Action[] = [{ type: 'decline' }]
      for (const unit of fightingAttackers(ctx, attack)) {
        const riders = [undefined, ...withChoices(ctx, unit, 'advance')]
        for (const hex of advanceHexes(ctx, attack, unit))
          for (const leaders of riders) {
            const base: Action = {
              type: 'advance',
              unit,
              hex,
              ...(leaders === undefined ? {} : { with: leaders }),
            }
            out.push(base)
            if (mayTurn) for (const facing of facings) out.push({ ...base, facing })
          }
      }
      return out
    }
    const current = r.current
    if (current === undefined) return []
    const attack = d.attacks[current.attack] as DeclaredAttack
    const out: Action[] = [{ type: 'decline' }]
    const riders = [undefined, ...withChoices(ctx, current.unit, 'retreat')]
    for (const hex of retreatHexes(ctx, d, attack, current.unit))
      for (const leaders of riders) {
        const base: Action = {
          type: 'retreat-before-combat',
          unit: current.unit,
          hex,
          ...(leaders === undefined ? {} : { with: leaders }),
        }
        out.push(base)
        for (const facing of facings) out.push({ ...base, facing })
      }
    return out
  },
})
