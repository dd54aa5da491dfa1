/**
 * Turns AJV errors into problems a designer can act on: one sentence, located at the offending
 * value (or at the field name, for an unknown field), with a suggestion where one is likely.
 */
import type { AjvError } from './validator-types'
import type { Problem } from './problems'
import { locate, parsePointer, type JsonDocument } from './json-document'
import {
  branchTagValues,
  declaredProperties,
  patternHints,
  schemasAtPointer,
  type SchemaAt,
} from './schema-walk'
import { didYouMean } from './suggest'

let hints: Map<string, string> | undefined

export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 37) + '…' : value)}`
  if (typeof value === 'number') return `the number ${value}`
  if (typeof value === 'boolean') return `${value}`
  return String(value)
}

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
}

function listAlternatives(items: string[]): string {
  const unique = [...new Set(items)]
  if (unique.length <= 1) return unique[0] ?? 'something else'
  return `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root
  for (const seg of parsePointer(pointer)) {
    if (Array.isArray(node)) node = node[Number(seg)]
    else if (node && typeof node === 'object') node = (node as Record<string, unknown>)[seg]
    else return undefined
  }
  return node
}

function fieldName(pointer: string): string {
  const segs = parsePointer(pointer)
  const last = segs[segs.length - 1]
  if (last === undefined) return 'the file'
  if (/^\d+$/.test(last)) {
    const parent = segs[segs.length - 2]
    return parent ? `item ${Number(last) + 1} of "${parent}"` : `item ${Number(last) + 1}`
  }
  return `"${last}"`
}

const shapeKeywords = new Set([
  'type',
  'const',
  'enum',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  'not',
])

/**
 * Errors from a union (anyOf/oneOf) come as one per branch. When some branch fits the value's
 * shape, its own errors (deeper, or about fields) say what is wrong and the per-branch type
 * mismatches are noise; otherwise one summary ("expected a number or text") is clearest.
 */
function pruneUnionNoise(errors: AjvError[]): AjvError[] {
  const unionPaths = new Set(
    errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath),
  )
  return errors.filter((e) => {
    if (!unionPaths.has(e.instancePath)) return true
    const hasContentErrors = errors.some(
      (o) =>
        (o.instancePath.startsWith(e.instancePath + '/') && o.instancePath !== e.instancePath) ||
        (o.instancePath === e.instancePath &&
          !shapeKeywords.has(o.keyword) &&
          o.keyword !== 'pattern'),
    )
    if (hasContentErrors)
      return (
        !shapeKeywords.has(e.keyword) && e.keyword !== 'pattern' && e.keyword !== 'discriminator'
      )
    // Keep one summary per union: the union error itself carries the combined message.
    return e.keyword === 'anyOf' || e.keyword === 'oneOf'
  })
}

function unionSummary(errors: AjvError[], path: string, value: unknown): string {
  const expected: string[] = []
  for (const e of errors.filter((x) => x.instancePath === path)) {
    if (e.keyword === 'type') {
      const t = e.params.type
      for (const name of String(t).split(',')) expected.push(typeNames[name] ?? name)
    } else if (e.keyword === 'const') expected.push(JSON.stringify(e.params.allowedValue))
    else if (e.keyword === 'enum')
      expected.push(...(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)))
    else if (e.keyword === 'pattern') expected.push('an expression')
  }
  return `expected ${listAlternatives(expected)}, found ${describeValue(value)}`
}

export function schemaProblems(doc: JsonDocument, root: SchemaAt, errors: AjvError[]): Problem[] {
  hints ??= patternHints()
  const pruned = pruneUnionNoise(
    errors.filter((e) => e.keyword !== 'if' && e.propertyName === undefined),
  )
  const problems: Problem[] = propertyNameProblems(doc, errors)
  const seen = new Set<string>()
  for (const e of pruned) {
    const problem = toProblem(doc, root, e, errors)
    if (!problem) continue
    const key = `${problem.pointer}|${problem.message}`
    if (seen.has(key)) continue
    seen.add(key)
    problems.push(problem)
  }
  return problems
}

