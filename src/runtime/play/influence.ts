/**
 * Enemy influence: the hexes where an enemy unit hinders movement — all six around it
 * (adjacency), or only its frontal hexes when it exerts a zone of control (older editions).
 * Never into or across terrain the enemy could not enter itself. Which model applies, and which
 * units exert a zone, is the ruleset's mechanics.influence.
 */
import type { LoadedScenario } from '../rules/loaded'
import { flagsFor, ratingsFor } from '../rules'
import { boardOf } from '../state/board'
import { hexesAround } from '../state/footprints'
import { fromArrangement } from '../state/occupancy'
import { outOfBattleStatuses } from '../state/battle-statuses'
import { isEquipmentType } from '../state/roster'
import { isLeader } from './forces'
import type { PlayContext } from './procedure'
import { stepCost } from './terrain-costs'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export function unitFlags(ctx: Ctx, id: string): Record<string, boolean> {
  const unit = ctx.state.units[id]
  return unit === undefined ? {} : flagsFor(ctx.loaded.rules, unit.type)
}

/** The unit's ratings for its status, with the counter's own ratings over its type's. */
export function unitRatings(ctx: Ctx, id: string): Record<string, number | string | boolean> {
  const unit = ctx.state.units[id]
  if (unit === undefined) return {}
  return { ...ratingsFor(ctx.loaded.rules, unit.type, unit.status), ...unit.ratings }
}

/** The movement class of a unit: its type's, else its class's. */
export function movementClassOf(ctx: Ctx, id: string): string {
  const unit = ctx.state.units[id]
  if (unit === undefined) return ''
  const type = ctx.loaded.rules.unitTypes.get(unit.type)
  return (
    type?.movementClass ?? ctx.loaded.rules.unitClasses.get(type?.class ?? '')?.movementClass ?? ''
  )
}

/** Combat units (not leaders, not equipment) of other sides than `side` on the map, in state order. */
export function enemyUnits(ctx: Ctx, side: string): readonly string[] {
  return fromArrangement(
    ctx.loaded,
    ctx.state,
    `enemy-units|${side}`,
    () => {
      const out: string[] = []
      const units = ctx.state.units
      for (const id in units) {
        const u = units[id]
        if (u === undefined || u.side === side || u.location !== 'map' || u.hex === null) continue
        if (!isLeader(ctx.loaded, id) && !isEquipmentType(ctx.loaded, u.type)) out.push(id)
      }
      return out
    },
    side,
  )
}

/** The hexes enemy unit `id` influences, by the ruleset's model. */
export function influencedBy(ctx: Ctx, id: string): readonly string[] {
  const model = ctx.loaded.rules.ruleset.mechanics?.influence
  const unit = ctx.state.units[id]
  if (model === undefined || model.model === 'none' || unit === undefined || unit.hex === null)
    return []
  // A function of the unit's type, hex and facing only (and the content): remembered.
  let cache = influenceCache.get(ctx.loaded)
  if (cache === undefined) {
    cache = new Map()
    influenceCache.set(ctx.loaded, cache)
  }
  const key = `${unit.type}|${unit.hex}|${unit.facing ?? ''}`
  let found = cache.get(key)
  if (found === undefined) {
    found = Object.freeze(computeInfluence(ctx, id, unit.hex, unit.facing, model))
    cache.set(key, found)
  }
  return found
}

const influenceCache = new WeakMap<LoadedScenario, Map<string, readonly string[]>>()

function computeInfluence(
  ctx: Ctx,
  id: string,
  from: string,
  facing: number | null,
  model: NonNullable<NonNullable<LoadedScenario['rules']['ruleset']['mechanics']>['influence']>,
): string[] {
  const board = boardOf(ctx.loaded)
  const moveClass = movementClassOf(ctx, id)
  // Influence reaches a hex only where the unit itself could step.
  const reachable = (to: string) => stepCost(ctx.loaded, from, to, moveClass) !== null
  if (model.model === 'adjacency') return board.neighbors(from).filter(reachable)
  if (model.zoneFlag === undefined || !unitFlags(ctx, id)[model.zoneFlag] || facing === null)
    return []
  const front = model.frontSector ?? 'front'
  return board
    .neighbors(from)
    .filter((to) => board.sector(from, facing, to) === front && reachable(to))
}

/**
 * For every influenced hex, the enemy units (of `side`'s opponents) influencing it. A function
 * of where those units stand and face only, so kept until one of them moves or turns.
 */
export function influenceMap(ctx: Ctx, side: string): ReadonlyMap<string, readonly string[]> {
  return fromArrangement(
    ctx.loaded,
    ctx.state,
    `influence|${side}`,
    () => {
      const map = new Map<string, string[]>()
      for (const enemy of enemyUnits(ctx, side)) {
        for (const hex of influencedBy(ctx, enemy)) {
          const list = map.get(hex)
          if (list === undefined) map.set(hex, [enemy])
          else list.push(enemy)
        }
      }
      return map
    },
    side,
  )
}

/** Enemy combat units whose influence covers the unit's hex (next to it, or whose zone it is in). */
export function adjacentEnemies(ctx: Ctx, id: string): string[] {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.location !== 'map' || unit.hex === null) return []
  const hex = unit.hex
  return enemyUnits(ctx, unit.side).filter((e) => influencedBy(ctx, e).includes(hex))
}

/** Enemy combat units in hexes next to `hex` (plain adjacency, whatever the influence model). */
export function enemiesNextTo(ctx: Ctx, side: string, hex: string): string[] {
  const found = adjacencyMap(ctx, side).get(hex)
  if (found === undefined) return []
  // A fresh list, in state order: callers keep it in the state. A unit out of the battle (a
  // prisoner) holds nobody in contact; statuses are not kept with the arrangement, so read here.
  const out = outOfBattleStatuses(ctx.loaded)
  if (out.size === 0) return [...found]
  return found.filter((id) => !out.has(ctx.state.units[id]?.status ?? ''))
}

/**
 * For every hex next to an enemy combat unit (of `side`'s opponents), those units in state order.
 * Kept until one of them moves.
 */
function adjacencyMap(ctx: Ctx, side: string): ReadonlyMap<string, readonly string[]> {
  return fromArrangement(
    ctx.loaded,
    ctx.state,
    `adjacent-enemies|${side}`,
    () => {
      const map = new Map<string, string[]>()
      for (const enemy of enemyUnits(ctx, side)) {
        // Both halves of a two-hex counter (a rider) have neighbours.
        for (const near of hexesAround(ctx, enemy)) {
          const list = map.get(near)
          if (list === undefined) map.set(near, [enemy])
          else list.push(enemy)
        }
      }
      return map
    },
    side,
  )
}
