/**
 * Effect advance: when a hex a defender stood in is empty after the results, one eligible attacker
 * moves into it: not a unit the settings bar, not one needing a continued attack the results did
 * not give, not into terrain it could not enter nor an enemy reinforcement entry hex, not a unit
 * that owes a retreat itself. The best priority category advances, ties are the owner's choice; it
 * may face freely unless a continued attack resulted; stacked leaders may go along. Several
 * advances of one set of results for the same attackers are one choice among the emptied hexes
 * (one unit against two hexes). When nobody can advance, the unit the priority would have picked
 * is handed back, for the one-unit effects that go with it.
 */
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import type { PendingEffect } from '../../state/log'
import { movementClassOf } from '../influence'
import type { StepFrame } from '../define-procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { PlayContext } from '../procedure'
import { stepCost } from '../terrain-costs'
import { answerAmong, nextQueued, placeUnit, queueThen } from './common'
import { enemyEntryFrame } from './entry'
import type { Singled } from './frames'
import { closedHexes, combatIn, facingChoices, fits, leadersOf } from './places'
import { advanceSettings, matchesAny, matchesFilter } from './settings'
import { ruleField } from '../../state/failure'
import { toJson } from '../../state/json-data'

type AdvanceEffect = Extract<PendingEffect['effect'], { type: 'advance' }>

interface AdvanceData {
  pending: PendingEffect
  also: PendingEffect[]
  retreating: string[]
  continuedAttack: boolean
  result?: Singled | null
}

function all(d: AdvanceData): PendingEffect[] {
  return [d.pending, ...(d.also ?? [])]
}

function candidates(d: AdvanceData): string[] {
  return [...new Set(all(d).flatMap((p) => p.units))]
}

/** Hexes the defenders of these results stood in that no unit holds now. */
function emptied(ctx: PlayContext, d: AdvanceData): string[] {
  const hexes: string[] = []
  for (const p of all(d))
    for (const defender of p.participants?.defenders ?? []) {
      const hex = p.hexes?.[defender] ?? null
      if (hex === null || hexes.includes(hex)) continue
      // Leaders and a standard left behind do not hold a hex; combat units of either side do.
      const side = ctx.state.units[defender]?.side ?? ''
      if (combatIn(ctx, hex, side).length === 0 && combatIn(ctx, hex, side, true).length === 0)
        hexes.push(hex)
    }
  return hexes.sort()
}

function eligible(ctx: PlayContext, d: AdvanceData, id: string): boolean {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.location !== 'map' || unit.hex === null) return false
  if ((d.retreating ?? []).includes(id)) return false
  const s = advanceSettings(ctx)
  if (matchesAny(ctx, id, s.barred)) return false
  return d.continuedAttack || !matchesAny(ctx, id, s.needsContinuedAttack)
}

function canEnter(ctx: PlayContext, id: string, hex: string): boolean {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.hex === null) return false
  if (boardOf(ctx.loaded).distance(unit.hex, hex) !== 1) return false
  if (closedHexes(ctx, unit.side, advanceSettings(ctx).closedHexes).has(hex)) return false
  if (stepCost(ctx.loaded, unit.hex, hex, movementClassOf(ctx, id)) === null) return false
  return fits(ctx, id, hex)
}

/** The best priority category among `units` (all of them when none matches a category). */
function best(ctx: PlayContext, units: readonly string[]): string[] {
  for (const filter of advanceSettings(ctx).priority) {
    const found = units.filter((id) => matchesFilter(ctx, id, filter))
    if (found.length > 0) return found
  }
  return [...units]
}

function leaderSets(ctx: PlayContext, id: string): string[][] | null {
  const unit = ctx.state.units[id]
  const mode = advanceSettings(ctx).leaders
  if (unit === undefined || unit.hex === null || mode !== 'may') return null
  const leaders = leadersOf(ctx, unit.hex, unit.side)
  if (leaders.length === 0) return null
  const sets: string[][] = []
  for (let mask = (1 << leaders.length) - 1; mask >= 0; mask--)
    sets.push(leaders.filter((_, i) => (mask & (1 << i)) !== 0))
  return sets
}

function moves(ctx: PlayContext, d: AdvanceData): Action[] {
  const hexes = emptied(ctx, d)
  const able = candidates(d).filter(
    (id) => eligible(ctx, d, id) && hexes.some((h) => canEnter(ctx, id, h)),
  )
  const mayTurn = advanceSettings(ctx).mayTurn && !d.continuedAttack
  const out: Action[] = []
  for (const id of best(ctx, able))
    for (const hex of hexes.filter((h) => canEnter(ctx, id, h)))
      for (const facing of facingChoices(ctx, id, mayTurn))
        for (const leaders of leaderSets(ctx, id) ?? [null])
          out.push({
            type: 'advance',
            unit: id,
            hex,
            ...(facing === undefined ? {} : { facing }),
            ...(leaders === null ? {} : { leaders }),
          })
  return out
}

const mandatory = (d: AdvanceData) => (d.pending.effect as AdvanceEffect).mandatory === true

