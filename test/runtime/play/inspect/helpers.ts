/**
 * Inspection tests on the bundled scenarios as shipped: a game started with a seed and played
 * through the play path (playAction) to the situation a test looks at; the legal actions of the
 * open prompt are what the inspection must agree with.
 */
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { formatProblem } from '../../../../src/runtime/content/problems'
import { legalActions, playAction, startGame } from '../../../../src/runtime/play'
import type { Action, GameState } from '../../../../src/runtime/state'
import { bundledLibrary } from '../../../content/bundled'

export function bundled(id: string): LoadedScenario {
  const loaded = bundledLibrary().scenario(id)
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  return loaded.value
}

/** The game started with a seed (1 by default), the actions played in turn (each must be accepted). */
export function played(loaded: LoadedScenario, actions: Action[], seed = 1): GameState {
  let state = startGame(loaded, { seed }).state
  for (const action of actions) {
    const result = playAction(loaded, state, action)
    if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.message}`)
    state = result.state
  }
  return state
}

/** The legal actions of one type whose `field` is the unit. */
export function legalOf(
  loaded: LoadedScenario,
  state: GameState,
  type: string,
  unit: string,
  field = 'unit',
): Action[] {
  return legalActions(loaded, state).filter((a) => {
    if (a.type !== type) return false
    const value = a[field]
    return value === unit || (Array.isArray(value) && value.includes(unit))
  })
}

export const lastOf = (path: unknown): string => {
  const hexes = path as string[]
  return hexes[hexes.length - 1] as string
}
