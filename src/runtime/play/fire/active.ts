/**
 * Active fire in the move-and-fire phase. (Being written: see docs/ARCHITECTURE.md §10.)
 */
import type { Action } from '../../state/actions'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import type { PlayContext } from '../procedure'
import type { ActionOutcome } from '../movement/move-and-fire'

export function fireChoices(_ctx: PlayContext, _frame: Frame): Action[] {
  return []
}
export function performFire(_ctx: PlayContext, _frame: Frame, _action: Action): ActionOutcome {
  return reject('fire is not available yet')
}
