import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join, relative } from 'node:path'
import { listJsonFiles } from '../../tools/content-files'
import type { SourceText } from '../../src/runtime/content/check-files'

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Content files under a folder of the project, as the validator receives them. */
export function readContentFolder(folder: string): SourceText[] {
  const dir = join(projectRoot, folder)
  return listJsonFiles(dir).map((path) => ({
    path: relative(projectRoot, path).split('\\').join('/'),
    text: readFileSync(path, 'utf8'),
  }))
}

/** The sources with one file's text changed by `edit` (which must change it). */
export function withEdit(
  sources: SourceText[],
  pathEnd: string,
  edit: (text: string) => string,
): SourceText[] {
  let hit = false
  const out = sources.map((s) => {
    if (!s.path.endsWith(pathEnd)) return s
    const text = edit(s.text)
    if (text === s.text) throw new Error(`edit of ${pathEnd} changed nothing`)
    hit = true
    return { ...s, text }
  })
  if (!hit) throw new Error(`no source ends with ${pathEnd}`)
  return out
}
