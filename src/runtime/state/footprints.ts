/**
 * Counters that fill two hexes (a rider on horseback: unit type `footprint: two-hex`). The state
 * keeps the front hex (`hex`) and the heading (`facing`, a hexside clock position pointing from
 * the rear hex to the front one); the rear hex is derived, so the two halves can never be apart.
 * Every question about where a unit is that a two-hex counter changes goes through here: the
 * hexes it covers, the units covering a hex, whether two units touch. A one-hex unit covers its
 * own hex only, so these give the usual answers for games without two-hex counters.
 */
import { clockOfDirection, cubeSub, neighborAtClock } from '../hex'
import type { LoadedScenario } from '../rules/loaded'
import { boardOf } from '../state/board'
import type { GameState } from '../state/game-state'
import { fromArrangement, occupiedHexes, unitsAt } from '../state/occupancy'

type Ctx = { loaded: LoadedScenario; state: GameState }

/** Whether units of `type` fill two hexes. */
export function isTwoHex(loaded: LoadedScenario, type: string): boolean {
  return loaded.rules.unitTypes.get(type)?.footprint === 'two-hex'
}

/**
 * The rear hex of a two-hex counter with its front in `front` and heading `facing`, or null when
 * it would be off the map.
 */
export function rearHex(loaded: LoadedScenario, front: string, facing: number): string | null {
  return hexAtClock(loaded, front, facing + 6)
}

/** The neighbour of `hex` on its side at clock position `clock`, or null off the map. */
export function hexAtClock(loaded: LoadedScenario, hex: string, clock: number): string | null {
  const board = boardOf(loaded)
  const i = board.indexOf(hex)
  if (i < 0) return null
  const j = neighbourAt(loaded, i, clock)
  return j < 0 ? null : board.labelAt(j)
}

/** The side clock position pointing from hex `a` to the next hex `b`; null when not neighbours. */
export function headingBetween(loaded: LoadedScenario, a: string, b: string): number | null {
  const board = boardOf(loaded)
  const from = board.cubeOf(a)
  const to = board.cubeOf(b)
  if (from === null || to === null) return null
  return clockOfDirection(cubeSub(to, from), loaded.map.grid.orientation)
}

/** UNKNOWN: not worked out yet; OFF_MAP: no hex there. */
const UNKNOWN = -2
const OFF_MAP = -1

/**
 * The number (Board.indexOf) of the neighbour of hex number `i` at clock position `clock`, or
 * -1 off the map: a table per scenario, filled as it is asked (the map's geometry only).
 */
export function neighbourAt(loaded: LoadedScenario, i: number, clock: number): number {
  let table = neighbours.get(loaded)
  const board = boardOf(loaded)
  if (table === undefined) {
    table = new Int32Array(board.allHexes().length * 12).fill(UNKNOWN)
    neighbours.set(loaded, table)
  }
  const at = ((clock % 12) + 12) % 12
  const slot = i * 12 + at
  let found = table[slot] as number
  if (found === UNKNOWN) {
    const cube = board.cubeOf(board.labelAt(i))
    const label = cube === null ? null : board.labelIfOnMap(neighborAtClock(cube, at))
    found = label === null ? OFF_MAP : board.indexOf(label)
    table[slot] = found
  }
  return found
}

/** Neighbours by hex number and clock position, per scenario. */
const neighbours = new WeakMap<LoadedScenario, Int32Array>()

/** The hexes unit `id` covers on the map: its own, and for a two-hex counter its rear hex too. */
export function hexesOf(ctx: Ctx, id: string): readonly string[] {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.location !== 'map' || unit.hex === null) return []
  if (unit.facing === null || !isTwoHex(ctx.loaded, unit.type)) return [unit.hex]
  const rear = rearHex(ctx.loaded, unit.hex, unit.facing)
  return rear === null ? [unit.hex] : [unit.hex, rear]
}

/** Whether any unit type of the rules fills two hexes (once per scenario). */
function anyTwoHex(loaded: LoadedScenario): boolean {
  let found = twoHexRules.get(loaded)
  if (found === undefined) {
    found = [...loaded.rules.unitTypes.values()].some((t) => t.footprint === 'two-hex')
    twoHexRules.set(loaded, found)
  }
  return found
}

const twoHexRules = new WeakMap<LoadedScenario, boolean>()

/**
 * Every hex covered by a unit on the map, with the units covering it in state order. Where no
 * unit type fills two hexes, that is the occupancy index, kept up to date move by move.
 */
export function coverage(ctx: Ctx): ReadonlyMap<string, readonly string[]> {
  if (!anyTwoHex(ctx.loaded)) return occupiedHexes(ctx.state)
  return fromArrangement(ctx.loaded, ctx.state, 'footprints|coverage', () => {
    const map = new Map<string, string[]>()
    for (const id in ctx.state.units)
      for (const hex of hexesOf(ctx, id)) {
        const list = map.get(hex)
        if (list === undefined) map.set(hex, [id])
        else list.push(id)
      }
    return map
  })
}

const NOBODY: readonly string[] = Object.freeze([])

/** The units covering `hex` (in it, or with the rear half of their counter in it). */
export function unitsCovering(ctx: Ctx, hex: string): readonly string[] {
  if (!anyTwoHex(ctx.loaded)) return unitsAt(ctx.state, hex)
  return coverage(ctx).get(hex) ?? NOBODY
}

/**
 * Two-hex counters on the map that do not stand on two neighbouring hexes of the map (no
 * heading, or the rear half off the map), as sentences: what a game must never come to.
 */
export function footprintProblems(loaded: LoadedScenario, state: GameState): string[] {
  const out: string[] = []
  const board = boardOf(loaded)
  for (const [id, unit] of Object.entries(state.units)) {
    if (unit.location !== 'map' || unit.hex === null || !isTwoHex(loaded, unit.type)) continue
    const rear = unit.facing === null ? null : rearHex(loaded, unit.hex, unit.facing)
    if (rear === null || board.distance(unit.hex, rear) !== 1)
      out.push(`unit ${id} fills two hexes but stands on ${unit.hex} alone`)
  }
  return out
}

/** The hexes next to unit `id`'s counter, its own hexes left out. */
export function hexesAround(ctx: Ctx, id: string): string[] {
  const board = boardOf(ctx.loaded)
  const own = hexesOf(ctx, id)
  const out: string[] = []
  for (const hex of own)
    for (const near of board.neighbors(hex))
      if (!own.includes(near) && !out.includes(near)) out.push(near)
  return out
}

/** Whether a hex of unit `a` is next to a hex of unit `b`. */
export function touching(ctx: Ctx, a: string, b: string): boolean {
  const mine = hexesOf(ctx, a)
  const theirs = hexesOf(ctx, b)
  const board = boardOf(ctx.loaded)
  return mine.some((x) => theirs.some((y) => board.distance(x, y) === 1))
}
