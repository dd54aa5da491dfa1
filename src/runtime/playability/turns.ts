/**
 * A game of turns ends after the scenario's last turn, unless a victory condition ends it
 * sooner: a scenario on a turn-based sequence must say which turn is its last, or a game
 * nobody wins could never end.
 */
import type { EngineProblem } from '../library/engine-checks'
import type { LoadedScenario } from '../rules/loaded'

export function turnProblems(loaded: LoadedScenario): EngineProblem[] {
  if (loaded.rules.ruleset.sequence.structure !== 'turns') return []
  if (loaded.scenario.setup?.turns !== undefined) return []
  return [
    {
      pointer: loaded.scenario.setup === undefined ? '' : '/setup',
      message:
        'a game of turns needs a last turn: set "turns" in the setup to the number of game turns the battle lasts',
      severity: 'error',
    },
  ]
}
