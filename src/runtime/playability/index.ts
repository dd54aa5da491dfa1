/**
 * Valid means playable: the checks that need the play engine, given to content validation (see
 * content/engine-checks.ts), and validation and loading with them, as the runtime's entry
 * exports them. A ruleset whose sequence the engine cannot play yet gets a warning naming what
 * is missing; a scenario that cannot be played is an error on that scenario.
 */
import { loadLibrary as loadContent, validateContent as validateFiles } from '../content'
import type { ContentLibrary, SourceText, ValidationReport } from '../content'
import type { EngineChecks, EngineProblem } from '../content/engine-checks'
import { describeGaps, hasGaps, sequenceGaps } from '../play/capabilities'
import { commandProblems } from './commands'
import { testGameOf } from './test-game'

export const ENGINE_CHECKS: EngineChecks = {
  ruleset(ruleset) {
    const gaps = sequenceGaps(ruleset)
    if (!hasGaps(gaps)) return []
    const problem: EngineProblem = {
      pointer: '/sequence',
      message: `no scenario can be played on this ruleset yet: ${describeGaps(gaps)}`,
      severity: 'warning',
    }
    return [problem]
  },
  scenario(loaded) {
    const ruleset = loaded.rules.ruleset
    const gaps = sequenceGaps(ruleset)
    // What a scenario holds is beside the point while its sequence cannot be played at all.
    if (!hasGaps(gaps)) return commandProblems(loaded)
    const problem: EngineProblem = {
      pointer: '/ruleset',
      message: `this scenario cannot be played yet, because of its ruleset ${ruleset.name}: ${describeGaps(gaps)}`,
      severity: 'error',
    }
    return [problem]
  },
}

/** The engine's checks with a test game of each scenario (test-game.ts). */
export const PLAY_CHECKS: EngineChecks = { ...ENGINE_CHECKS, testGame: testGameOf }

/**
 * Content validation with the engine's checks and a test game of each scenario: what passes
 * without errors can be played. `testGames: false` leaves the games out, for a validation on a
 * page's own thread, which seconds of play would freeze.
 */
export function validateContent(
  sources: readonly SourceText[],
  options: { testGames?: boolean } = {},
): ValidationReport {
  return validateFiles(sources, options.testGames === false ? ENGINE_CHECKS : PLAY_CHECKS)
}

/**
 * Content loaded for play with the engine's static checks (no test games: starting a game stays
 * quick): a scenario that cannot be played does not load.
 */
export function loadLibrary(sources: readonly SourceText[]): ContentLibrary {
  return loadContent(sources, ENGINE_CHECKS)
}
