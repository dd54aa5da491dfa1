/**
 * Opening the reactions of a shock phase at its steps. A step named like one of the phase's
 * reactions (retreat-before-combat, counter-charge) runs that reaction alone, so the order of
 * the steps in the phase's params is the order of the rules, even when several
 * reactions watch the same trigger.
 */
import type { Json } from '../../content/overlay/types'
import type { NewFrame, PlayContext } from '../procedure'
import { reactionProcedureId } from '../reactions'
import type { ReactionEvent } from '../reactions'
import { phaseOf } from '../phase-settings'
import type { DeclaredAttack } from './types'
import { toJson } from '../../state/json-data'

/** The frame running the phase's reaction `id` for `event`; null when the phase has none. */
export function reactionFrame(
  ctx: PlayContext,
  phaseId: string,
  id: string,
  event: ReactionEvent,
): NewFrame | null {
  const phase = phaseOf(ctx, phaseId)
  const reaction = (phase.reactions ?? []).find((r) => r.id === id)
  if (reaction === undefined) return null
  if (reaction.option !== undefined && ctx.state.options[reaction.option] !== true) return null
  return {
    proc: reactionProcedureId(reaction),
    phase: phaseId,
    data: {
      reaction: reaction.id,
      params: (reaction.params ?? {}) as Json,
      event: toJson(event),
    },
  }
}

/** The attack-declared event for the attacks still to be fought. */
export function declaredEvent(attacks: readonly DeclaredAttack[]): ReactionEvent {
  return {
    trigger: 'attack-declared',
    attacks: attacks
      .filter((a) => !a.done)
      .map((a) => ({
        attackers: [...a.attackers],
        defenders: [...a.defenders],
        charge: a.chargers.length > 0,
      })),
  }
}
