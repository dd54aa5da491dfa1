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
  /**
   * Evaluates in a frame from `createFrame`, for a host that evaluates many expressions against
   * the same variables. It skips `evaluate`'s guard: an error other than ExprEvaluationError (a
   * host function overflowing the stack) escapes as it is, for the host to report.
   */
  evaluateIn(frame: EvaluationFrame): T
  /**
   * The same expression with `names` read from the frame's locals (`names[i]` from
   * `frame.locals[i]`) instead of its variables: a host binding a list element to a name sets
   * one slot rather than copying the variables. Compiled again from the checked tree, so the
   * names must have been declared when the expression was checked. `evaluate` still works: it
   * takes the names' values from the variables.
   */
  withLocals(names: readonly string[]): CompiledExpr<T>
}

/** What a compiled expression reads while it is evaluated; see `createFrame`. */
export type EvaluationFrame = Frame

/**
 * A frame for `evaluateIn`: the variables, the host functions, and the slots of locals (the
 * names given to `withLocals`, then those of macros). One frame serves any number of
 * evaluations, one after another, as long as its variables do not change: each variable is
 * read from them once and remembered in the frame. `plainData` vouches that the variables are
 * plain data (objects made by literals or JSON, inheriting only from an Object.prototype that
 * nothing extends): a field found on such an object is then known to be its own without asking,
 * except for the names Object.prototype has (toString…), which are always checked.
 */
export function createFrame(
  variables: Readonly<Record<string, unknown>>,
  functions?: Readonly<Record<string, HostFunction>>,
  options: { readonly plainData?: boolean } = {},
): EvaluationFrame {
  return {
    vars: variables,
    fns: functions,
    locals: [],
    known: [],
    plain: options.plainData === true,
  }
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

  const wanted = expected
  const build = (locals: readonly string[]): CompiledExpr => {
    const { root, usesLocals } = compileTree(parsed.ast, env, source, checked.optionalReads, locals)
    const check = (result: unknown): unknown => {
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
    const evaluate = (
      variables: Readonly<Record<string, unknown>>,
      functions?: Readonly<Record<string, HostFunction>>,
    ): unknown => {
      const frame: Frame = {
        vars: variables,
        fns: functions,
        locals: usesLocals ? localsFrom(locals, variables, source) : NO_LOCALS,
        known: undefined,
        plain: false,
      }
      let result: unknown
      try {
        result = root(frame)
      } catch (error) {
        if (error instanceof ExprEvaluationError) throw error
        // Stack overflow in a host function or similar: still a located, readable failure.
        const reason = error instanceof Error ? error.message : String(error)
        throw new ExprEvaluationError(`evaluation failed: ${reason}`, 0, source.length, source)
      }
      return check(result)
    }
    return {
      source,
      ast: parsed.ast,
      type: checked.type,
      references: checked.references,
      functions: checked.functions,
      evaluate,
      evaluateIn: wanted === undefined ? root : (frame) => check(root(frame)),
      withLocals: (names) => build(names),
    }
  }
  return { ok: true, expr: build([]) }
}

/** The locals of `evaluate` for an expression compiled with names read from locals. */
function localsFrom(
  names: readonly string[],
  variables: Readonly<Record<string, unknown>>,
  source: string,
): unknown[] {
  const locals: unknown[] = []
  for (const name of names) {
    const value = variables[name]
    if (value === undefined || !Object.hasOwn(variables, name))
      throw new ExprEvaluationError(`${name} is not set here`, 0, source.length, source)
    locals.push(value)
  }
  return locals
}

function toType(source: TypeSource): ExprType {
  if (typeof source !== 'string') return source
  const parsed = parseType(source)
  // A misspelt expectation would silently disable the check, so it is a host error.
  if (!parsed.ok) throw new ExprEnvironmentError([`expect: ${parsed.error}`])
  return parsed.type
}
