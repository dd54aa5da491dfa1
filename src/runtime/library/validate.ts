/**
 * Validates a set of content files the way the CLI and the editor both do: per-file checks
 * (parse, schema, id), then checks across files (references, rulesets resolved with their
 * variants, maps and scenarios). Pure: the caller supplies the texts.
 */
import { checkFile, type SourceText } from '../content/check-files'
import { createContentStore, type ContentFile, type ContentStore } from '../content/content-store'
import { compareProblems, type Problem } from '../content/problems'
import { packOf } from '../content/mod-manifest'
import { crossFileProblems } from './cross-checks'
import type { EngineChecks } from './engine-checks'

export interface ValidationReport {
  files: ContentFile[]
  store: ContentStore
  problems: Problem[]
}

/**
 * `engine`: the checks only the play engine can make (see engine-checks.ts); the runtime's
 * entry passes them, so every client of it validates that content plays.
 */
export function validateContent(
  sources: readonly SourceText[],
  engine?: EngineChecks,
): ValidationReport {
  const problems: Problem[] = []
  const files: ContentFile[] = []
  for (const source of sources) {
    const { file, problems: p } = checkFile(source)
    files.push(file)
    problems.push(...p)
  }
  problems.push(...duplicateIdProblems(files))
  const store = createContentStore(files)
  problems.push(...crossFileProblems(store, engine))
  return { files, store, problems: unique(problems).sort(compareProblems) }
}

/**
 * Two checks may find the same fault (the reference checker and the ruleset resolver, or the
 * rules kernel) and word it differently: one fault per place, in the words of the first check
 * that found it.
 */
function unique(problems: Problem[]): Problem[] {
  const seen = new Set<string>()
  return problems.filter((p) => {
    const key = `${p.file}|${p.line}|${p.column}|${p.pointer}|${p.severity}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function duplicateIdProblems(files: ContentFile[]): Problem[] {
  const seen = new Map<string, ContentFile>()
  const out: Problem[] = []
  for (const f of files) {
    if (!f.format || !f.valid) continue
    const group = f.format === 'variant' ? 'ruleset' : f.format
    // A mod's manifest is always hexwright-mod.json: its id is the one it declares.
    const id = packOf(f)?.id ?? f.name
    const key = `${group}:${id}`
    const first = seen.get(key)
    if (first) {
      out.push({
        file: f.doc.file,
        line: 1,
        column: 1,
        pointer: '/id',
        message: `another ${f.format} has the id "${id}" (${first.doc.file}); ids must be unique`,
        severity: 'error',
      })
    } else seen.set(key, f)
  }
  return out
}
