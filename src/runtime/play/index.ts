/**
 * Play: a scenario played under its ruleset's sequence of play, with every decision the rules
 * give a player asked as a prompt and answered by an action.
 */
export {
  legalActions,
  legalGroups,
  openPrompt,
  playAction,
  replayGame,
  startGame,
  PLAY_ACTIONS,
  PLAY_ENGINE,
} from './game'
export { PLAY_ACTION_TYPES, PROCEDURES } from './registry'
export { MAX_STEPS } from './driver'
export type { LegalGroup, NewFrame, Outcome, PlayContext, Procedure, Procedures } from './procedure'
export { checkVictory } from './victory'
export { commandArea, unitsInCommand } from './command-range'
