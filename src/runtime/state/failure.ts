/**
 * How the state kernel refuses an action. Deep inside effect application a refusal is thrown
 * (so the half-built draft is simply dropped); the reducer catches it and hands the caller a
 * plain `{ message, rule? }`, never an exception.
 */

export interface ActionError {
  /** One sentence naming what is wrong, without a trailing full stop. */
  message: string
  /** The rulebook section that forbids the action, when one does. */
  rule?: string
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
