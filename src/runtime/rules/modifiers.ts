/**
 * Die-roll modifiers and column shifts as printed on player aids: ordered lists of terms, each
 * with a condition, a value (possibly the best over several attackers), and rules for how terms
 * combine (only one of a group; a term counted once even if two lists carry it). The result
 * keeps every term, applied or not, with the reason, because "why didn't I get +1?" is the
 * question the combat panel must answer.
 */
import type { LoadedRuleset } from '../content/loaded'
import type { ModifierList, Term } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import {
  captureFailure,
  evaluateBoolean,
  evaluateExpression,
  fail,
  numberOrExpression,
  withRulesetDefaults,
} from './evaluate'
import type { EvaluationFailure, Variables } from './evaluate'
import type { ContextKind } from './expression-context'

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

export function modifierList(rules: LoadedRuleset, ref: ModifierListRef): ModifierList {
  if (typeof ref !== 'string') return ref
  const list = rules.modifierLists.get(ref)
  if (list === undefined)
    fail(
      'modifier lists',
      `there is no modifier list "${ref}"${didYouMean(ref, rules.modifierLists.keys())}`,
    )
  return list as ModifierList
}

interface Candidate {
  record: TermRecord
  term: Term
  listRef: ModifierList
}

function aggregateValues(values: readonly number[], aggregate: Aggregate): number {
  if (aggregate === 'sum') return values.reduce((a, b) => a + b, 0)
  return aggregate === 'min' ? Math.min(...values) : Math.max(...values)
}

function evaluateTerm(
  rules: LoadedRuleset,
  list: ModifierList,
  term: Term,
  context: ContextKind,
  variables: Variables,
): TermRecord {
  const where = `modifier list "${list.id}", term "${term.id}"`
  const record: TermRecord = {
    list: list.id,
    id: term.id,
    label: term.label,
    value: null,
    applied: false,
    ...(term.rule === undefined ? {} : { rule: term.rule }),
    ...(term.group === undefined ? {} : { group: term.group }),
  }
  if (term.each === undefined) {
    if (
      term.when !== undefined &&
      !evaluateBoolean(rules, context, term.when, variables, `${where}, when`)
    ) {
      return { ...record, reason: 'condition not met' }
    }
    return {
      ...record,
      value: numberOrExpression(rules, context, term.value, variables, `${where}, value`),
      applied: true,
    }
  }
  const elements = evaluateExpression(rules, context, term.each, variables, `${where}, each`)
  if (!Array.isArray(elements)) fail(`${where}, each`, `"${term.each}" must give a list`)
  const name = term.as ?? 'it'
  const aggregate = term.aggregate ?? 'max'
  const values: number[] = []
  for (const element of elements as unknown[]) {
    const scoped = { ...variables, [name]: element }
    if (
      term.when !== undefined &&
      !evaluateBoolean(rules, context, term.when, scoped, `${where}, when`)
    )
      continue
    values.push(numberOrExpression(rules, context, term.value, scoped, `${where}, value`))
  }
  if (values.length === 0) {
    const reason =
      (elements as unknown[]).length === 0
        ? `"${term.each}" is empty`
        : `no element of "${term.each}" qualifies`
    return { ...record, reason, each: { values, aggregate } }
  }
  return {
    ...record,
    value: aggregateValues(values, aggregate),
    applied: true,
    each: { values, aggregate },
  }
}

/** Among the applicable terms of each group of a list, keeps the one the group's pick chooses. */
function applyGroups(list: ModifierList, candidates: readonly Candidate[]): void {
  const byGroup = new Map<string, Candidate[]>()
  for (const candidate of candidates) {
    const group = candidate.term.group
    if (group === undefined || !candidate.record.applied) continue
    byGroup.set(group, [...(byGroup.get(group) ?? []), candidate])
  }
  for (const [groupId, members] of byGroup) {
    const group = (list.groups ?? []).find((g) => g.id === groupId)
    if (group === undefined) {
      const ids = (list.groups ?? []).map((g) => g.id)
      fail(
        `modifier list "${list.id}"`,
        `term group "${groupId}" is not declared in the list's groups${didYouMean(groupId, ids)}`,
      )
    }
    let winner = members[0] as Candidate
    for (const member of members.slice(1)) {
      const value = member.record.value ?? 0
      const best = winner.record.value ?? 0
      if ((group.pick === 'largest' && value > best) || (group.pick === 'smallest' && value < best))
        winner = member
    }
    for (const member of members) {
      if (member === winner) continue
      member.record.applied = false
      member.record.reason = `superseded by ${winner.term.id} (group ${groupId}: ${group.pick})`
    }
  }
}

/**
 * Evaluates the lists in order and combines their terms; throws RuleFailure (use
 * `resolveModifiers` for a result that never throws). `terms` collects records as they are made,
 * so a failure still shows what was computed before it.
 */
export function computeModifiers(
  rules: LoadedRuleset,
  lists: readonly ModifierListRef[],
  context: ContextKind,
  variables: Variables,
  terms: TermRecord[] = [],
): { total: number; terms: TermRecord[] } {
  const counted = new Set<string>()
  for (const ref of lists) {
    const list = modifierList(rules, ref)
    if (list.context !== context) {
      const written =
        list.context === undefined ? 'has no context' : `is written for the ${list.context} context`
      fail(
        `modifier list "${list.id}"`,
        `it ${written}, but it is used where expressions see the ${context} context`,
      )
    }
    const candidates: Candidate[] = []
    for (const term of list.terms) {
      const candidate = {
        record: evaluateTerm(rules, list, term, context, variables),
        term,
        listRef: list,
      }
      candidates.push(candidate)
      terms.push(candidate.record)
    }
    applyGroups(list, candidates)
    for (const { record, term } of candidates) {
      if (!record.applied || term.once !== true) continue
      if (counted.has(term.id)) {
        record.applied = false
        record.reason = 'applied once already'
      }
      counted.add(term.id)
    }
  }
  const total = terms.reduce((sum, t) => (t.applied && t.value !== null ? sum + t.value : sum), 0)
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
  const result = captureFailure(() =>
    computeModifiers(rules, lists, context, withRulesetDefaults(rules, variables), terms),
  )
  return result.ok ? { ok: true, ...result.value } : { ok: false, error: result.error, terms }
}
