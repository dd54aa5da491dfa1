/**
 * What a scenario needs to be played elsewhere: its ruleset and the chain of rulesets and
 * variants under it, their unit sets, tables and modifier lists, its map, and the images they
 * point at. Found by following every string that names another file's id, so a new kind of
 * reference in a schema is followed without code here; following a name too many only adds a
 * file to the pack, never breaks it.
 */
import { parseFile } from './files'
import type { PackSelection, PackSource } from './pack'

/** Formats a dependency walk never pulls in: they are what you choose, not what you need. */
const ROOTS_ONLY = new Set(['scenario', 'saved-game'])

function strings(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value)
  else if (Array.isArray(value)) for (const v of value) strings(v, out)
  else if (value && typeof value === 'object')
    for (const v of Object.values(value as Record<string, unknown>)) strings(v, out)
  return out
}

export function dependenciesOf(source: PackSource, rootPaths: readonly string[]): PackSelection {
  const byId = new Map<string, string[]>()
  for (const [path, text] of source.files) {
    const p = parseFile(path, text)
    const id = (p.value as { id?: unknown } | undefined)?.id
    if (typeof id !== 'string' || ROOTS_ONLY.has(p.format ?? '')) continue
    byId.set(id, [...(byId.get(id) ?? []), path])
  }
  const files = new Set<string>()
  const assets = new Set<string>()
  const queue = rootPaths.filter((p) => source.files.has(p))
  for (const p of queue) files.add(p)
  while (queue.length > 0) {
    const path = queue.shift()!
    const value = parseFile(path, source.files.get(path)!).value
    for (const s of strings(value, new Set())) {
      for (const dep of byId.get(s) ?? []) {
        if (files.has(dep)) continue
        files.add(dep)
        queue.push(dep)
      }
      // Image paths in content are relative to the content folder.
      for (const a of [s, `content/${s}`]) if (source.assets.has(a)) assets.add(a)
    }
  }
  return { files: [...files].sort(), assets: [...assets].sort() }
}
