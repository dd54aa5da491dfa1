/**
 * Turning in place and changing form, in the movement phases. Facing is free while a unit moves
 * (the move action gives the facing it ends with); in place it may be limited next to the enemy
 * (mechanics.movement.turning). A change of form (dismount, remount, unlimber) costs movement
 * points and has conditions (mechanics.movement.transforms).
 */
import { setFacing, setPlace } from '../../state/occupancy'
import { hexesOf } from '../../state/footprints'
import { chargeRoute } from '../charge'
import { movesAsTwoHex } from './two-hex'
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import type { EffectRun } from '../../state/effects'
import { transformUnit } from '../../state/effect-changes'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { activityOf, isActivated, peekActivity } from '../activity'
import { inRangeOf } from '../command-range'
import { engagedIntent, isEngaged, shieldWallLimits } from '../extras'
import { fireSettings } from '../fire/settings'
import { leaderOnMap } from '../forces'
import type { PlayContext } from '../procedure'
import { currentActivation } from '../driver'
import { hasFinished, markStopped, setActing, writeBook } from './acting'
import type { Facts } from './facts'
import { movementFacts } from './facts'
import { facingClocks, readFacing, turnSteps } from './facing'
import type { ActionOutcome } from './move-and-fire'
import { allowanceOf, moverOf, whyNotMove } from './movers'
import type { TransformSetting } from './settings'

/** Why the unit may not turn in place now; null when it may. */
function whyNotTurn(ctx: PlayContext, frame: Frame, f: Facts, id: string): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  if (unit.side !== currentActivation(ctx).side)
    return `${id} belongs to ${unit.side}, who is not active`
  if (f.isLeader(id) || unit.facing === null || unit.location !== 'map')
    return `${id} has no facing to change`
  if (!isActivated(ctx, id)) return `${id} is not part of the activated command`
  if (unit.ended === 'activation') return `${id} may do nothing more this activation`
  if (ctx.loaded.rules.ruleset.statuses.states.find((s) => s.id === unit.status)?.canAct === false)
    return `${id} is out of play`
  if (hasFinished(ctx, frame, id))
    return `${id} has finished its move: another piece has acted since`
  if (isEngaged(ctx, id) && engagedIntent(ctx, id) !== 'disengage')
    return `${id} is engaged: it keeps facing its engaged enemies`
  if (firedAndDone(ctx, f, id)) return `${id} has fired, which ends its move and fire`
  return null
}

/**
 * Firing ends a unit's move and fire, turning included, unless it is one of the units
 * that move on after firing.
 */
function firedAndDone(ctx: PlayContext, f: Facts, id: string): boolean {
  const flag = f.settings.moveAfterFireFlag
  return peekActivity(ctx, id)?.fired === true && (flag === undefined || f.flags(id)[flag] !== true)
}

/** The rule a refusal to turn names: the fire rule for a unit that has fired. */
function turnRule(ctx: PlayContext, f: Facts, id: string): string | undefined {
  if (firedAndDone(ctx, f, id)) return fireSettings(ctx.loaded.rules).active.rule
  return f.settings.turning?.rule
}

/** Facing steps the unit may still turn in place (Infinity: no limit). */
function turnsLeft(ctx: PlayContext, f: Facts, id: string): number {
  const turning = f.settings.turning
  const unit = ctx.state.units[id]
  const activity = peekActivity(ctx, id)
  if (unit === undefined || activity?.moved === true) return Infinity
  const limited =
    turning !== undefined &&
    ((turning.when ?? 'started-under-influence') === 'started-under-influence'
      ? (activity?.startAdjacent.length ?? 0) > 0
      : unit.hex !== null && f.influencers(unit.side, unit.hex).length > 0)
  const near = limited ? (turning.limit ?? 1) - (activity?.turned ?? 0) : Infinity
  // A formation such as a shield wall allows only so many facing changes per activation.
  const wall = shieldWallLimits(ctx, id)
  return wall === null ? near : Math.min(near, wall.turnLimit - (activity?.turned ?? 0))
}

