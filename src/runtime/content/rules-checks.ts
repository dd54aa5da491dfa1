/**
 * Checks of a resolved ruleset beyond its schema: entities defined twice across files, and
 * (through the rules kernel) table shapes and every expression compiled and type-checked in the
 * context it runs in. Problems are reported in the file each value came from.
 */
import type { ContentStore } from './content-store'
import type { Problem } from './problems'
import { locateOrigin } from './overlay'
import { problemAtOrigin, type ResolvedWithOrigins } from './resolve-ruleset'
import { duplicateEntityIds, REF_KIND_NAMES } from './vocabulary'

export function rulesProblems(store: ContentStore, r: ResolvedWithOrigins): Problem[] {
  const problems: Problem[] = []
  for (const d of duplicateEntityIds(r.ruleset)) {
    const path = { unitType: '/unitTypes', unitClass: '/unitClasses', terrain: '/terrain/hexTypes', status: '/statuses/states', table: '/tables', modifierList: '/modifierLists', resolution: '/resolutions', resultSet: '/resultSets' }[d.kind]
    const origin = locateOrigin(r.indexed.index, `${path}/@${d.id}`.replace(/@.*/, '') )
    problems.push(problemAtOrigin(store, origin, `${REF_KIND_NAMES[d.kind] ?? d.kind} "${d.id}" is defined more than once in ruleset "${r.ruleset.id}"`))
  }
  return problems
}
