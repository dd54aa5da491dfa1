/**
 * Questions about hexes that carrying out results asks: who is in a hex, whether one more unit
 * fits there, which hexes a side may not be pushed into, which facings a counter may take, whether
 * a leader is surrounded, where a unit can get to without crossing enemy units.
 */
import { countsForStacking, stackFits } from '../../state/stacking'
import { boardOf } from '../../state/board'
import { hexesOf, unitsCovering } from '../../state/footprints'
import { stanceAt } from '../stances'
import { isEquipment } from '../equipment'
import type { PendingEffect } from '../../state/log'
import { isLeader } from '../forces'
import { influenceMap, movementClassOf } from '../influence'
import type { PlayContext } from '../procedure'
import { hexEntryCost, stepCost } from '../terrain-costs'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/**
 * Combat units (not leaders) of `side` in the hex, or of every other side with `enemy`.
 * Equipment (a wagon) is no combat unit: what its hexes do is in ./harnessed.ts.
 */
export function combatIn(ctx: Ctx, hex: string, side: string, enemy = false): string[] {
  return unitsCovering(ctx, hex).filter(
    (id) =>
      !isLeader(ctx.loaded, id) &&
      (ctx.state.units[id]?.side === side) !== enemy &&
      !isEquipment(ctx, id),
  )
}

export function leadersOf(ctx: Ctx, hex: string, side: string, enemy = false): string[] {
  return unitsCovering(ctx, hex).filter(
    (id) => isLeader(ctx.loaded, id) && (ctx.state.units[id]?.side === side) !== enemy,
  )
}

/**
 * Whether unit `id` may end in `hex`: no enemy combat unit there, and the stacking rules allow it
 * with the friendly units there (the limit, a host taking in a guest).
 */
export function fits(ctx: Ctx, id: string, hex: string): boolean {
  const unit = ctx.state.units[id]
  if (unit === undefined) return false
  if (combatIn(ctx, hex, unit.side, true).length > 0) return false
  // A two-hex counter needs room for its rear half too.
  if (hexesOf(ctx, id).length === 2 && stanceAt(ctx, id, hex, unit.hex) === null) return false
  if (ctx.loaded.rules.ruleset.board?.stacking?.limit === undefined) return true
  if (!countsForStacking(ctx, id)) return true
  const here = unitsCovering(ctx, hex).filter(
    (other) => other !== id && ctx.state.units[other]?.side === unit.side,
  )
  return stackFits(ctx, [...here, id])
}

/** Hexes closed to `side`'s units pushed by a result: its enemies' reinforcement entry hexes. */
export function closedHexes(ctx: Ctx, side: string, kinds: readonly string[]): Set<string> {
  const closed = new Set<string>()
  if (!kinds.includes('enemy-reinforcement-entry')) return closed
  const regions = ctx.loaded.map.map.regions ?? []
  for (const other of ctx.loaded.scenario.sides) {
    if (other.id === side) continue
    for (const group of other.reinforcements ?? []) {
      for (const hex of group.entry?.hexes ?? []) closed.add(hex)
      const region = regions.find((r) => r.id === group.entry?.region)
      for (const hex of region?.hexes ?? []) closed.add(hex)
    }
  }
  return closed
}

/** Facings the unit may take: its own first, then every other one; none for a counter without facing. */
export function facingChoices(ctx: Ctx, id: string, mayTurn: boolean): (number | undefined)[] {
  const current = ctx.state.units[id]?.facing ?? null
  // A two-hex counter's heading follows from where it goes (stanceAt).
  if (current === null || hexesOf(ctx, id).length === 2) return [undefined]
  if (!mayTurn) return [undefined]
  const board = boardOf(ctx.loaded)
  const all: number[] = []
  for (let clock = 0; clock < 12; clock++) if (board.facingProblem(clock) === null) all.push(clock)
  return [current, ...all.filter((c) => c !== current)]
}

