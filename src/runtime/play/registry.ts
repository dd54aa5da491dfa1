/**
 * Every procedure the engine knows, by id: the mechanics of the sequence-of-play vocabulary
 * (schemas/sequence.schema.json) and the internal steps they use.
 */
import type { Procedures } from './procedure'
import { activationProcedure, gameProcedure } from './procedures/chain'
import { continuationProcedure } from './procedures/continuation'
import { lossCheckProcedure } from './procedures/loss-check'
import { setupProcedure } from './procedures/setup'
import { reactionsProcedure } from './reactions'
import { EXTRAS_PROCEDURES } from './extras'
import { FIRE_PROCEDURES } from './fire'
import { MOVEMENT_PROCEDURES } from './movement'
import { RESULTS_PROCEDURES } from './results'
import { SHOCK_PROCEDURES } from './shock'
import { turnsProcedure } from './procedures/turns'

export const PROCEDURES: Procedures = {
  game: gameProcedure,
  'setup-game': setupProcedure,
  activation: activationProcedure,
  turns: turnsProcedure,
  'loss-check': lossCheckProcedure,
  continuation: continuationProcedure,
  reactions: reactionsProcedure,
  ...MOVEMENT_PROCEDURES,
  ...FIRE_PROCEDURES,
  ...SHOCK_PROCEDURES,
  ...RESULTS_PROCEDURES,
  ...EXTRAS_PROCEDURES,
}

/** Every action type some procedure's prompt accepts. */
export const PLAY_ACTION_TYPES: readonly string[] = [
  ...new Set(Object.values(PROCEDURES).flatMap((p) => p.actions ?? [])),
].sort()
