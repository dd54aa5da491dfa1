/**
 * Every procedure the engine knows, by id: the mechanics of the sequence-of-play vocabulary
 * (schemas/sequence.schema.json) and the internal steps they use.
 */
import type { Procedures } from './procedure'
import type { StateSlice } from './slices'
import { continuationSlice } from './procedures/continuation-roll'
import { countersSlice } from './extras/counters'
import { standardsSlice } from './extras/standard'
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
import { MELEE_PROCEDURES } from './melee'
import { CHARGE_PROCEDURES } from './charge'
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
  ...MELEE_PROCEDURES,
  ...CHARGE_PROCEDURES,
  ...RESULTS_PROCEDURES,
  ...EXTRAS_PROCEDURES,
}

/** The mechanics' slices of the game state, each set up when a game starts (see slices.ts). */
export const SLICES: readonly StateSlice[] = [continuationSlice, countersSlice, standardsSlice]

/** Every action type some procedure's prompt accepts. */
export const PLAY_ACTION_TYPES: readonly string[] = [
  ...new Set(Object.values(PROCEDURES).flatMap((p) => p.actions ?? [])),
].sort()
