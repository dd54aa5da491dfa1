/**
 * The ruleset's settings for carrying out results (mechanics.results, with the defaults of
 * schemas/mechanic-results.schema.json), and the unit filters they are written with.
 */
import type { CombatResultsMechanics } from '../../generated/content-types'
import { flagsFor } from '../../rules'
import type { PlayContext } from '../procedure'
import { ruleField } from '../../state/failure'

type Section<K extends keyof CombatResultsMechanics> = NonNullable<CombatResultsMechanics[K]>
export type UnitFilter = NonNullable<Section<'advance'>['priority']>[number]
type LeadersGo = 'must' | 'may' | 'stay'
type Closed = 'enemy-reinforcement-entry'

export interface RetreatSettings {
  mayTurn: boolean
  intoEnemyLeaderOrStandard: boolean
  closedHexes: Closed[]
  throughFriends: Section<'retreat'>['throughFriends']
  leaders: LeadersGo
  rule?: string
}

export interface AdvanceSettings {
  continuedAttackMarker?: string
  barred: UnitFilter[]
  needsContinuedAttack: UnitFilter[]
  priority: UnitFilter[]
  mayTurn: boolean
  leaders: LeadersGo
  closedHexes: Closed[]
  rule?: string
}

export interface RetireSettings {
  placement: 'within' | 'nearest'
  within: number
  withOwnStandard: boolean
  eliminateEvent: string
  mayTurn: boolean
  rule?: string
}

export interface LeaderSettings {
  displaceWhen: string[]
  surroundedBy: ('enemy-units' | 'enemy-influence')[]
  captureEvent: string
  toReinforcements: boolean
  removeWithoutUnits: boolean
  rule?: string
}

export interface StandardSettings {
  onEnemyEntry: 'displace' | 'capture'
  captureEvent: string
  retiredStatuses: string[]
  rule?: string
}

type Ctx = Pick<PlayContext, 'loaded'>

function section(ctx: Ctx): CombatResultsMechanics {
  return ctx.loaded.rules.ruleset.mechanics?.results ?? {}
}

export function retreatSettings(ctx: Ctx): RetreatSettings {
  const s = section(ctx).retreat ?? {}
  return {
    mayTurn: s.mayTurn ?? true,
    intoEnemyLeaderOrStandard: s.intoEnemyLeaderOrStandard ?? true,
    closedHexes: s.closedHexes ?? [],
    throughFriends: s.throughFriends,
    leaders: s.leaders ?? 'must',
    ...ruleField(s.rule),
  }
}

export function advanceSettings(ctx: Ctx): AdvanceSettings {
  const s = section(ctx).advance ?? {}
  return {
    ...(s.continuedAttackMarker === undefined
      ? {}
      : { continuedAttackMarker: s.continuedAttackMarker }),
    barred: s.barred ?? [],
    needsContinuedAttack: s.needsContinuedAttack ?? [],
    priority: s.priority ?? [],
    mayTurn: s.mayTurn ?? true,
    leaders: s.leaders ?? 'may',
    closedHexes: s.closedHexes ?? [],
    ...ruleField(s.rule),
  }
}

export function retireSettings(ctx: Ctx): RetireSettings {
  const s = section(ctx).retire ?? {}
  return {
    placement: s.placement ?? 'within',
    within: s.within ?? 1,
    withOwnStandard: s.withOwnStandard ?? false,
    eliminateEvent: s.eliminateEvent ?? 'eliminate',
    mayTurn: s.mayTurn ?? true,
    ...ruleField(s.rule),
  }
}

export function leaderSettings(ctx: Ctx): LeaderSettings {
  const s = section(ctx).leaders ?? {}
  return {
    displaceWhen: s.displaceWhen ?? [],
    surroundedBy: s.surroundedBy ?? ['enemy-units'],
    captureEvent: s.captureEvent ?? 'eliminate',
    toReinforcements: s.toReinforcements ?? true,
    removeWithoutUnits: s.removeWithoutUnits ?? true,
    ...ruleField(s.rule),
  }
}

export function standardSettings(ctx: Ctx): StandardSettings {
  const s = section(ctx).standards ?? {}
  return {
    onEnemyEntry: s.onEnemyEntry ?? 'displace',
    captureEvent: s.captureEvent ?? 'eliminate',
    retiredStatuses: s.retiredStatuses ?? [],
    ...ruleField(s.rule),
  }
}

/** Whether the unit matches the filter: all its flags, one of its statuses or types, a marker. */
export function matchesFilter(
  ctx: Pick<PlayContext, 'loaded' | 'state'>,
  id: string,
  filter: UnitFilter,
): boolean {
  const unit = ctx.state.units[id]
  if (unit === undefined) return false
  if (filter.types !== undefined && !filter.types.includes(unit.type)) return false
  if (filter.statuses !== undefined && !filter.statuses.includes(unit.status)) return false
  if (filter.markers !== undefined && !filter.markers.some((m) => (unit.markers[m] ?? 0) > 0))
    return false
  if (filter.flags !== undefined) {
    const flags = flagsFor(ctx.loaded.rules, unit.type)
    if (!filter.flags.every((f) => flags[f] === true)) return false
  }
  return true
}

export function matchesAny(
  ctx: Pick<PlayContext, 'loaded' | 'state'>,
  id: string,
  filters: readonly UnitFilter[],
): boolean {
  return filters.some((f) => matchesFilter(ctx, id, f))
}
