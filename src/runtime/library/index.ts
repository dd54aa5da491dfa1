/**
 * The content library: every file checked together — schemas, references, overlays, the rules
 * each ruleset makes (prepared by the rules kernel) and each scenario's opening state (built by
 * the state kernel) — and loaded for play. It sits above content, rules and state, so that those
 * never reach up to it; the runtime's `content` namespace is this module, the content layer's
 * own calls included.
 */
export * from '../content'
export { validateContent } from './validate'
export type { ValidationReport } from './validate'
export { libraryOfReport, loadLibrary } from './loader'
export type { ContentLibrary, LoadResult, ScenarioOptions } from './loader'
export type { LoadedRuleset, LoadedScenario } from '../rules/loaded'
export type { EngineChecks, EngineProblem, TestGameTexts } from './engine-checks'
