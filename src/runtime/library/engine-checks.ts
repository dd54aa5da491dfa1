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
 * What a test game's answer depends on, as written: the scenario's file and every file that is
 * not a scenario (rulesets, units, tables, maps), joined in one text made once per validation.
 * An engine that keeps answers plays again only when one of them changed.
 */
export interface TestGameTexts {
  readonly scenario: string
  readonly content: string
}
