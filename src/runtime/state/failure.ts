/**
 * How the state kernel refuses an action. Deep inside effect application a refusal is thrown
 * (so the half-built draft is simply dropped); the reducer catches it and hands the caller a
 * plain `{ message, rule? }`, never an exception.
 */
import { RuleFailure } from '../rules/evaluate'
import type { EvaluationFailure } from '../rules/evaluate'

export interface ActionError {
  /** One sentence naming what is wrong, without a trailing full stop. */
  message: string
  /** The rulebook section that forbids the action, when one does. */
  rule?: string
  /**
   * The content expression whose evaluation failed, when that is why the action could not be
   * applied (a fault of the content, not a refusal): its text and the span that failed, so
   * validation can point at the place that wrote it.
   */
  expression?: ExpressionFault
}

export interface ExpressionFault {
  source: string
  start?: number
  end?: number
}

/**
 * Thrown inside the kernel only; the reducer turns it into an ActionError. A refusal is an
 * answer, not a fault: no stack trace is taken for it (listing legal actions may refuse
 * thousands of candidates, and the trace would cost more than the rules that refused).
 */
export class ActionFailure extends Error {
  readonly error: ActionError
  constructor(error: ActionError) {
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    super(error.message)
    Error.stackTraceLimit = limit
    this.name = 'ActionFailure'
    this.error = error
  }
}

export function reject(message: string, rule?: string): never {
  throw new ActionFailure(rule === undefined ? { message } : { message, rule })
}

/**
 * Refuses because the content could not be evaluated (a fault of the content, not of the
 * action): the expression at fault goes with the refusal, for validation to locate.
 */
export function rejectFailure(failure: EvaluationFailure): never {
  const expression = faultOf(failure)
  throw new ActionFailure(
    expression === undefined
      ? { message: failure.message }
      : { message: failure.message, expression },
  )
}

/** The own property `key` of a record, never an inherited one ("constructor", "__proto__"). */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

/** `{ rule }` when defined, else `{}`: keeps optional fields absent instead of undefined. */
export function ruleField(rule: string | undefined): { rule?: string } {
  return rule === undefined ? {} : { rule }
}

/** Numbers as stored in state: -0 becomes 0, so equal states serialise and hash alike. */
export function stored(n: number): number {
  return n === 0 ? 0 : n
}

/** The content expression behind a failure of the rules kernel, if one was at fault. */
export function expressionFault(error: unknown): ExpressionFault | undefined {
  return error instanceof RuleFailure ? faultOf(error.failure) : undefined
}

function faultOf(failure: EvaluationFailure): ExpressionFault | undefined {
  if (failure.source === undefined) return undefined
  const { source, start, end } = failure
  return {
    source,
    ...(start === undefined ? {} : { start }),
    ...(end === undefined ? {} : { end }),
  }
}