export function advanceOptions(ctx: PlayContext, d: AdvanceData): Action[] {
  const found = moves(ctx, d)
  return found.length > 0 && !mandatory(d) ? [...found, { type: 'decline' }] : found
}

function carryOut(ctx: PlayContext, f: StepFrame<AdvanceData, 'start'>, chosen: Action): void {
  const d = f.data
  const id = chosen.unit as string
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.hex === null) return
  const settings = advanceSettings(ctx)
  const rule = (d.pending.effect as AdvanceEffect).rule ?? settings.rule
  const from = unit.hex
  const leaders =
    (chosen.leaders as string[] | undefined) ??
    (settings.leaders === 'must' ? leadersOf(ctx, from, unit.side) : [])
  const facing = typeof chosen.facing === 'number' ? chosen.facing : undefined
  const hex = chosen.hex as string
  placeUnit(
    ctx,
    id,
    { hex, ...(facing === undefined ? {} : { facing }) },
    `advances from ${from} to`,
    rule,
  )
  for (const leader of leaders) placeUnit(ctx, leader, { hex }, `advances with ${id} to`, rule)
  d.result = { unit: id }
  queueThen(f.frame, [enemyEntryFrame(ctx, id)])
}

/** Nobody advances: the unit the priority would have picked, or the few it is among. */
function wouldHave(ctx: PlayContext, d: AdvanceData): Singled {
  return priorityPick(
    ctx,
    candidates(d).filter((id) => eligible(ctx, d, id)),
  )
}

/**
 * The unit the advance priority picks among `units` (the settings' barred units left out), or the
 * best category when several tie: where a continued attack marker goes when no advance was due.
 */
export function priorityPick(ctx: PlayContext, units: readonly string[]): Singled {
  const barred = advanceSettings(ctx).barred
  const picked = best(
    ctx,
    units.filter((id) => !matchesAny(ctx, id, barred)),
  )
  return picked.length === 1 ? { unit: picked[0] as string } : { among: picked }
}

export const advanceProcedure = defineProcedure<AdvanceData>()({
  name: 'effect:advance',
  actions: ['advance', 'decline'],
  steps: {
    start(ctx, f) {
      const queued = nextQueued(f.frame)
      if (queued !== null) return queued
      const d = f.data
      if (d.result !== undefined) return { kind: 'done', value: toJson(d.result) }
      const options = advanceOptions(ctx, d)
      if (options.length === 0) {
        d.result = wouldHave(ctx, d)
        return AGAIN
      }
      if (options.length === 1) {
        carryOut(ctx, f, options[0] as Action)
        return AGAIN
      }
      const side = ctx.state.units[options[0]?.unit as string]?.side ?? ''
      const rule = (d.pending.effect as AdvanceEffect).rule ?? advanceSettings(ctx).rule
      return {
        kind: 'prompt',
        prompt: {
          side,
          kind: 'advance',
          text: `advance after combat into ${emptied(ctx, d).join(' or ')}: choose the unit${mandatory(d) ? '' : ' (or "decline")'}`,
          actions: mandatory(d) ? ['advance'] : ['advance', 'decline'],
          ...ruleField(rule),
        },
      }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    const options = advanceOptions(ctx, d)
    const rule = (d.pending.effect as AdvanceEffect).rule ?? advanceSettings(ctx).rule
    if (action.type === 'decline') {
      answerAmong(action, options, [], () => ({
        message: 'the advance after combat is mandatory when a unit can make it',
        rule,
      }))
      d.result = wouldHave(ctx, d)
      return 'the attacker does not advance'
    }
    const chosen = answerAmong(action, options, ['unit', 'hex', 'facing', 'leaders'], () => ({
      message: whyNot(ctx, d, action, options),
      rule,
    }))
    carryOut(ctx, f, chosen)
    return `unit ${String(chosen.unit)} advances into ${String(chosen.hex)}`
  },
  legal(ctx, f) {
    const d = f.data
    return d.result === undefined ? advanceOptions(ctx, d) : []
  },
})

function whyNot(
  ctx: PlayContext,
  d: AdvanceData,
  action: Action,
  options: readonly Action[],
): string {
  const units = [...new Set(options.map((o) => o.unit as string))].filter((u) => u !== undefined)
  const id = action.unit
  if (typeof id !== 'string' || !candidates(d).includes(id))
    return `only a unit that took part in the attack may advance: ${units.join(', ')}`
  if (!units.includes(id)) {
    if (!eligible(ctx, d, id))
      return `unit ${id} may not advance (it is barred, owes a retreat, or needs a continued attack result)`
    return `unit ${id} must give way to ${units.join(', ')}, ahead of it in the order of advance`
  }
  const hexes = emptied(ctx, d)
  if (!hexes.includes(action.hex as string))
    return `the advance goes into the emptied hex: ${hexes.join(', ')}`
  if (
    d.continuedAttack &&
    action.facing !== undefined &&
    action.facing !== ctx.state.units[id]?.facing
  )
    return `after a continued attack result the advancing unit may not change facing`
  return `unit ${id} cannot advance that way into ${String(action.hex)}`
}
