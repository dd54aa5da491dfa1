/** Facts about workspace files read from their path and text, shared by the store and views. */
// The modules themselves, not the runtime/content index: the index brings the schema validators
// (1.4 MB) into the page's first download, which this file is part of.
import type { ContentFormat, Problem } from '../../runtime'
import { formatOfSchemaPath, parseJsonDocument } from '../../runtime'
import { hasDuplicateKey } from './duplicate-keys'

export interface ParsedFile {
  /** The parsed value, or undefined while the text is not valid JSON. */
  value: unknown
  /** Syntax problems (located), found at once without waiting for the full validation. */
  syntax: Problem[]
  format: ContentFormat | undefined
}

const cache = new Map<string, ParsedFile & { text: string }>()

/**
 * The value of a text without problems, read by the native parser; undefined when the text
 * needs the located parse (a syntax error, a byte-order mark, a key given twice).
 */
function quickValue(text: string): { value: unknown } | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  return hasDuplicateKey(text) ? undefined : { value }
}

/**
 * Parse once per text: views ask on every render. The workspace reads every file as soon as it
 * loads, so a text without problems takes the native parser; the located parse runs only where
 * there is a problem to point at, and gives the same value otherwise.
 */
export function parseFile(path: string, text: string): ParsedFile {
  const hit = cache.get(path)
  if (hit?.text === text) return hit
  const quick = quickValue(text)
  const r = quick ? undefined : parseJsonDocument(path, text)
  const value = quick ? quick.value : r?.doc.value
  const schema =
    value && typeof value === 'object' ? (value as { $schema?: unknown }).$schema : undefined
  const parsed = {
    text,
    value: quick || r?.ok ? value : undefined,
    syntax: r && !r.ok ? r.problems : [],
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

/** Formats no ruleset is built from. */
const OUTSIDE_RULESETS: ReadonlySet<string> = new Set(['map', 'scenario', 'saved-game'])

/**
 * Whether this file may change what a ruleset resolves to: anything but a map, a scenario or a
 * save in its own folder (a broken file or one in the wrong folder still counts).
 */
export function feedsRulesets(path: string, text: string): boolean {
  const format = parseFile(path, text).format
  return !format || !OUTSIDE_RULESETS.has(format) || !path.includes(`/${FOLDER_OF[format]}/`)
}

export function pathFor(format: string, id: string): string {
  return `content/${FOLDER_OF[format] ?? 'misc'}/${id}.json`
}

export function idOfPath(path: string): string {
  return (path.split('/').pop() ?? path).replace(/\.json$/i, '')
}
