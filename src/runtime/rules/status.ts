/**
 * The unit status graph: results never name a new status, they send an event (disorder, wound,
 * retire…) and the graph, read from where the unit is, decides where it goes. A unit type or
 * class may replace what an event does to it (a type that never retires: a retire becomes a retreat).
 * Also the per-status ratings and the flags of a unit type.
 */
import type { LoadedRuleset } from './loaded'
import type { Effect, StatusOverride, UnitClass, UnitType } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { captureFailure, evaluateBoolean, fail, withRulesetDefaults } from './evaluate'
import type { EvaluationFailure, Variables } from './evaluate'

/** What the graph needs of a unit; expressions see `variables.unit` if given, else this object. */
export interface StatusUnit {
  readonly type: string
  readonly status: string
  readonly [key: string]: unknown
}

export interface StatusChange {
  /** The unit's status after the event (unchanged when nothing matched or an override applied). */
  status: string
  changed: boolean
  /** Effects to apply: the transition's, or the override's instead of a transition. */
  effects: Effect[]
  transition?: { index: number; from: string; to: string; event: string; rule?: string }
  override?: {
    source: 'unitType' | 'unitClass'
    id: string
    index: number
    event: string
    rule?: string
  }
  /** A condition could not be evaluated; the status is left unchanged. */
  error?: EvaluationFailure
}

function unitTypeOf(rules: LoadedRuleset, id: string, where: string): UnitType {
  const type = rules.unitTypes.get(id)
  if (type === undefined)
    return fail(where, `there is no unit type "${id}"${didYouMean(id, rules.unitTypes.keys())}`)
  return type
}

function classOf(rules: LoadedRuleset, type: UnitType, where: string): UnitClass {
  const unitClass = rules.unitClasses.get(type.class)
  if (unitClass === undefined)
    return fail(where, `unit type "${type.id}" names the unknown class "${type.class}"`)
  return unitClass
}

const listed = (value: string | readonly string[], item: string): boolean =>
  typeof value === 'string' ? value === item : value.includes(item)

function matchOverride(
  rules: LoadedRuleset,
  overrides: readonly StatusOverride[] | undefined,
  source: 'unitType' | 'unitClass',
  id: string,
  unit: StatusUnit,
  event: string,
  variables: Variables,
): StatusChange | undefined {
  for (const [index, override] of (overrides ?? []).entries()) {
    if (override.event !== event) continue
    if (override.from !== undefined && !override.from.includes(unit.status)) continue
    const where = `${source === 'unitType' ? 'unit type' : 'unit class'} "${id}", status override ${index + 1}`
    if (
      override.when !== undefined &&
      !evaluateBoolean(rules, 'unit', override.when, variables, `${where}, when`)
    )
      continue
    return {
      status: unit.status,
      changed: false,
      effects: [...override.effects],
      override: {
        source,
        id,
        index,
        event,
        ...(override.rule === undefined ? {} : { rule: override.rule }),
      },
    }
  }
  return undefined
}

function statusEvent(
  rules: LoadedRuleset,
  unit: StatusUnit,
  event: string,
  variables: Variables,
): StatusChange {
  const graph = rules.ruleset.statuses
  const where = `status event "${event}"`
  if (!graph.events.some((e) => e.id === event)) {
    fail(
      where,
      `the status graph has no event "${event}"${didYouMean(
        event,
        graph.events.map((e) => e.id),
      )}`,
    )
  }
  const type = unitTypeOf(rules, unit.type, where)
  const unitClass = classOf(rules, type, where)
  const override =
    matchOverride(rules, type.statusOverrides, 'unitType', type.id, unit, event, variables) ??
    matchOverride(
      rules,
      unitClass.statusOverrides,
      'unitClass',
      unitClass.id,
      unit,
      event,
      variables,
    )
  if (override !== undefined) return override
  for (const [index, transition] of graph.transitions.entries()) {
    if (!listed(transition.from, unit.status) || !listed(transition.event, event)) continue
    if (transition.when !== undefined) {
      const whenWhere = `status transition ${index + 1}, when`
      if (!evaluateBoolean(rules, 'unit', transition.when, variables, whenWhere)) continue
    }
    return {
      status: transition.to,
      changed: transition.to !== unit.status,
      effects: [...(transition.effects ?? [])],
      transition: {
        index,
        from: unit.status,
        to: transition.to,
        event,
        ...(transition.rule === undefined ? {} : { rule: transition.rule }),
      },
    }
  }
  return { status: unit.status, changed: false, effects: [] }
}