function toProblem(
  doc: JsonDocument,
  root: SchemaAt,
  e: AjvError,
  all: AjvError[],
): Problem | undefined {
  const value = valueAt(doc.value, e.instancePath)
  const at = (pointer: string, message: string, key = false): Problem => ({
    file: doc.file,
    ...locate(doc, pointer, { key }),
    pointer,
    message,
    severity: 'error',
  })
  const p = e.params
  switch (e.keyword) {
    case 'type':
      return at(
        e.instancePath,
        `${fieldName(e.instancePath)}: expected ${listAlternatives(
          String(p.type)
            .split(',')
            .map((t) => typeNames[t] ?? t),
        )}, found ${describeValue(value)}`,
      )
    case 'required':
      return at(e.instancePath, `missing required field "${String(p.missingProperty)}"`)
    case 'additionalProperties': {
      const name = String(p.additionalProperty)
      const pointer = `${e.instancePath}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`
      const schemas = schemasAtPointer(root, doc.value, parsePointer(e.instancePath))
      const allowed = declaredProperties(schemas)
      // A schema that declares no field at all (the settings of a mechanic that has none).
      const closed = schemas.some(
        (s) =>
          s.schema.additionalProperties === false &&
          Object.keys(s.schema.properties ?? {}).length === 0,
      )
      if (allowed.length === 0 && closed)
        return at(pointer, `unknown field "${name}": nothing can be set here`, true)
      return at(pointer, `unknown field "${name}"${didYouMean(name, allowed)}`, true)
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String)
      const list =
        allowed.length <= 10 ? `: expected one of ${allowed.map((v) => `"${v}"`).join(', ')}` : ''
      return at(
        e.instancePath,
        `${describeValue(value)} is not allowed for ${fieldName(e.instancePath)}${didYouMean(String(value), allowed) || list}`,
      )
    }
    case 'const':
      return at(
        e.instancePath,
        `${fieldName(e.instancePath)} must be ${JSON.stringify(p.allowedValue)}, found ${describeValue(value)}`,
      )
    case 'pattern': {
      const hint = hints?.get(String(p.pattern))
      return at(
        e.instancePath,
        `${describeValue(value)} is not a valid value for ${fieldName(e.instancePath)}${hint ? `: ${hint}` : ''}`,
      )
    }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const words = {
        minimum: 'at least',
        exclusiveMinimum: 'more than',
        maximum: 'at most',
        exclusiveMaximum: 'less than',
      }[e.keyword]
      return at(
        e.instancePath,
        `${fieldName(e.instancePath)} must be ${words} ${String(p.limit)}, found ${describeValue(value)}`,
      )
    }
    case 'multipleOf':
      return at(
        e.instancePath,
        `${fieldName(e.instancePath)} must be a multiple of ${String(p.multipleOf)}, found ${describeValue(value)}`,
      )
    case 'minItems':
      return at(
        e.instancePath,
        `${fieldName(e.instancePath)} needs at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`,
      )
    case 'maxItems':
      return at(
        e.instancePath,
        `${fieldName(e.instancePath)} may have at most ${String(p.limit)} items`,
      )
    case 'minLength':
      return at(
        e.instancePath,
        p.limit === 1
          ? `${fieldName(e.instancePath)} must not be empty`
          : `${fieldName(e.instancePath)} must be at least ${String(p.limit)} characters long`,
      )
    case 'maxLength':
      return at(
        e.instancePath,
        `${fieldName(e.instancePath)} must be at most ${String(p.limit)} characters long`,
      )
    case 'minProperties':
      return at(
        e.instancePath,
        `${fieldName(e.instancePath)} needs at least ${String(p.limit)} field${p.limit === 1 ? '' : 's'}`,
      )
    case 'uniqueItems': {
      const i = Number(p.i)
      const j = Number(p.j)
      const list = Array.isArray(value) ? value : []
      return at(
        `${e.instancePath}/${Math.max(i, j)}`,
        `${describeValue(list[Math.max(i, j)])} is listed twice in ${fieldName(e.instancePath)} (items ${Math.min(i, j) + 1} and ${Math.max(i, j) + 1})`,
      )
    }
    case 'propertyNames':
      return undefined
    case 'discriminator': {
      const tag = String(p.tag)
      if (p.error === 'tag') return at(e.instancePath, `missing required field "${tag}"`)
      const schemas = schemasAtPointer(root, doc.value, parsePointer(e.instancePath))
      const options = tagOptions(schemas, tag)
      const list =
        options.length <= 12 ? ` (expected ${options.map((o) => `"${o}"`).join(', ')})` : ''
      return at(
        `${e.instancePath}/${tag}`,
        `unknown ${tag} "${String(p.tagValue)}"${didYouMean(String(p.tagValue), options) || list}`,
      )
    }
    case 'anyOf':
    case 'oneOf':
      return at(
        e.instancePath,
        `${fieldName(e.instancePath)}: ${unionSummary(all, e.instancePath, value)}`,
      )
    default:
      if (e.propertyName !== undefined) return undefined
      return at(e.instancePath, `${fieldName(e.instancePath)}: ${e.message ?? 'invalid value'}`)
  }
}

function tagOptions(schemas: SchemaAt[], tag: string): string[] {
  const out: string[] = []
  for (const s of schemas) {
    const union = (s.schema.oneOf ?? s.schema.anyOf) as unknown[] | undefined
    if (!union) continue
    for (const b of union)
      for (const v of branchTagValues({ file: s.file, schema: b as never }, tag))
        out.push(String(v))
  }
  return [...new Set(out)]
}

/** Map keys that break a propertyNames rule (hex numbers, rating keys) are reported at the key. */
export function propertyNameProblems(doc: JsonDocument, errors: AjvError[]): Problem[] {
  hints ??= patternHints()
  const out: Problem[] = []
  for (const e of errors) {
    if (e.propertyName === undefined || e.keyword === 'propertyNames') continue
    const name = e.propertyName
    const pointer = `${e.instancePath}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`
    const hint = e.keyword === 'pattern' ? hints.get(String(e.params.pattern)) : undefined
    out.push({
      file: doc.file,
      ...locate(doc, pointer, { key: true }),
      pointer,
      message: `"${name}" is not a valid name here${hint ? `: ${hint}` : ''}`,
      severity: 'error',
    })
  }
  return out
}
