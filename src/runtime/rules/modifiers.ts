/**
 * Die-roll modifiers and column shifts as printed on player aids: ordered lists of terms, each
 * with a condition, a value (possibly the best over several attackers), and rules for how terms
 * combine (only one of a group; a term counted once even if two lists carry it). The result
 * keeps every term, applied or not, with the reason, because "why didn't I get +1?" is the
 * question the combat panel must answer.
 *
 * A list is prepared once per context it is read in (modifier-plan.ts): its expressions bound to
 * their terms, its groups indexed, and the records that never change (a term whose condition
 * failed) made ahead. Evaluating it then only runs the conditions and values.
 */
import type { LoadedRuleset } from './loaded'
import type { ModifierList } from '../generated/content-types'
import { fail } from './evaluate'
import type { EvaluationFailure, Variables } from './evaluate'
import { captureIn, Scope } from './evaluation'
import type { ContextKind } from './expression-context'
import { hostFunctions } from './host-functions'
import { prepareModifiers } from './modifier-plan'
import type { PreparedGroup, PreparedList, PreparedModifiers, PreparedTerm } from './modifier-plan'
import type { ModifierTotals } from './resolution-record'

export type Aggregate = 'max' | 'min' | 'sum'

export interface TermRecord {
  /** Id of the modifier list the term belongs to. */
  list: string
  id: string
  label: string
  /** The term's value; null when its condition did not hold, so it was never computed. */
  value: number | null
  rule?: string
  applied: boolean
  /** Why a term did not apply, e.g. `superseded by angle-rear (group angle: largest)`. */
  reason?: string
  group?: string
  /** For terms evaluated once per element of a list: every element's value and how they combine. */
  each?: { values: number[]; aggregate: Aggregate }
}

export type ModifierResult =
  | { ok: true; total: number; terms: TermRecord[] }
  | { ok: false; error: EvaluationFailure; terms: TermRecord[] }

export type ModifierListRef = ModifierList | string

function aggregateValues(values: readonly number[], aggregate: Aggregate): number {
  // Folds rather than Math.max(...values): no array spread, and the same answer (-0, NaN).
  let result = aggregate === 'sum' ? 0 : (values[0] as number)
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number
    if (aggregate === 'sum') result += value
    else result = aggregate === 'min' ? Math.min(result, value) : Math.max(result, value)
  }
  return result
}

function evaluateTerm(scope: Scope, term: PreparedTerm): TermRecord {
  if (term.each !== undefined) return evaluateEach(scope, term, term.each)
  const when = term.when
  if (when !== undefined && !scope.boolean(when)) return term.unmet
  return term.constant ?? term.make(scope.numberOr(term.value), true, undefined, undefined)
}

/** A term evaluated once per element of its `each`, the values combined by its aggregate. */
function evaluateEach(
  scope: Scope,
  term: PreparedTerm,
  each: NonNullable<PreparedTerm['each']>,
): TermRecord {
  const elements = scope.value(each.site)
  if (!Array.isArray(elements))
    return fail(each.site.where, `"${each.site.source}" must give a list`)
  // The element is the first local slot of the term's when and value (see siteOf).
  const locals = scope.locals
  const when = term.when
  let values: number[]
  if (when === undefined && elements.length === 1) {
    // One attacker, the usual case: a list of one value, made as such.
    locals[0] = elements[0]
    values = [scope.numberOr(term.value)]
  } else if (when === undefined) {
    values = []
    for (let i = 0; i < elements.length; i++) {
      locals[0] = elements[i]
      values.push(scope.numberOr(term.value))
    }
  } else {
    values = []
    for (let i = 0; i < elements.length; i++) {
      locals[0] = elements[i]
      if (scope.boolean(when)) values.push(scope.numberOr(term.value))
    }
  }
  const combined = { values, aggregate: each.aggregate }
  if (values.length > 0)
    return term.make(aggregateValues(values, each.aggregate), true, undefined, combined)
  const reason =
    elements.length === 0
      ? `"${each.site.source}" is empty`
      : `no element of "${each.site.source}" qualifies`
  return term.make(null, false, reason, combined)
}

