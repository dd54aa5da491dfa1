/**
 * Terrain charts of the bundled rulesets, resolved when the editor is built
 * (tools/bundled-terrain.ts runs terrain-cache-build.ts over content/). While the workspace's
 * rules files are still exactly the bundled ones (maps and scenarios may differ), a map paints
 * with its chart at once, without the content checker: the schema validators are most of the
 * editor's code and load after the first paint. A rules file edited, added or removed, and the
 * chart comes from the workspace library as it always has.
 */
import type { TerrainChart } from '../../runtime'
import { feedsRulesets } from './files'

export interface TerrainCache {
  /** The rules files the charts were resolved from: path → length of the text. */
  files: Record<string, number>
  /** Each distinct chart once (variants mostly share their base's). */
  charts: TerrainChart[]
  /** Ruleset or variant id → its chart, for those that resolve. */
  byRuleset: Record<string, number>
}

/** Whether the rules files of `files` are the bundled ones the cache was built from. */
function rulesAsBuilt(
  cache: TerrainCache,
  files: ReadonlyMap<string, string>,
  bundled: ReadonlyMap<string, string>,
): boolean {
  let count = 0
  for (const [path, text] of files) {
    if (!feedsRulesets(path, text)) continue
    // The same string object unless edited, so === is a pointer check.
    if (text !== bundled.get(path) || cache.files[path] !== text.length) return false
    count++
  }
  return count === Object.keys(cache.files).length
}

// A workspace's files are replaced, never changed in place: one answer per map object.
const checked = new WeakMap<ReadonlyMap<string, string>, boolean>()

/** The build's chart for this ruleset, when the workspace's rules files are the bundled ones. */
export function cachedTerrain(
  cache: TerrainCache | null,
  files: ReadonlyMap<string, string>,
  bundled: ReadonlyMap<string, string>,
  rulesetId: string,
): TerrainChart | undefined {
  const index = cache?.byRuleset[rulesetId]
  if (!cache || index === undefined) return undefined
  let same = checked.get(files)
  if (same === undefined) checked.set(files, (same = rulesAsBuilt(cache, files, bundled)))
  return same ? cache.charts[index] : undefined
}
