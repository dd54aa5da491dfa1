/**
 * What the result procedures share: frames that queue sub-procedures to run before going on, the
 * expression scope a pending effect was produced in (rebuilt from the units it names), matching a
 * player's answer against the listed legal ones, and moving a counter with its log line.
 */
import type { Action } from '../../state/actions'
import { checkArgs } from '../../state/actions'
import { boardOf } from '../../state/board'
import type { EffectRun, EffectScope, Role, Who } from '../../state/effects'
import { reject, ruleField } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import type { PendingEffect, Position } from '../../state/log'
import { describePosition } from '../../state/log'
import type { Vars } from '../../state/variables'
import { commonVariables, sideVariables, unitVariables } from '../../state/variables'
import type { NewFrame, Outcome, PlayContext } from '../procedure'
import { setFacing, setPlace } from '../../state/occupancy'
import { isTwoHex } from '../../state/footprints'
import { stanceAt } from '../stances'
import { fromJson, toJson } from '../../state/json-data'

/** Queues frames to run (in order) before the procedure goes on; nulls are dropped. */
export function queueThen(frame: Frame, frames: readonly (NewFrame | null)[]): void {
  const queued = fromJson<NewFrame[] | undefined>(frame.data.then) ?? []
  queued.push(...frames.filter((f): f is NewFrame => f !== null))
  frame.data.then = toJson(queued)
}

/** The next queued frame to push, if any. */
export function nextQueued(frame: Frame): Outcome | null {
  const queued = fromJson<NewFrame[] | undefined>(frame.data.then)
  const next = queued?.shift()
  if (next === undefined) return null
  return { kind: 'push', frame: next }
}

/** A run that records into the action's log but keeps the new pending effects apart. */
export function subRun(ctx: PlayContext): EffectRun {
  return {
    loaded: ctx.loaded,
    state: ctx.state,
    applied: ctx.applied,
    pending: [],
    ...(ctx.observeRoll === undefined ? {} : { observeRoll: ctx.observeRoll }),
  }
}

// Notes are every procedure's (../logged.ts).
export { note } from '../logged'

const vars = (ctx: PlayContext, id: string | undefined): Vars | null =>
  id === undefined || ctx.state.units[id] === undefined
    ? null
    : unitVariables(ctx.loaded, ctx.state, id)

/**
 * The scope the pending effect's own effects (a choice's options, a retreat's ifBlocked…) run
 * in: its context with the participants' variables as they are now, its roles, and `self` for
 * the units it names. Situation details of the original roll (angles, charging) are not rebuilt.
 */
export function scopeFor(
  ctx: PlayContext,
  pending: PendingEffect,
  self: readonly string[] = pending.units,
  defaultWho: Who | null = 'self',
): EffectScope {
  const attackers = pending.participants?.attackers ?? []
  const defenders = pending.participants?.defenders ?? []
  const variables: Vars = { ...commonVariables(ctx.loaded, ctx.state) }
  switch (pending.context) {
    case 'attack': {
      const a = attackers.map((id) => vars(ctx, id)).filter((v): v is Vars => v !== null)
      const d = defenders.map((id) => vars(ctx, id)).filter((v): v is Vars => v !== null)
      Object.assign(variables, {
        attackers: a,
        defenders: d,
        attacker: a[0],
        defender: d[0],
        attack: { charge: false, continued: 0, counterChargedVsShock: false, bonus: 0 },
      })
      break
    }
    case 'fire': {
      const firer = attackers[0]
      const target = defenders[0]
      const at = (id: string | undefined) => (id === undefined ? null : ctx.state.units[id]?.hex)
      const a = at(firer)
      const b = at(target)
      Object.assign(variables, {
        firer: vars(ctx, firer),
        target: vars(ctx, target),
        range:
          typeof a === 'string' && typeof b === 'string' ? boardOf(ctx.loaded).distance(a, b) : 0,
        fire: { mode: '', weapon: '', weaponGroup: '', angle: '', overUnits: false, crossing: {} },
      })
      break
    }
    case 'side':
      Object.assign(variables, {
        side: sideVariables(ctx.loaded, ctx.state, pending.sides[0] ?? ctx.state.clock.activeSide),
      })
      break
    default:
      Object.assign(variables, { unit: vars(ctx, self[0] ?? pending.units[0]) })
  }
  const roles: Partial<Record<Role, readonly string[]>> = {
    self: [...self],
    actor: attackers.length > 0 ? attackers : [...self],
    target: defenders.length > 0 ? defenders : [...self],
    participants: [...attackers, ...defenders],
  }
  if (pending.participants !== undefined) {
    Object.assign(roles, { attackers, defenders, attacker: attackers, defender: defenders })
  }
  return {
    context: pending.context as EffectScope['context'],
    variables,
    roles,
    defaultWho,
    source: pending.source,
    hexes: { ...(pending.hexes ?? {}) },
    ...(pending.participants === undefined ? {} : { participants: pending.participants }),
    ...(pending.sides[0] === undefined ? {} : { side: pending.sides[0] }),
  }
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000')
  return a === b
}

/**
 * The listed answer the action gives, or a refusal: `why` explains (with the rule) what is wrong
 * with an answer that is not listed, for the player.
 */
export function answerAmong(
  action: Action,
  options: readonly Action[],
  args: readonly string[],
  why: () => { message: string; rule?: string },
): Action {
  checkArgs(action, args)
  const found = options.find(
    (o) =>
      o.type === action.type && args.every((k) => same(o[k] ?? undefined, action[k] ?? undefined)),
  )
  if (found !== undefined) return found
  const reason = why()
  return reject(reason.message, reason.rule)
}

/** Moves a counter on the map (or off it) and logs the move. */
export function placeUnit(
  ctx: PlayContext,
  id: string,
  to: { hex: string | null; facing?: number | null; location?: Position['location'] },
  how: string,
  rule?: string,
): void {
  const unit = ctx.state.units[id]
  if (unit === undefined) return
  const board = boardOf(ctx.loaded)
  const from: Position = { hex: unit.hex, facing: unit.facing, location: unit.location }
  setPlace(ctx.state, id, to.hex, to.location ?? (to.hex === null ? 'reinforcements' : 'map'))
  if (to.facing !== undefined) setFacing(ctx.state, unit, to.facing)
  else if (to.hex !== null && unit.facing !== null && isTwoHex(ctx.loaded, unit.type)) {
    // A two-hex counter stands with its rear where it may, nearest the hex it came from.
    const stance = stanceAt(ctx, id, to.hex, from.hex)
    if (stance !== null) setFacing(ctx.state, unit, stance.heading)
  }
  if (unit.location !== 'map') setFacing(ctx.state, unit, null)
  const after: Position = { hex: unit.hex, facing: unit.facing, location: unit.location }
  const where = describePosition(after, board.facingName)
  ctx.applied.push({
    kind: 'place',
    unit: id,
    from,
    to: after,
    // "advances to 1116 facing E", not "advances to in 1116…" (nor "… horse in in 1116")
    text: `unit ${id} ${how} ${/ (to|in)$/.test(how) ? where.replace(/^in /, '') : where}`,
    ...ruleField(rule),
  })
}

/** Key matching effects of one resolution aimed at the same candidates. */
export function candidatesKey(pending: PendingEffect): string {
  return `${pending.source}|${[...pending.units].sort().join(',')}`
}
