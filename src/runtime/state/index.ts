/**
 * The game-state kernel: plain-JSON game state, actions applied by a pure reducer with a
 * pluggable handler map, effects applied through the status graph, the log, the state hash,
 * saved games and replays.
 */
export {
  STATE_FORMAT,
  STATE_VERSION,
  cloneState,
  createInitialState,
  diceSourceOf,
  initialStatus,
  isRemovedStatus,
  leaderIds,
  sideOrder,
} from './game-state'
export { isOutOfBattle } from './battle-statuses'
export type {
  Clock,
  DiceChoice,
  GameState,
  Outcome,
  RatingValue,
  SideState,
  UnitLocation,
  UnitState,
} from './game-state'

export {
  ACTION_TYPE,
  booleanArg,
  checkArgs,
  idListArg,
  numberArg,
  registerAction,
  stringArg,
  unitFlagArg,
} from './actions'
export type { Action, ActionContext, ActionHandler, ActionHandlers, HandlerReport } from './actions'
export { ActionFailure, reject } from './failure'
export type { ActionError, RefusalCode } from './failure'

export { applyAction, applyActionInPlace } from './reducer'
export type { ActionResult } from './reducer'
export { KERNEL_ACTIONS } from './kernel-actions'
export {
  activationVariables,
  resolutionVariables,
  resolveAction,
  runResolution,
} from './resolve-action'
export { endPhase, expireMarkers, initialClock } from './clock'
export type { Expiry } from './clock'

export { MAX_EFFECT_DEPTH, applyEffects, ownersOf, sendStatusEvent, sidesFor } from './effects'
export type { EffectRun, EffectScope, Role, Who } from './effects'

export { describePosition, describeRecord } from './log'
export type { AppliedEffect, ClockEvent, LogEntry, PendingEffect, Position } from './log'

export { boardOf } from './board'
export type { Board, FacingMode, HexInfo, HexsideInfo } from './board'
export {
  commandVariables,
  commonVariables,
  leadersIn,
  sideContext,
  sideVariables,
  unitContext,
  unitVariables,
} from './variables'
export { commandParameters, scenarioParameters, sideParameters } from './parameters'

export { canonicalJson, hashText, stateHash } from './hash'
export { countsForStacking, stackFits, stackingProblems } from './stacking'
export { describeRemains, remainsEntry, remainsProblems, remainsWeight } from './remains'
export { footprintProblems } from './footprints'
export type { StackingProblem } from './stacking'

export {
  NOT_REPLAYED,
  SAVED_GAME_FORMAT,
  SAVED_GAME_SCHEMA,
  SAVED_GAME_VERSION,
  extraVariants,
  finalHashMismatch,
  migrateSavedGame,
  replay,
  sandboxEngine,
  saveGame,
} from './replay'
export type { MigrationResult, ReplayEngine, ReplayResult, SaveMeta } from './replay'
