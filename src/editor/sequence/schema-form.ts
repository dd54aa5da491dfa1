/**
 * A form from a JSON Schema: which fields an object has, what kind of input each wants, its
 * label, help text, default and choices, and which keys in the data the schema does not know.
 * Then the way back: what a user typed, checked against the field, as an edit of the file.
 *
 * Generic over the schema: it follows `$ref` (inside a file and across the schema files it is
 * given), merges `allOf` parts without conditions, and gives up politely on what a plain form
 * cannot show (a list of objects, a choice between shapes), which stays editable as JSON.
 */
import type { ValueEdit } from '../workspace/json-edit'

export type Schema = Record<string, unknown>

/** Schema files by file name (`common.schema.json`); `$ref`s to them resolve by the last part. */
export type SchemaFiles = Readonly<Record<string, unknown>>

/** A schema with the file it sits in, so its own `#/…` references resolve. */
export interface SchemaAt {
  schema: Schema
  file: string
}

export interface Choice {
  /** The value as the form's inputs hold it. */
  value: string
  label: string
  /** The value as the file holds it (an enum of numbers keeps its numbers). */
  raw: unknown
}

export type FieldKind =
  'text' | 'expression' | 'number' | 'integer' | 'boolean' | 'choice' | 'list' | 'group' | 'other'

/** What one entry of a list holds: free text (perhaps naming an entity) or one of the choices. */
export interface ListItem {
  kind: 'text' | 'choice'
  choices?: Choice[]
  ref?: string
  pattern?: string
  hint?: string
}

export interface UnknownKey {
  key: string
  pointer: string
  value: unknown
}

export interface FormField {
  key: string
  /** JSON pointer of the value in the file. */
  pointer: string
  label: string
  help?: string
  /** How to write a valid value (the schema's x-hint), shown when a pattern refuses one. */
  hint?: string
  required: boolean
  kind: FieldKind
  /** The value in the file, undefined when the key is absent. */
  value: unknown
  present: boolean
  /** The value the engine uses when the key is absent, as shown to the user. */
  defaultText?: string
  choices?: Choice[]
  /** The kind of entity the value names (the schema's x-ref): resolution, status, phase… */
  ref?: string
  pattern?: string
  minimum?: number
  maximum?: number
  item?: ListItem
  unique?: boolean
  minItems?: number
  /** A group's own fields. */
  fields?: FormField[]
  /** Keys in a group's data that the schema does not know. */
  unknown?: UnknownKey[]
  /** The value in the file is not of the kind the field edits. */
  mismatch?: boolean
}

export interface FormModel {
  title?: string
  description?: string
  fields: FormField[]
  unknown: UnknownKey[]
}

/** A key as one segment of a JSON pointer. */
const segment = (key: string): string => '/' + key.replace(/~/g, '~0').replace(/\//g, '~1')

const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v)

/** "mayNotComeWithin" or "end-turn" as words: "May not come within", "End turn". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A schema title without the kind of thing it titles: "Movement phase settings" → "Movement". */
export function shortTitle(title: string): string {
  return title.replace(/\s+(phase|reaction)?\s*settings$/i, '').trim() || title
}

function fileOf(ref: string): string {
  const path = ref.split('#')[0] ?? ''
  return path.split('/').pop() ?? path
}

function pointerGet(root: unknown, pointer: string): unknown {
  let v = root
  for (const raw of pointer.split('/').slice(1)) {
    const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (!isObj(v) && !Array.isArray(v)) return undefined
    v = (v as Record<string, unknown>)[seg]
  }
  return v
}

/** The schema a `$ref` names, seen from `from` (a file name); undefined when it cannot be found. */
export function resolveRef(files: SchemaFiles, ref: string, from: string): SchemaAt | undefined {
  const file = ref.startsWith('#') ? from : fileOf(ref)
  const root = files[file]
  if (!isObj(root)) return undefined
  const hash = ref.includes('#') ? ref.slice(ref.indexOf('#') + 1) : ''
  const schema = hash ? pointerGet(root, hash) : root
  return isObj(schema) ? { schema, file } : undefined
}

/** The schema at a pointer inside a schema file (`/$defs/phase`). */
export function schemaAt(files: SchemaFiles, file: string, pointer = ''): SchemaAt | undefined {
  return resolveRef(files, `#${pointer}`, file)
}

/**
 * One schema with its `$ref` followed and its unconditional `allOf` parts merged in: a keyword
 * written beside a `$ref` wins over the referenced one (a property's own description over the
 * shared definition's), and `properties` and `required` add up. Conditional parts (if/then) are
 * left to the caller, which knows the data they depend on.
 */
