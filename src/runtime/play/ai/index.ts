/** Computer players: policies that choose legal actions, and playouts of whole games by them. */
export { pick, randomLegal, uniformLegal } from './policy'
export type { Policy, PolicyChoice } from './policy'
export { MAX_CANDIDATES, candidates, greedy, rankActions } from './greedy'
export type { GreedyOptions } from './greedy'
export { ENUMERATION_BUDGET, compareEstimates, estimateAction } from './estimate'
export type { ActionEstimate } from './estimate'
export {
  OUTCOME_WEIGHT,
  distanceToEnemy,
  lossesOf,
  lossTracks,
  namesEnemy,
  standing,
} from './standing'
export { playout, policySeed } from './playout'
export type { PlayoutObserver, PlayoutResult } from './playout'
