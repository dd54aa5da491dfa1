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
  /**
   * Variables (and host functions) already read through this frame, by `variableSlot`: the
   * variables of a frame do not change while it is used, so each is looked up (and its
   * own-ness checked) once. Undefined for the frame of a single `evaluate`, which would only
   * pay for the array.
   */
  readonly known: unknown[] | undefined
  /**
   * The host vouches that the variables are plain data (objects made by literals or JSON,
   * inheriting only from an Object.prototype nothing extends), so a field found on an object
   * is its own unless Object.prototype has that name, and the check can be skipped.
   */
  readonly plain: boolean
}

const slots = new Map<string, number>()

/** A small number for a variable name, the same in every expression. */
export function variableSlot(name: string): number {
  let slot = slots.get(name)
  if (slot === undefined) {
    slot = slots.size
    slots.set(name, slot)
  }
  return slot
}

export type Evaluator = (frame: Frame) => unknown

export type LocalScope = {
  readonly name: string
  readonly slot: number
  readonly parent: LocalScope | undefined
  /** A macro's variable (not a host's local): macros inside it count their steps with it. */
  readonly macro?: boolean
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

/** `conforms` for one type, worked out once: the common kinds need only a typeof. */
export function conformer(type: ExprType, resolve: TypeResolver): (value: unknown) => boolean {
  switch (resolveType(type, resolve).kind) {
    case 'any':
      return (value) => value !== undefined
    case 'number':
      return (value) => typeof value === 'number'
    case 'boolean':
      return (value) => typeof value === 'boolean'
    case 'string':
      return (value) => typeof value === 'string'
    default:
      return (value) => conforms(value, type, resolve)
  }
}
