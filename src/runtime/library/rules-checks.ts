/**
 * Checks of a resolved ruleset beyond its schema: entities defined twice across files, then
 * everything the rules kernel verifies when it prepares a ruleset for play (table shapes, the
 * references inside resolutions, every expression compiled and type-checked in the context it
 * runs in). Each problem is reported in the file, and for expressions at the character, where the
 * designer wrote it.
 */
import { prepareRuleset } from '../rules/prepare-ruleset'
import { declarationProblems } from '../content/declaration-checks'
import type { ContentStore } from '../content/content-store'
import { locateInString } from '../content/json-document'
import type { Problem } from '../content/problems'
import { locateOrigin } from '../content/overlay'
import { problemAtOrigin, type ResolvedWithOrigins } from '../content/resolve-ruleset'
import { duplicateEntityIds, REF_KIND_NAMES } from '../content/vocabulary'

export function rulesProblems(store: ContentStore, r: ResolvedWithOrigins): Problem[] {
  const problems: Problem[] = []
  const duplicates = duplicateEntityIds(r.ruleset)
  for (const d of duplicates) {
    const origin = locateOrigin(r.indexed.index, `${d.path}/${d.index}`)
    problems.push(
      problemAtOrigin(
        store,
        origin,
        `${REF_KIND_NAMES[d.kind] ?? d.kind} "${d.id}" is defined more than once in ruleset "${r.ruleset.id}"`,
      ),
    )
  }
  // Lookups by id would silently pick one of the duplicates: report those first.
  if (duplicates.length > 0) return problems
  for (const d of declarationProblems(r.ruleset))
    problems.push(problemAtOrigin(store, locateOrigin(r.indexed.index, d.pointer), d.message))
  const prepared = prepareRuleset(r.ruleset)
  if (prepared.ok) {
    for (const u of prepared.unread) {
      const origin = locateOrigin(r.indexed.index, u.pointer)
      problems.push({ ...problemAtOrigin(store, origin, u.message), severity: 'warning' })
    }
    return problems
  }
  for (const e of prepared.errors) {
    const origin = locateOrigin(r.indexed.index, e.pointer)
    const problem = problemAtOrigin(store, origin, e.message)
    if (e.start !== undefined) {
      const file = store.files.find((f) => f.doc.file === origin.file)
      if (file) Object.assign(problem, locateInString(file.doc, origin.pointer, e.start))
    }
    problems.push(problem)
  }
  return problems
}
