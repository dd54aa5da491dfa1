/**
 * Evaluating content expressions at play time. An expression that does not fit the data (a
 * missing field, a table with no such entry) is an expected outcome for content, so every
 * failure becomes an `EvaluationFailure` a designer can read: what was being evaluated, where,
 * and the span of the expression that failed. Nothing here lets a raw exception escape to a
 * caller of the public functions; `captureFailure` is the boundary.
 */
import type { LoadedRuleset } from './loaded'
import type { DiceFailure } from '../dice'
import { ExprEvaluationError } from '../expr'
import type { CompiledExpr } from '../expr'
import { hostFunctions } from './host-functions'
import { camelKey } from './expression-context'
import type { ContextKind } from './expression-context'

export interface EvaluationFailure {
  /** The whole sentence: where, what went wrong, and the expression. */
  message: string
  /** What was being evaluated, e.g. `modifier list "shock-drm", term "wsm", value`. */
  where: string
  /** The expression, when the failure came from one. */
  source?: string
  /** Span of the failing part inside `source`. */
  start?: number
  end?: number
  /** When scripted dice could not be read (not a fault of the content): why, for the caller. */
  dice?: DiceFailure
}

export type Variables = Readonly<Record<string, unknown>>

/** Thrown inside the kernel only; `captureFailure` turns it into data. */
export class RuleFailure extends Error {
  readonly failure: EvaluationFailure
  constructor(failure: EvaluationFailure) {
    super(failure.message)
    this.name = 'RuleFailure'
    this.failure = failure
  }
}

export function fail(where: string, problem: string): never {
  throw new RuleFailure({ message: `${where}: ${problem}`, where })
}

export type Captured<T> = { ok: true; value: T } | { ok: false; error: EvaluationFailure }

/** Runs kernel code and converts any failure, expected or not, into an `EvaluationFailure`. */
export function captureFailure<T>(run: () => T): Captured<T> {
  try {
    return { ok: true, value: run() }
  } catch (error) {
    if (error instanceof RuleFailure) return { ok: false, error: error.failure }
    // A bug in the kernel or a corrupt ruleset object: still one readable line, no stack.
    const reason = error instanceof Error ? error.message : String(error)
    return {
      ok: false,
      error: { message: `the rules could not be applied: ${reason}`, where: 'rules kernel' },
    }
  }
}

/**
 * The variables every context has that come from the ruleset rather than the situation:
 * `params` and the optional rules' defaults. The caller's variables win (a scenario's options).
 */
export function withRulesetDefaults(rules: LoadedRuleset, variables: Variables): Variables {
  const given = variables.options
  const merged =
    given !== null && typeof given === 'object' && !Array.isArray(given)
      ? mergedOptions(rules, given as Record<string, unknown>)
      : defaultOptions(rules)
  // Object.assign rather than a spread: the same record, several times quicker in V8.
  const scoped: Record<string, unknown> = Object.assign(
    { params: rules.ruleset.parameters ?? {} },
    variables,
  )
  scoped.options = merged
  return scoped
}

// Worked out once per ruleset, and once per options record given (contexts built from one game
// state share theirs): this runs before every evaluation.
const defaults = new WeakMap<LoadedRuleset, Readonly<Record<string, unknown>>>()
const merges = new WeakMap<LoadedRuleset, WeakMap<object, Readonly<Record<string, unknown>>>>()

function defaultOptions(rules: LoadedRuleset): Readonly<Record<string, unknown>> {
  let found = defaults.get(rules)
  if (found === undefined) {
    found = Object.freeze(
      Object.fromEntries(
        (rules.ruleset.options ?? []).map((o) => [camelKey(o.id), o.default ?? false]),
      ),
    )
    defaults.set(rules, found)
  }
  return found
}

