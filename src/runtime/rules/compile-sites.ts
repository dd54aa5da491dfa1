/**
 * Compiles every expression site of a ruleset once per context it is read in, type-checking it
 * against that context's variables, and keeps the compiled closures keyed by context + source
 * (what LoadedRuleset.expression looks up). Terms with `each` see their element under its name.
 */
import type { ResolvedRuleset } from '../generated/content-types'
import { compileExpression, describeType, extendEnvironment, ExprEnvironmentError } from '../expr'
import type { CompileResult, CompiledExpr, Environment, ExprNode, ExprType } from '../expr'
import { formatType } from '../expr'
import { didYouMean } from '../content/suggest'
import type { ContextKind } from './expression-context'
import type { Expectation, ExpressionSite, SiteContext } from './expression-sites'
import { TABLE_FUNCTIONS } from './host-functions'
import { matrixCallProblems, resolutionKeyProblems } from './literal-keys'
import type { RulesError } from './rules-error'

/** Compiled expressions by context, then by source: what LoadedRuleset.expression reads. */
export type CompiledByContext = Map<ContextKind, Map<string, CompiledExpr>>

const ANY: ExprType = { kind: 'any' }

/** The element type of a list type (named and nullable types followed); undefined if not a list. */
function elementType(type: ExprType, env: Environment): ExprType | undefined {
  let current: ExprType = type
  for (let hops = 0; hops < 64; hops++) {
    if (current.kind === 'named') current = env.types.get(current.name) ?? ANY
    else if (current.kind === 'nullable') current = current.inner
    else break
  }
  if (current.kind === 'list') return current.element
  return current.kind === 'any' ? ANY : undefined
}

/** The nodes directly under `node`. */
export function children(node: ExprNode): readonly ExprNode[] {
  switch (node.kind) {
    case 'list':
      return node.items
    case 'member':
      return [node.object]
    case 'index':
      return [node.object, node.index]
    case 'call':
      return node.args
    case 'method':
      return [node.receiver, ...node.args]
    case 'unary':
      return [node.operand]
    case 'binary':
      return [node.left, node.right]
    case 'conditional':
      return [node.test, node.consequent, node.alternate]
    default:
      return []
  }
}

/**
 * Table functions called with a literal table id must name a table of the right kind, and a
 * matrix's literal keys (like a resolution's literal column, literal-keys.ts) keys it has.
 */
function tableCallProblems(
  r: ResolvedRuleset,
  pointer: string,
  root: ExprNode,
): { message: string; start: number; end: number }[] {
  const problems = resolutionKeyProblems(r, pointer, root)
  const visit = (node: ExprNode): void => {
    problems.push(...matrixCallProblems(r, node))
    if (node.kind === 'call' && Object.hasOwn(TABLE_FUNCTIONS, node.name)) {
      const arg = node.args[0]
      if (arg?.kind === 'literal' && typeof arg.value === 'string') {
        const kind = TABLE_FUNCTIONS[node.name]
        const table = r.tables.find((t) => t.id === arg.value)
        const span = { start: arg.start, end: arg.end }
        if (table === undefined) {
          const candidates = r.tables.filter((t) => t.kind === kind).map((t) => t.id)
          problems.push({
            ...span,
            message: `there is no table "${arg.value}"${didYouMean(arg.value, candidates)}`,
          })
        } else if (table.kind !== kind) {
          problems.push({
            ...span,
            message: `${node.name} needs a ${kind} table, but "${arg.value}" is a ${table.kind} table`,
          })
        }
      }
    }
    children(node).forEach(visit)
  }
  visit(root)
  return problems
}

function contextNote(context: SiteContext, several: boolean): string {
  if (context.via !== undefined) return ` (in the ${context.kind} context, ${context.via})`
  return several ? ` (in the ${context.kind} context)` : ''
}

