/**
 * Content roots, stacked: the bundled content/ is always the base, and each folder given with
 * --content (a mod pack, or a working copy of content) overlays the ones before it. A file of a
 * later root with the same path as an earlier one (tables/x.json: the same kind and id) replaces
 * it whole; every other file of every root is loaded. So `validate mod/` and `legal <scenario>
 * --content mod/` work on a mod folder holding only its own files. A root with a manifest
 * (hexwright-mod.json) is a pack: its dependencies are checked against the packs below it.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ContentLibrary, Problem, SourceText } from '../src/runtime'
import { content, loadLibrary } from '../src/runtime'
import { ContentError, UsageError } from './cli-errors'
import { displayPath, listJsonFiles, readSources } from './content-files'

/** What --content does, for every command that takes it. */
export const CONTENT_HELP =
  'A content folder or mod pack over the bundled content (repeatable: each overlays those before)'

/** The bundled content folder, the base of every stack. */
export const BUNDLED_CONTENT = fileURLToPath(new URL('../content', import.meta.url))

/** The bundled content as a pack: its version is the application's. */
export const BUNDLED_PACK: content.PackLayer = {
  id: content.BUNDLED_PACK_ID,
  name: 'the bundled content',
  version: (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
  ).version,
}

const realpath = (path: string): string => {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

/** A folder a user named: it must exist and be a folder. */
function folderOption(path: string, cwd: string): string {
  const root = resolve(cwd, path)
  if (!existsSync(root)) throw new UsageError(`no such content folder: ${displayPath(root, cwd)}`)
  if (!statSync(root).isDirectory())
    throw new UsageError(`--content must name a folder; ${displayPath(root, cwd)} is a file`)
  return root
}

/**
 * The roots of a command, bottom first: the bundled content, each --content folder in the order
 * given, then `more` (the roots of the files a command was given). Without --content and
 * `more`, a `content` folder in `cwd` overlays the bundled one, as a working copy. A folder
 * given twice counts once, at its first place.
 */
export function contentRoots(
  contentFolders: readonly string[],
  cwd: string,
  more: readonly string[] = [],
): string[] {
  const given = contentFolders.map((f) => folderOption(f, cwd))
  const local = resolve(cwd, 'content')
  if (given.length === 0 && more.length === 0 && existsSync(local) && statSync(local).isDirectory())
    given.push(local)
  const seen = new Set<string>()
  const roots: string[] = []
  for (const root of [BUNDLED_CONTENT, ...given, ...more]) {
    const real = realpath(root)
    if (seen.has(real)) continue
    seen.add(real)
    roots.push(root)
  }
  return roots
}

export interface ContentStack {
  /** Absolute roots, the base first. */
  roots: string[]
  /** The files loaded, by path as messages show them. */
  sources: SourceText[]
  /** The root each loaded file (by shown path) belongs to. */
  rootOf: Map<string, string>
  /** Files of a pack that replace a file of a root below (shown paths), for a note. */
  replaced: { file: string; replaces: string }[]
}

const manifestOf = (root: string): string => join(root, content.MOD_MANIFEST)

/** Whether a root is a pack (has a manifest). */
export function isPack(root: string): boolean {
  return existsSync(manifestOf(root))
}

/** The files of the roots after overlaying, read (paths shown relative to `cwd`). */
export function stackSources(roots: readonly string[], cwd: string): ContentStack {
  const winners = new Map<string, { path: string; root: string }>()
  const replaced: { file: string; replaces: string }[] = []
  for (const root of roots) {
    for (const path of listJsonFiles(root)) {
      const rel = relative(root, path).split(sep).join('/')
      // Each pack keeps its own manifest: manifests are not content to overlay.
      const key = rel === content.MOD_MANIFEST ? `${root}\u0000${rel}` : rel
      const below = winners.get(key)
      if (below !== undefined && isPack(root))
        replaced.push({ file: displayPath(path, cwd), replaces: displayPath(below.path, cwd) })
      winners.set(key, { path, root })
    }
  }
  const chosen = [...winners.values()].sort((a, b) => a.path.localeCompare(b.path))
  const rootOf = new Map(chosen.map((w) => [displayPath(w.path, cwd), w.root]))
  return {
    roots: [...roots],
    sources: readSources(
      chosen.map((w) => w.path),
      cwd,
    ),
    rootOf,
    replaced,
  }
}

/**
 * The packs of a stack in load order (the bundled content, then each root with a manifest that
 * is valid), and the problems of the stack: dependencies missing, above their dependant, or at
 * a version it does not accept.
 */
export function packProblems(
  stack: ContentStack,
  files: readonly content.ContentFile[],
): Problem[] {
  const packs: content.PackLayer[] = [BUNDLED_PACK]
  for (const root of stack.roots.slice(1)) {
    const file = files.find(
      (f) =>
        f.format === 'mod' && stack.rootOf.get(f.doc.file) === root && f.name === 'hexwright-mod',
    )
    const pack = file && content.packOf(file)
    if (pack !== undefined) packs.push(pack)
  }
  return content.packStackProblems(packs, 'give its folder with --content before this one')
}

/** Libraries kept: the bundled content and a few scratch copies and mods, in a test process. */
const KEPT_LIBRARIES = 4
/** The libraries loaded lately, by stack of roots, the most recent last, with their files. */
const libraries = new Map<string, { sources: SourceText[]; library: ContentLibrary }>()

function sameSources(a: readonly SourceText[], b: readonly SourceText[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (s, i) =>
        s.path === b[i]?.path &&
        s.text === b[i]?.text &&
        s.invalidUtf8?.offset === b[i]?.invalidUtf8?.offset &&
        s.invalidUtf8?.byte === b[i]?.invalidUtf8?.byte,
    )
  )
}

/**
 * The library of `sources` (the files of a stack of roots), validated and loaded again only
 * when a file's path or text differs from those of the last load under `key`: a command that
 * loads several scenarios (soak, and each of its workers) checks the files once, and so do the
 * many commands a test process runs in-process. Reading the files to compare them costs a few
 * milliseconds, validating them seconds; comparing the texts rather than modification times
 * sees an edit made within the file system's clock tick.
 */
export function libraryOf(key: string, sources: SourceText[]): ContentLibrary {
  const cached = libraries.get(key)
  libraries.delete(key)
  const entry =
    cached !== undefined && sameSources(cached.sources, sources)
      ? cached
      : { sources, library: loadLibrary(sources) }
  libraries.set(key, entry)
  for (const oldest of libraries.keys()) {
    if (libraries.size <= KEPT_LIBRARIES) break
    libraries.delete(oldest)
  }
  return entry.library
}

/**
 * Every file of a stack of roots, loaded (see libraryOf); refused with the located problems
 * when its packs do not fit together. Paths are shown relative to `cwd`.
 */
export function stackLibrary(
  roots: readonly string[],
  cwd: string,
): { stack: ContentStack; library: ContentLibrary } {
  const stack = stackSources(roots, cwd)
  const library = libraryOf(roots.join('\n'), stack.sources)
  const problems = packProblems(stack, library.report.files)
  if (problems.length > 0) throw new ContentError(problems, 'the mod packs do not fit together')
  return { stack, library }
}