function mergedOptions(
  rules: LoadedRuleset,
  given: Record<string, unknown>,
): Readonly<Record<string, unknown>> {
  // A frozen options record cannot change after it is merged: only those are remembered.
  if (!Object.isFrozen(given)) return { ...defaultOptions(rules), ...given }
  let byGiven = merges.get(rules)
  if (byGiven === undefined) {
    byGiven = new WeakMap()
    merges.set(rules, byGiven)
  }
  let found = byGiven.get(given)
  if (found === undefined) {
    found = Object.freeze({ ...defaultOptions(rules), ...given })
    byGiven.set(given, found)
  }
  return found
}

function compiled(
  rules: LoadedRuleset,
  context: ContextKind,
  source: string,
  where: string,
): CompiledExpr {
  try {
    return rules.expression(context, source)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return fail(where, `expression "${source}" was not prepared with the ruleset (${reason})`)
  }
}

/** Evaluates one expression of the content in a context. */
export function evaluateExpression(
  rules: LoadedRuleset,
  context: ContextKind,
  source: string,
  variables: Variables,
  where: string,
): unknown {
  const expr = compiled(rules, context, source, where)
  try {
    return expr.evaluate(variables, hostFunctions(rules))
  } catch (error) {
    if (error instanceof ExprEvaluationError) throw new RuleFailure(expressionFailure(where, error))
    throw error
  }
}

/** An expression that failed at `where`, quoting it (shortened) after the reason. */
export function expressionFailure(where: string, error: ExprEvaluationError): EvaluationFailure {
  const source = error.source
  const quoted = source.length > 80 ? `${source.slice(0, 79)}…` : source
  return {
    message: `${where}: ${error.message} (in "${quoted}")`,
    where,
    source,
    start: error.start,
    end: error.end,
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return `the text "${value}"`
  return String(value)
}

export function evaluateBoolean(
  rules: LoadedRuleset,
  context: ContextKind,
  source: string,
  variables: Variables,
  where: string,
): boolean {
  const value = evaluateExpression(rules, context, source, variables, where)
  if (typeof value !== 'boolean')
    fail(where, `"${source}" must be true or false, but gave ${describe(value)}`)
  return value as boolean
}

export function evaluateNumber(
  rules: LoadedRuleset,
  context: ContextKind,
  source: string,
  variables: Variables,
  where: string,
): number {
  const value = evaluateExpression(rules, context, source, variables, where)
  if (typeof value !== 'number' || !Number.isFinite(value))
    fail(where, `"${source}" must give a number, but gave ${describe(value)}`)
  // -(0) is -0, which would print as "-0" in a breakdown and hash differently from 0.
  return value === 0 ? 0 : (value as number)
}

export function evaluateText(
  rules: LoadedRuleset,
  context: ContextKind,
  source: string,
  variables: Variables,
  where: string,
): string {
  const value = evaluateExpression(rules, context, source, variables, where)
  if (typeof value !== 'string')
    fail(where, `"${source}" must give a text such as an id, but gave ${describe(value)}`)
  return value as string
}

/** A field written as a number or as an expression computing one (numberOrExpression). */
export function numberOrExpression(
  rules: LoadedRuleset,
  context: ContextKind,
  value: number | string,
  variables: Variables,
  where: string,
): number {
  return typeof value === 'number' ? value : evaluateNumber(rules, context, value, variables, where)
}

/**
 * A number an effect carries (retreat hexes, track amount, losses), for the code that applies
 * effects: evaluated in the context the effect was produced in, failures returned as data.
 */
export function effectNumber(
  rules: LoadedRuleset,
  context: ContextKind,
  value: number | string,
  variables: Variables,
  where = 'effect',
): Captured<number> {
  return captureFailure(() =>
    numberOrExpression(rules, context, value, withRulesetDefaults(rules, variables), where),
  )
}

/** Whether an effect's own `when` holds (no `when` = always), failures returned as data. */
export function effectApplies(
  rules: LoadedRuleset,
  context: ContextKind,
  when: string | undefined,
  variables: Variables,
  where = 'effect condition',
): Captured<boolean> {
  if (when === undefined) return { ok: true, value: true }
  return captureFailure(() =>
    evaluateBoolean(rules, context, when, withRulesetDefaults(rules, variables), where),
  )
}
