import type { ExprNode } from './ast'
import { checkExpression } from './checker'
import { compileTree } from './compiler'
import { conforms } from './compiler-state'
import type { Frame } from './compiler-state'
import type { Environment, HostFunction, TypeSource } from './environment'
import { ExprEnvironmentError, ExprEvaluationError } from './errors'
import type { ExprError } from './errors'
import { parseExpression } from './parser'
import { parseType } from './type-syntax'
import { describeType, formatType, isAssignable } from './types'
import type { ExprType } from './types'
import { describeValue } from './values'

export type CompileOptions = {
  /** The type the caller needs, e.g. `'boolean'` for a condition; checked now and on evaluation. */
  readonly expect?: TypeSource
}

export type CompiledExpr<T = unknown> = {
  readonly source: string
  readonly ast: ExprNode
  /** The inferred result type. */
  readonly type: ExprType
  /** Variable paths read, sorted: `attacker.status`, `attackers[].flags.mounted`. */
  readonly references: readonly string[]
  /** Host functions called (table lookups…), sorted. */
  readonly functions: readonly string[]
  /**
   * Evaluates against `variables`; `functions` binds host functions for this evaluation and
   * overrides the environment's defaults. Throws ExprEvaluationError, never anything else.
   */
  evaluate(
    variables: Readonly<Record<string, unknown>>,
    functions?: Readonly<Record<string, HostFunction>>,
  ): T
}

export type CompileResult<T = unknown> =
  | { readonly ok: true; readonly expr: CompiledExpr<T> }
  | { readonly ok: false; readonly errors: readonly ExprError[] }

const NO_LOCALS: unknown[] = []

export function compileExpression(
  source: string,
  env: Environment,
  options: { readonly expect: 'boolean' },
): CompileResult<boolean>
export function compileExpression(
  source: string,
  env: Environment,
  options: { readonly expect: 'number' },
): CompileResult<number>
export function compileExpression(
  source: string,
  env: Environment,
  options: { readonly expect: 'string' },
): CompileResult<string>
export function compileExpression(
  source: string,
  env: Environment,
  options?: CompileOptions,
): CompileResult
export function compileExpression(
  source: string,
  env: Environment,
  options: CompileOptions = {},
): CompileResult {
  const parsed = parseExpression(source)
  if (!parsed.ok) return parsed
  const checked = checkExpression(parsed.ast, env, source)
  const errors = [...checked.errors]
  const resolve = (name: string): ExprType | undefined => env.types.get(name)
  let expected: ExprType | undefined
  if (options.expect !== undefined) {
    expected = toType(options.expect)
    if (!isAssignable(checked.type, expected, resolve)) {
      let wanted = describeType(expected, resolve)
      let found = describeType(checked.type, resolve)
      // "must give a list, but it gives a list" says nothing: show the element types.
      if (wanted === found) [wanted, found] = [formatType(expected), formatType(checked.type)]
      const message =
        expected.kind === 'boolean'
          ? `this condition must be true or false, but it gives ${found}`
          : `this must give ${wanted}, but it gives ${found}`
      errors.push({ message, start: 0, end: source.length })
    }
  }
  if (errors.length > 0) return { ok: false, errors }

  const { root, usesLocals } = compileTree(parsed.ast, env, source, checked.optionalReads)
  const wanted = expected
  const evaluate = (
    variables: Readonly<Record<string, unknown>>,
    functions?: Readonly<Record<string, HostFunction>>,
  ): unknown => {
    const frame: Frame = { vars: variables, fns: functions, locals: usesLocals ? [] : NO_LOCALS }
    let result: unknown
    try {
      result = root(frame)
    } catch (error) {
      if (error instanceof ExprEvaluationError) throw error
      // Stack overflow in a host function or similar: still a located, readable failure.
      const reason = error instanceof Error ? error.message : String(error)
      throw new ExprEvaluationError(`evaluation failed: ${reason}`, 0, source.length, source)
    }
    if (wanted !== undefined && !conforms(result, wanted, resolve)) {
      throw new ExprEvaluationError(
        `this must give ${describeType(wanted, resolve)}, but it gave ${describeValue(result)}`,
        0,
        source.length,
        source,
      )
    }
    return result
  }
  return {
    ok: true,
    expr: {
      source,
      ast: parsed.ast,
      type: checked.type,
      references: checked.references,
      functions: checked.functions,
      evaluate,
    },
  }
}

function toType(source: TypeSource): ExprType {
  if (typeof source !== 'string') return source
  const parsed = parseType(source)
  // A misspelt expectation would silently disable the check, so it is a host error.
  if (!parsed.ok) throw new ExprEnvironmentError([`expect: ${parsed.error}`])
  return parsed.type
}
