import { FORBIDDEN_NAMES, RESERVED_WORDS, isIdentifierName } from './ast'
import { BUILTIN_NAMES, MACRO_NAMES } from './builtins'
import { ExprEnvironmentError } from './errors'
import { TYPE_KEYWORDS, parseType } from './type-syntax'
import type { ExprType } from './types'

/** A type written in the type language (see type-syntax.ts) or already as data. */
export type TypeSource = string | ExprType

/**
 * A host-implemented function such as a table lookup. Arguments arrive already checked against
 * the declared parameter types. Declared with method syntax so implementations with precise
 * parameter types (`(table: string, row: number) => number`) are accepted.
 */
export type HostFunction = { call(...args: unknown[]): unknown }['call']

export type FunctionDeclaration = {
  readonly params: readonly TypeSource[]
  readonly returns: TypeSource
  /** The last parameter may repeat (zero or more times). */
  readonly variadic?: boolean
  /** Default implementation; `evaluate(variables, functions)` can override it per call. */
  readonly implementation?: HostFunction
}

export type EnvironmentDeclaration = {
  readonly variables?: Readonly<Record<string, TypeSource>>
  readonly types?: Readonly<Record<string, TypeSource>>
  readonly functions?: Readonly<Record<string, FunctionDeclaration>>
}

export type FunctionSignature = {
  readonly name: string
  readonly params: readonly ExprType[]
  readonly returns: ExprType
  readonly variadic: boolean
  readonly implementation: HostFunction | undefined
}

/** What an expression may refer to. Immutable; build variants with `extendEnvironment`. */
export type Environment = {
  readonly variables: ReadonlyMap<string, ExprType>
  readonly types: ReadonlyMap<string, ExprType>
  readonly functions: ReadonlyMap<string, FunctionSignature>
}

/** Throws ExprEnvironmentError listing every problem, since a bad declaration is a host bug. */
export function createEnvironment(declaration: EnvironmentDeclaration): Environment {
  return extendEnvironment(
    { variables: new Map(), types: new Map(), functions: new Map() },
    declaration,
  )
}

/** A new environment with more (or redeclared) variables, types and functions. */
export function extendEnvironment(
  base: Environment,
  declaration: EnvironmentDeclaration,
): Environment {
  const problems: string[] = []
  const toType = (source: TypeSource, what: string): ExprType => {
    if (typeof source !== 'string') return source
    const parsed = parseType(source)
    if (parsed.ok) return parsed.type
    problems.push(`${what}: ${parsed.error}`)
    return { kind: 'any' }
  }
  const checkName = (name: string, what: string): void => {
    if (!isIdentifierName(name)) problems.push(`${what} "${name}" is not a valid name`)
    else if (RESERVED_WORDS.has(name) || FORBIDDEN_NAMES.has(name)) {
      problems.push(`${what} "${name}" uses a reserved word`)
    }
  }

  const types = new Map(base.types)
  for (const [name, source] of Object.entries(declaration.types ?? {})) {
    checkName(name, 'type')
    if (TYPE_KEYWORDS.has(name)) problems.push(`type "${name}" would hide the built-in type`)
    types.set(name, toType(source, `type ${name}`))
  }
  const variables = new Map(base.variables)
  for (const [name, source] of Object.entries(declaration.variables ?? {})) {
    checkName(name, 'variable')
    variables.set(name, toType(source, `variable ${name}`))
  }
  const functions = new Map(base.functions)
  for (const [name, fn] of Object.entries(declaration.functions ?? {})) {
    checkName(name, 'function')
    if (BUILTIN_NAMES.has(name) || MACRO_NAMES.has(name)) {
      problems.push(`function "${name}" is built in and cannot be redeclared`)
    }
    if (fn.variadic === true && fn.params.length === 0) {
      problems.push(`function "${name}" is variadic but has no parameter to repeat`)
    }
    functions.set(name, {
      name,
      params: fn.params.map((param, index) => toType(param, `parameter ${index + 1} of ${name}`)),
      returns: toType(fn.returns, `return type of ${name}`),
      variadic: fn.variadic === true,
      implementation: fn.implementation,
    })
  }

  const check = (type: ExprType, where: string): void =>
    checkNamedTypes(type, types, where, problems)
  for (const [name, type] of types) {
    check(type, `type ${name}`)
    if (aliasLoops(name, types)) problems.push(`type "${name}" is defined in terms of itself`)
  }
  for (const [name, type] of variables) check(type, `variable ${name}`)
  for (const [name, fn] of functions) {
    fn.params.forEach((param, index) => check(param, `parameter ${index + 1} of ${name}`))
    check(fn.returns, `return type of ${name}`)
  }
  if (problems.length > 0) throw new ExprEnvironmentError([...new Set(problems)])
  return { variables, types, functions }
}

function checkNamedTypes(
  type: ExprType,
  types: ReadonlyMap<string, ExprType>,
  where: string,
  problems: string[],
): void {
  switch (type.kind) {
    case 'named':
      if (!types.has(type.name)) problems.push(`${where}: unknown type "${type.name}"`)
      return
    case 'list':
      return checkNamedTypes(type.element, types, where, problems)
    case 'map':
      return checkNamedTypes(type.value, types, where, problems)
    case 'nullable':
      return checkNamedTypes(type.inner, types, where, problems)
    case 'object':
      for (const [field, fieldType] of Object.entries(type.fields)) {
        if (FORBIDDEN_NAMES.has(field))
          problems.push(`${where}: field "${field}" uses a reserved word`)
        checkNamedTypes(fieldType.type, types, `${where}.${field}`, problems)
      }
      return
    default:
      return
  }
}

/** `A = B`, `B = A`: names that only point at names never reach a structure. */
function aliasLoops(start: string, types: ReadonlyMap<string, ExprType>): boolean {
  const seen = new Set<string>()
  let current: ExprType | undefined = types.get(start)
  while (current?.kind === 'named') {
    if (current.name === start || seen.has(current.name)) return true
    seen.add(current.name)
    current = types.get(current.name)
  }
  return false
}