export function compileSites(
  r: ResolvedRuleset,
  environments: Readonly<Record<ContextKind, Environment>>,
  sites: readonly ExpressionSite[],
): { expressions: CompiledByContext; errors: RulesError[] } {
  const results = new Map<string, CompileResult>()
  const boundEnvironments = new Map<string, Environment | undefined>()
  const expressions: CompiledByContext = new Map()
  const errors: RulesError[] = []
  const reported = new Set<string>()
  const report = (error: RulesError): void => {
    const key = `${error.pointer}\u0000${error.message}\u0000${error.start}\u0000${error.end}`
    if (reported.has(key)) return
    reported.add(key)
    errors.push(error)
  }
  const compile = (
    source: string,
    env: Environment,
    envKey: string,
    expect: Expectation,
  ): CompileResult => {
    const key = `${envKey}\u0000${expect}\u0000${source}`
    let result = results.get(key)
    if (result === undefined) {
      result =
        expect === 'any'
          ? compileExpression(source, env)
          : compileExpression(source, env, { expect })
      results.set(key, result)
    }
    return result
  }

  /** The environment of a term's value and when: the context plus the element of each. */
  const bind = (binding: NonNullable<ExpressionSite['binding']>, kind: ContextKind) => {
    const env = environments[kind]
    const each = compile(binding.each, env, kind, 'any')
    // A failing or non-list each is reported at the each itself.
    const element = each.ok ? elementType(each.expr.type, env) : undefined
    if (element === undefined) return undefined
    const envKey = `${kind}\u0000${binding.as}:${formatType(element)}`
    if (!boundEnvironments.has(envKey)) {
      try {
        boundEnvironments.set(
          envKey,
          extendEnvironment(env, { variables: { [binding.as]: element } }),
        )
      } catch (error) {
        const problems =
          error instanceof ExprEnvironmentError ? error.problems.join('; ') : String(error)
        report({
          pointer: binding.asPointer,
          message: `"${binding.as}" cannot name the element of each: ${problems}`,
        })
        boundEnvironments.set(envKey, undefined)
      }
    }
    const bound = boundEnvironments.get(envKey)
    return bound === undefined ? undefined : { env: bound, envKey }
  }

  for (const site of sites) {
    const several = site.contexts.length > 1
    for (const context of site.contexts) {
      let env = environments[context.kind]
      let envKey: string = context.kind
      if (site.binding !== undefined) {
        const bound = bind(site.binding, context.kind)
        // The each itself is read without its element: binding here only checks the name.
        if (site.isEach !== true) {
          if (bound === undefined) continue
          env = bound.env
          envKey = bound.envKey
        }
      }
      const result = compile(site.source, env, envKey, site.expect)
      const note = contextNote(context, several)
      if (!result.ok) {
        for (const e of result.errors) {
          report({
            pointer: site.pointer,
            message: `${e.message}${note}`,
            start: e.start,
            end: e.end,
          })
        }
        continue
      }
      if (site.isEach === true && elementType(result.expr.type, env) === undefined) {
        const found = describeType(result.expr.type, (name) => env.types.get(name))
        report({
          pointer: site.pointer,
          message: `each must give a list, but this gives ${found}${note}`,
          start: 0,
          end: site.source.length,
        })
        continue
      }
      for (const problem of tableCallProblems(r, site.pointer, result.expr.ast)) {
        report({
          pointer: site.pointer,
          message: `${problem.message}${note}`,
          start: problem.start,
          end: problem.end,
        })
      }
      // Stored without the expectation: the kernel checks result types itself, and one source
      // may serve as a condition in one place and a value in another.
      const plain = site.expect === 'any' ? result : compile(site.source, env, envKey, 'any')
      if (plain.ok) {
        let bySource = expressions.get(context.kind)
        if (bySource === undefined) {
          bySource = new Map()
          expressions.set(context.kind, bySource)
        }
        bySource.set(site.source, plain.expr)
      }
    }
  }
  return { expressions, errors }
}
