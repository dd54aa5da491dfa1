/**
 * Command range: the hexes a leader commands, counted in hexes (not movement points) along any
 * path that avoids what the ruleset says blocks it, and the units in command — inside the range,
 * or next to an in-command unit (of the same command, by the ruleset's chain rule).
 */
import { boardOf } from '../state/board'
import type { UnitState } from '../state/game-state'
import { fromArrangement } from '../state/occupancy'
import { isLeader } from './forces'
import { enemyUnits, influenceMap, unitFlags, unitRatings } from './influence'
import type { PlayContext } from './procedure'
import { stepCost } from './terrain-costs'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** The leader's command range in hexes (his rating named by mechanics.command.rangeRating). */
export function commandRangeOf(ctx: Ctx, leader: string): number {
  const key = ctx.loaded.rules.ruleset.mechanics?.command?.rangeRating
  if (key === undefined) return 0
  const value = unitRatings(ctx, leader)[key]
  return typeof value === 'number' ? value : 0
}

/**
 * Every hex within the leader's command range, with its distance along unblocked paths. What
 * blocks the range depends on where units stand only, so the area is kept (by occupancy) until
 * a unit moves, for each range the leader may have.
 */
export function commandArea(ctx: Ctx, leader: string): ReadonlyMap<string, number> {
  const unit = ctx.state.units[leader]
  if (unit === undefined || unit.location !== 'map' || unit.hex === null) return new Map()
  const range = commandRangeOf(ctx, leader)
  return fromArrangement(ctx.loaded, ctx.state, `command-area|${leader}|${range}`, () =>
    workOutArea(ctx, unit.hex as string, unit.side, range),
  )
}

function workOutArea(ctx: Ctx, at: string, side: string, range: number): Map<string, number> {
  const area = new Map<string, number>()
  const unit = { hex: at, side }
  const settings = ctx.loaded.rules.ruleset.mechanics?.command ?? {}
  const blockers = new Set(settings.blockedBy ?? [])
  const board = boardOf(ctx.loaded)
  const enemyHexes = new Set(enemyUnits(ctx, unit.side).map((e) => ctx.state.units[e]?.hex ?? ''))
  const influenced = blockers.has('enemy-influence-unless-friendly')
    ? influenceMap(ctx, unit.side)
    : new Map<string, string[]>()
  const friendlyHexes = new Set<string>()
  for (const id in ctx.state.units) {
    const u = ctx.state.units[id] as UnitState
    if (u.side === side && u.location === 'map' && !isLeader(ctx.loaded, id))
      friendlyHexes.add(u.hex ?? '')
  }
  const classes = ctx.loaded.rules.ruleset.terrain.movementClasses
    .filter((c) => c.cheapestOf === undefined)
    .map((c) => c.id)
  const blocked = (from: string, to: string): boolean => {
    if (blockers.has('enemy-units') && enemyHexes.has(to)) return true
    if (
      blockers.has('leader-impassable') &&
      settings.leaderClass !== undefined &&
      stepCost(ctx.loaded, from, to, settings.leaderClass) === null
    )
      return true
    if (
      blockers.has('impassable-to-all') &&
      classes.every((c) => stepCost(ctx.loaded, from, to, c) === null)
    )
      return true
    if (
      blockers.has('enemy-influence-unless-friendly') &&
      influenced.has(to) &&
      !friendlyHexes.has(to)
    )
      return true
    return false
  }
  area.set(unit.hex, 0)
  let frontier = [unit.hex]
  for (let d = 1; d <= range && frontier.length > 0; d++) {
    const next: string[] = []
    for (const from of frontier) {
      for (const to of board.neighbors(from)) {
        if (area.has(to) || blocked(from, to)) continue
        area.set(to, d)
        next.push(to)
      }
    }
    frontier = next
  }
  return area
}

/** Units of `command` that are in command now: in the leader's range, or chained to one that is. */
export function unitsInCommand(ctx: Ctx, command: string, leader: string | null): Set<string> {
  const settings = ctx.loaded.rules.ruleset.mechanics?.command ?? {}
  const inCommand = new Set<string>()
  const own = Object.entries(ctx.state.units).filter(
    ([id, u]) =>
      u.command === command && u.location === 'map' && u.hex !== null && !isLeader(ctx.loaded, id),
  )
  const always = settings.alwaysInCommandFlag
  const area: ReadonlyMap<string, number> =
    leader === null ? new Map<string, number>() : commandArea(ctx, leader)
  for (const [id, u] of own) {
    if (
      area.has(u.hex as string) ||
      (always !== undefined && leader !== null && unitFlags(ctx, id)[always])
    )
      inCommand.add(id)
  }
  const chain = settings.chain ?? 'same-command'
  if (chain === 'none' || leader === null) return inCommand
  const board = boardOf(ctx.loaded)
  // Chain outwards until no more units join.
  let grew = true
  while (grew) {
    grew = false
    const hexes = new Set([...inCommand].map((id) => ctx.state.units[id]?.hex ?? ''))
    for (const [id, u] of own) {
      if (inCommand.has(id)) continue
      if (board.neighbors(u.hex as string).some((h) => hexes.has(h))) {
        inCommand.add(id)
        grew = true
      }
    }
  }
  return inCommand
}

/** Whether unit `id` stands inside leader `leader`'s command range (direct, no chain). */
export function inRangeOf(ctx: Ctx, leader: string, id: string): boolean {
  const hex = ctx.state.units[id]?.hex
  return hex !== null && hex !== undefined && commandArea(ctx, leader).has(hex)
}
