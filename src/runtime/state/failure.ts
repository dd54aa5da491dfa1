/**
 * How the state kernel refuses an action. Deep inside effect application a refusal is thrown
 * (so the half-built draft is simply dropped); the reducer catches it and hands the caller a
 * plain `{ code, params?, message, rule? }`, never an exception. Callers read the code and its
 * params, never the sentence, which is for the person reading it.
 */
import type { DiceFailure } from '../dice'
import { RuleFailure } from '../rules/evaluate'
import type { EvaluationFailure } from '../rules/evaluate'

/**
 * What kind of refusal it is:
 * - `forbidden`: the rules forbid the action now (the sentence says why, `rule` where);
 * - `malformed`: the action is not an action (no type, a field of the wrong kind);
 * - `unknown-action`: no handler takes its type;
 * - `wrong-scenario`: the state is a game of another scenario;
 * - `game-over`: the game has ended;
 * - `content-fault`: the content could not be evaluated (`expression` says where);
 * - `engine-fault`: the engine itself failed on the action;
 * - `dice-ran-out`, `not-a-face`: scripted dice could not be read (`params` from DiceFailure).
 */
export type RefusalCode =
  | 'forbidden'
  | 'malformed'
  | 'unknown-action'
  | 'wrong-scenario'
  | 'game-over'
  | 'content-fault'
  | 'engine-fault'
  | DiceFailure['code']

export interface ActionError {
  code: RefusalCode
  /** The facts of the refusal a caller may act on (for dice: DiceFailure's params). */
  params?: Readonly<Record<string, string | number>>
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

/** Refuses the action because the rules forbid it now (`rule`: the rule that does). */
export function reject(message: string, rule?: string): never {
  throw new ActionFailure({ code: 'forbidden', message, ...ruleField(rule) })
}

/**
 * What a check of the rules answers: the value, or why the rules refuse it. A list of legal
 * actions asks such a check of each candidate instead of catching a refusal; the action itself
 * refuses with the same words (orReject).
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; rule?: string }

/** The answer of a check that refuses (see Checked). */
export function refusal(
  message: string,
  rule?: string,
): { ok: false; message: string; rule?: string } {
  return { ok: false, message, ...ruleField(rule) }
}

/** The value of a check, or the action refused with the check's words. */
export function orReject<T>(checked: Checked<T>): T {
  if (!checked.ok) return reject(checked.message, checked.rule)
  return checked.value
}

/** Refuses with the kind of refusal given, for a caller to act on (see RefusalCode). */
export function refuseWith(
  code: RefusalCode,
  message: string,
  params?: ActionError['params'],
): never {
  throw new ActionFailure({ code, message, ...(params === undefined ? {} : { params }) })
}

/** Refuses because a roll could not be made: a script that ran out or held a wrong face. */
export function rejectRoll(message: string, failure: DiceFailure | undefined): never {
  if (failure === undefined) return reject(message)
  return refuseWith(failure.code, message, failure.params)
}

/**
 * Refuses because the content could not be evaluated (a fault of the content, not of the
 * action): the expression at fault goes with the refusal, for validation to locate.
 */
export function rejectFailure(failure: EvaluationFailure): never {
  if (failure.dice !== undefined) return rejectRoll(failure.message, failure.dice)
  const expression = faultOf(failure)
  throw new ActionFailure(
    expression === undefined
      ? { code: 'content-fault', message: failure.message }
      : { code: 'content-fault', message: failure.message, expression },
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
