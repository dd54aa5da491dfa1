/**
 * Movement actions of the move-and-fire phase: move a unit along a path, turn it, change its
 * form. (Being written: see docs/ARCHITECTURE.md §10.)
 */
import type { Action } from '../../state/actions'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import type { PlayContext } from '../procedure'
import type { ActionOutcome } from './move-and-fire'

export function moveChoices(_ctx: PlayContext, _frame: Frame): Action[] {
  return []
}
export function turnChoices(_ctx: PlayContext, _frame: Frame): Action[] {
  return []
}
export function transformChoices(_ctx: PlayContext, _frame: Frame): Action[] {
  return []
}
export function performMove(_ctx: PlayContext, _frame: Frame, _action: Action): ActionOutcome {
  return reject('movement is not available yet')
}
export function performTurn(_ctx: PlayContext, _frame: Frame, _action: Action): ActionOutcome {
  return reject('turning is not available yet')
}
export function performTransform(_ctx: PlayContext, _frame: Frame, _action: Action): ActionOutcome {
  return reject('changing form is not available yet')
}
