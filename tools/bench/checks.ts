/** What every group of cases needs before timing: content that loads, and answers that are right. */
import { applyAction, formatProblem } from '../../src/runtime'
import type { Action, GameState, LoadedScenario, Problem } from '../../src/runtime'
import { BenchError } from './harness'

export function unwrap<T>(
  what: string,
  result: { ok: true; value: T } | { ok: false; problems: Problem[] },
): T {
  if (result.ok) return result.value
  const first = result.problems[0]
  throw new BenchError(
    `${what} does not load: ${!first ? 'no reason given' : first.file ? formatProblem(first) : first.message}`,
  )
}

export function act(loaded: LoadedScenario, state: GameState, action: Action): GameState {
  const result = applyAction(loaded, state, action)
  if (!result.ok) throw new BenchError(`${action.type} refused: ${result.error.message}`)
  return result.state
}

export function check(what: string, got: unknown, wanted: unknown): void {
  if (got !== wanted)
    throw new BenchError(`${what}: expected ${String(wanted)}, got ${String(got)}`)
}

/** A count that must lie in [min, max]: figures the content may move a little without breaking. */
export function checkBetween(what: string, got: number, min: number, max: number): void {
  if (got < min || got > max)
    throw new BenchError(`${what}: expected between ${min} and ${max}, got ${got}`)
}