/**
 * What `event` does to `unit`: first the unit type's, then its class's status overrides for that
 * event (matching `from` and `when`) replace the transition with their effects; otherwise the
 * first matching transition of the graph applies; with no match nothing changes.
 */
export function applyStatusEvent(
  rules: LoadedRuleset,
  unit: StatusUnit,
  event: string,
  variables: Variables = {},
): StatusChange {
  const scoped = withRulesetDefaults(rules, { unit, ...variables })
  const result = captureFailure(() => statusEvent(rules, unit, event, scoped))
  return result.ok
    ? result.value
    : { status: unit.status, changed: false, effects: [], error: result.error }
}

export type RatingValues = Record<string, number | string | boolean>

function requireType(rules: LoadedRuleset, id: string): UnitType {
  const type = rules.unitTypes.get(id)
  if (type === undefined)
    throw new RangeError(`there is no unit type "${id}"${didYouMean(id, rules.unitTypes.keys())}`)
  return type
}

/** The statuses whose ratings a status uses, own status last: retired → [disordered, retired]. */
function ratingStatuses(rules: LoadedRuleset, status: string): string[] {
  const states = rules.ruleset.statuses.states
  const chain: string[] = []
  let current: string | undefined = status
  while (current !== undefined && !chain.includes(current)) {
    chain.unshift(current)
    const id: string = current
    current = states.find((s) => s.id === id)?.ratingsOf
  }
  return chain
}

/**
 * The ratings of a unit type in a status: the ruleset's rating defaults, then the class's
 * ratings, the type's, and the type's ratings for that status (following `ratingsOf`, so a
 * Retired unit reads its Disordered side).
 */
export function ratingsFor(rules: LoadedRuleset, unitType: string, status: string): RatingValues {
  let byKey = ratingCache.get(rules)
  if (byKey === undefined) {
    byKey = new Map()
    ratingCache.set(rules, byKey)
  }
  const key = `${unitType}\n${status}`
  const cached = byKey.get(key)
  // A copy: callers put a counter's own ratings over the type's.
  if (cached !== undefined) return { ...cached }
  const ratings = computeRatings(rules, unitType, status)
  byKey.set(key, Object.freeze({ ...ratings }))
  return ratings
}

function computeRatings(rules: LoadedRuleset, unitType: string, status: string): RatingValues {
  const type = requireType(rules, unitType)
  const ratings: RatingValues = {}
  for (const rating of rules.ruleset.ratings ?? [])
    if (rating.default !== undefined) ratings[rating.key] = rating.default
  Object.assign(ratings, rules.unitClasses.get(type.class)?.ratings ?? {}, type.ratings ?? {})
  for (const s of ratingStatuses(rules, status)) {
    const byStatus =
      type.ratingsByStatus !== undefined && Object.hasOwn(type.ratingsByStatus, s)
        ? type.ratingsByStatus[s]
        : undefined
    Object.assign(ratings, byStatus ?? {})
  }
  return ratings
}

const flagCache = new WeakMap<LoadedRuleset, Map<string, Readonly<Record<string, boolean>>>>()
const ratingCache = new WeakMap<LoadedRuleset, Map<string, Readonly<RatingValues>>>()

/** The flags a unit type has: its class's and its own, less those it is written without. */
export function typeFlags(
  type: Pick<UnitType, 'flags' | 'withoutFlags'>,
  unitClass: { flags?: readonly string[] } | undefined,
): Set<string> {
  const flags = new Set([...(unitClass?.flags ?? []), ...(type.flags ?? [])])
  for (const flag of type.withoutFlags ?? []) flags.delete(flag)
  return flags
}

/**
 * Every flag the ruleset declares, true when the class or type has it and the type does not
 * drop it. Derived from content only, so worked out once per ruleset and type (read-only).
 */
export function flagsFor(
  rules: LoadedRuleset,
  unitType: string,
): Readonly<Record<string, boolean>> {
  let byType = flagCache.get(rules)
  if (byType === undefined) {
    byType = new Map()
    flagCache.set(rules, byType)
  }
  const cached = byType.get(unitType)
  if (cached !== undefined) return cached
  const type = requireType(rules, unitType)
  const flags: Record<string, boolean> = Object.fromEntries(
    (rules.ruleset.unitFlags ?? []).map((f) => [f.key, false]),
  )
  for (const flag of typeFlags(type, rules.unitClasses.get(type.class))) flags[flag] = true
  const frozen = Object.freeze(flags)
  byType.set(unitType, frozen)
  return frozen
}
