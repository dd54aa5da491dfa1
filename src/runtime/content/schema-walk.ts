/**
 * Walks a JSON value alongside its schema, so that our annotations (x-ref, x-ref-keys,
 * x-expression, x-patch-of) can be found at every place of the value, and so that the message
 * formatter can ask which fields or tags a schema allows at a pointer. Precompiled AJV code says
 * only that a value is wrong; this says what the schema expected there.
 */
import { schemaFiles } from '../generated/schema-index'
import type { JsonSchema } from './validator-types'
import { SCHEMA_ID_BASE } from './schema-names'
import { escapePointerSegment } from './json-document'

/** A schema node together with the file it lives in, so relative $refs resolve. */
export interface SchemaAt {
  file: string
  schema: JsonSchema
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function pointerGet(root: unknown, fragment: string): unknown {
  let node = root
  for (const raw of fragment.split('/').slice(1)) {
    const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (!isObject(node)) return undefined
    node = node[seg]
  }
  return node
}

/** Resolved references by file and $ref: the schemas never change, and walks ask again and again. */
const resolved = new Map<string, SchemaAt>()

export function resolveRef(ref: string, fromFile: string): SchemaAt {
  const key = `${fromFile}#${ref}`
  const known = resolved.get(key)
  if (known) return known
  const at = resolveUncached(ref, fromFile)
  resolved.set(key, at)
  return at
}

function resolveUncached(ref: string, fromFile: string): SchemaAt {
  const [path, fragment = ''] = ref.split('#')
  const file = path
    ? path.startsWith(SCHEMA_ID_BASE)
      ? path.slice(SCHEMA_ID_BASE.length)
      : path
    : fromFile
  const root = schemaFiles[file]
  if (!root) throw new Error(`schema ${file} not found (from ${fromFile})`)
  const schema = fragment ? pointerGet(root, fragment) : root
  if (!isObject(schema)) throw new Error(`schema ${ref} not found (from ${fromFile})`)
  return { file, schema }
}

export function rootSchema(file: string): SchemaAt {
  return resolveRef(file, file)
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function typeAdmits(schemaType: unknown, value: unknown): boolean {
  if (schemaType === undefined) return true
  const types = Array.isArray(schemaType) ? schemaType : [schemaType]
  const t = typeOf(value)
  return types.some((s) => s === t || (s === 'number' && t === 'integer'))
}

/** Could this value plausibly be meant for this schema? Used to pick union branches. */
function admits(at: SchemaAt, value: unknown): boolean {
  const s = at.schema
  if (!typeAdmits(s.type, value)) return false
  if ('const' in s && s.const !== value) return false
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return false
  if (typeof s.$ref === 'string') return admits(resolveRef(s.$ref, at.file), value)
  if (s.type === undefined && 'properties' in s && !isObject(value)) return false
  if (Array.isArray(s.anyOf))
    return s.anyOf.some((b) => admits({ file: at.file, schema: b as JsonSchema }, value))
  if (Array.isArray(s.oneOf))
    return s.oneOf.some((b) => admits({ file: at.file, schema: b as JsonSchema }, value))
  return true
}

/**
 * Whether an object matches the `if` of an if/then: the forms the schemas use — properties with
 * a `const`, `required`, `not` and `anyOf` of those.
 */
function ifHolds(condition: JsonSchema, value: Record<string, unknown>): boolean {
  const required = (condition.required as string[] | undefined) ?? []
  if (!required.every((key) => Object.hasOwn(value, key))) return false
  const properties = (condition.properties ?? {}) as Record<string, JsonSchema>
  for (const [key, schema] of Object.entries(properties))
    if (Object.hasOwn(value, key) && 'const' in schema && schema.const !== value[key]) return false
  if (isObject(condition.not) && ifHolds(condition.not as JsonSchema, value)) return false
  if (Array.isArray(condition.anyOf))
    return condition.anyOf.some((b) => ifHolds(b as JsonSchema, value))
  return true
}

/**
 * The schemas that apply to a value at one place: $ref and allOf followed, the `then` of an
 * if/then whose condition the value meets, union branches chosen by discriminator tag when
 * there is one, else by the value's type.
 */
export function expand(at: SchemaAt, value: unknown): SchemaAt[] {
  const known = plainExpansions.get(at.schema)?.get(at.file)
  if (known) return known
  const out: SchemaAt[] = []
  // Without a union on the way the expansion does not depend on the value: kept for next time.
  let plain = true
  const visit = (node: SchemaAt, depth: number): void => {
    if (depth > 40) return
    out.push(node)
    const s = node.schema
    if (typeof s.$ref === 'string') visit(resolveRef(s.$ref, node.file), depth + 1)
    for (const part of (s.allOf as JsonSchema[] | undefined) ?? [])
      visit({ file: node.file, schema: part }, depth + 1)
    if (isObject(s.if) && isObject(s.then)) {
      plain = false
      if (isObject(value) && ifHolds(s.if as JsonSchema, value))
        visit({ file: node.file, schema: s.then as JsonSchema }, depth + 1)
    }
    const union = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined
    if (union) {
      plain = false
      const branches = union.map((b) => ({ file: node.file, schema: b }))
      const tag = isObject(s.discriminator) ? String(s.discriminator.propertyName) : undefined
      if (tag && isObject(value)) {
        const match = branches.find((b) => branchTagValues(b, tag).includes(value[tag]))
        if (match) visit(match, depth + 1)
        return
      }
      for (const b of branches.filter((b) => admits(b, value))) visit(b, depth + 1)
    }
  }
  visit(at, 0)
  if (plain) {
    const byFile = plainExpansions.get(at.schema) ?? new Map<string, SchemaAt[]>()
    byFile.set(at.file, out)
    plainExpansions.set(at.schema, byFile)
  }
  return out
}

/** Expansions that hold for any value (see `expand`), by schema node and file. */
const plainExpansions = new WeakMap<JsonSchema, Map<string, SchemaAt[]>>()

/** The values a discriminated branch accepts for its tag property. */
export function branchTagValues(branch: SchemaAt, tag: string): unknown[] {
  const values: unknown[] = []
  for (const s of expand(branch, undefined)) {
    const prop = isObject(s.schema.properties)
      ? (s.schema.properties[tag] as JsonSchema | undefined)
      : undefined
    if (prop && 'const' in prop) values.push(prop.const)
    if (prop && Array.isArray(prop.enum)) values.push(...prop.enum)
  }
  return values
}

/** Schemas for the child `key` of an object or array value, given the parent's expanded schemas. */
export function childSchemas(parents: SchemaAt[], parentValue: unknown, key: string): SchemaAt[] {
  const out: SchemaAt[] = []
  for (const p of parents) {
    const s = p.schema
    if (Array.isArray(parentValue)) {
      if (isObject(s.items) || s.items === true)
        out.push({ file: p.file, schema: (s.items === true ? {} : s.items) as JsonSchema })
      continue
    }
    if (isObject(s.properties) && key in s.properties) {
      const sub = s.properties[key]
      if (isObject(sub)) out.push({ file: p.file, schema: sub })
      continue
    }
    if (isObject(s.additionalProperties)) out.push({ file: p.file, schema: s.additionalProperties })
  }
  return out
}

/** Field names a schema (set) declares for an object, for "did you mean" on unknown fields. */
export function declaredProperties(schemas: SchemaAt[]): string[] {
  const names = new Set<string>()
  for (const s of schemas)
    if (isObject(s.schema.properties))
      for (const k of Object.keys(s.schema.properties)) names.add(k)
  return [...names]
}

/** The expanded schemas at a pointer of a value. */
export function schemasAtPointer(
  root: SchemaAt,
  value: unknown,
  segments: readonly string[],
): SchemaAt[] {
  let schemas = expand(root, value)
  let node = value
  for (const seg of segments) {
    const child = isObject(node) ? node[seg] : Array.isArray(node) ? node[Number(seg)] : undefined
    schemas = childSchemas(schemas, node, seg).flatMap((s) => expand(s, child))
    node = child
  }
  return schemas
}

export interface AnnotatedSite {
  pointer: string
  value: unknown
  schemas: SchemaAt[]
}

/**
 * Calls `visit` for every value of the document with the schemas that apply to it. An object
 * marked x-patch-of is walked with the patched format's schema (its required fields waived, as a
 * patch only mentions what it changes).
 */
export function walkWithSchema(
  root: SchemaAt,
  value: unknown,
  visit: (site: AnnotatedSite) => void,
): void {
  const step = (schemas: SchemaAt[], node: unknown, pointer: string, depth: number): void => {
    if (depth > 64) return
    const patchOf = schemas.map((s) => s.schema['x-patch-of']).find((x) => typeof x === 'string')
    if (typeof patchOf === 'string' && isObject(node)) {
      const target = expand(rootSchema(`${patchOf}.schema.json`), node)
      schemas = [...schemas, ...target]
    }
    visit({ pointer, value: node, schemas })
    if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        step(
          childSchemas(schemas, node, k).flatMap((s) => expand(s, v)),
          v,
          `${pointer}/${escapePointerSegment(k)}`,
          depth + 1,
        )
      }
    } else if (Array.isArray(node)) {
      node.forEach((v, i) =>
        step(
          childSchemas(schemas, node, String(i)).flatMap((s) => expand(s, v)),
          v,
          `${pointer}/${i}`,
          depth + 1,
        ),
      )
    }
  }
  step(expand(root, value), value, '', 0)
}

/** First value of an annotation among the schemas that apply at a site. */
export function annotation(schemas: SchemaAt[], keyword: string): unknown {
  for (const s of schemas) if (keyword in s.schema) return s.schema[keyword]
  return undefined
}

/** Every (pattern → hint) pair declared with x-hint, so a pattern mismatch can say how to fix it. */
export function patternHints(): Map<string, string> {
  const hints = new Map<string, string>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit)
    else if (isObject(node)) {
      if (typeof node.pattern === 'string' && typeof node['x-hint'] === 'string')
        hints.set(node.pattern, node['x-hint'])
      Object.values(node).forEach(visit)
    }
  }
  Object.values(schemaFiles).forEach(visit)
  return hints
}
