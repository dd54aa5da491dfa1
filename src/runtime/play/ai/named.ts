/**
 * The policies by name, as the command line and the editor's computer players choose them, and
 * the one function both (and the editor's worker) call to work out a computer move.
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { RngState } from '../../dice'
import type { GameState } from '../../state/game-state'
import { greedy } from './greedy'
import type { Policy, PolicyChoice } from './policy'
import { randomLegal } from './policy'

export const POLICY_NAMES = ['random', 'greedy'] as const
export type PolicyName = (typeof POLICY_NAMES)[number]

const POLICIES: Record<PolicyName, Policy> = { random: randomLegal, greedy: greedy() }

export function isPolicyName(name: string): name is PolicyName {
  return (POLICY_NAMES as readonly string[]).includes(name)
}

export function namedPolicy(name: PolicyName): Policy {
  return POLICIES[name]
}

/** The move the policy `name` makes for the side whose decision is open; null when it has none. */
export function chooseMove(
  loaded: LoadedScenario,
  name: PolicyName,
  state: GameState,
  rng: RngState,
): PolicyChoice | null {
  return POLICIES[name](loaded, state, rng)
}
