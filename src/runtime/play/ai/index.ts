/** Computer players: policies that choose legal actions, and playouts of whole games by them. */
export { pick, randomLegal, uniformLegal } from './policy'
export type { Policy, PolicyChoice } from './policy'
export { DECISION_BUDGET, MAX_CANDIDATES, candidates, greedy, rankActions } from './greedy'
export type { GreedyOptions } from './greedy'
export {
  ENUMERATION_BUDGET,
  FOLLOW_DEPTH,
  LOOKAHEAD_BUDGET,
  REPLY_LIMIT,
  closingWorth,
  compareEstimates,
  estimateAction,
  markFutile,
} from './estimate'
export type { ActionEstimate } from './estimate'
export {
  OUTCOME_WEIGHT,
  PERIL_WEIGHT,
  activationProspect,
  distanceToEnemy,
  enemyLossWeight,
  enemyHexes,
  lossesOf,
  lossTracks,
  namesEnemy,
  peril,
  reachToEnemy,
  standing,
} from './standing'
export { playout, policySeed } from './playout'
export type { PlayoutObserver, PlayoutResult } from './playout'
export { POLICY_NAMES, chooseMove, isPolicyName, namedPolicy } from './named'
export type { PolicyName } from './named'
