/**
 * Policies: who chooses the next action when no person does (the random playouts, the
 * simulator, an AI opponent). A policy is a pure function of the game and a random generator
 * state, and hands back the generator state after its draws: it keeps nothing between calls,
 * so a playout is reproduced exactly from its seed.
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { RngState } from '../../dice'
import { nextInt } from '../../dice'
import type { Action } from '../../state/actions'
import type { GameState } from '../../state/game-state'
import { legalActions, legalGroups } from '../game'

export interface PolicyChoice {
  action: Action
  /** The generator state after the policy's draws: pass it to the next call. */
  rng: RngState
}

/** Chooses one of the legal actions for the side that must decide; null when there is none. */
export type Policy = (
  loaded: LoadedScenario,
  state: GameState,
  rng: RngState,
) => PolicyChoice | null

/** One of `items`, drawn uniformly, with the generator state after the draw. */
export function pick<T>(items: readonly T[], rng: RngState): { item: T; rng: RngState } | null {
  if (items.length === 0) return null
  if (items.length === 1) return { item: items[0] as T, rng }
  const drawn = nextInt(rng, 0, items.length - 1)
  return { item: items[drawn.value] as T, rng: drawn.rng }
}

/** Any legal action, each as likely as the others. */
export const uniformLegal: Policy = (loaded, state, rng) => {
  const chosen = pick(legalActions(loaded, state), rng)
  return chosen === null ? null : { action: chosen.item, rng: chosen.rng }
}

/**
 * Any legal action, chosen in two draws: a group of the open decision (ending the phase, or one
 * of the units that may act), then an action in it. Every legal action can come out, and only
 * the groups drawn are worked out, so a playout does not list every move of every unit.
 */
export const randomLegal: Policy = (loaded, state, rng) => {
  const groups = [...legalGroups(loaded, state)]
  let current = rng
  while (groups.length > 0) {
    const drawn = nextInt(current, 0, groups.length - 1)
    current = drawn.rng
    const [group] = groups.splice(drawn.value, 1)
    if (group?.list !== undefined) {
      // The same draw as pick() over actions(), making only the action drawn.
      const list = group.list()
      if (list.count === 0) continue
      if (list.count === 1) return { action: list.at(0), rng: current }
      const which = nextInt(current, 0, list.count - 1)
      return { action: list.at(which.value), rng: which.rng }
    }
    const chosen = pick(group?.actions() ?? [], current)
    if (chosen !== null) return { action: chosen.item, rng: chosen.rng }
  }
  return null
}
