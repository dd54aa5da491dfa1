/** File-system side of content handling: find and read content files for the pure validator. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { content } from '../src/runtime'
import type { SourceText } from '../src/runtime'

const contentFolders = Object.keys(content.CONTENT_FOLDERS)

export function listJsonFiles(path: string): string[] {
  const st = statSync(path)
  if (st.isFile()) return path.toLowerCase().endsWith('.json') ? [path] : []
  const out: string[] = []
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const child = join(path, entry.name)
    if (entry.isDirectory()) out.push(...listJsonFiles(child))
    else if (entry.name.toLowerCase().endsWith('.json')) out.push(child)
  }
  return out
}

/** A content root holds the content folders (rulesets/, maps/…); files are resolved against it. */
export function isContentRoot(dir: string): boolean {
  return contentFolders.some(
    (f) => existsSync(join(dir, f)) && statSync(join(dir, f)).isDirectory(),
  )
}

/** The content root a path belongs to, if any: itself or the nearest ancestor holding content folders. */
export function contentRootOf(path: string): string | undefined {
  let dir = resolve(path)
  if (existsSync(dir) && statSync(dir).isFile()) dir = dirname(dir)
  for (;;) {
    if (isContentRoot(dir)) return dir
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

/** A path as messages show it: relative to `cwd` when inside it, else absolute. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const absolute = resolve(cwd, path)
  const rel = relative(cwd, absolute)
  return rel.startsWith('..') ? absolute : rel.split(sep).join('/')
}

/** The files as the validator reads them, each named by its path relative to `cwd`. */
export function readSources(paths: readonly string[], cwd = process.cwd()): SourceText[] {
  return paths.map((p) => ({
    path: displayPath(p, cwd),
    text: readFileSync(resolve(cwd, p), 'utf8'),
  }))
}
