/**
 * Ruleset parameters nothing reads. A value under `parameters` takes effect only where an
 * expression reads it (`params.key`) or a setting names it (a field marked x-ref "parameter");
 * any other key changes nothing in play, which a designer who edits it would not guess. Each is
 * reported where it is defined, as a warning: the ruleset still plays. The expressions and the
 * named parameters come from the walk that finds the expressions (rules/expression-sites.ts).
 */
import type { ResolvedRuleset } from '../generated/content-types'
import { escapePointerSegment } from './json-document'

export interface UnreadParameter {
  pointer: string
  message: string
}

/** `params.key` and `params['key']` in an expression's text. */
const READS = /\bparams\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*(['"])([^'"]+)\2\s*\])/g
/** `params[` followed by anything but a quoted key: the expression may read any key. */
const ANY_READ = /\bparams\s*\[\s*(?!['"])/

/**
 * The parameters of `r` that none of `expressions` reads and that are not among `named` (named
 * by a setting, or documentation).
 */
export function unreadParameters(
  r: ResolvedRuleset,
  expressions: readonly { source: string }[],
  named: ReadonlySet<string>,
): UnreadParameter[] {
  const keys = Object.keys((r.parameters ?? {}) as Record<string, unknown>)
  if (keys.length === 0) return []
  const read = new Set(named)
  for (const { source } of expressions) {
    if (ANY_READ.test(source)) return []
    for (const m of source.matchAll(READS)) read.add(m[1] ?? m[3] ?? '')
  }
  return keys
    .filter((key) => !read.has(key))
    .map((key) => ({
      pointer: `/parameters/${escapePointerSegment(key)}`,
      message: `no rule reads the parameter "${key}", so its value changes nothing in play: read it in an expression as params.${key}, or remove it`,
    }))
}
