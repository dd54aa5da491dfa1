/**
 * Who was attacked in melee in each side's last player turn, for fire at the enemy's moves that
 * such a unit may not make (reaction:fire:move-step `notIfAttacked`): when a player turn ends,
 * the units the side attacked in it (the defenders of its attacks, activity.wasAttacked) are
 * remembered under that side until its next player turn ends. Kept only for rulesets whose
 * sequence asks for it, so other games keep the state they had.
 */
import type { LoadedRuleset } from '../../rules/loaded'
import { memoryOf, peekMemory } from '../extras/common'
import type { PlayContext } from '../procedure'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

const MEMORY = 'fire:attacked'

/** By side: the units it attacked in its last player turn. */
type AttackedMemory = Record<string, string[]>

const wanted = new WeakMap<LoadedRuleset, boolean>()

/** Whether some phase reaction of the sequence bars units attacked in the last enemy turn. */
function attacksRemembered(rules: LoadedRuleset): boolean {
  let found = wanted.get(rules)
  if (found === undefined) {
    found = rules.ruleset.sequence.phases.some((phase) =>
      (phase.reactions ?? []).some(
        (r) => (r.params as { notIfAttacked?: unknown } | undefined)?.notIfAttacked === true,
      ),
    )
    wanted.set(rules, found)
  }
  return found
}

/** At the end of a player turn: the units of other sides its side attacked in melee. */
export function recordAttacked(ctx: PlayContext): void {
  if (!attacksRemembered(ctx.loaded.rules)) return
  const activation = ctx.state.flow?.activation
  if (activation == null) return
  const side = activation.side
  const attacked = Object.entries(activation.units)
    .filter(([id, done]) => done.wasAttacked && ctx.state.units[id]?.side !== side)
    .map(([id]) => id)
    .sort()
  memoryOf<AttackedMemory>(ctx, MEMORY, {})[side] = attacked
}

/** Whether `id` was attacked in melee in the last player turn of `side`. */
export function attackedInLastTurnOf(ctx: Ctx, side: string, id: string): boolean {
  return peekMemory<AttackedMemory>(ctx, MEMORY)?.[side]?.includes(id) === true
}
