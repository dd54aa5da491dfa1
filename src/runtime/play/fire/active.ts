/**
 * Active fire in the move-and-fire phase: an activated unit fires once per activation, at any
 * point of its move. Firing ends its movement (the movement mechanic reads activity.fired),
 * except for units that move on after firing: those pay movement points to fire under enemy
 * influence. A unit with a firing form (limbered guns) takes it when it fires.
 */
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { transformUnit } from '../../state/effect-changes'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { activityOf, isActivated, peekActivity } from '../activity'
import { adjacentEnemies, unitFlags, unitRatings } from '../influence'
import { setMarker } from '../logged'
import type { ActionOutcome } from '../movement/move-and-fire'
import { phaseOf, phaseSettings } from '../phase-settings'
import type { SettingsOf } from '../phase-settings'
import type { PlayContext } from '../procedure'
import { phaseRefusal } from './contact'
import { offensivePlanMissing, planRule } from './plans'
import { fireSettings } from './settings'
import { shotFrame } from './shot-procedure'
import { cannotFire, checkShot, enemiesWithin, reachOf, shotChoices, weaponsOf } from './shots'

type Refusal = { message: string; rule?: string }

/** Movement points firing costs `id` now: only units that move on after firing pay. */
function firingCost(ctx: PlayContext, id: string): number {
  const active = fireSettings(ctx.loaded.rules).active
  const movesOn =
    active.moveFireMoveFlag !== undefined && unitFlags(ctx, id)[active.moveFireMoveFlag] === true
  if (!movesOn) return 0
  return adjacentEnemies(ctx, id).length > 0 ? active.costUnderInfluence : active.costOtherwise
}

/** Why `id` may not fire actively now (not activated, already fired…), or null. */
function cannotFireNow(ctx: PlayContext, id: string): Refusal | null {
  const settings = fireSettings(ctx.loaded.rules)
  const rule = settings.active.rule
  const withRule = (message: string): Refusal =>
    rule === undefined ? { message } : { message, rule }
  const unit = ctx.state.units[id]
  if (unit === undefined) return { message: `there is no unit "${id}"` }
  if (!isActivated(ctx, id)) return withRule(`unit ${id} is not of an activated command`)
  const basic = cannotFire(ctx, id)
  if (basic !== null) return basic
  if (unit.ended === 'activation') return withRule(`unit ${id} may do nothing more this activation`)
  const done = peekActivity(ctx, id)
  if (done?.fired === true) return withRule(`unit ${id} has already fired this activation`)
  const cost = firingCost(ctx, id)
  if (cost > 0) {
    const allowance = Number(unitRatings(ctx, id)[settings.active.movementRating] ?? 0)
    const left = allowance - (done?.mp ?? 0)
    if (left < cost)
      return withRule(
        `unit ${id} needs ${cost} movement point${cost === 1 ? '' : 's'} to fire here and has ${left} left`,
      )
  }
  return null
}

/** The settings of the fire phase `frame` runs for; undefined in a phase of another mechanic. */
function firePhase(ctx: PlayContext, frame: Frame): SettingsOf<'fire'> | undefined {
  if (frame.phase === null || phaseOf(ctx, frame.phase).mechanic !== 'fire') return undefined
  return phaseSettings(ctx, frame.phase, 'fire')
}

export function fireChoices(ctx: PlayContext, frame: Frame, only?: readonly string[]): Action[] {
  const settings = fireSettings(ctx.loaded.rules)
  const phase = firePhase(ctx, frame)
  const out: Action[] = []
  for (const id of only ?? Object.keys(ctx.state.units)) {
    if (cannotFireNow(ctx, id) !== null || offensivePlanMissing(ctx, frame, id) !== null) continue
    const reach = Math.max(...weaponsOf(ctx, id).map((w) => reachOf(settings, w)))
    for (const target of enemiesWithin(ctx, id, reach))
      if (phaseRefusal(ctx, phase, id, target) === null)
        out.push(...shotChoices(ctx, id, target, 'active'))
  }
  return out
}

export function performFire(ctx: PlayContext, frame: Frame, action: Action): ActionOutcome {
  checkArgs(action, ['unit', 'target', 'weapon'])
  const id = stringArg(action, 'unit')
  const target = stringArg(action, 'target')
  const weapon = stringArg(action, 'weapon', true)
  const settings = fireSettings(ctx.loaded.rules)
  const why = cannotFireNow(ctx, id)
  if (why !== null) return reject(why.message, why.rule)
  const unplanned = offensivePlanMissing(ctx, frame, id)
  if (unplanned !== null) return reject(unplanned, planRule(ctx))
  // Being engaged is said before anything about the shot itself.
  const phase = firePhase(ctx, frame)
  const barred = phaseRefusal(ctx, phase, id, target)
  if (barred !== null)
    return reject(barred, frame.phase === null ? undefined : phaseOf(ctx, frame.phase).rule)
  const check = checkShot(ctx, id, target, 'active', weapon)
  if (!check.ok) return reject(check.message, check.rule)
  const shot = {
    ...check.shot,
    ...(phase?.resolution === undefined ? {} : { resolution: phase.resolution }),
    ...(phase?.mode === undefined ? {} : { phaseMode: phase.mode }),
  }
  const cost = firingCost(ctx, id)
  const activity = activityOf(ctx, id)
  activity.fired = true
  activity.mp += cost
  // Whether it may still move afterwards is the movement mechanic's (activity.fired).
  const unit = ctx.state.units[id] as NonNullable<(typeof ctx.state.units)[string]>
  const form = settings.active.firingForm
  const forms = ctx.loaded.rules.unitTypes.get(unit.type)?.forms ?? {}
  if (form !== undefined && Object.hasOwn(forms, form))
    transformUnit(ctx, id, { type: 'transform', form, who: 'self' })
  if (phase?.marker !== undefined) setMarker(ctx, id, phase.marker, 'add', settings.rule)
  const paid = cost > 0 ? ` for ${cost} movement point${cost === 1 ? '' : 's'}` : ''
  const text = `${id} fires at ${shot.target} (range ${shot.range})${paid}`
  ctx.applied.push({
    kind: 'note',
    text,
    ...(settings.rule === undefined ? {} : { rule: settings.rule }),
  })
  return { text, then: shotFrame(shot) }
}
