/**
 * The Hexwright runtime: the one entry the editor, the CLI and workers import (ESLint and
 * test/runtime/public-api.test.ts refuse a path into its folders from src/editor or tools/). Pure
 * TypeScript with no UI, DOM or Node imports, so it runs unchanged in all three.
 *
 * Each part is a namespace (`hex.distance`, `rules.resolve`, `play.startGame`…). What the editor
 * and the tools call is also exported by name below, grouped by part: content, the state kernel,
 * the play engine, the computer players, rules, hex geometry.
 */
export * as content from './library'
export * as dice from './dice'
export * as expr from './expr'
export * as hex from './hex'
export * as play from './play'
export * as rules from './rules'
export * as state from './state'

// --- Content: reading, checking and locating JSON content.
export {
  CONTENT_FOLDERS,
  CONTENT_SCHEMAS,
  SCHEMA_ANNOTATIONS,
  SCHEMA_ID_BASE,
  checkFile,
  compareProblems,
  createContentStore,
  createRulesetResolver,
  describePath,
  formatOfSchemaPath,
  formatProblem,
  joinPointer,
  locate,
  parseJsonDocument,
  parsePointer,
} from './library'
export type {
  ContentFile,
  ContentFormat,
  ContentLibrary,
  ContentStore,
  JsonDocument,
  LoadedRuleset,
  LoadedScenario,
  Problem,
  ResolveResult,
  SourceText,
  ValidationReport,
} from './library'
// Validation and loading with the play engine's checks: what validates without errors plays.
// (content.loadLibrary is the loader alone, without those checks.)
export { loadLibrary, validateContent } from './playability'

// --- The state kernel: game state, actions, hashes, saved games.
export {
  NOT_REPLAYED,
  applyAction,
  boardOf,
  canonicalJson,
  createInitialState,
  describeRecord,
  describeRemains,
  extraVariants,
  finalHashMismatch,
  footprintProblems,
  hashText,
  isRemovedStatus,
  isOutOfBattle,
  migrateSavedGame,
  remainsEntry,
  remainsProblems,
  remainsWeight,
  replay,
  saveGame,
  stackingProblems,
  stateHash,
} from './state'
export type { Action, ActionResult, DiceChoice, GameState, LogEntry, UnitState } from './state'
// A refusal: its code (what a caller reads: RefusalCode), params, sentence and rule; a refusal
// thrown where no result can carry it (the start of a game) is an ActionFailure.
export { ActionFailure } from './state'
export type { ActionError, RefusalCode } from './state'
export type { Frame } from './state/flow-types'

// --- The play engine: a scenario played under its sequence of play, prompt by prompt.
export {
  WHAT_IF_ARGUMENTS,
  actionOdds,
  actionOddsThroughReactions,
  actionText,
  buildFacts,
  commandRange,
  firePlanMarks,
  isLeader,
  ledHorseProblems,
  ledHorsesAfter,
  legalActions,
  legalGroups,
  moveChoices,
  moverOf,
  namesOf,
  openPrompt,
  piecesInTransit,
  playAction,
  ammunitionProblems,
  probeAction,
  reachable,
  replayGame,
  startGame,
  stateHashesOf,
  unitOptions,
  unitsInHex,
  whatIfForms,
  whatIfOdds,
} from './play'
export type {
  CommandRange,
  FireOption,
  FirePlanMarks,
  LedHorseEnd,
  Names,
  ObservedRoll,
  PlayContext,
  ShockOption,
  UnitOptions,
} from './play'

// --- The computer players, for the editor's worker and page alike, and the CLI.
export {
  POLICY_NAMES,
  chooseMove,
  isPolicyName,
  namedPolicy,
  playout,
  policySeed,
  randomLegal,
  rankActions,
} from './play/ai'
export type { Policy, PolicyChoice, PolicyName, PlayoutResult } from './play/ai'

// --- Rules, dice and hex geometry.
export { ratingsFor, recordLines } from './rules'
export type { ResolutionDistribution, ResolutionRecord } from './rules'
export type { RngState } from './dice'
export {
  SIDE_NAMES,
  VERTEX_NAMES,
  checkGridSpec,
  checkSchemeFits,
  createGridIndex,
  cube,
  cubeToOffset,
  formatLabel,
  hexToPixel,
  hexsideEndpoints,
  inBounds,
  normalizeClock,
  pixelToHex,
  sideClockFromName,
  sideName,
  vertexClockFromName,
} from './hex'
export type { Cube, GridIndex, GridSpec, NumberingScheme, Orientation, Point } from './hex'

// --- The types generated from the content schemas (Scenario, Ruleset, UnitType…).
export type * from './generated/content-types'
