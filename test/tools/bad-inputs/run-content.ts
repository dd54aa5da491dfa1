/**
 * Runs a content case of the corpus in-process, through what `validate <file>` runs: the mini
 * fixture read once as tools/content-files.ts reads a content root, the case's changes made to
 * the texts, `validateContent` (src/runtime, with the test game of a scenario asked for) and
 * `formatProblem`, the problems of the file asked for shown and the exit code worked out as
 * tools/commands/validate.ts does. (The command stacks the bundled content under every root,
 * which would cost a second a case; the mini fixture needs none of it.)
 */
import { join } from 'node:path'
import { formatProblem, validateContent } from '../../../src/runtime'
import type { SourceText } from '../../../src/runtime'
import { listJsonFiles, readSources } from '../../../tools/content-files'
import { projectRoot } from '../../helpers/fixtures'
import type { ContentCase } from './corpus'

export const FIXTURE = 'test/fixtures/mini'

export interface Validated {
  code: 0 | 1
  /** Each problem of the file asked for, as `validate` prints it. */
  lines: string[]
  /** The summary `validate` prints on stderr when there are errors. */
  stderr: string
}

let fixture: SourceText[] | undefined

/** The fixture's files as `validate` reads them, named by their path under the fixture. */
export function fixtureSources(): SourceText[] {
  const root = join(projectRoot, FIXTURE)
  fixture ??= readSources(listJsonFiles(root), root)
  return fixture
}

/** `validate <file>` over these sources. */
export function validateFile(sources: readonly SourceText[], file: string): Validated {
  const scenario = /^scenarios\/(.+)\.json$/.exec(file)?.[1]
  const report = validateContent(sources, { testGames: (id) => id === scenario })
  const shown = report.problems.filter((p) => p.file === file)
  const errors = shown.filter((p) => p.severity === 'error')
  const stderr =
    errors.length === 0
      ? ''
      : `${errors.length} problem${errors.length === 1 ? '' : 's'} in 1 file (1 checked)\n`
  return { code: errors.length > 0 ? 1 : 0, lines: shown.map(formatProblem), stderr }
}

/** A problem line without its place: the same problem in a file laid out anew. */
export const unplaced = (line: string): string => line.replace(/^[^:]+:\d+:\d+: /, '')

const baselines = new Map<string, Set<string>>()

/** What the unchanged fixture reports for a file (its scenario's ruleset is not playable yet). */
function baseline(file: string): Set<string> {
  let known = baselines.get(file)
  if (known === undefined) {
    known = new Set(validateFile(fixtureSources(), file).lines.map(unplaced))
    baselines.set(file, known)
  }
  return known
}

export interface CaseRun extends Validated {
  /** The problem lines the unchanged fixture does not print. */
  added: string[]
  /** The text of each changed file, as validated. */
  texts: Record<string, string>
}

export function runContentCase(c: ContentCase): CaseRun {
  const reported = c.reportedIn ?? c.file
  const known = baseline(reported)
  const changes = { [c.file]: c.change, ...(c.also ?? {}) }
  const texts: Record<string, string> = {}
  const sources = fixtureSources().map((s) => {
    const change = changes[s.path]
    if (change === undefined) return s
    const text = change(s.text)
    texts[s.path] = text
    return { ...s, text }
  })
  for (const [path, change] of Object.entries(changes))
    if (texts[path] === undefined) {
      const text = change('')
      texts[path] = text
      sources.push({ path, text })
    }
  const validated = validateFile(sources, reported)
  return { ...validated, added: validated.lines.filter((l) => !known.has(unplaced(l))), texts }
}
