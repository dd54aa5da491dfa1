/**
 * Checks only the play engine can make ("valid means playable"), handed to validation by the
 * layer above it: the library knows the files and their rules, not what the engine plays.
 * Without them validation checks the content alone, as the library's own tests do; the runtime's entry
 * (src/runtime/index.ts) always passes them.
 */
import type { ResolvedRuleset } from '../generated/content-types'
import type { LoadedScenario } from '../rules/loaded'

export interface EngineProblem {
  /** Where the cause is: in the resolved ruleset for `ruleset`, in the scenario file for `scenario`. */
  readonly pointer: string
  /** A sentence a designer understands, without a trailing full stop. */
  readonly message: string
  readonly severity: 'error' | 'warning'
  /**
   * For a scenario's problem: the place in the rules it is played with (a pointer into those
   * resolved rules, and the span of an expression there) that caused it, when the engine knows.
   * Validation reports it there too, in the file that wrote it.
   */
  readonly cause?: { readonly pointer: string; readonly start?: number; readonly end?: number }
}

export interface EngineChecks {
  /** What the engine cannot play in a ruleset, whichever scenario uses it. */
  ruleset(ruleset: ResolvedRuleset): readonly EngineProblem[]
  /** Why a scenario that passed every other check still cannot be played as written. */
  scenario(loaded: LoadedScenario): readonly EngineProblem[]
  /**
   * A test game of a scenario with no error so far: what stops it. Validation runs it (the CLI's
   * validate, the problems panel); loading for play does not, so starting a game stays quick.
   */
  testGame?(loaded: LoadedScenario, texts: TestGameTexts): readonly EngineProblem[]
}

/**
 * The scenario's file as written, for an engine that keeps test games' answers: with the rules
 * and the map the loaded scenario carries, all a game reads.
 */
export interface TestGameTexts {
  readonly scenario: string
}
