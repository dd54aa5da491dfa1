/**
 * What the scenario view needs from the resolved ruleset, read generically: unit types by
 * class, the facing mode, optional rules, victory conditions and the per-side parameters the
 * ruleset declares.
 */
import type { ResolvedRuleset, Scenario, UnitType, VictoryCondition } from '../../runtime'
import type { FacingMode } from './facing-rotation'

export interface TypeGroup {
  classId: string
  label: string
  types: UnitType[]
}

/** Unit types grouped by their class, classes in the ruleset's order, unknown classes last. */
export function typesByClass(ruleset: ResolvedRuleset | undefined): TypeGroup[] {
  if (!ruleset) return []
  const groups = new Map<string, TypeGroup>()
  for (const c of ruleset.unitClasses ?? [])
    groups.set(c.id, { classId: c.id, label: c.label, types: [] })
  for (const t of ruleset.unitTypes ?? []) {
    let g = groups.get(t.class)
    if (!g) groups.set(t.class, (g = { classId: t.class, label: t.class, types: [] }))
    g.types.push(t)
  }
  return [...groups.values()].filter((g) => g.types.length > 0)
}

export function facingMode(ruleset: ResolvedRuleset | undefined): FacingMode {
  return ruleset?.board?.facing?.mode ?? 'none'
}

/** Whether an optional rule is on for this scenario: its value there, else the rule's default. */
export function optionOn(
  ruleset: ResolvedRuleset | undefined,
  scenario: Scenario,
  optionId: string,
): boolean {
  const v = scenario.options?.[optionId]
  if (v !== undefined) return v === true
  return (ruleset?.options ?? []).find((o) => o.id === optionId)?.default === true
}

export interface ConditionRow {
  id: string
  label: string
  /** From the ruleset, this scenario's own, or a ruleset condition the scenario drops. */
  origin: 'ruleset' | 'scenario'
  dropped: boolean
  condition?: VictoryCondition
  /** Index in the scenario's victory.conditions, when the scenario writes this id. */
  index?: number
}

/** The battle's victory conditions: the ruleset's with the scenario's replacements and drops. */
export function victoryRows(
  ruleset: ResolvedRuleset | undefined,
  scenario: Scenario,
): ConditionRow[] {
  const own = scenario.victory?.conditions ?? []
  const ownIndex = new Map(own.map((c, i) => [c.id, i]))
  const rows: ConditionRow[] = []
  for (const c of ruleset?.victory?.conditions ?? []) {
    const i = ownIndex.get(c.id)
    const mine = i === undefined ? undefined : own[i]
    const dropped = mine !== undefined && '$delete' in mine
    rows.push({
      id: c.id,
      label: c.label,
      origin: 'ruleset',
      dropped,
      condition: mine && !dropped ? (mine as VictoryCondition) : c,
      index: i,
    })
  }
  const known = new Set(rows.map((r) => r.id))
  own.forEach((c, i) => {
    if (known.has(c.id) || '$delete' in c) return
    rows.push({
      id: c.id,
      label: c.label,
      origin: 'scenario',
      dropped: false,
      condition: c,
      index: i,
    })
  })
  return rows
}

export interface ParameterField {
  key: string
  /** The ruleset's label, or the key itself for a value the ruleset does not declare. */
  label: string
  type: 'number' | 'boolean' | 'string'
  /** The value used when a side leaves it out; null: may stay unset; undefined: must be set. */
  default?: number | boolean | string | null
  /** Help for the field: the declaration's description and its rule. */
  help: string
  declared: boolean
}

/**
 * The fields of a side's parameters: those the ruleset declares (sideParameters), in its order,
 * then any key a side sets that it does not declare (shown so it can be seen and removed; the
 * validator refuses it).
 */
export function sideParameterFields(
  ruleset: ResolvedRuleset | undefined,
  scenario: Scenario,
): ParameterField[] {
  const fields: ParameterField[] = (ruleset?.sideParameters ?? []).map((p) => ({
    key: p.key,
    label: p.label,
    type: p.type,
    default: p.default,
    help: [p.description, p.rule === undefined ? undefined : `Rule ${p.rule}.`]
      .filter(Boolean)
      .join(' '),
    declared: true,
  }))
  const known = new Set(fields.map((f) => f.key))
  for (const side of scenario.sides ?? [])
    for (const [key, value] of Object.entries(side.parameters ?? {})) {
      if (known.has(key)) continue
      known.add(key)
      const type =
        typeof value === 'boolean' ? 'boolean' : typeof value === 'string' ? 'string' : 'number'
      fields.push({
        key,
        label: key,
        type,
        help: 'The ruleset does not declare this parameter.',
        declared: false,
      })
    }
  return fields
}

/** Tracks each side starts with a value on (a time track, victory points). */
export function sideTracks(ruleset: ResolvedRuleset | undefined): { id: string; label: string }[] {
  return (ruleset?.tracks ?? [])
    .filter((t) => t.scope === 'side')
    .map((t) => ({ id: t.id, label: t.label }))
}

const WHEN: Record<VictoryCondition['at'], string> = {
  'after-free-activation': 'after each free activation',
  'activation-end': 'at the end of each activation',
  'player-turn-end': 'at the end of each player turn',
  'turn-end': 'at the end of each turn',
  'game-end': 'at the end of the game',
  'any-time': 'at any time',
}

const OUTCOME = { win: 'wins', lose: 'loses', draw: 'draws' } as const

/**
 * A victory condition in words for its row, from the ruleset's labels: the check a side makes
 * (its resolution's label), the track compared and its tiers, and when it is looked at.
 */
export function conditionWords(
  ruleset: ResolvedRuleset | undefined,
  c: VictoryCondition | undefined,
): string {
  if (!c) return ''
  const when = WHEN[c.at] ?? c.at
  const outcome = OUTCOME[c.outcome ?? 'lose']
  switch (c.kind) {
    case 'check': {
      const r = ruleset?.resolutions?.find((x) => x.id === c.resolution)
      return `each side makes a ${r?.label ?? c.resolution ?? 'check'} ${when}; a side that fails it ${outcome}`
    }
    case 'threshold':
      return `a side ${outcome} when its condition holds, ${when}`
    case 'points': {
      const t = ruleset?.tracks?.find((x) => x.id === c.track)
      const tiers = (c.tiers ?? []).map((x) => x.label).join(', ')
      return `${t?.label ?? c.track ?? 'points'} compared ${when}${tiers ? ` (${tiers})` : ''}`
    }
    case 'elimination':
      return `a side with no units left ${outcome}, ${when}`
  }
}
