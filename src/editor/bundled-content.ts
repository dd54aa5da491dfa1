/**
 * The content shipped with Hexwright (content/**), bundled by Vite as raw text so the browser
 * validates exactly the bytes the CLI validates.
 */
import type { SourceText } from '../runtime'

const files = import.meta.glob('/content/**/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

export function bundledSources(): SourceText[] {
  return Object.entries(files)
    .map(([path, text]) => ({ path: path.replace(/^\//, ''), text }))
    .sort((a, b) => a.path.localeCompare(b.path))
}
