/**
 * Modifier lists prepared for evaluation, once per list and context: each term's condition,
 * value and `each` bound to their sites (an element of `each` is a local of its term's
 * expressions, not a copy of the variables), the groups indexed by term, and the records that
 * are the same in every situation made once and frozen (a term whose condition does not hold;
 * a term with a fixed value that no group or `once` can change). What a list cannot do in a
 * context (a list that does not exist, or is written for another context) becomes a failure at
 * the place the list is read, as when it was evaluated.
 */
import type { LoadedRuleset } from './loaded'
import type { ModifierList, Term } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { siteOf } from './evaluation'
import type { Site } from './evaluation'
import type { ContextKind } from './expression-context'
import type { Aggregate, ModifierListRef, TermRecord } from './modifiers'

export interface PreparedTerm {
  readonly id: string
  readonly once: boolean
  readonly group: PreparedGroup | undefined
  readonly when: Site | undefined
  readonly value: number | Site
  readonly each: { readonly site: Site; readonly aggregate: Aggregate } | undefined
  /** The record of the term when its condition does not hold (frozen, shared). */
  readonly unmet: TermRecord
  /** The record of the term when it applies, if that never changes (frozen, shared). */
  readonly constant: TermRecord | undefined
  /**
   * A fresh record of the term, for values known only in the situation. Every term record has
   * the same fields in the same order (absent ones undefined, which JSON leaves out), so code
   * reading records of many terms reads objects of one shape.
   */
  readonly make: (
    value: number | null,
    applied: boolean,
    reason: string | undefined,
    each: TermRecord['each'],
  ) => TermRecord
}

export interface PreparedGroup {
  readonly id: string
  readonly pick: string
  /** Indexes of the group's terms in the list, in order. */
  readonly members: readonly number[]
  /** Why the group cannot be settled: it is not declared in the list's groups. */
  readonly undeclared: string | undefined
}

export interface PreparedList {
  readonly id: string
  readonly terms: readonly PreparedTerm[]
  readonly groups: readonly PreparedGroup[]
  readonly hasOnce: boolean
  readonly failure?: undefined
}

/** A list that cannot be read here: it fails when the evaluation reaches it. */
export interface UnusableList {
  readonly failure: { readonly where: string; readonly problem: string }
}

export interface PreparedModifiers {
  readonly lists: readonly (PreparedList | UnusableList)[]
  /** Terms of all the lists. */
  readonly count: number
}

/** A fresh term record: one literal, one shape for every term (see PreparedTerm.make). */
function recordMaker(list: string, term: Term): PreparedTerm['make'] {
  const { id, label, rule, group } = term
  return (value, applied, reason, each) => ({
    list,
    id,
    label,
    value,
    rule,
    applied,
    reason,
    group,
    each,
  })
}

/**
 * A record made once and shared, by its own literal: V8 moves objects of an allocation site
 * whose objects live long straight to the old generation, and the records made in play, which
 * die young, must not be taken for these.
 */
function sharedRecord(
  list: string,
  term: Term,
  value: number | null,
  applied: boolean,
  reason: string | undefined,
): TermRecord {
  const { id, label, rule, group } = term
  const each = undefined
  return Object.freeze({ list, id, label, value, rule, applied, reason, group, each })
}

function prepareGroups(list: ModifierList): Map<string, PreparedGroup> {
  const members = new Map<string, number[]>()
  list.terms.forEach((term, index) => {
    if (term.group !== undefined)
      members.set(term.group, [...(members.get(term.group) ?? []), index])
  })
  const declared = list.groups ?? []
  const groups = new Map<string, PreparedGroup>()
  for (const [id, indexes] of members) {
    const group = declared.find((g) => g.id === id)
    const ids = declared.map((g) => g.id)
    groups.set(id, {
      id,
      pick: group?.pick ?? '',
      members: indexes,
      undeclared:
        group === undefined
          ? `term group "${id}" is not declared in the list's groups${didYouMean(id, ids)}`
          : undefined,
    })
  }
  return groups
}

function prepareTerm(
  rules: LoadedRuleset,
  list: ModifierList,
  term: Term,
  group: PreparedGroup | undefined,
  context: ContextKind,
): PreparedTerm {
  const where = `modifier list "${list.id}", term "${term.id}"`
  const locals = term.each === undefined ? [] : [term.as ?? 'it']
  const site = (source: string, field: string): Site =>
    siteOf(rules, context, source, `${where}, ${field}`, locals)
  const make = recordMaker(list.id, term)
  const once = term.once === true
  const fixed =
    term.each === undefined && typeof term.value === 'number' && group === undefined && !once
  return {
    id: term.id,
    once,
    group,
    when: term.when === undefined ? undefined : site(term.when, 'when'),
    value: typeof term.value === 'number' ? term.value : site(term.value, 'value'),
    each:
      term.each === undefined
        ? undefined
        : {
            site: siteOf(rules, context, term.each, `${where}, each`),
            aggregate: term.aggregate ?? 'max',
          },
    unmet: sharedRecord(list.id, term, null, false, 'condition not met'),
    constant: fixed
      ? sharedRecord(list.id, term, term.value as number, true, undefined)
      : undefined,
    make,
  }
}

function prepareList(rules: LoadedRuleset, list: ModifierList, context: ContextKind): PreparedList {
  const groups = prepareGroups(list)
  const terms = list.terms.map((term) =>
    prepareTerm(
      rules,
      list,
      term,
      term.group === undefined ? undefined : groups.get(term.group),
      context,
    ),
  )
  return {
    id: list.id,
    terms,
    groups: [...groups.values()],
    hasOnce: terms.some((t) => t.once),
  }
}

const cache = new WeakMap<LoadedRuleset, Map<ContextKind, WeakMap<ModifierList, PreparedList>>>()

function preparedList(
  rules: LoadedRuleset,
  list: ModifierList,
  context: ContextKind,
): PreparedList {
  let byContext = cache.get(rules)
  if (byContext === undefined) {
    byContext = new Map()
    cache.set(rules, byContext)
  }
  let lists = byContext.get(context)
  if (lists === undefined) {
    lists = new WeakMap()
    byContext.set(context, lists)
  }
  let prepared = lists.get(list)
  if (prepared === undefined) {
    prepared = prepareList(rules, list, context)
    lists.set(list, prepared)
  }
  return prepared
}

/** The lists `refs` (ids or list objects) prepared for evaluation in `context`, in order. */
export function prepareModifiers(
  rules: LoadedRuleset,
  refs: readonly ModifierListRef[],
  context: ContextKind,
): PreparedModifiers {
  const lists = refs.map((ref): PreparedList | UnusableList => {
    const list = typeof ref === 'string' ? rules.modifierLists.get(ref) : ref
    if (list === undefined) {
      const known = didYouMean(ref as string, rules.modifierLists.keys())
      return {
        failure: {
          where: 'modifier lists',
          problem: `there is no modifier list "${ref as string}"${known}`,
        },
      }
    }
    if (list.context !== context) {
      const written =
        list.context === undefined ? 'has no context' : `is written for the ${list.context} context`
      return {
        failure: {
          where: `modifier list "${list.id}"`,
          problem: `it ${written}, but it is used where expressions see the ${context} context`,
        },
      }
    }
    return preparedList(rules, list, context)
  })
  const count = lists.reduce(
    (n, list) => n + (list.failure === undefined ? list.terms.length : 0),
    0,
  )
  return { lists, count }
}
