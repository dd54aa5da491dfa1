/**
 * `validate [paths…] [--content <dir>…]`: checks content files and prints each problem located
 * in its file. The files are checked over the bundled content and the --content roots (see
 * content-stack.ts), so a mod folder validates alone; only the problems of the files asked for
 * are shown: the files below them are context.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { content, formatProblem, validateContent } from '../../src/runtime'
import type { CommandIo } from '../cli-io'
import { contentRootOf, displayPath, listJsonFiles, readSources } from '../content-files'
import { contentRoots, packProblems, stackSources } from '../content-stack'
import { listOption, UsageError } from '../session'
import { shellWord } from '../soak-report'

export interface ValidateOptions {
  content?: unknown
}

export function runValidate(paths: string[], io: CommandIo, options: ValidateOptions = {}): number {
  const { cwd } = io
  for (const p of paths)
    if (!existsSync(resolve(cwd, p))) throw new UsageError(`no such file or folder: ${p}`)
  const targets = (paths.length > 0 ? paths : ['content']).map((p) => resolve(cwd, p))
  // Cross-file checks need every file a target refers to: load each target's whole content root.
  const targetRoots: string[] = []
  const requested = new Set<string>()
  // A file outside every content root is checked with them.
  const loose: string[] = []
  for (const t of targets) {
    const root = contentRootOf(t)
    if (root && !targetRoots.includes(root)) targetRoots.push(root)
    for (const f of listJsonFiles(t)) {
      requested.add(displayPath(f, cwd))
      if (!root) loose.push(displayPath(f, cwd))
    }
  }
  const roots = contentRoots(listOption(options.content), cwd, targetRoots)
  const stack = stackSources(roots, cwd)
  const shadowed = stack.replaced.filter((r) => requested.has(r.replaces))
  const sources = [...stack.sources, ...readSources(loose, cwd)]
  const scenarios = new Set(
    [...requested]
      .map((f) => content.describePath(f, Object.keys(content.CONTENT_FOLDERS)))
      .filter((d) => d.folder === 'scenarios')
      .map((d) => d.name),
  )
  // With a test game of each scenario asked for, which loading for play leaves out.
  // A stopped test game prints the command that plays it again, with the folders over the base.
  const contentFlags = roots
    .slice(1)
    .map((root) => `--content ${shellWord(displayPath(root, cwd))}`)
    .join(' ')
  // A file that replaces one of a pack below can break that pack's scenarios: they are played
  // too, and what stops them is reported at the replacing file (the cause), which was asked for.
  const replacing = stack.replaced.some((r) => requested.has(r.file))
  const report = validateContent(sources, {
    testGames: (id) => replacing || scenarios.has(id),
    contentFlags,
  })
  const problems = [...report.problems, ...packProblems(stack, report.files)].sort(
    content.compareProblems,
  )
  for (const r of stack.replaced)
    if (requested.has(r.file) || requested.has(r.replaces))
      io.log(`${r.file}: note: replaces ${r.replaces}, which has the same path in a pack below`)
  const shown = problems.filter((p) => requested.has(p.file))
  for (const p of shown) io.log(formatProblem(p))
  const errors = shown.filter((p) => p.severity === 'error')
  const fileCount = requested.size - shadowed.length
  if (errors.length > 0) {
    const files = new Set(errors.map((p) => p.file)).size
    io.error(
      `${errors.length} problem${errors.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'} (${fileCount} checked)`,
    )
    return 1
  }
  const counts = new Map<string, number>()
  for (const f of report.files)
    if (requested.has(f.doc.file) && f.format) counts.set(f.format, (counts.get(f.format) ?? 0) + 1)
  const summary = [...counts.entries()].map(([k, n]) => `${n} ${k}${n === 1 ? '' : 's'}`).join(', ')
  io.log(
    `${fileCount} content file${fileCount === 1 ? '' : 's'} valid${summary ? ` (${summary})` : ''}`,
  )
  return 0
}
