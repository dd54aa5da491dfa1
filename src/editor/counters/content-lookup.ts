/**
 * Which resolved ruleset a unit set or a scenario is drawn with. A unit set names the ruleset
 * whose vocabulary it uses; a ruleset or variant that includes it (in unitSets) fits as well, so
 * we try the named one first and then every includer, taking the first that resolves.
 */
import type { ResolvedRuleset, RulesetManifest, VariantOverlay } from '../../runtime'
import type { WorkspaceLibrary } from '../workspace/library'

export interface RulesetLookup {
  ruleset?: ResolvedRuleset
  /** Id of the ruleset used, or of the one that failed. */
  id?: string
  /** Why no ruleset could be used, in plain words. */
  problem?: string
}

/** Ids of rulesets and variants that list this unit set. */
export function includersOf(lib: WorkspaceLibrary, unitSetId: string): string[] {
  const out: string[] = []
  for (const f of lib.store.files) {
    if (f.format === 'ruleset') {
      const m = f.doc.value as RulesetManifest
      if (m?.unitSets?.includes(unitSetId)) out.push(m.id)
    } else if (f.format === 'variant') {
      const v = f.doc.value as VariantOverlay
      if (v?.include?.unitSets?.includes(unitSetId)) out.push(v.id)
    }
  }
  return out
}

/** The first of these ids that resolves without problems. */
export function firstResolved(lib: WorkspaceLibrary, ids: readonly string[]): RulesetLookup {
  const tried = [...new Set(ids.filter(Boolean))]
  for (const id of tried) {
    const r = lib.ruleset(id)
    if (r.ok) return { ruleset: r.value.ruleset, id }
  }
  if (tried.length === 0) return { problem: 'no ruleset names or includes this file' }
  return {
    id: tried[0],
    problem: `the ruleset "${tried[0]}" has problems, so its ratings and flags are not known (see the problems panel)`,
  }
}

export function rulesetForUnitSet(
  lib: WorkspaceLibrary,
  unitSet: { id?: string; ruleset?: string },
): RulesetLookup {
  const ids = [unitSet.ruleset ?? '', ...(unitSet.id ? includersOf(lib, unitSet.id) : [])]
  return firstResolved(lib, ids)
}

export function rulesetForScenario(
  lib: WorkspaceLibrary,
  scenario: { ruleset?: string },
): RulesetLookup {
  return firstResolved(lib, [scenario.ruleset ?? ''])
}
