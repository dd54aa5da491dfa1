/**
 * Which schema Monaco's JSON service uses for a file, for completion and hover docs.
 *
 * A model's URI is its workspace path (`file:///content/maps/x.json`). The JSON service reads the
 * file's own `"$schema"` first and resolves it against that URI, so `../../schemas/map.schema.json`
 * becomes `file:///schemas/map.schema.json`: each schema is registered under its `$id` (so the
 * `$ref`s between schema files resolve offline) and under that file location as an alias. A
 * file with no `$schema` falls back on its folder when the folder holds one format only; in
 * rulesets/ and tables/ the `$schema` value alone decides (ruleset or variant, table or list).
 */
import { CONTENT_FOLDERS, CONTENT_SCHEMAS, formatOfSchemaPath, SCHEMA_ID_BASE } from '../../runtime'

export interface SchemaEntry {
  uri: string
  fileMatch?: string[]
  schema: unknown
}

/** Where workspace paths live in Monaco's URI space. */
export const MODEL_ROOT = 'file:///'

export function modelUriOf(path: string): string {
  return MODEL_ROOT + path.replace(/^\/+/, '')
}

/** Folders (under content/) whose files all share one format, by format. */
function soleFolders(format: string): string[] {
  return Object.entries(CONTENT_FOLDERS)
    .filter(([, formats]) => formats.length === 1 && formats[0] === format)
    .map(([folder]) => folder)
}

/** Schema file name → schema object (from import.meta.glob keys like `/schemas/x.schema.json`). */
export function schemaEntries(files: Readonly<Record<string, unknown>>): SchemaEntry[] {
  const entries: SchemaEntry[] = []
  for (const [key, schema] of Object.entries(files)) {
    const name = key.split('/').pop() ?? key
    const id = (schema as { $id?: unknown }).$id
    const uri = typeof id === 'string' ? id : SCHEMA_ID_BASE + name
    const format = formatOfSchemaPath(name)
    const folders = format ? soleFolders(format) : []
    entries.push({
      uri,
      schema,
      ...(folders.length ? { fileMatch: folders.map((f) => `/content/${f}/*.json`) } : {}),
    })
    entries.push({ uri: `${MODEL_ROOT}schemas/${name}`, schema: { $ref: uri } })
  }
  return entries
}

/** POSIX-style resolution of a relative reference against a file URI, as the JSON service does. */
export function resolveAgainst(reference: string, fileUri: string): string {
  if (/^\w[\w\d+.-]*:/.test(reference)) return reference
  const base = fileUri.slice(0, fileUri.lastIndexOf('/') + 1)
  const scheme = /^[a-z]+:\/\//i.exec(base)?.[0] ?? ''
  const parts = base.slice(scheme.length).split('/')
  parts.pop()
  for (const seg of reference.split('/')) {
    if (seg === '..') {
      if (parts.length > 1) parts.pop()
    } else if (seg !== '.') parts.push(seg)
  }
  return scheme + parts.join('/')
}

/** The `"$schema"` written at the top of a text, read without a full parse (it may be broken). */
export function declaredSchema(text: string): string | undefined {
  const m = /^\s*\{\s*"\$schema"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text)
  if (m) return m[1]
  try {
    const v = JSON.parse(text) as { $schema?: unknown }
    return typeof v?.$schema === 'string' ? v.$schema : undefined
  } catch {
    return undefined
  }
}

/**
 * The `$id` of the schema a file is checked against in the JSON view, or undefined when the
 * file names none and its folder does not decide. Mirrors what Monaco's JSON service will pick.
 */
export function schemaIdFor(path: string, text: string): string | undefined {
  const declared = declaredSchema(text)
  if (declared !== undefined) {
    const format = formatOfSchemaPath(declared)
    return format ? SCHEMA_ID_BASE + CONTENT_SCHEMAS[format] : undefined
  }
  const folder = /(?:^|\/)content\/([^/]+)\/[^/]+\.json$/.exec(path)?.[1]
  const formats = folder ? CONTENT_FOLDERS[folder] : undefined
  return formats?.length === 1 ? SCHEMA_ID_BASE + CONTENT_SCHEMAS[formats[0]!] : undefined
}
