/**
 * Play: a scenario played under its ruleset's sequence of play, with every decision the rules
 * give a player asked as a prompt and answered by an action.
 */
export {
  legalActions,
  legalGroups,
  openPrompt,
  playAction,
  playActionInPlace,
  probeAction,
  replayGame,
  stateHashesOf,
  startGame,
  PLAY_ACTIONS,
  PLAY_ENGINE,
} from './game'
export { PLAY_ACTION_TYPES, PROCEDURES } from './registry'
export { ammunitionProblems } from './fire/ammunition'
export { MAX_STEPS } from './driver'
export type { LegalGroup, NewFrame, Outcome, PlayContext, Procedure, Procedures } from './procedure'
export { checkVictory } from './victory'
export { actionText, namesOf } from '../state/words'
export type { Names } from '../state/words'
export { commandArea, unitsInCommand } from './command-range'
export { WHAT_IF_ARGUMENTS, actionOdds, middleFace, whatIfForms, whatIfOdds } from './odds'
export { actionOddsThroughReactions } from './odds-reactions'
export type { OddsThroughReactions } from './odds-reactions'
export type {
  ActionOdds,
  RollOdds,
  WhatIfArgument,
  WhatIfArgumentKind,
  WhatIfForm,
  WhatIfOdds,
} from './odds'
export type { ObservedRoll } from '../state/effects'
export { commandRange, unitOptions, unitsInHex } from './inspect'
export { firePlanMarks } from './inspect/fire-plan-marks'
export type { FirePlanMarks } from './inspect/fire-plan-marks'
export { ledHorsesAfter } from './inspect/led-horses'
export { ledHorseProblems } from './movement/horses'
export type { LedHorseEnd } from './inspect/led-horses'
export type {
  CommandRange,
  FireOption,
  MoveOption,
  ShockOption,
  TransformOption,
  TurnOption,
  UnitOptions,
} from './inspect'
export { isLeader } from './forces'
export { piecesInTransit } from './movement/transit'
// The parts of the movement search, for a benchmark that times them apart from a whole action.
export { buildFacts } from './movement/facts'
export { moverOf } from './movement/movers'
export { moveChoices } from './movement/moves'
export { reachable } from './movement/reach'
export * as ai from './ai'
