/**
 * The problems panel's list: problems grouped by file, filtered by severity, with the open file
 * first (that is where the designer is working) and the rest in path order.
 */
import type { Problem } from '../../runtime'
import { compareProblems } from '../../runtime'
// Not the runtime/content index, which would bring the schema validators into the first download.

export interface ProblemFilter {
  errors: boolean
  warnings: boolean
  /** Only this file, when set. */
  file?: string | null
}

export interface ProblemGroup {
  file: string
  errors: number
  warnings: number
  problems: Problem[]
}

export function groupProblems(
  problems: readonly Problem[],
  filter: ProblemFilter,
  current?: string | null,
): ProblemGroup[] {
  const groups = new Map<string, ProblemGroup>()
  for (const p of problems) {
    if (filter.file && p.file !== filter.file) continue
    if (p.severity === 'error' ? !filter.errors : !filter.warnings) continue
    let g = groups.get(p.file)
    if (!g) groups.set(p.file, (g = { file: p.file, errors: 0, warnings: 0, problems: [] }))
    g.problems.push(p)
    if (p.severity === 'error') g.errors++
    else g.warnings++
  }
  const list = [...groups.values()]
  for (const g of list) g.problems.sort(compareProblems)
  return list.sort(
    (a, b) =>
      Number(b.file === current) - Number(a.file === current) || a.file.localeCompare(b.file),
  )
}

export function countBySeverity(problems: readonly Problem[]): {
  errors: number
  warnings: number
} {
  const errors = problems.filter((p) => p.severity === 'error').length
  return { errors, warnings: problems.length - errors }
}

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`
