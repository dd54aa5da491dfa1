/**
 * The Hexwright runtime: the one entry the editor, the CLI and workers import. Pure TypeScript
 * with no UI, DOM or Node imports, so it runs unchanged in all three.
 *
 * Each part is a namespace (`hex.distance`, `rules.resolve`…); the calls of the everyday flow —
 * validate content, load a scenario, start a game, apply actions, save and replay — are also
 * exported directly.
 */
export * as content from './content'
export * as dice from './dice'
export * as expr from './expr'
export * as hex from './hex'
export * as rules from './rules'
export * as state from './state'

export { formatProblem } from './content'
// Validation and loading with the play engine's checks: what validates without errors plays.
export { loadLibrary, validateContent } from './playability'
export type {
  ContentLibrary,
  LoadedScenario,
  Problem,
  SourceText,
  ValidationReport,
} from './content'
export {
  applyAction,
  createInitialState,
  migrateSavedGame,
  replay,
  saveGame,
  stateHash,
} from './state'
export type { Action, ActionResult, GameState, LogEntry } from './state'
export type { ResolutionRecord } from './rules'
// Words, not ids, for whoever shows the game to a person (the play view, the CLI).
export { actionText, namesOf } from './state/words'
// The state hash after each action, for a saved game's `stateHashes`.
export { stateHashesOf } from './play/game'
export type { Names } from './state/words'
// The computer players, for the editor's worker and page alike.
export { chooseMove, policySeed } from './play/ai'
export type { PolicyChoice, PolicyName } from './play/ai'
export type { FireOption, ShockOption } from './play/inspect/types'
export type { RngState } from './dice'
export { extraVariants } from './state'
export type * from './generated/content-types'
