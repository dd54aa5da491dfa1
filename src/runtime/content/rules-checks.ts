/**
 * Checks of a resolved ruleset beyond its schema: entities defined twice across files, then
 * everything the rules kernel verifies when it prepares a ruleset for play (table shapes, the
 * references inside resolutions, every expression compiled and type-checked in the context it
 * runs in). Each problem is reported in the file, and for expressions at the character, where the
 * designer wrote it.
 */
import { prepareRuleset } from '../rules/prepare-ruleset'
import type { ContentStore } from './content-store'
import { locateInString } from './json-document'
import type { Problem } from './problems'
import { locateOrigin } from './overlay'
import { problemAtOrigin, type ResolvedWithOrigins } from './resolve-ruleset'
import { duplicateEntityIds, REF_KIND_NAMES } from './vocabulary'

const ENTITY_PATHS: Record<string, string> = {
  unitType: '/unitTypes',
  unitClass: '/unitClasses',
  terrain: '/terrain/hexTypes',
  status: '/statuses/states',
  table: '/tables',
  modifierList: '/modifierLists',
  resolution: '/resolutions',
  resultSet: '/resultSets',
}

export function rulesProblems(store: ContentStore, r: ResolvedWithOrigins): Problem[] {
  const problems: Problem[] = []
  const duplicates = duplicateEntityIds(r.ruleset)
  for (const d of duplicates) {
    const origin = locateOrigin(r.indexed.index, `${ENTITY_PATHS[d.kind] ?? ''}/${d.index}`)
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
  const prepared = prepareRuleset(r.ruleset)
  if (prepared.ok) return problems
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
