/**
 * Builds the terrain cache (terrain-cache.ts) from a set of content files, with the editor's own
 * workspace library: the charts are what the map editor would resolve from the same texts. Run
 * at build time by tools/bundled-terrain.ts, never in the browser.
 */
import { feedsRulesets, parseFile } from './files'
import { WorkspaceLibrary } from './library'
import type { TerrainCache } from './terrain-cache'

export function buildTerrainCache(files: ReadonlyMap<string, string>): TerrainCache {
  const library = new WorkspaceLibrary()
  library.update(files)
  const cache: TerrainCache = { files: {}, charts: [], byRuleset: {} }
  const seen = new Map<string, number>()
  for (const [path, text] of files) {
    if (!feedsRulesets(path, text)) continue
    cache.files[path] = text.length
    const parsed = parseFile(path, text)
    const id = (parsed.value as { id?: unknown } | undefined)?.id
    if (typeof id !== 'string' || (parsed.format !== 'ruleset' && parsed.format !== 'variant'))
      continue
    const r = library.ruleset(id)
    const chart = r.ok ? r.value.ruleset.terrain : undefined
    if (!chart) continue
    const key = JSON.stringify(chart)
    if (!seen.has(key)) seen.set(key, cache.charts.push(chart) - 1)
    cache.byRuleset[id] = seen.get(key)!
  }
  return cache
}
