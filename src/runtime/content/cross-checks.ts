/**
 * Checks that need more than one file: references between files and to the entities of the
 * ruleset in force, and the semantic rules a schema cannot express.
 */
import type { ContentStore } from './content-store'
import type { Problem } from './problems'
import { referenceProblems } from './references'

export function crossFileProblems(store: ContentStore): Problem[] {
  const problems: Problem[] = []
  for (const file of store.files) {
    if (!file.valid) continue
    problems.push(...referenceProblems(file, { vocabulary: undefined }, store))
  }
  return problems
}