/**
 * A two-hex counter's turn in place: only the half-turn (front and rear change places), at the
 * cost mechanics.movement.twoHexTurns.halfTurn gives; null when it may not make it now.
 */
function halfTurnOf(
  ctx: PlayContext,
  frame: Frame,
  f: Facts,
  id: string,
): { to: number; front: string; cost: number } | null {
  const cost = f.settings.twoHexTurns?.halfTurn
  const unit = ctx.state.units[id]
  if (cost === undefined || unit?.facing == null || chargeRoute(ctx, id) !== null) return null
  const [, rear] = hexesOf(ctx, id)
  if (rear === undefined || cost > moverOf(ctx, frame, f, id).budget) return null
  return { to: (unit.facing + 6) % 12, front: rear, cost }
}

function performHalfTurn(
  ctx: PlayContext,
  frame: Frame,
  f: Facts,
  id: string,
  to: number,
): ActionOutcome {
  const rule = f.settings.twoHexTurns?.rule
  const half = halfTurnOf(ctx, frame, f, id)
  const unit = ctx.state.units[id]!
  if (half === null || half.to !== to)
    return reject(
      half === null
        ? `${id} may not turn in place now`
        : `${id} fills two hexes: in place he may only turn about, to face ${f.board.facingName(half.to)}`,
      rule,
    )
  const from = unit.facing
  const activity = activityOf(ctx, id)
  activity.mp += half.cost
  activity.moved = true
  setPlace(ctx.state, id, half.front, 'map')
  setFacing(ctx.state, unit, to)
  setActing(frame, id)
  const text = `${id} turns about to face ${f.board.facingName(to)} (${half.cost} MP)`
  ctx.applied.push({
    kind: 'facing',
    unit: id,
    from,
    to,
    text,
    ...(rule === undefined ? {} : { rule }),
  })
  return { text }
}

export function turnChoices(ctx: PlayContext, frame: Frame, only?: readonly string[]): Action[] {
  const f = movementFacts(ctx, frame)
  const side = currentActivation(ctx).side
  const out: Action[] = []
  for (const id of only ?? Object.keys(ctx.state.units)) {
    const unit = ctx.state.units[id]
    if (unit === undefined) continue
    if (unit.side !== side || whyNotTurn(ctx, frame, f, id) !== null) continue
    if (movesAsTwoHex(ctx, id)) {
      const half = halfTurnOf(ctx, frame, f, id)
      if (half !== null) out.push({ type: 'turn', unit: id, facing: f.board.facingName(half.to) })
      continue
    }
    const left = turnsLeft(ctx, f, id)
    for (const clock of facingClocks(f.board)) {
      const steps = turnSteps(unit.facing, clock)
      if (steps > 0 && steps <= left)
        out.push({ type: 'turn', unit: id, facing: f.board.facingName(clock) })
    }
  }
  return out
}

export function performTurn(ctx: PlayContext, frame: Frame, action: Action): ActionOutcome {
  checkArgs(action, ['unit', 'facing'])
  const id = stringArg(action, 'unit')
  const f = movementFacts(ctx, frame)
  const why = whyNotTurn(ctx, frame, f, id)
  if (why !== null) return reject(why, turnRule(ctx, f, id))
  const unit = ctx.state.units[id]!
  const to = readFacing(f.board, action.facing, `turning ${id}`)
  if (movesAsTwoHex(ctx, id)) return performHalfTurn(ctx, frame, f, id, to)
  const steps = turnSteps(unit.facing, to)
  if (steps === 0) return reject(`${id} already faces ${f.board.facingName(to)}`)
  const left = turnsLeft(ctx, f, id)
  if (steps > left) {
    return reject(
      `${id} may turn only ${Math.max(0, left)} more step${left === 1 ? '' : 's'} in place now`,
      f.settings.turning?.rule,
    )
  }
  const from = unit.facing
  setFacing(ctx.state, unit, to)
  activityOf(ctx, id).turned += steps
  setActing(frame, id)
  const text = `${id} turns to face ${f.board.facingName(to)}`
  ctx.applied.push({ kind: 'facing', unit: id, from, to, text })
  return { text }
}