/** Among the applicable terms of each group of a list, keeps the one the group's pick chooses. */
function applyGroups(list: PreparedList, terms: readonly TermRecord[], start: number): void {
  const groups = list.groups
  if (groups.length === 1) {
    settleGroup(list, groups[0] as PreparedGroup, terms, start)
    return
  }
  // Groups are settled in the order of their first applicable term, as they were listed.
  const settled: PreparedGroup[] = []
  for (let index = 0; index < list.terms.length; index++) {
    const group = (list.terms[index] as PreparedTerm).group
    if (group === undefined || !(terms[start + index] as TermRecord).applied) continue
    if (!settled.includes(group)) settled.push(group)
  }
  for (const group of settled) settleGroup(list, group, terms, start)
}

function settleGroup(
  list: PreparedList,
  group: PreparedGroup,
  terms: readonly TermRecord[],
  start: number,
): void {
  let winner = -1
  let best = 0
  for (const index of group.members) {
    const record = terms[start + index] as TermRecord
    if (!record.applied) continue
    const value = record.value ?? 0
    if (
      winner === -1 ||
      (group.pick === 'largest' && value > best) ||
      (group.pick === 'smallest' && value < best)
    ) {
      winner = index
      best = value
    }
  }
  // A group none of whose terms applies has nothing to settle.
  if (winner === -1) return
  if (group.undeclared !== undefined) fail(`modifier list "${list.id}"`, group.undeclared)
  const reason = `superseded by ${(list.terms[winner] as PreparedTerm).id} (group ${group.id}: ${group.pick})`
  for (const index of group.members) {
    const record = terms[start + index] as TermRecord
    if (index === winner || !record.applied) continue
    record.applied = false
    record.reason = reason
  }
}

/**
 * Evaluates prepared lists in order and combines their terms; throws RuleFailure or an
 * expression's error (the caller's `captureIn` turns both into data). A caller that shows the
 * terms made before a failure passes its own `partial` array; otherwise the array is made to
 * size at once.
 */
export function computePrepared(
  scope: Scope,
  prepared: PreparedModifiers,
  partial?: TermRecord[],
): ModifierTotals {
  const terms: TermRecord[] = partial ?? new Array<TermRecord>(prepared.count)
  let made = 0
  let counted: string[] | undefined
  const lists = prepared.lists
  for (let l = 0; l < lists.length; l++) {
    const list = lists[l] as PreparedModifiers['lists'][number]
    if (list.failure !== undefined) fail(list.failure.where, list.failure.problem)
    const start = made
    const listTerms = list.terms
    for (let t = 0; t < listTerms.length; t++)
      terms[made++] = evaluateTerm(scope, listTerms[t] as PreparedTerm)
    if (list.groups.length > 0) applyGroups(list, terms, start)
    if (!list.hasOnce) continue
    counted ??= []
    for (let index = 0; index < listTerms.length; index++) {
      const term = listTerms[index] as PreparedTerm
      const record = terms[start + index] as TermRecord
      if (!record.applied || !term.once) continue
      if (counted.includes(term.id)) {
        record.applied = false
        record.reason = 'applied once already'
      }
      counted.push(term.id)
    }
  }
  let total = 0
  for (let t = 0; t < made; t++) {
    const record = terms[t] as TermRecord
    if (record.applied && record.value !== null) total += record.value
  }
  return { total, terms }
}

/**
 * Resolves modifier lists used together (e.g. a resolution's roll modifiers) in `context`.
 * The same function serves die-roll modifiers and column shifts (lists with applies: column):
 * the caller decides what the total means.
 */
export function resolveModifiers(
  rules: LoadedRuleset,
  lists: readonly ModifierListRef[],
  context: ContextKind,
  variables: Variables,
): ModifierResult {
  const terms: TermRecord[] = []
  const scope = new Scope(hostFunctions(rules), rules, variables)
  const result = captureIn(scope, () =>
    computePrepared(scope, prepareModifiers(rules, lists, context), terms),
  )
  return result.ok ? { ok: true, ...result.value } : { ok: false, error: result.error, terms }
}
