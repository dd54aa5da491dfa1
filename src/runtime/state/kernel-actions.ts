/**
 * The kernel's own actions: place a unit (setup, tests, editors), send a status event, end the
 * current phase, concede. `resolve` lives in resolve-action.ts. Mechanics (movement, fire,
 * shock…) add theirs to the same handler map.
 */
import { didYouMean } from '../content/suggest'
import type { ActionContext, ActionHandler, ActionHandlers, HandlerReport } from './actions'
import { checkArgs, stringArg } from './actions'
import { endPhase } from './clock'
import type { EffectRun } from './effects'
import { sendStatusEvent } from './effects'
import { reject } from './failure'
import type { UnitLocation } from './game-state'
import type { Position } from './log'
import { describePosition } from './log'
import { boardOf } from './board'
import { resolveAction } from './resolve-action'
import { sideOf, unitOf } from './variables'
import { setFacing, setPlace } from './occupancy'

function facingArg(ctx: ActionContext, current: number | null): number | null {
  const board = boardOf(ctx.loaded)
  const value = ctx.action.facing
  if (value === null) return null
  if (value === undefined) {
    // Keeping the facing the counter had is the natural default when only moving it.
    if (board.facingMode === 'none' || current !== null) return current
    return reject(
      `placing a unit on the map needs a "facing" (a clock position 0-11 or a compass name such as "NE")`,
    )
  }
  if (typeof value === 'string') {
    const found = board.facingFromName(value)
    if (!found.ok) return reject(found.message)
    return found.clock
  }
  if (typeof value !== 'number')
    return reject(
      `"facing" must be a clock position 0-11 or a compass name, not ${JSON.stringify(value)}`,
    )
  const problem = board.facingProblem(value)
  if (problem !== null) return reject(problem)
  return value
}

const place: ActionHandler = (ctx) => {
  const { action, draft, loaded } = ctx
  checkArgs(action, ['unit', 'hex', 'facing', 'location'])
  const id = stringArg(action, 'unit')
  const unit = unitOf(draft, id)
  const board = boardOf(loaded)
  const from: Position = { hex: unit.hex, facing: unit.facing, location: unit.location }
  const hex = action.hex
  if (hex === undefined)
    return reject('action "place" needs "hex": a hex label, or null to take the unit off the map')
  if (hex !== null) {
    if (typeof hex !== 'string')
      return reject(`"hex" must be a hex label or null, not ${JSON.stringify(hex)}`)
    const problem = board.labelProblem(hex)
    if (problem !== null) return reject(problem)
    if (action.location !== undefined && action.location !== 'map')
      return reject('a unit placed on a hex is on the map: leave out "location"')
    setFacing(draft, unit, facingArg(ctx, unit.location === 'map' ? unit.facing : null))
    setPlace(ctx.draft, id, hex, 'map')
  } else {
    const location = action.location ?? 'reinforcements'
    if (location !== 'reinforcements' && location !== 'removed') {
      return reject(
        `"location" off the map must be "reinforcements" or "removed", not ${JSON.stringify(location)}`,
      )
    }
    if (action.facing !== undefined && action.facing !== null)
      return reject('a unit off the map has no facing: leave out "facing"')
    setPlace(ctx.draft, id, null, location as UnitLocation)
    setFacing(ctx.draft, unit, null)
  }
  const to: Position = { hex: unit.hex, facing: unit.facing, location: unit.location }
  const text = `unit ${id} placed ${describePosition(to, board.facingName)}`
  return { text, effects: [{ kind: 'place', unit: id, from, to, text }] }
}

const statusEvent: ActionHandler = (ctx) => {
  const { action, draft, loaded } = ctx
  checkArgs(action, ['unit', 'event'])
  const id = stringArg(action, 'unit')
  const event = stringArg(action, 'event')
  unitOf(draft, id)
  const events = loaded.rules.ruleset.statuses.events.map((e) => e.id)
  if (!events.includes(event))
    return reject(`the status graph has no event "${event}"${didYouMean(event, events)}`)
  const run: EffectRun = { loaded, state: draft, applied: [], pending: [] }
  sendStatusEvent(run, id, event, 0)
  const first = run.applied[0]
  return { text: first?.text ?? `unit ${id}: ${event}`, effects: run.applied, pending: run.pending }
}

const endPhaseAction: ActionHandler = (ctx): HandlerReport => {
  checkArgs(ctx.action, [])
  if (ctx.action.side !== undefined) {
    const side = sideOf(ctx.loaded, ctx.action.side)
    if (side !== ctx.draft.clock.activeSide)
      return reject(
        `it is ${ctx.draft.clock.activeSide}'s player turn, so ${side} cannot end the phase`,
      )
  }
  const effects = endPhase(ctx.loaded, ctx.draft)
  return { text: effects[0]?.text ?? 'phase ends', effects }
}

const concede: ActionHandler = (ctx) => {
  checkArgs(ctx.action, [])
  if (ctx.action.side === undefined)
    return reject('action "concede" needs "side": the side that gives up')
  const side = sideOf(ctx.loaded, ctx.action.side)
  const winners = ctx.loaded.scenario.sides.map((s) => s.id).filter((s) => s !== side)
  const outcome = { winners, losers: [side], draw: false, reason: `${side} concedes` }
  ctx.draft.outcome = outcome
  const text = `${side} concedes; ${winners.join(' and ')} ${winners.length === 1 ? 'wins' : 'win'}`
  return { text, effects: [{ kind: 'outcome', outcome, text }] }
}

/** Every action the kernel knows; pass a larger map to applyAction to add mechanics. */
export const KERNEL_ACTIONS: ActionHandlers = {
  place,
  resolve: resolveAction,
  'status-event': statusEvent,
  'end-phase': endPhaseAction,
  concede,
}