export function flatten(files: SchemaFiles, at: SchemaAt, depth = 0): SchemaAt {
  if (depth > 20) return at
  let out: Schema = {}
  const { $ref, allOf, ...own } = at.schema
  if (typeof $ref === 'string') {
    const target = resolveRef(files, $ref, at.file)
    if (target) out = rebase(flatten(files, target, depth + 1).schema, target.file, at.file)
  }
  out = merge(out, own)
  if (Array.isArray(allOf))
    for (const part of allOf) {
      if (!isObj(part) || 'if' in part) continue
      out = merge(out, flatten(files, { schema: part, file: at.file }, depth + 1).schema)
    }
  // The conditional parts stay, for propertySchema to choose among by the data.
  if (Array.isArray(allOf) && allOf.some((p) => isObj(p) && 'if' in p))
    out.allOf = [
      ...(Array.isArray(out.allOf) ? out.allOf : []),
      ...allOf.filter((p) => isObj(p) && 'if' in p),
    ]
  return { schema: out, file: at.file }
}

/**
 * A schema lifted from one file into another: its local references (`#/$defs/x`) are made
 * explicit (`other.schema.json#/$defs/x`), so they still resolve from where it is used.
 */
function rebase(schema: Schema, from: string, to: string): Schema {
  if (from === to) return schema
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (!isObj(v)) return v
    const out: Schema = {}
    for (const [k, x] of Object.entries(v))
      out[k] = k === '$ref' && typeof x === 'string' && x.startsWith('#') ? from + x : walk(x)
    return out
  }
  return walk(schema) as Schema
}

function merge(base: Schema, extra: Schema): Schema {
  const out: Schema = { ...base, ...extra }
  if (isObj(base.properties) && isObj(extra.properties))
    out.properties = { ...base.properties, ...extra.properties }
  if (Array.isArray(base.required) && Array.isArray(extra.required))
    out.required = [...new Set([...(base.required as unknown[]), ...(extra.required as unknown[])])]
  return out
}

/**
 * Whether a value meets a schema, for choosing among `if`/`then` parts: const, enum, type,
 * required, properties, not, anyOf, allOf. Other keywords are taken as met.
 */
export function matches(files: SchemaFiles, at: SchemaAt, value: unknown, depth = 0): boolean {
  if (depth > 20) return true
  const flat = flatten(files, at)
  const s = flat.schema
  if ('const' in s && s.const !== value) return false
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return false
  if (typeof s.type === 'string' && !hasType(value, s.type)) return false
  if (Array.isArray(s.required)) {
    if (!isObj(value)) return false
    if (!s.required.every((k) => typeof k === 'string' && k in value)) return false
  }
  if (isObj(s.properties) && isObj(value))
    for (const [k, sub] of Object.entries(s.properties))
      if (k in value && isObj(sub) && !matches(files, { schema: sub, file: flat.file }, value[k]))
        return false
  if (isObj(s.not) && matches(files, { schema: s.not, file: flat.file }, value, depth + 1))
    return false
  if (
    Array.isArray(s.anyOf) &&
    !s.anyOf.some((x) => isObj(x) && matches(files, { schema: x, file: flat.file }, value))
  )
    return false
  if (
    Array.isArray(s.allOf) &&
    !s.allOf.every(
      (x) => !isObj(x) || 'if' in x || matches(files, { schema: x, file: flat.file }, value),
    )
  )
    return false
  return true
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return isObj(value)
    case 'array':
      return Array.isArray(value)
    case 'integer':
      return Number.isInteger(value)
    case 'number':
      return typeof value === 'number'
    case 'null':
      return value === null
    default:
      return typeof value === type
  }
}

/**
 * The schema one property takes in a value, with the `then` of every `allOf` `if` the value
 * meets (the sequence picks a phase's settings by its mechanic this way).
 */
