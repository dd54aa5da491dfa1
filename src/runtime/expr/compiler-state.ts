import type { ExprNode } from './ast'
import type { Environment, HostFunction } from './environment'
import { resolveType } from './types'
import type { ExprType, TypeResolver } from './types'
import { isRecord } from './values'

/** Per-evaluation state handed to every closure. */
export type Frame = {
  readonly vars: Readonly<Record<string, unknown>>
  readonly fns: Readonly<Record<string, HostFunction>> | undefined
  /** Current element of each enclosing macro, by nesting depth. */
  readonly locals: unknown[]
}

export type Evaluator = (frame: Frame) => unknown

export type LocalScope = {
  readonly name: string
  readonly slot: number
  readonly parent: LocalScope | undefined
}

export type CompileContext = {
  readonly env: Environment
  readonly source: string
  readonly resolve: TypeResolver
  compile(node: ExprNode, scope: LocalScope | undefined): Evaluator
  /** Throws ExprEvaluationError located at the node. */
  fail(message: string, node: { readonly start: number; readonly end: number }): never
  text(node: ExprNode): string
  /** Member and index nodes reading an optional field: absent gives null, not an error. */
  readonly optionalReads: ReadonlySet<ExprNode>
  /** Set when a macro needs local slots, so plain expressions skip allocating them. */
  usesLocals: boolean
}

/**
 * Shallow runtime check of a value against a declared type. It guards host functions and
 * `expect` results against data that does not match its declaration; deep checks would cost
 * more than they catch.
 */
export function conforms(value: unknown, type: ExprType, resolve: TypeResolver): boolean {
  const resolved = resolveType(type, resolve)
  switch (resolved.kind) {
    case 'any':
      return value !== undefined
    case 'number':
      return typeof value === 'number'
    case 'boolean':
      return typeof value === 'boolean'
    case 'string':
      return typeof value === 'string'
    case 'enum':
      return typeof value === 'string' && resolved.values.includes(value)
    case 'null':
      return value === null
    case 'nullable':
      return value === null || conforms(value, resolved.inner, resolve)
    case 'list':
      return Array.isArray(value)
    case 'map':
    case 'object':
      return isRecord(value)
    case 'named':
      return true
  }
}
