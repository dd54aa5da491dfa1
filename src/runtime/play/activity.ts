/**
 * What each unit has done in the running activation (movement points spent, fire, attacks,
 * reactions used, enemies it started next to), kept in the flow state and read by every
 * mechanic that limits what a unit may still do.
 */
import { flowOf } from './driver'
import type { PlayContext } from './procedure'
import type { ActivationState, UnitActivity } from '../state/flow-types'

export function blankActivity(): UnitActivity {
  return {
    mp: 0,
    moved: false,
    turned: 0,
    fired: false,
    attacked: false,
    wasAttacked: false,
    startAdjacent: [],
    touched: [],
    reactions: [],
  }
}

/** The side whose activation (player turn) is running: the active side. */
export function activeSideOf(ctx: Pick<PlayContext, 'state'>): string {
  return ctx.state.flow?.activation?.side ?? ctx.state.clock.activeSide
}

/** The running activation, or null between activations. */
export function runningActivation(ctx: Pick<PlayContext, 'state'>): ActivationState | null {
  return ctx.state.flow?.activation ?? null
}

/** The unit's record in the running activation, created on first use (a unit of either side). */
export function activityOf(ctx: PlayContext, id: string): UnitActivity {
  const activation = flowOf(ctx.state).activation
  if (activation === null) return blankActivity()
  let found = activation.units[id]
  if (found === undefined) {
    found = blankActivity()
    activation.units[id] = found
  }
  return found
}

/** The unit's record if it has one, without creating it (for read-only questions). */
export function peekActivity(
  ctx: Pick<PlayContext, 'state'>,
  id: string,
): UnitActivity | undefined {
  return ctx.state.flow?.activation?.units[id]
}

/** Whether the unit belongs to a command activated in the running activation. */
export function isActivated(ctx: Pick<PlayContext, 'state'>, id: string): boolean {
  const activation = ctx.state.flow?.activation
  const unit = ctx.state.units[id]
  if (activation === null || activation === undefined || unit === undefined) return false
  if (activation.wholeSide === true) return unit.side === activation.side
  return (
    unit.side === activation.side &&
    unit.command !== null &&
    activation.commands.includes(unit.command)
  )
}
