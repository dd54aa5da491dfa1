/**
 * Evaluating the expressions of a prepared resolution. Each expression is bound to its place
 * once, when the rules are prepared (a `Site`: the compiled closure and the words that say where
 * it is); a resolution then evaluates all of its sites in one `Scope`, against one frame of
 * variables. A failure is turned into an `EvaluationFailure` once, where the resolution catches
 * it: the scope remembers which site was being evaluated, so no site needs a handler of its own.
 */
import type { LoadedRuleset } from './loaded'
import { ExprEvaluationError } from '../expr'
import type { EvaluationFrame, ExprNode, HostFunction } from '../expr'
import { children } from './compile-sites'
import { describe, expressionFailure, fail, RuleFailure, withRulesetDefaults } from './evaluate'
import type { Captured, EvaluationFailure, Variables } from './evaluate'
import type { ContextKind } from './expression-context'

/** An expression of the content at its place: what to run, and how to name the place. */
export interface Site {
  /** E.g. `modifier list "shock-drm", term "wsm", value`. */
  readonly where: string
  readonly source: string
  readonly run: (frame: EvaluationFrame) => unknown
  /** It names `params` or `options` (see `namesDefaults`). */
  readonly defaults: boolean
}

/**
 * The site of `source` compiled in `context` when the ruleset was prepared; with `locals`, the
 * names read from the frame's local slots (a term's element of `each`). An expression the
 * ruleset did not prepare (a resolution object made outside the content) fails when reached,
 * as it always has.
 */
export function siteOf(
  rules: LoadedRuleset,
  context: ContextKind,
  source: string,
  where: string,
  locals: readonly string[] = [],
): Site {
  try {
    const compiled = rules.expression(context, source)
    const bound = locals.length === 0 ? compiled : compiled.withLocals(locals)
    return { where, source, run: bound.evaluateIn, defaults: namesDefaults(compiled.ast) }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    const problem = `expression "${source}" was not prepared with the ruleset (${reason})`
    return { where, source, run: () => fail(where, problem), defaults: false }
  }
}

/** Variables that `withRulesetDefaults` fills in from the ruleset. */
const DEFAULTED: ReadonlySet<string> = new Set(['params', 'options'])

/**
 * Whether an expression names `params` or `options`, which `withRulesetDefaults` fills in from
 * the ruleset. Only such a site needs them: a scope merges them into its variables the first
 * time it evaluates one, so most resolutions never copy their variables.
 */
function namesDefaults(node: ExprNode): boolean {
  return (
    (node.kind === 'identifier' && DEFAULTED.has(node.name)) || children(node).some(namesDefaults)
  )
}

/**
 * The evaluations of one resolution: the frame its sites read (the scope is that frame), and
 * the site being evaluated. The ruleset's defaults (`params`, the options not set) are merged
 * into the variables the first time a site that names them is evaluated: most resolutions
 * never need the copy. The evaluations are methods, so the kernel's many calls to them stay
 * within one object rather than crossing module boundaries.
 */
export class Scope implements EvaluationFrame {
  vars: Variables
  readonly fns: Readonly<Record<string, HostFunction>>
  readonly locals: unknown[] = []
  known: unknown[] = []
  site: Site | undefined = undefined
  // The variables of a resolution are built by the kernel from the game state: plain data.
  readonly plain = true
  private merged = false
  private readonly rules: LoadedRuleset

  constructor(
    functions: Readonly<Record<string, HostFunction>>,
    rules: LoadedRuleset,
    variables: Variables,
  ) {
    this.vars = variables
    this.fns = functions
    this.rules = rules
  }

  value(site: Site): unknown {
    if (site.defaults && !this.merged) this.mergeDefaults()
    this.site = site
    const value = site.run(this)
    this.site = undefined
    return value
  }

  boolean(site: Site): boolean {
    const value = this.value(site)
    if (typeof value !== 'boolean')
      fail(site.where, `"${site.source}" must be true or false, but gave ${describe(value)}`)
    return value as boolean
  }

  number(site: Site): number {
    const value = this.value(site)
    if (typeof value !== 'number' || !Number.isFinite(value))
      fail(site.where, `"${site.source}" must give a number, but gave ${describe(value)}`)
    // -(0) is -0, which would print as "-0" in a breakdown and hash differently from 0.
    return value === 0 ? 0 : (value as number)
  }

  text(site: Site): string {
    const value = this.value(site)
    if (typeof value !== 'string')
      fail(
        site.where,
        `"${site.source}" must give a text such as an id, but gave ${describe(value)}`,
      )
    return value as string
  }

  /** A field written as a number, or the site of the expression computing it. */
  numberOr(value: number | Site): number {
    return typeof value === 'number' ? value : this.number(value)
  }

  private mergeDefaults(): void {
    this.vars = withRulesetDefaults(this.rules, this.vars)
    // What was read before came from the variables without the defaults.
    this.known = []
    this.merged = true
  }
}

/**
 * What went wrong, as data: a failure of the rules as it was raised, and anything thrown while
 * a site was evaluated as a failure of that expression at that place.
 */
export function failureIn(scope: Scope, error: unknown): EvaluationFailure {
  const site = scope.site
  scope.site = undefined
  if (error instanceof RuleFailure) return error.failure
  if (site !== undefined) {
    if (error instanceof ExprEvaluationError) return expressionFailure(site.where, error)
    // Stack overflow in a host function or similar: still a located, readable failure.
    const reason = error instanceof Error ? error.message : String(error)
    const wrapped = new ExprEvaluationError(
      `evaluation failed: ${reason}`,
      0,
      site.source.length,
      site.source,
    )
    return expressionFailure(site.where, wrapped)
  }
  // A bug in the kernel or a corrupt ruleset object: still one readable line, no stack.
  const reason = error instanceof Error ? error.message : String(error)
  return { message: `the rules could not be applied: ${reason}`, where: 'rules kernel' }
}

/** Runs kernel code that evaluates sites in `scope`; any failure comes back as data. */
export function captureIn<T>(scope: Scope, run: () => T): Captured<T> {
  try {
    return { ok: true, value: run() }
  } catch (error) {
    return { ok: false, error: failureIn(scope, error) }
  }
}
