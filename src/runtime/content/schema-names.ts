/** Base of every schema's $id; `$ref`s between schema files resolve against it. */
export const SCHEMA_ID_BASE = 'https://hexwright.dev/schemas/'

/** The formats a content file can be written in, by name, with their schema file. */
export const CONTENT_SCHEMAS = {
  ruleset: 'ruleset.schema.json',
  variant: 'variant.schema.json',
  'unit-set': 'unit-set.schema.json',
  table: 'table.schema.json',
  'modifier-list': 'modifier-list.schema.json',
  map: 'map.schema.json',
  scenario: 'scenario.schema.json',
  'saved-game': 'saved-game.schema.json',
  mod: 'mod.schema.json',
  'resolved-ruleset': 'resolved-ruleset.schema.json',
} as const

export type ContentFormat = keyof typeof CONTENT_SCHEMAS

/**
 * Keywords of ours inside the schemas. AJV ignores them; the reference checker and the message
 * formatter read them: x-ref (the string names an entity of that kind), x-ref-keys (the object's
 * keys do), x-expression (the string is an expression), x-context (the context an expression
 * there is read in, where the place alone does not tell), x-hint (how to fix a pattern
 * mismatch), x-patch-of (the object is a merge patch over that format), x-documentation (a value
 * kept as documentation that no rule reads, such as the provenance of the ruleset's parameters).
 */
export const SCHEMA_ANNOTATIONS = [
  'x-ref',
  'x-ref-keys',
  'x-expression',
  'x-context',
  'x-hint',
  'x-patch-of',
  'x-documentation',
] as const

/** Content folders and the formats each may hold. */
export const CONTENT_FOLDERS: Readonly<Record<string, readonly ContentFormat[]>> = {
  rulesets: ['ruleset', 'variant'],
  units: ['unit-set'],
  tables: ['table', 'modifier-list'],
  maps: ['map'],
  scenarios: ['scenario'],
  saves: ['saved-game'],
}

export function formatOfSchemaPath(schemaPath: string): ContentFormat | undefined {
  const file = schemaPath.split('/').pop()
  const entry = Object.entries(CONTENT_SCHEMAS).find(([, f]) => f === file)
  return entry?.[0] as ContentFormat | undefined
}