/** Why the unit may not make this change of form now; null when it may. */
function whyNotTransform(
  ctx: PlayContext,
  frame: Frame,
  f: Facts,
  id: string,
  setting: TransformSetting,
): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  const why = whyNotMove(ctx, frame, f, id)
  if (why !== null) return why
  if (unit.location !== 'map' || unit.hex === null) return `${id} must be on the map to change form`
  if (f.flags(id)[setting.flag] !== true)
    return `${id} may not ${setting.label?.toLowerCase() ?? `change into its ${setting.form} form`}`
  const forms = ctx.loaded.rules.unitTypes.get(unit.type)?.forms ?? {}
  if (!Object.hasOwn(forms, setting.form))
    return `unit type ${unit.type} has no ${setting.form} form`
  if (setting.statuses !== undefined && !setting.statuses.includes(unit.status))
    return `${id} may not change form while ${unit.status}`
  if (setting.notNextToEnemy === true && f.enemyNextTo(unit.side, unit.hex))
    return `${id} may not change form next to an enemy unit`
  if (setting.inCommandRange === true) {
    const leader = unit.command === null ? null : leaderOnMap(ctx.loaded, ctx.state, unit.command)
    if (leader === null || !inRangeOf(ctx, leader, id))
      return `${id} must be within its leader's command range to change form`
  }
  const mover = moverOf(ctx, frame, f, id)
  const cost = setting.cost ?? 0
  if (cost > mover.budget)
    return `${id} has ${mover.budget} movement points left; changing form costs ${cost}`
  return null
}

export function transformChoices(
  ctx: PlayContext,
  frame: Frame,
  only?: readonly string[],
): Action[] {
  const settings = ctx.loaded.rules.ruleset.mechanics?.movement?.transforms ?? []
  if (settings.length === 0) return []
  const f = movementFacts(ctx, frame)
  const side = currentActivation(ctx).side
  const out: Action[] = []
  for (const id of only ?? Object.keys(ctx.state.units)) {
    const unit = ctx.state.units[id]
    if (unit === undefined) continue
    if (unit.side !== side || unit.location !== 'map' || f.isLeader(id)) continue
    for (const setting of settings)
      if (whyNotTransform(ctx, frame, f, id, setting) === null)
        out.push({ type: 'transform', unit: id, form: setting.form })
  }
  return out
}

export function performTransform(ctx: PlayContext, frame: Frame, action: Action): ActionOutcome {
  checkArgs(action, ['unit', 'form'])
  const id = stringArg(action, 'unit')
  const form = stringArg(action, 'form')
  const f = movementFacts(ctx, frame)
  const settings = (f.settings.transforms ?? []).filter((t) => t.form === form)
  if (settings.length === 0)
    return reject(`no unit may change into a "${form}" form by itself here`, f.settings.rule)
  const reasons = settings.map((s) => whyNotTransform(ctx, frame, f, id, s))
  const index = reasons.findIndex((r) => r === null)
  if (index < 0) return reject(reasons[0] as string, settings[0]?.rule)
  const setting = settings[index] as TransformSetting
  const before = allowanceOf(ctx, frame, id)
  const activity = activityOf(ctx, id)
  const cost = setting.cost ?? 0
  activity.mp += cost
  if (cost > 0) activity.moved = true
  const book = writeBook(frame)
  if (setting.allowanceAfter === 'original') book.allowance[id] = before
  else delete book.allowance[id]
  const run: EffectRun = {
    loaded: ctx.loaded,
    state: ctx.state,
    applied: ctx.applied,
    pending: ctx.pending,
  }
  transformUnit(run, id, {
    type: 'transform',
    form,
    ...(setting.rule === undefined ? {} : { rule: setting.rule }),
  })
  if (setting.endsMovement === true) markStopped(frame, id)
  setActing(frame, id)
  return { text: `${id}: ${setting.label ?? form} (${cost} MP)` }
}
