/**
 * The move-and-fire phase (mechanic "move-and-fire"): the active side moves, turns, changes the
 * form of (dismounts, limbers…) and fires with its activated units, one at a time, in any order,
 * then ends the phase. A move or a shot may open reaction windows for the other side (reaction
 * fire, return fire, counter-charges), run as sub-procedures before the next decision.
 */
import type { Json } from '../../content/overlay/types'
import { checkArgs } from '../../state/actions'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { currentActivation } from '../procedures/chain'
import type { NewFrame, PlayContext, Procedure } from '../procedure'
import { fireChoices, performFire } from '../fire/active'
import {
  moveChoices,
  performMove,
  performTransform,
  performTurn,
  transformChoices,
  turnChoices,
} from './moves'

export const MOVE_AND_FIRE_ACTIONS = ['move', 'turn', 'transform', 'fire', 'done'] as const

/** What an action started that must run before the next decision. */
export type ActionOutcome = { text: string; then?: NewFrame | null }

function stash(frame: Frame, then: NewFrame | null | undefined): void {
  if (then !== undefined && then !== null) {
    frame.data.then = then as unknown as Json
    frame.step = 'then'
  }
}

export const moveAndFireProcedure: Procedure = {
  actions: MOVE_AND_FIRE_ACTIONS,
  run(ctx, frame) {
    switch (frame.step) {
      case 'start':
        return {
          kind: 'prompt',
          prompt: {
            side: currentActivation(ctx).side,
            kind: 'move-and-fire',
            text: 'move, turn and fire with the activated units, then end the phase ("done")',
            actions: [...MOVE_AND_FIRE_ACTIONS],
            ...(frameRule(ctx, frame) ?? {}),
          },
        }
      case 'then': {
        const then = frame.data.then as unknown as NewFrame
        delete frame.data.then
        frame.step = 'start'
        return { kind: 'push', frame: then }
      }
      case 'end':
        return { kind: 'done' }
      default:
        return reject(`move-and-fire: unknown step "${frame.step}"`)
    }
  },
  act(ctx, frame, action) {
    let outcome: ActionOutcome
    switch (action.type) {
      case 'done':
        checkArgs(action, [])
        frame.step = 'end'
        return `${currentActivation(ctx).side} ends movement and fire`
      case 'move':
        outcome = performMove(ctx, frame, action)
        break
      case 'turn':
        outcome = performTurn(ctx, frame, action)
        break
      case 'transform':
        outcome = performTransform(ctx, frame, action)
        break
      case 'fire':
        outcome = performFire(ctx, frame, action)
        break
      default:
        return reject(`"${action.type}" is not a move-and-fire action`)
    }
    stash(frame, outcome.then)
    return outcome.text
  },
  legal(ctx, frame) {
    return [
      ...moveChoices(ctx, frame),
      ...turnChoices(ctx, frame),
      ...transformChoices(ctx, frame),
      ...fireChoices(ctx, frame),
      { type: 'done' },
    ]
  },
}

function frameRule(ctx: PlayContext, frame: Frame): { rule: string } | undefined {
  const rule = ctx.loaded.rules.ruleset.sequence.phases.find((p) => p.id === frame.phase)?.rule
  return rule === undefined ? undefined : { rule }
}
