/**
 * Counter-charges against a shock phase's attacks (reaction "react:shock:attack-declared"): a
 * defender of the non-active side able to counter-charge may try once per activation, against the
 * chargers or against the shockers of its attack (not both), provided every unit it counters ends
 * in its frontal hexes with at most the allowed turn. Success against a charge blunts the charges;
 * success against a shock gives that attack its modifier (attack.counterChargedVsShock).
 */
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject, ruleField } from '../../state/failure'
import { runResolution } from '../../state/resolve-action'
import { peekActivity } from '../activity'
import { enemiesNextTo, movementClassOf, unitFlags } from '../influence'
import type { PlayContext } from '../procedure'
import { defineProcedure } from '../define-procedure'
import { sectionOf } from '../sections'
import { stepCost } from '../terrain-costs'
import { markerCount, note, setMarker, turnUnit } from './changes'
import { facingsWithin, hexOf, sectorSeenBy } from './geometry'
import { bluntCharge } from './pre-combat'
import { fightingAttackers } from './resolve'
import { answeredShock } from './retreat-before-combat'
import { chargeSettings, counterChargeSettings, frontSector } from './settings'
import type { DeclaredAttack, ShockData } from './types'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
type Against = 'charge' | 'shock'

interface Candidate {
  attack: number
  unit: string
}

interface CounterData {
  queue?: Candidate[]
  current?: Candidate
}

/** Why the unit may not counter-charge at all now, or null. */
export function counterChargeBarred(ctx: Ctx, id: string): string | null {
  const settings = counterChargeSettings(ctx)
  const unit = ctx.state.units[id]
  if (settings === undefined || unit === undefined || unit.hex === null) return 'no counter-charges'
  if (unitFlags(ctx, id)[settings.unitFlag] !== true) return `${id} may not counter-charge`
  if (!(settings.allowedStatuses ?? [unit.status]).includes(unit.status))
    return `${id} is ${unit.status} and may not counter-charge`
  if (markerCount(ctx, id, settings.usedMarker) > 0)
    return `${id} has already tried to counter-charge this activation`
  const activity = peekActivity(ctx, id)
  if ((settings.barredByStart ?? 'still-next-to-start-enemy') === 'started-under-influence') {
    if ((activity?.startAdjacent ?? []).length > 0)
      return `${id} began the activation under enemy influence and may not counter-charge`
  } else {
    const start = activity?.startNextTo ?? activity?.startAdjacent ?? []
    const now = enemiesNextTo(ctx, unit.side, unit.hex)
    if (start.some((e) => now.includes(e)))
      return `${id} is still next to an enemy unit it began the activation next to`
  }
  return null
}

/** The attackers a counter-charge against a charge or against a shock would counter. */
function countered(ctx: Ctx, attack: DeclaredAttack, against: Against): string[] {
  const marker = chargeSettings(ctx)?.marker
  const charging = (id: string) => marker !== undefined && markerCount(ctx, id, marker) > 0
  return fightingAttackers(ctx as PlayContext, attack).filter((id) =>
    against === 'charge' ? charging(id) : !charging(id),
  )
}

/**
 * The facing the unit must take (and the turn it costs) to have every countered unit in front,
 * when the counter-charge is possible at all; null when it is not.
 */
export function counterChargeFacing(
  ctx: Ctx,
  id: string,
  targets: readonly string[],
): { facing: number; turn: number } | null {
  const settings = counterChargeSettings(ctx)
  const unit = ctx.state.units[id]
  if (settings === undefined || unit?.hex == null || unit.facing === null || targets.length === 0)
    return null
  const board = boardOf(ctx.loaded)
  const front = frontSector(ctx)
  const from = unit.hex
  const forbidden = chargeSettings(ctx)?.forbiddenAttribute
  for (const t of targets) {
    const at = hexOf(ctx, t)
    if (at === null || board.distance(from, at) !== 1) return null
    const sectors = settings.throughSectors
    if (sectors !== undefined && !sectors.includes(sectorSeenBy(ctx, id, at))) return null
    if (
      forbidden !== undefined &&
      (board.hex(at).attributes[forbidden] === true ||
        board.hexside(from, at).attributes[forbidden] === true)
    )
      return null
    if (stepCost(ctx.loaded, from, at, movementClassOf(ctx, id)) === null) return null
  }
  for (const option of facingsWithin(unit.facing, settings.turn ?? 1)) {
    const inFront = targets.every(
      (t) => board.sector(from, option.facing, hexOf(ctx, t) as string) === front,
    )
    if (inFront) return option
  }
  return null
}

