/**
 * The rule a log line or refusal cites in a situation narrower than a mechanic's own `rule`
 * setting (mechanics.sections in the ruleset). The engine cites no rulebook of its own: a
 * situation the ruleset leaves out is shown without a rule.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { Sections } from '../generated/content-types'

export function sectionOf(loaded: LoadedScenario, situation: keyof Sections): string | undefined {
  return loaded.rules.ruleset.mechanics?.sections?.[situation]
}
