/** `validate [paths…]`: checks content files and prints each problem located in its file. */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { formatProblem, validateContent } from '../../src/runtime'
import type { CommandIo } from '../cli-io'
import { contentRootOf, displayPath, listJsonFiles, readSources } from '../content-files'
import { UsageError } from '../session'

export function runValidate(paths: string[], io: CommandIo): number {
  const { cwd } = io
  for (const p of paths)
    if (!existsSync(resolve(cwd, p))) throw new UsageError(`no such file or folder: ${p}`)
  const targets = (paths.length > 0 ? paths : ['content']).map((p) => resolve(cwd, p))
  // Cross-file checks need every file a target refers to: load each target's whole content root.
  const roots = new Set<string>()
  const requested = new Set<string>()
  for (const t of targets) {
    const root = contentRootOf(t)
    if (root) roots.add(root)
    for (const f of listJsonFiles(t)) requested.add(displayPath(f, cwd))
  }
  const all = new Set<string>(requested)
  for (const r of roots) for (const f of listJsonFiles(r)) all.add(displayPath(f, cwd))
  const sources = readSources([...all].sort(), cwd)
  // With a test game of each scenario, which loading for play leaves out.
  const report = validateContent(sources)
  const shown = report.problems.filter((p) => requested.has(p.file))
  for (const p of shown) io.log(formatProblem(p))
  const errors = shown.filter((p) => p.severity === 'error')
  const fileCount = requested.size
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