export function propertySchema(
  files: SchemaFiles,
  at: SchemaAt,
  value: unknown,
  key: string,
): SchemaAt | undefined {
  const flat = flatten(files, at)
  let found: SchemaAt | undefined
  const props = flat.schema.properties
  if (isObj(props) && isObj(props[key])) found = { schema: props[key], file: flat.file }
  const parts = Array.isArray(flat.schema.allOf) ? flat.schema.allOf : []
  for (const part of parts) {
    if (!isObj(part) || !isObj(part.if) || !isObj(part.then)) continue
    if (!matches(files, { schema: part.if, file: flat.file }, value)) continue
    const then = flatten(files, { schema: part.then, file: flat.file })
    const p = then.schema.properties
    if (!isObj(p) || !isObj(p[key])) continue
    const own = flatten(files, { schema: p[key], file: then.file }).schema
    const before = found ? flatten(files, found).schema : {}
    found = { schema: { ...before, ...own }, file: at.file }
  }
  return found
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

function choicesOf(list: unknown[]): Choice[] {
  return list
    .filter((v): v is string | number | boolean =>
      ['string', 'number', 'boolean'].includes(typeof v),
    )
    .map((v) => ({
      value: String(v),
      label: typeof v === 'string' ? humanize(v) : String(v),
      raw: v,
    }))
}

/** A value as the form shows it: text as is, a choice by its label, anything else as JSON. */
export function showValue(v: unknown, choices?: readonly Choice[]): string {
  if (v === undefined) return ''
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'string') return choices?.find((c) => c.value === v)?.label ?? v
  if (Array.isArray(v)) return v.map((x) => showValue(x, choices)).join(', ')
  return JSON.stringify(v)
}

function firstType(s: Schema): string | undefined {
  if (typeof s.type === 'string') return s.type
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null') as string | undefined
  if (Array.isArray(s.enum)) return 'enum'
  return undefined
}

function listItem(files: SchemaFiles, at: SchemaAt): ListItem | undefined {
  const items = at.schema.items
  if (!isObj(items)) return undefined
  const s = flatten(files, { schema: items, file: at.file }).schema
  if (Array.isArray(s.enum)) return { kind: 'choice', choices: choicesOf(s.enum) }
  if (firstType(s) !== 'string') return undefined
  return {
    kind: 'text',
    ...(str(s['x-ref']) ? { ref: str(s['x-ref']) } : {}),
    ...(str(s.pattern) ? { pattern: str(s.pattern) } : {}),
    ...(str(s['x-hint']) ? { hint: str(s['x-hint']) } : {}),
  }
}

function fieldOf(
  files: SchemaFiles,
  at: SchemaAt,
  key: string,
  value: unknown,
  pointer: string,
  required: boolean,
  depth: number,
): FormField {
  const flat = flatten(files, at)
  const s = flat.schema
  const type = firstType(s)
  const field: FormField = {
    key,
    pointer,
    label: str(s.title) ?? humanize(key),
    required,
    kind: 'other',
    value,
    present: value !== undefined,
  }
  if (str(s.description)) field.help = str(s.description)
  if (str(s['x-hint'])) field.hint = str(s['x-hint'])
  if (str(s['x-ref'])) field.ref = str(s['x-ref'])
  if (str(s.pattern)) field.pattern = str(s.pattern)
  if (typeof s.minimum === 'number') field.minimum = s.minimum
  if (typeof s.maximum === 'number') field.maximum = s.maximum
  if (Array.isArray(s.enum)) {
    field.kind = 'choice'
    field.choices = choicesOf(s.enum)
  } else if (type === 'string') field.kind = s['x-expression'] ? 'expression' : 'text'
  else if (type === 'number' || type === 'integer' || type === 'boolean') field.kind = type
  else if (type === 'array') {
    const item = listItem(files, flat)
    if (item) {
      field.kind = 'list'
      field.item = item
      if (s.uniqueItems === true) field.unique = true
      if (typeof s.minItems === 'number') field.minItems = s.minItems
    }
  } else if (type === 'object' && isObj(s.properties) && depth < 6) {
    const inner = formModel(files, flat, value, pointer, {}, depth + 1)
    field.kind = 'group'
    field.fields = inner.fields
    field.unknown = inner.unknown
  }
  if ('default' in s) field.defaultText = showValue(s.default, field.choices ?? field.item?.choices)
  field.mismatch = field.present && !fits(field, value)
  return field
}

function fits(f: FormField, v: unknown): boolean {
  switch (f.kind) {
    case 'text':
    case 'expression':
      return typeof v === 'string'
    case 'number':
      return typeof v === 'number'
    case 'integer':
      return Number.isInteger(v)
    case 'boolean':
      return typeof v === 'boolean'
    case 'choice':
      return f.choices!.some((c) => c.value === String(v))
    case 'list':
      return Array.isArray(v) && v.every((x) => typeof x === 'string')
    case 'group':
      return isObj(v)
    default:
      return true
  }
}

export interface FormOptions {
  /** Keys not to show (ones the view presents another way). */
  omit?: readonly string[]
}

