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

/**
 * A content root holds the content folders (rulesets/, maps/…) or a mod pack's manifest; files
 * are resolved against it.
 */
export function isContentRoot(dir: string): boolean {
  return (
    existsSync(join(dir, content.MOD_MANIFEST)) ||
    contentFolders.some((f) => existsSync(join(dir, f)) && statSync(join(dir, f)).isDirectory())
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

/**
 * Where the first ill-formed UTF-8 sequence of `bytes` begins, or -1 when all of it is UTF-8
 * (overlong forms, surrogates and code points past U+10FFFF are ill-formed too).
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i] as number
    if (b < 0x80) {
      i++
      continue
    }
    // The length of the sequence and the range its second byte must fall in (narrower after
    // the lead bytes that could start an overlong form, a surrogate or a code point too high).
    if (b < 0xc2 || b > 0xf4) return i
    const length = b <= 0xdf ? 2 : b <= 0xef ? 3 : 4
    const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80
    const hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf
    if (i + length > bytes.length) return i
    const second = bytes[i + 1] as number
    if (second < lo || second > hi) return i
    for (let k = 2; k < length; k++) {
      const c = bytes[i + k] as number
      if (c < 0x80 || c > 0xbf) return i
    }
    i += length
  }
  return -1
}

/**
 * A file's text, decoded as UTF-8; with `invalidUtf8` when some bytes are not UTF-8 (the text
 * then holds U+FFFD for them, and the validator refuses the file at the first).
 */
export function readSource(path: string, cwd = process.cwd()): SourceText {
  const bytes = readFileSync(resolve(cwd, path))
  const text = bytes.toString('utf8')
  const bad = firstInvalidUtf8(bytes)
  const source: SourceText = { path: displayPath(path, cwd), text }
  if (bad < 0) return source
  const offset = bytes.subarray(0, bad).toString('utf8').length
  return { ...source, invalidUtf8: { offset, byte: bytes[bad] as number } }
}

/** The files as the validator reads them, each named by its path relative to `cwd`. */
export function readSources(paths: readonly string[], cwd = process.cwd()): SourceText[] {
  return paths.map((p) => readSource(p, cwd))
}