/**
 * A piece in `hex` is surrounded when no neighbouring hex is an exit: off the map and terrain it
 * cannot enter never are, and the settings add hexes holding enemy combat units or under enemy
 * influence.
 */
export function isSurrounded(
  ctx: Ctx,
  id: string,
  hex: string,
  closedBy: readonly ('enemy-units' | 'enemy-influence')[],
): boolean {
  const unit = ctx.state.units[id]
  if (unit === undefined) return false
  const board = boardOf(ctx.loaded)
  const moveClass = movementClassOf(ctx, id)
  const influence = closedBy.includes('enemy-influence') ? influenceMap(ctx, unit.side) : null
  const near = board.neighbors(hex)
  // The map edge is no exit; with fewer than six neighbours those sides are closed already.
  return near.every((to) => {
    if (stepCost(ctx.loaded, hex, to, moveClass) === null) return true
    if (closedBy.includes('enemy-units') && combatIn(ctx, to, unit.side, true).length > 0)
      return true
    return influence !== null && (influence.get(to)?.length ?? 0) > 0
  })
}

/** Reachable areas remembered per scenario, by movement class, start and enemy positions. */
const reachCache = new WeakMap<Ctx['loaded'], Map<string, ReadonlySet<string>>>()

/** Areas remembered per scenario: the tries of one decision meet the same few. */
const REACH_KEPT = 256

/**
 * Every hex the unit could reach from `start` stepping through terrain its class may enter and no
 * enemy combat unit. It depends only on those, so it is remembered by them across states (the
 * computer player tries an action on many copies of one state).
 */
export function reachable(ctx: Ctx, id: string, start: string): ReadonlySet<string> {
  const unit = ctx.state.units[id]
  if (unit === undefined) return new Set<string>([start])
  const moveClass = movementClassOf(ctx, id)
  const blocked = new Set<string>()
  for (const other in ctx.state.units) {
    const u = ctx.state.units[other] as { side: string; location: string; hex: string | null }
    if (u.side !== unit.side && u.location === 'map' && u.hex !== null)
      if (!isLeader(ctx.loaded, other)) blocked.add(u.hex)
  }
  const key = `${moveClass}|${start}|${[...blocked].sort().join(',')}`
  let cache = reachCache.get(ctx.loaded)
  if (cache === undefined) {
    cache = new Map()
    reachCache.set(ctx.loaded, cache)
  }
  const known = cache.get(key)
  if (known !== undefined) return known
  const seen = new Set<string>([start])
  const board = boardOf(ctx.loaded)
  const queue = [start]
  for (let next = 0; next < queue.length; next++) {
    const at = queue[next] as string
    for (const to of board.neighbors(at)) {
      if (seen.has(to)) continue
      if (stepCost(ctx.loaded, at, to, moveClass) === null) continue
      if (blocked.has(to)) continue
      seen.add(to)
      queue.push(to)
    }
  }
  if (cache.size >= REACH_KEPT) cache.clear()
  cache.set(key, seen)
  return seen
}

/** Whether the unit's movement class may be in `hex` at all. */
export function enterable(ctx: Ctx, id: string, hex: string): boolean {
  return hexEntryCost(ctx.loaded, hex, movementClassOf(ctx, id)) !== null
}

/** Where a unit of the resolution stands now, or stood when its effects began. */
export function positionOf(ctx: Ctx, id: string, pending?: PendingEffect): string | null {
  const unit = ctx.state.units[id]
  if (unit?.location === 'map' && unit.hex !== null) return unit.hex
  return pending?.hexes?.[id] ?? null
}

/** The enemy units of the resolution that produced `pending`, as seen from unit `id`. */
export function causersOf(ctx: Ctx, id: string, pending: PendingEffect): string[] {
  const side = ctx.state.units[id]?.side
  const all = [
    ...(pending.participants?.attackers ?? []),
    ...(pending.participants?.defenders ?? []),
  ]
  return [...new Set(all)].filter(
    (other) => ctx.state.units[other]?.side !== side && !isLeader(ctx.loaded, other),
  )
}
