/** Dice: specs and notation, exact distributions, and pure rolls from seeded or forced sources. */
export { distribution, probabilityWhere, reduceFraction } from './distribution'
export type { Distribution, DistributionEntry, Fraction } from './distribution'
export { checkRngState, nextInt, seedRng } from './rng'
export type { RngState } from './rng'
export { forcedSource, rollDice, seededSource } from './roll'
export type {
  DiceFailure,
  DiceSource,
  ForcedDiceSource,
  Roll,
  RollResult,
  SeededDiceSource,
} from './roll'
export {
  MAX_DICE_COUNT,
  MAX_DICE_SIDES,
  checkDiceSpec,
  describeDice,
  diceRange,
  faceRange,
  facesFor,
  formatDiceNotation,
  parseDiceNotation,
} from './spec'
export type { DiceFaces, DiceNotationResult, DiceRange, DiceSpec } from './spec'
