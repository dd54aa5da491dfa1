/**
 * The content shipped with Hexwright (content/**), bundled by Vite as raw text so the browser
 * validates exactly the bytes the CLI validates. The store imports this module lazily, after
 * the first paint; the glob is eager so the production build puts every file in that one lazy
 * chunk: one request instead of one per file (84 requests took over a second on a cold load).
 */
import type { SourceText } from '../runtime'

const files = import.meta.glob('/content/**/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

export function bundledSources(): Promise<SourceText[]> {
  const loaded = Object.entries(files).map(([path, text]) => ({
    path: path.replace(/^\//, ''),
    text,
  }))
  // By code unit: localeCompare goes through the collator and took 60 ms on a cold page.
  return Promise.resolve(loaded.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)))
}
