/** Loading scenarios for the state kernel tests, and the tools to check purity. */
import type { LoadedScenario } from '../../../src/runtime/rules/loaded'
import { loadLibrary } from '../../../src/runtime/library/loader'
import type { ScenarioOptions } from '../../../src/runtime/library/loader'
import { formatProblem } from '../../../src/runtime/content/problems'
import { applyAction } from '../../../src/runtime/state'
import type { Action, ActionHandlers, GameState, LogEntry } from '../../../src/runtime/state'
import { readContentFolder } from '../../helpers/fixtures'

export const MINI = readContentFolder('test/fixtures/mini')
export const KERNEL = readContentFolder('test/fixtures/state')

const libraries = new Map<string, ReturnType<typeof loadLibrary>>()

export function loadScenario(
  folder: 'mini' | 'state',
  id: string,
  options?: ScenarioOptions,
): LoadedScenario {
  let library = libraries.get(folder)
  if (library === undefined) {
    library = loadLibrary(folder === 'mini' ? MINI : KERNEL)
    libraries.set(folder, library)
  }
  const loaded = library.scenario(id, options)
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  return loaded.value
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/** Applies an action that must succeed; the inputs are frozen to prove the reducer pure. */
export function act(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  handlers?: ActionHandlers,
): { state: GameState; entry: LogEntry } {
  const result = applyAction(loaded, deepFreeze(state), deepFreeze(action), handlers)
  if (!result.ok) throw new Error(`${action.type} refused: ${result.error.message}`)
  const entry = result.entries[0]
  if (entry === undefined) throw new Error(`${action.type} logged nothing`)
  return { state: result.state, entry }
}

/** The message of an action that must be refused. */
export function refused(
  loaded: LoadedScenario,
  state: GameState,
  action: unknown,
): { message: string; rule?: string } {
  const result = applyAction(loaded, deepFreeze(state), action as Action)
  if (result.ok) throw new Error(`${JSON.stringify(action)} was accepted`)
  return result.error
}
