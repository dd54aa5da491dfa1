/**
 * What the activation extras forbid in the choice of an activation (asked by the activation
 * chain for free activations, continuations and passes): an army activation nobody can take
 * part in, an ambush with no ambushing unit to join the command named, and anything but bringing
 * pursuers back while a side's units pursue.
 */
import type { ActivationKind } from '../../generated/content-types'
import type { PlayContext } from '../procedure'
import { ambushProblem } from './ambush'
import { armyProblem } from './army'
import { pursuitChoiceProblem } from './pursuit-return'

/** Why `side` may not choose `kind` (for `command`) now, or null. */
export function activationChoiceProblem(
  ctx: Pick<PlayContext, 'loaded' | 'state'>,
  kind: ActivationKind,
  side: string,
  command: string | undefined,
  free: boolean,
): string | null {
  return (
    armyProblem(ctx, kind, side) ??
    ambushProblem(ctx, kind, side, command) ??
    pursuitChoiceProblem(ctx, kind, side, command, free)
  )
}
