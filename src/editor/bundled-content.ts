/**
 * The content shipped with Hexwright (content/**), bundled by Vite as raw text so the browser
 * validates exactly the bytes the CLI validates. The files load after the first paint, in
 * chunks of their own, so they do not weigh on the initial download.
 */
import type { SourceText } from '../runtime'

const files = import.meta.glob('/content/**/*.json', {
  query: '?raw',
  import: 'default',
}) as Record<string, () => Promise<string>>

export async function bundledSources(): Promise<SourceText[]> {
  const loaded = await Promise.all(
    Object.entries(files).map(async ([path, load]) => ({
      path: path.replace(/^\//, ''),
      text: await load(),
    })),
  )
  return loaded.sort((a, b) => a.path.localeCompare(b.path))
}
