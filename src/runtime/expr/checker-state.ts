import type { ExprNode, LiteralValue } from './ast'
import type { Environment } from './environment'
import type { ExprError } from './errors'
import { excerpt } from './errors'
import { didYouMean } from './suggest'
import { ANY, BOOLEAN, describeType, fieldOf, isAssignable, resolveType, stripNull } from './types'
import type { ExprType, TypeResolver } from './types'

/** A macro variable in scope, with the reference path its elements come from. */
export type Scope = {
  readonly name: string
  readonly type: ExprType
  readonly path: string | undefined
  readonly parent: Scope | undefined
}

/** What checking a node tells its parent. */
export type Checked = {
  readonly type: ExprType
  /** Static access path such as `attacker.ratings.charisma`, when there is one. */
  readonly path?: string | undefined
  /** The value of a literal node, so comparisons can be checked against string unions. */
  readonly literal?: LiteralValue | undefined
}

export type CheckerState = {
  readonly env: Environment
  readonly source: string
  readonly resolve: TypeResolver
  readonly errors: ExprError[]
  readonly references: Set<string>
  readonly functions: Set<string>
  /** Reads of declared optional fields: they give null when the field is absent. */
  readonly optionalReads: Set<ExprNode>
  /** Checks a child; `consume: false` means the parent extends its path (member, index). */
  check(node: ExprNode, scope: Scope | undefined, consume?: boolean): Checked
}

export function report(state: CheckerState, message: string, start: number, end: number): void {
  if (
    !state.errors.some(
      (error) => error.start === start && error.end === end && error.message === message,
    )
  ) {
    state.errors.push({ message, start, end })
  }
}

export function textOf(state: CheckerState, node: ExprNode): string {
  return excerpt(state.source, node.start, node.end)
}

export function lookupScope(scope: Scope | undefined, name: string): Scope | undefined {
  for (let current = scope; current !== undefined; current = current.parent) {
    if (current.name === name) return current
  }
  return undefined
}

export function scopeNames(scope: Scope | undefined): string[] {
  const names: string[] = []
  for (let current = scope; current !== undefined; current = current.parent)
    names.push(current.name)
  return names
}

export function requireBoolean(
  state: CheckerState,
  node: ExprNode,
  type: ExprType,
  what: string,
): void {
  if (!isAssignable(type, BOOLEAN, state.resolve)) {
    report(
      state,
      `${what} must be true or false, not ${describeType(type, state.resolve)}`,
      node.start,
      node.end,
    )
  }
}

/**
 * The type of `object.name`, reporting unknown fields with a suggestion. When `read` is the
 * node reading the field and the field is optional, the read may give null, and is recorded
 * so the compiler yields null instead of failing on an absent field.
 */
export function fieldType(
  state: CheckerState,
  objectNode: ExprNode,
  objectType: ExprType,
  name: string,
  start: number,
  end: number,
  read?: ExprNode,
): ExprType {
  const type = stripNull(objectType, state.resolve)
  const owner = textOf(state, objectNode)
  switch (type.kind) {
    case 'any':
      return ANY
    case 'map':
      return type.value
    case 'object': {
      const field = fieldOf(type, name)
      if (field !== undefined && field.optional && read !== undefined) {
        state.optionalReads.add(read)
        const inner = resolveType(field.type, state.resolve)
        return inner.kind === 'nullable' || inner.kind === 'any'
          ? field.type
          : { kind: 'nullable', inner: field.type }
      }
      if (field !== undefined) return field.type
      report(
        state,
        `${owner} has no field "${name}"${didYouMean(name, Object.keys(type.fields))}`,
        start,
        end,
      )
      return ANY
    }
    case 'list': {
      const hint = ['length', 'count', 'size'].includes(name) ? ` — use size(${owner})` : ''
      report(state, `${owner} is a list and has no field "${name}"${hint}`, start, end)
      return ANY
    }
    default:
      report(
        state,
        `${owner} is ${describeType(type, state.resolve)} and has no fields`,
        start,
        end,
      )
      return ANY
  }
}

/**
 * `attacker.status == 'disorderd'` is always false; when the other side is a declared
 * string union, a literal outside it is almost certainly a typo.
 */
export function checkEnumLiteral(
  state: CheckerState,
  enumNode: ExprNode | string,
  enumType: ExprType,
  literalNode: ExprNode,
  literal: unknown,
): void {
  const type = stripNull(enumType, state.resolve)
  if (type.kind !== 'enum' || typeof literal !== 'string' || type.values.includes(literal)) return
  const owner = typeof enumNode === 'string' ? enumNode : textOf(state, enumNode)
  report(
    state,
    `"${literal}" is not a possible value of ${owner} (${type.values.join(', ')})${didYouMean(literal, type.values)}`,
    literalNode.start,
    literalNode.end,
  )
}
