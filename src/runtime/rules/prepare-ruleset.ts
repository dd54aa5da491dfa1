/**
 * Turns a resolved (and schema-valid) ruleset into the LoadedRuleset the runtime plays with:
 * id indexes, one expression environment per context, every expression compiled and
 * type-checked once in the context it is read in, and the checks of tables, resolutions and the
 * status graph that the schemas cannot express. Nothing is returned unless all of it holds, so
 * play never meets an unchecked expression or a malformed chart.
 */
import type { LoadedRuleset } from './loaded'
import type { CompiledExpr, Environment } from '../expr'
import { ExprEnvironmentError } from '../expr'
import type { ResolvedRuleset } from '../generated/content-types'
import { compileSites } from './compile-sites'
import type { CompiledByContext } from './compile-sites'
import { buildEnvironments } from './expression-context'
import type { ContextKind } from './expression-context'
import { findExpressionSites } from './expression-sites'
import { unreadParameters, type UnreadParameter } from '../content/parameter-reads'
import { planOf } from './resolve'
import { checkRules } from './rules-checks'
import type { RulesError } from './rules-error'
import { splitPointer } from './rules-error'
import { checkTables } from './table-checks'

export type PrepareResult =
  /** `unread`: the parameters no expression reads and no setting names (content/parameter-reads.ts). */
  | { ok: true; rules: LoadedRuleset; unread: UnreadParameter[] }
  | { ok: false; errors: RulesError[] }

function byId<T extends { id: string }>(items: readonly T[] | undefined): ReadonlyMap<string, T> {
  return new Map((items ?? []).map((item) => [item.id, item]))
}

/** Position of each segment of a pointer among its siblings: keys in written order, items by index. */
function documentRank(root: unknown, pointer: string): number[] {
  const rank: number[] = []
  let node = root
  for (const segment of splitPointer(pointer)) {
    if (Array.isArray(node)) {
      rank.push(Number(segment))
      node = node[Number(segment)]
    } else if (node !== null && typeof node === 'object') {
      rank.push(Object.keys(node).indexOf(segment))
      node = (node as Record<string, unknown>)[segment]
    } else break
  }
  return rank
}

/** Errors in the order of the document, so a designer reads them top to bottom. */
function ordered(root: ResolvedRuleset, errors: readonly RulesError[]): RulesError[] {
  const ranked = errors.map((error) => ({ error, rank: documentRank(root, error.pointer) }))
  ranked.sort((a, b) => {
    for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) {
      const difference = (a.rank[i] ?? 0) - (b.rank[i] ?? 0)
      if (difference !== 0) return difference
    }
    return a.rank.length - b.rank.length || (a.error.start ?? 0) - (b.error.start ?? 0)
  })
  return ranked.map((r) => r.error)
}

/**
 * Prepares `resolved` (already validated against resolved-ruleset.schema.json, with its variants
 * applied) for play. Errors are located by JSON pointer into `resolved`; expression errors also
 * carry the span inside the expression string. See `locateRulesPointer` to map them to files.
 */
export function prepareRuleset(resolved: ResolvedRuleset): PrepareResult {
  let environments: Record<ContextKind, Environment>
  try {
    environments = buildEnvironments(resolved)
  } catch (error) {
    // Names the ruleset declares (ratings, flags, options) that the expression language refuses.
    const problems = error instanceof ExprEnvironmentError ? error.problems : [String(error)]
    return {
      ok: false,
      errors: problems.map((problem) => ({
        pointer: '',
        message: `the ruleset's names cannot be used in expressions: ${problem}`,
      })),
    }
  }
  const found = findExpressionSites(resolved)
  const compiled = compileSites(resolved, environments, found.sites)
  const errors = [
    ...checkRules(resolved),
    ...checkTables(resolved),
    ...found.errors,
    ...compiled.errors,
  ]
  if (errors.length > 0) return { ok: false, errors: ordered(resolved, errors) }
  return {
    ok: true,
    rules: loadedRuleset(resolved, environments, compiled.expressions),
    unread: unreadParameters(resolved, found.sites, found.namedParameters),
  }
}

/** An expression written outside the ruleset (in a scenario), with where it is and what it sees. */
export interface ExtraExpression {
  pointer: string
  source: string
  context: ContextKind
  expect: 'boolean' | 'number' | 'any'
}

/**
 * The prepared rules with expressions of a scenario compiled too (a reinforcement group's
 * arrival condition), or the errors of those expressions, located by their pointers in the
 * scenario.
 */
export function withExtraExpressions(
  rules: LoadedRuleset,
  extra: readonly ExtraExpression[],
): { ok: true; rules: LoadedRuleset } | { ok: false; errors: RulesError[] } {
  if (extra.length === 0) return { ok: true, rules }
  const compiled = compileSites(
    rules.ruleset,
    rules.environments,
    extra.map((e) => ({
      pointer: e.pointer,
      source: e.source,
      expect: e.expect,
      contexts: [{ kind: e.context }],
    })),
  )
  if (compiled.errors.length > 0) return { ok: false, errors: compiled.errors }
  const base = rules.expression
  return {
    ok: true,
    rules: {
      ...rules,
      expression(context: ContextKind, source: string): CompiledExpr {
        return compiled.expressions.get(context)?.get(source) ?? base(context, source)
      },
    },
  }
}

function loadedRuleset(
  ruleset: ResolvedRuleset,
  environments: Readonly<Record<ContextKind, Environment>>,
  expressions: CompiledByContext,
): LoadedRuleset {
  const rules: LoadedRuleset = {
    ruleset,
    unitTypes: byId(ruleset.unitTypes),
    unitClasses: byId(ruleset.unitClasses),
    tables: byId(ruleset.tables),
    modifierLists: byId(ruleset.modifierLists),
    resolutions: byId(ruleset.resolutions),
    resultSets: byId(ruleset.resultSets),
    environments,
    expression(context: ContextKind, source: string): CompiledExpr {
      const expr = expressions.get(context)?.get(source)
      if (expr === undefined)
        throw new Error(
          `the expression "${source}" was not compiled for the ${context} context when the ruleset was prepared`,
        )
      return expr
    },
  }
  // Each resolution's plan (its expressions bound, its tables indexed) is made now, not in play.
  // Preparing never fails on content that passed the checks above; should it, the resolution
  // is planned again when first used, where a failure becomes that resolution's error record.
  for (const resolution of ruleset.resolutions ?? []) {
    try {
      planOf(rules, resolution)
    } catch {
      // left for beginResolution
    }
  }
  return rules
}
