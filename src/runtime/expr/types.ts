/**
 * Static types of the expression language. Plain data, so a ruleset can declare them in JSON
 * (through the string type language in type-syntax.ts) and tools can inspect them.
 */
export type FieldType = { readonly type: ExprType; readonly optional: boolean }

export type ExprType =
  | { readonly kind: 'number' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'string' }
  | { readonly kind: 'null' }
  /** Anything; checks are deferred to evaluation. */
  | { readonly kind: 'any' }
  /** A string restricted to listed values, e.g. a unit status. */
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'list'; readonly element: ExprType }
  /** String keys chosen by the data (ratings, flags). */
  | { readonly kind: 'map'; readonly value: ExprType }
  /** Declared fields only. */
  | { readonly kind: 'object'; readonly fields: Readonly<Record<string, FieldType>> }
  /** A type registered in the environment by name, resolved lazily so types may be recursive. */
  | { readonly kind: 'named'; readonly name: string }
  | { readonly kind: 'nullable'; readonly inner: ExprType }

export const NUMBER: ExprType = { kind: 'number' }
export const BOOLEAN: ExprType = { kind: 'boolean' }
export const STRING: ExprType = { kind: 'string' }
export const NULL: ExprType = { kind: 'null' }
export const ANY: ExprType = { kind: 'any' }

export function listOf(element: ExprType): ExprType {
  return { kind: 'list', element }
}

/** Looks up named types; the environment provides one. */
export type TypeResolver = (name: string) => ExprType | undefined

/** Follows named types to a structural one; an unknown name degrades to `any`. */
export function resolveType(type: ExprType, resolve: TypeResolver): ExprType {
  let current = type
  // Aliases cannot loop: createEnvironment rejects cycles of bare names.
  for (let hops = 0; current.kind === 'named' && hops < 64; hops++) {
    current = resolve(current.name) ?? ANY
  }
  return current.kind === 'named' ? ANY : current
}

/** The type without its nullability: operations on `T | null` are checked as on `T`. */
export function stripNull(type: ExprType, resolve: TypeResolver): ExprType {
  const resolved = resolveType(type, resolve)
  return resolved.kind === 'nullable' ? resolveType(resolved.inner, resolve) : resolved
}

export function fieldOf(
  type: Extract<ExprType, { kind: 'object' }>,
  name: string,
): FieldType | undefined {
  return Object.hasOwn(type.fields, name) ? type.fields[name] : undefined
}

/** The type as a designer would write it: `list<Unit>`, `'normal' | 'disordered'`. */
export function formatType(type: ExprType): string {
  switch (type.kind) {
    case 'enum':
      return type.values.map((value) => `'${value}'`).join(' | ')
    case 'list':
      return `list<${formatType(type.element)}>`
    case 'map':
      return `map<${formatType(type.value)}>`
    case 'object': {
      const fields = Object.entries(type.fields).map(
        ([name, field]) => `${name}${field.optional ? '?' : ''}: ${formatType(field.type)}`,
      )
      return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`
    }
    case 'named':
      return type.name
    case 'nullable':
      return `${formatType(type.inner)} | null`
    default:
      return type.kind
  }
}

/**
 * The type in a sentence: "a number", "a list", "a Unit". With a resolver, a named type that
 * is not an object reads as what it stands for (a `Status` union is "a string").
 */
export function describeType(type: ExprType, resolve?: TypeResolver): string {
  switch (type.kind) {
    case 'enum':
    case 'string':
      return 'a string'
    case 'number':
    case 'boolean':
    case 'list':
    case 'map':
      return `a ${type.kind}`
    case 'object':
      return 'an object'
    case 'named': {
      const resolved = resolve === undefined ? undefined : resolveType(type, resolve)
      if (resolved !== undefined && resolved.kind !== 'object' && resolved.kind !== 'any') {
        return describeType(resolved, resolve)
      }
      // "an Army", "a Unit": the letter U usually sounds like "you".
      return `${/^[AEIO]/i.test(type.name) ? 'an' : 'a'} ${type.name}`
    }
    case 'nullable':
      return `${describeType(type.inner, resolve)} or null`
    case 'null':
      return 'null'
    case 'any':
      return 'a value'
  }
}

/**
 * Whether a value of type `from` may be used where `to` is expected. Deliberately lenient where
 * only evaluation can tell (a plain string where an enum is expected, `T | null` where `T` is),
 * because a false alarm in a designer's file costs more than a deferred runtime check.
 */
export function isAssignable(from: ExprType, to: ExprType, resolve: TypeResolver): boolean {
  return assignable(from, to, resolve, 0)
}

function assignable(from: ExprType, to: ExprType, resolve: TypeResolver, depth: number): boolean {
  if (depth > 16) return true
  if (from.kind === 'named' && to.kind === 'named' && from.name === to.name) return true
  const a = resolveType(from, resolve)
  const b = resolveType(to, resolve)
  if (a.kind === 'any' || b.kind === 'any') return true
  if (b.kind === 'nullable')
    return a.kind === 'null' || assignable(stripNull(a, resolve), b.inner, resolve, depth + 1)
  if (a.kind === 'nullable') return assignable(a.inner, b, resolve, depth + 1)
  if (isStringLike(a) && isStringLike(b)) return true
  if (a.kind !== b.kind) return false
  switch (a.kind) {
    case 'list':
      return b.kind === 'list' && assignable(a.element, b.element, resolve, depth + 1)
    case 'map':
      return b.kind === 'map' && assignable(a.value, b.value, resolve, depth + 1)
    case 'object':
      return (
        b.kind === 'object' &&
        Object.entries(b.fields).every(([name, field]) => {
          const source = fieldOf(a, name)
          if (source === undefined) return field.optional
          return assignable(source.type, field.type, resolve, depth + 1)
        })
      )
    default:
      return true
  }
}

function isStringLike(type: ExprType): boolean {
  return type.kind === 'string' || type.kind === 'enum'
}

/** Whether `==` between the two types can ever be true; mixing kinds is always a mistake. */
export function isComparable(a: ExprType, b: ExprType, resolve: TypeResolver): boolean {
  const x = resolveType(a, resolve)
  const y = resolveType(b, resolve)
  if (x.kind === 'null') return y.kind === 'null' || y.kind === 'nullable' || y.kind === 'any'
  if (y.kind === 'null') return x.kind === 'nullable' || x.kind === 'any'
  return isAssignable(x, y, resolve) || isAssignable(y, x, resolve)
}

/** The common type of two branches or list items, or undefined if they do not mix. */
export function unifyTypes(a: ExprType, b: ExprType, resolve: TypeResolver): ExprType | undefined {
  const x = resolveType(a, resolve)
  const y = resolveType(b, resolve)
  if (x.kind === 'any') return a
  if (y.kind === 'any') return b
  if (x.kind === 'null')
    return y.kind === 'nullable' || y.kind === 'null' ? b : { kind: 'nullable', inner: b }
  if (y.kind === 'null') return x.kind === 'nullable' ? a : { kind: 'nullable', inner: a }
  if (x.kind === 'enum' && y.kind === 'enum') {
    return { kind: 'enum', values: [...new Set([...x.values, ...y.values])] }
  }
  if (isStringLike(x) && isStringLike(y)) return STRING
  if (isAssignable(a, b, resolve)) return b
  if (isAssignable(b, a, resolve)) return a
  return undefined
}