/**
 * The form for an object schema and the data it edits at `pointer`: one field per property in
 * the schema's order, then the data's keys the schema does not list (when it forbids others).
 */
export function formModel(
  files: SchemaFiles,
  at: SchemaAt,
  value: unknown,
  pointer: string,
  options: FormOptions = {},
  depth = 0,
): FormModel {
  const flat = flatten(files, at)
  const s = flat.schema
  const data = isObj(value) ? value : {}
  const omit = new Set(options.omit ?? [])
  const props = isObj(s.properties) ? s.properties : {}
  const required = new Set(Array.isArray(s.required) ? s.required : [])
  const fields: FormField[] = []
  for (const [key, sub] of Object.entries(props)) {
    if (omit.has(key) || !isObj(sub)) continue
    const own = propertySchema(files, at, data, key) ?? { schema: sub, file: flat.file }
    const p = pointer + segment(key)
    fields.push(fieldOf(files, own, key, data[key], p, required.has(key), depth))
  }
  const closed = s.additionalProperties === false
  const unknown = closed
    ? Object.keys(data)
        .filter((k) => !(k in props) && !omit.has(k))
        .map((k) => ({ key: k, pointer: pointer + segment(k), value: data[k] }))
    : []
  return {
    ...(str(s.title) ? { title: str(s.title) } : {}),
    ...(str(s.description) ? { description: str(s.description) } : {}),
    fields,
    unknown,
  }
}

export type Parsed = { ok: true; edit: ValueEdit; shown: string } | { ok: false; message: string }

const refuse = (message: string): Parsed => ({ ok: false, message })

/**
 * What the user entered in a field, checked, as the edit of the file: text for text inputs,
 * numbers and choices, 'true'/'false' for yes-or-no, the whole list for a list. An empty entry
 * removes an optional key; a required one refuses it.
 */
export function editFor(field: FormField, input: string | readonly string[] | undefined): Parsed {
  const remove: Parsed = { ok: true, edit: { pointer: field.pointer, value: undefined }, shown: '' }
  const set = (value: unknown): Parsed => ({
    ok: true,
    edit: { pointer: field.pointer, value },
    shown: showValue(value, field.choices ?? field.item?.choices),
  })
  const empty =
    input === undefined || (Array.isArray(input) ? input.length === 0 : String(input).trim() === '')
  if (empty) {
    if (field.required) return refuse(`${field.label} is required`)
    return remove
  }
  if (Array.isArray(input)) {
    if (field.kind !== 'list') return refuse(`${field.label} is not a list`)
    const items = input.map((x) => String(x).trim())
    if (items.some((x) => x === '')) return refuse('an entry of the list is empty')
    if (field.minItems !== undefined && items.length < field.minItems)
      return refuse(`${field.label} needs at least ${field.minItems} entries`)
    if (field.unique && new Set(items).size !== items.length)
      return refuse(`${field.label} lists an entry twice`)
    const item = field.item
    if (item?.kind === 'choice' && items.some((x) => !item.choices!.some((c) => c.value === x)))
      return refuse(`${field.label} takes only the listed choices`)
    if (item?.pattern) {
      const bad = items.find((x) => !new RegExp(item.pattern!, 'u').test(x))
      if (bad !== undefined)
        return refuse(`"${bad}" is not a valid entry${item.hint ? `: ${item.hint}` : ''}`)
    }
    return set(items)
  }
  const text = String(input).trim()
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const n = Number(text)
      if (!Number.isFinite(n)) return refuse(`${field.label} takes a number`)
      if (field.kind === 'integer' && !Number.isInteger(n))
        return refuse(`${field.label} takes a whole number`)
      if (field.minimum !== undefined && n < field.minimum)
        return refuse(`${field.label} is at least ${field.minimum}`)
      if (field.maximum !== undefined && n > field.maximum)
        return refuse(`${field.label} is at most ${field.maximum}`)
      return set(n)
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false') return refuse(`${field.label} is yes or no`)
      return set(text === 'true')
    case 'choice': {
      const c = field.choices!.find((x) => x.value === text)
      if (!c) return refuse(`${field.label} takes one of the listed choices`)
      return set(c.raw)
    }
    case 'text':
    case 'expression':
      if (field.pattern && !new RegExp(field.pattern, 'u').test(text))
        return refuse(`"${text}" is not valid here${field.hint ? `: ${field.hint}` : ''}`)
      return set(text)
    default:
      return refuse(`${field.label} is edited in the JSON view`)
  }
}
