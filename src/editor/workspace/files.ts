/** Facts about workspace files read from their path and text, shared by the store and views. */
import {
  formatOfSchemaPath,
  parseJsonDocument,
  type ContentFormat,
  type Problem,
} from '../../runtime/content'

export interface ParsedFile {
  /** The parsed value, or undefined while the text is not valid JSON. */
  value: unknown
  /** Syntax problems (located), found at once without waiting for the full validation. */
  syntax: Problem[]
  format: ContentFormat | undefined
}

const cache = new Map<string, ParsedFile & { text: string }>()

/** Parse once per text: views ask on every render. */
export function parseFile(path: string, text: string): ParsedFile {
  const hit = cache.get(path)
  if (hit?.text === text) return hit
  const r = parseJsonDocument(path, text)
  const value = r.doc.value
  const schema =
    value && typeof value === 'object' ? (value as { $schema?: unknown }).$schema : undefined
  const parsed = {
    text,
    value: r.ok ? value : undefined,
    syntax: r.ok ? [] : r.problems,
    format: typeof schema === 'string' ? formatOfSchemaPath(schema) : undefined,
  }
  cache.set(path, parsed)
  return parsed
}

/** Which content folder a new file of this format goes into. */
export const FOLDER_OF: Record<string, string> = {
  ruleset: 'rulesets',
  variant: 'rulesets',
  'unit-set': 'units',
  table: 'tables',
  'modifier-list': 'tables',
  map: 'maps',
  scenario: 'scenarios',
  'saved-game': 'saves',
}

export function pathFor(format: string, id: string): string {
  return `content/${FOLDER_OF[format] ?? 'misc'}/${id}.json`
}

export function idOfPath(path: string): string {
  return (path.split('/').pop() ?? path).replace(/\.json$/i, '')
}