function options(ctx: Ctx, d: ShockData, c: Candidate): Against[] {
  const settings = counterChargeSettings(ctx)
  const attack = d.attacks[c.attack] as DeclaredAttack
  if (settings === undefined || attack.done || counterChargeBarred(ctx, c.unit) !== null) return []
  const out: Against[] = []
  if (
    settings.vsCharge !== undefined &&
    counterChargeFacing(ctx, c.unit, countered(ctx, attack, 'charge')) !== null
  )
    out.push('charge')
  if (
    settings.vsShock !== undefined &&
    counterChargeFacing(ctx, c.unit, countered(ctx, attack, 'shock')) !== null
  )
    out.push('shock')
  return out
}

export const counterChargeProcedure = defineProcedure<CounterData>()({
  name: 'react:shock:attack-declared',
  actions: ['counter-charge', 'decline'],
  steps: {
    start(ctx, f) {
      const r = f.data
      const d = answeredShock(ctx)
      r.queue ??= d.attacks.flatMap((a, attack) =>
        a.done ? [] : a.defenders.map((unit) => ({ attack, unit })),
      )
      while (r.queue.length > 0) {
        const next = r.queue.shift() as Candidate
        const can = options(ctx, d, next)
        if (can.length === 0) continue
        r.current = next
        return {
          kind: 'prompt',
          prompt: {
            side: ctx.state.units[next.unit]?.side as string,
            kind: 'counter-charge',
            text: `${next.unit} may counter-charge the ${can.join(' or the ')} of ${(d.attacks[next.attack] as DeclaredAttack).attackers.join(', ')} ("counter-charge" with against), or "decline"`,
            actions: ['counter-charge', 'decline'],
            ...ruleField(counterChargeSettings(ctx)?.rule),
          },
        }
      }
      return { kind: 'done' }
    },
  },
  act(ctx, f, action) {
    const r = f.data
    const d = answeredShock(ctx)
    const current = r.current ?? reject('no unit may counter-charge now')
    delete r.current
    if (action.type === 'decline') {
      checkArgs(action, [])
      return `${current.unit} does not counter-charge`
    }
    checkArgs(action, ['unit', 'against'])
    const unit = stringArg(action, 'unit')
    if (unit !== current.unit)
      return reject(`it is ${current.unit} that may counter-charge now, not ${unit}`)
    const against = stringArg(action, 'against')
    const can = options(ctx, d, current)
    if (against !== 'charge' && against !== 'shock')
      return reject('"against" must be "charge" or "shock"')
    if (!can.includes(against))
      return reject(
        `${unit} cannot counter-charge against the ${against}`,
        counterChargeSettings(ctx)?.rule,
      )
    return counterCharge(ctx, d.attacks[current.attack] as DeclaredAttack, unit, against)
  },
  legal(ctx, f) {
    const r = f.data
    if (r.current === undefined) return []
    const can = options(ctx, answeredShock(ctx), r.current)
    const unit = r.current.unit
    return [
      { type: 'decline' },
      ...can.map((against): Action => ({ type: 'counter-charge', unit, against })),
    ]
  },
})

function counterCharge(
  ctx: PlayContext,
  attack: DeclaredAttack,
  unit: string,
  against: Against,
): string {
  const settings = counterChargeSettings(ctx)
  if (settings === undefined) return reject('there are no counter-charges in these rules')
  const targets = countered(ctx, attack, against)
  const turn = counterChargeFacing(ctx, unit, targets) as { facing: number; turn: number }
  const resolution = (against === 'charge' ? settings.vsCharge : settings.vsShock) as string
  const { record, text } = runResolution(ctx, {
    type: 'resolve',
    resolution,
    unit,
    turn: turn.turn,
  })
  ctx.records.push(record)
  note(ctx, text, settings.rule)
  if (markerCount(ctx, unit, settings.usedMarker) === 0)
    setMarker(ctx, unit, settings.usedMarker, 'add', sectionOf(ctx.loaded, 'counterChargeMarker'))
  if (record.outcome !== 'success') return `${unit}'s counter-charge fails`
  turnUnit(ctx, unit, turn.facing, settings.rule)
  if (against === 'charge') {
    const blunted =
      (settings.vsChargeConverts ?? 'all-chargers') === 'all-chargers'
        ? countered(ctx, attack, 'charge')
        : targets
    for (const id of blunted)
      bluntCharge(
        ctx,
        id,
        `is counter-charged by ${unit}`,
        sectionOf(ctx.loaded, 'counterChargeBlunts'),
      )
  } else {
    attack.counterChargedVsShock.push(unit)
    note(
      ctx,
      `${unit} counter-charges the shock of ${targets.join(', ')}`,
      sectionOf(ctx.loaded, 'counterChargeVsShock'),
    )
  }
  return `${unit} counter-charges the ${against} of ${targets.join(', ')}`
}
