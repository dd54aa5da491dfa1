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

/**
 * `roots` and the files of `pool` they need: every file whose id one of them names (as a JSON
 * string), and the files those name in turn. A name that happens to match an id only brings in
 * a file too many; a file missing from the result fails the load that needed it, loudly.
 */
export function neededBy(roots: readonly SourceText[], pool: readonly SourceText[]): SourceText[] {
  const out = [...roots]
  const left = new Map<SourceText, string>()
  for (const source of pool) {
    const id = /"id"\s*:\s*"([^"]+)"/.exec(source.text)?.[1]
    if (id !== undefined && !roots.includes(source)) left.set(source, `"${id}"`)
  }
  for (let i = 0; i < out.length; i++) {
    const text = (out[i] as SourceText).text
    for (const [source, quoted] of left)
      if (text.includes(quoted)) {
        out.push(source)
        left.delete(source)
      }
  }
  return out
}
