/**
 * The moves of a selected unit: the legal move actions grouped by destination, each priced and
 * checked by the path rules the engine applies when it accepts the move (movement/moves.ts
 * checkPath), so the view shows exactly what a move there would cost.
 */
import type { Action } from '../../state/actions'
import type { Frame } from '../../state/flow-types'
import type { PlayContext } from '../procedure'
import { movementFacts } from '../movement/facts'
import { infiltrationHexes, infiltrationOf } from '../movement/infiltration'
import { checkPath } from '../movement/moves'
import type { Mover } from '../movement/movers'
import { moverOf, whyNotMove } from '../movement/movers'
import type { MoveOption } from './types'

/** The procedures of the movement phases, whose frames keep the moving pieces' bookkeeping. */
const MOVEMENT_PHASES: ReadonlySet<string> = new Set(['move-and-fire', 'movement'])

export function isMovementPhase(frame: Frame | undefined): frame is Frame {
  return frame !== undefined && MOVEMENT_PHASES.has(frame.proc)
}

export interface MovePicture {
  moves: MoveOption[]
  costUnit: 'mp' | 'hexes'
  budget: number | null
  /** Why the unit may not move now; null when it may. */
  why: string | null
}

/** The unit as the path rules see it now, or why it may not move. */
export function moverNow(
  ctx: PlayContext,
  frame: Frame,
  id: string,
): { mover: Mover | null; why: string | null } {
  const f = movementFacts(ctx, frame)
  const why = whyNotMove(ctx, frame, f, id)
  return { mover: why === null ? moverOf(ctx, frame, f, id) : null, why }
}

/** The moves among `actions` (the unit's legal actions in a movement phase), by destination. */
export function movePicture(
  ctx: PlayContext,
  frame: Frame,
  id: string,
  actions: readonly Action[],
): MovePicture {
  const { mover, why } = moverNow(ctx, frame, id)
  const costUnit = mover?.retired === true ? 'hexes' : 'mp'
  const byHex = new Map<string, MoveOption>()
  if (mover !== null) {
    const f = movementFacts(ctx, frame)
    const infiltration = infiltrationOf(ctx, frame)
    const start = ctx.state.units[id]?.hex ?? null
    for (const action of actions) {
      if (action.type !== 'move' || action.unit !== id) continue
      const path = action.path as string[]
      const hex = path[path.length - 1] as string
      let option = byHex.get(hex)
      if (option === undefined) {
        const { cost, stop } = checkPath(f, mover, path)
        option = { hex, cost, stop, path: [...path], facings: [], actions: [] }
        const rolls =
          infiltration === undefined || start === null
            ? []
            : infiltrationHexes(ctx, infiltration, id, start, path)
        if (rolls.length > 0) option.rolls = rolls
        byHex.set(hex, option)
      }
      option.actions.push(action)
      const facing = action.facing
      if (facing !== undefined && !option.facings.includes(String(facing)))
        option.facings.push(String(facing))
    }
  }
  return { moves: [...byHex.values()], costUnit, budget: mover?.budget ?? null, why }
}
