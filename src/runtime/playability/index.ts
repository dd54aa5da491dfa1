/**
 * Valid means playable: the checks that need the play engine, given to content validation (see
 * library/engine-checks.ts), and validation and loading with them, as the runtime's entry
 * exports them. A ruleset whose sequence the engine cannot play yet gets a warning naming what
 * is missing; a scenario that cannot be played is an error on that scenario.
 */
import {
  compareProblems,
  loadLibrary as loadContent,
  validateContent as validateFiles,
} from '../library'
import type { ContentLibrary, SourceText, ValidationReport } from '../library'
import type { EngineChecks, EngineProblem, TestGameTexts } from '../library/engine-checks'
import type { LoadedScenario } from '../rules/loaded'
import { describeGaps, hasGaps, sequenceGaps } from '../play/capabilities'
import { commandProblems } from './commands'
import { savedGameProblems } from './saved-games'
import { testGameOf } from './test-game'
import { turnProblems } from './turns'

export const ENGINE_CHECKS: EngineChecks = {
  ruleset(ruleset) {
    const gaps = sequenceGaps(ruleset)
    if (!hasGaps(gaps)) return []
    // At the first thing named that the engine does not play, in the file that names it.
    const problem: EngineProblem = {
      pointer:
        gaps.structure !== null ? '/sequence/structure' : (gaps.missing[0]?.pointer ?? '/sequence'),
      message: `no scenario can be played on this ruleset yet: ${describeGaps(gaps)}`,
      severity: 'warning',
    }
    return [problem]
  },
  scenario(loaded) {
    const ruleset = loaded.rules.ruleset
    const gaps = sequenceGaps(ruleset)
    // What a scenario holds is beside the point while its sequence cannot be played at all.
    if (!hasGaps(gaps)) return [...commandProblems(loaded), ...turnProblems(loaded)]
    const problem: EngineProblem = {
      pointer: '/ruleset',
      message: `this scenario cannot be played yet, because of its ruleset ${ruleset.name}: ${describeGaps(gaps)}`,
      severity: 'error',
    }
    return [problem]
  },
}

/**
 * Content validation with the engine's checks and a test game of each scenario: what passes
 * without errors can be played, and each saved game replayed. `testGames: false` leaves the
 * games and the replays out, for a validation on a page's own thread, which seconds of play would
 * freeze; a function plays only the scenarios
 * (by id) it accepts, for a caller that reports on some files only (the CLI validating a mod
 * over the bundled content). `contentFlags` (`--content mod/`) go into the command a stopped
 * test game prints to play it again.
 */
export function validateContent(
  sources: readonly SourceText[],
  options: { testGames?: boolean | ((scenarioId: string) => boolean); contentFlags?: string } = {},
): ValidationReport {
  const { testGames, contentFlags = '' } = options
  // Without test games no saved game is replayed either: both are seconds of play, which a
  // validation on a page's own thread after every edit must not make.
  if (testGames === false) return validateFiles(sources, ENGINE_CHECKS)
  const play = (loaded: LoadedScenario, texts: TestGameTexts) =>
    testGameOf(loaded, texts, contentFlags)
  if (typeof testGames !== 'function')
    return withReplays(validateFiles(sources, { ...ENGINE_CHECKS, testGame: play }))
  return withReplays(
    validateFiles(sources, {
      ...ENGINE_CHECKS,
      testGame: (loaded, texts) => (testGames(loaded.scenario.id) ? play(loaded, texts) : []),
    }),
  )
}

/** The report with the saved games among the files replayed (saved-games.ts). */
function withReplays(report: ValidationReport): ValidationReport {
  const replays = savedGameProblems(report, ENGINE_CHECKS)
  if (replays.length === 0) return report
  return { ...report, problems: [...report.problems, ...replays].sort(compareProblems) }
}

/**
 * Content loaded for play with the engine's static checks (no test games: starting a game stays
 * quick): a scenario that cannot be played does not load.
 */
export function loadLibrary(sources: readonly SourceText[]): ContentLibrary {
  return loadContent(sources, ENGINE_CHECKS)
}
