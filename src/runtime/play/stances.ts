/**
 * How a two-hex counter (a rider) stands and steps: its stance (front hex and heading), how a
 * hex next to it lies relative to its heading (ahead, a front diagonal, a flank…), the stance
 * after a step, and where it may stand. What the movement and the charges of such counters share.
 */
import { unitCanAct } from './forces'
import type { Cube } from '../hex'
import { classifyFootprintStep, frontalArc, moveFootprint } from '../hex'
import type { FootprintStep } from '../hex'
import { boardOf } from '../state/board'
import {
  coverage,
  hexAtClock,
  hexesOf,
  neighbourAt,
  rearHex,
  unitsCovering,
} from '../state/footprints'
import { movementClassOf } from './influence'
import type { PlayContext } from './procedure'
import { hexEntryCost } from './terrain-costs'
import { remainsEntry } from '../state/remains'
import { equipmentEntry } from './equipment'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** A two-hex counter's place: its front hex and its heading (rear → front, a side clock). */
export interface Stance {
  front: string
  heading: number
}

export function stanceOf(ctx: Ctx, id: string): Stance | null {
  const unit = ctx.state.units[id]
  if (unit?.location !== 'map' || unit.hex === null || unit.facing === null) return null
  if (hexesOf(ctx, id).length < 2) return null
  return { front: unit.hex, heading: unit.facing }
}

function cubeOf(ctx: Ctx, hex: string): Cube {
  return boardOf(ctx.loaded).cubeOf(hex) as Cube
}

/** How `to` lies from the stance (ahead, a front diagonal…), or null when not next to it. */
export function stepKind(ctx: Ctx, from: Stance, to: string): FootprintStep | null {
  const target = boardOf(ctx.loaded).cubeOf(to)
  if (target === null) return null
  const fp = { front: cubeOf(ctx, from.front), heading: from.heading }
  return classifyFootprintStep(fp, target, ctx.loaded.map.grid.orientation)
}

/** The stance after the front moves into `to` (the rear follows), or null when it cannot. */
export function stepTo(ctx: Ctx, from: Stance, to: string): Stance | null {
  const board = boardOf(ctx.loaded)
  const target = board.cubeOf(to)
  if (target === null) return null
  const moved = moveFootprint({ front: cubeOf(ctx, from.front), heading: from.heading }, target)
  return moved === null ? null : { front: to, heading: moved.heading }
}

/**
 * The steps of each kind from a stance, with the hex the front enters and the stance after it
 * (worked out from the heading, without classifying every hex around): ahead and the front
 * diagonals from the front hex; the flank hexes beside both halves (the old front becomes the
 * rear); the rear diagonals and the hex behind, from the rear hex (the old rear stays).
 */
export function stepsFrom(
  ctx: Ctx,
  stance: Stance,
  kinds: readonly FootprintStep[],
): { kind: FootprintStep; to: string; stance: Stance }[] {
  const { loaded } = ctx
  const h = stance.heading
  const rear = rearHex(loaded, stance.front, h)
  const out: { kind: FootprintStep; to: string; stance: Stance }[] = []
  for (const { kind, fromRear, turn } of stepMoves(kinds)) {
    const from = fromRear ? rear : stance.front
    const to = from === null ? null : hexAtClock(loaded, from, h + turn)
    if (to !== null) out.push({ kind, to, stance: { front: to, heading: clockOf(h + turn) } })
  }
  return out
}

/**
 * A kind of step of a two-hex counter as the searches take it: the front enters the hex beside
 * its front hex (or its rear hex) at clock `turn` from its heading, and then heads that way.
 */
export interface StepMove {
  kind: FootprintStep
  fromRear: boolean
  turn: number
}

/** The steps of these kinds, in the order stepsFrom lists them. */
export function stepMoves(kinds: readonly FootprintStep[]): StepMove[] {
  return kinds.flatMap((kind): StepMove[] => {
    if (kind === 'ahead') return [{ kind, fromRear: false, turn: 0 }]
    if (kind === 'frontDiagonal') return [-2, 2].map((turn) => ({ kind, fromRear: false, turn }))
    if (kind === 'flank') return [-4, 4].map((turn) => ({ kind, fromRear: false, turn }))
    if (kind === 'rearDiagonal') return [-4, 4].map((turn) => ({ kind, fromRear: true, turn }))
    return [{ kind, fromRear: true, turn: 6 }]
  })
}

/** A clock position brought into 0…11. */
export const clockOf = (clock: number): number => ((clock % 12) + 12) % 12

/**
 * `standing` by numbers, for searches over many stances: a stance is its front's hex number
 * (Board.indexOf) and its heading, and the answer is what entering the front hex costs, or -1
 * when the stance may not be taken. Each hex's cost is read once.
 */
export function standingByNumber(ctx: Ctx, id: string): (front: number, heading: number) => number {
  const { loaded } = ctx
  const board = boardOf(loaded)
  const costOf = hexStanding(ctx, id)
  const known = new Float64Array(board.allHexes().length).fill(Number.NaN)
  const enter = (hex: number): number => {
    let cost = known[hex] as number
    if (Number.isNaN(cost)) {
      cost = costOf(board.labelAt(hex)) ?? -1
      known[hex] = cost
    }
    return cost
  }
  return (front, heading) => {
    const rear = neighbourAt(loaded, front, heading + 6)
    return rear < 0 || enter(rear) < 0 ? -1 : enter(front)
  }
}

/** The two hexes of a stance; the rear is null when it would be off the map. */
export function stanceHexes(ctx: Ctx, stance: Stance): [string, string | null] {
  return [stance.front, rearHex(ctx.loaded, stance.front, stance.heading)]
}

/** Whether the hex holds a unit of another side than `side` that is not out of action. */
function enemyIn(ctx: Ctx, side: string, hex: string): boolean {
  return unitsCovering(ctx, hex).some(
    (u) => ctx.state.units[u]?.side !== side && unitCanAct(ctx.loaded, ctx.state, u),
  )
}

/**
 * Whether unit `id` may stand with its front in `stance` (both hexes on the map, terrain its
 * movement class may enter, no enemy able to fight in either), and what entering the front hex
 * costs; null when it may not.
 */
export function stanceCost(ctx: Ctx, id: string, stance: Stance): number | null {
  return standing(ctx, id)(stance)
}

/**
 * stanceCost for one unit in the state as it is, for searches that ask it of many stances:
 * its movement class, the hexes enemies able to fight stand in and each hex's cost are read
 * once (the answer must not be kept past a change of the state).
 */
export function standing(ctx: Ctx, id: string): (stance: Stance) => number | null {
  const costOf = hexStanding(ctx, id)
  return (stance) => {
    const rear = rearHex(ctx.loaded, stance.front, stance.heading)
    if (rear === null || costOf(rear) === null) return null
    return costOf(stance.front)
  }
}

/**
 * What one hex costs unit `id`'s front to enter, for `standing`: null when either half may not
 * stand there (terrain, an enemy able to fight, remains that bar it). Read once per hex.
 */
export function hexStanding(ctx: Ctx, id: string): (hex: string) => number | null {
  const unit = ctx.state.units[id]
  if (unit === undefined) return () => null
  const moveClass = movementClassOf(ctx, id)
  const blocked = new Set<string>()
  for (const [hex] of coverage(ctx)) if (enemyIn(ctx, unit.side, hex)) blocked.add(hex)
  const costs = new Map<string, number | null>()
  return (hex: string): number | null => {
    let found = costs.get(hex)
    if (found === undefined) {
      found = blocked.has(hex) ? null : hexEntryCost(ctx.loaded, hex, moveClass)
      // Remains (corpses) bar both halves past a weight; below it the front pays their cost.
      const remains = found === null ? null : remainsEntry(ctx.loaded, ctx.state, hex)
      if (remains !== null) found = remains.ok ? (found as number) + remains.extra : null
      // Equipment (a wagon) likewise: its terrain's cost, or closed.
      const gear = found === null ? null : equipmentEntry(ctx, hex, moveClass, [id])
      if (gear !== null) found = gear.ok ? (found as number) + gear.extra : null
      costs.set(hex, found)
    }
    return found
  }
}

/**
 * Where a two-hex counter put with its front in `to` (a retreat, an advance) stands: the heading
 * whose rear hex is one it may stand in and held by nobody else, the rear nearest `from` (the
 * hex it comes from) first; null when no heading will do.
 */
export function stanceAt(ctx: Ctx, id: string, to: string, from: string | null): Stance | null {
  const board = boardOf(ctx.loaded)
  const orientation = ctx.loaded.map.grid.orientation
  const costOf = standing(ctx, id)
  let best: { stance: Stance; distance: number } | null = null
  for (let heading = 0; heading < 12; heading++) {
    if ((heading % 2 === 0) !== (orientation === 'flat')) continue
    const stance = { front: to, heading }
    if (costOf(stance) === null || !stanceFree(ctx, id, stance)) continue
    const rear = rearHex(ctx.loaded, to, heading) as string
    const distance = from === null ? 0 : board.distance(rear, from)
    if (best === null || distance < best.distance) best = { stance, distance }
  }
  return best?.stance ?? null
}

/** Whether the stance's hexes hold no unit but `id` itself (where a move may end). */
export function stanceFree(ctx: Ctx, id: string, stance: Stance): boolean {
  return stanceHexes(ctx, stance).every(
    (h) => h !== null && unitsCovering(ctx, h).every((u) => u === id),
  )
}

/** Whether any hex of `target` lies in the frontal arc of the stance. */
export function inFrontalArc(ctx: Ctx, stance: Stance, target: string): boolean {
  const fp = { front: cubeOf(ctx, stance.front), heading: stance.heading }
  const orientation = ctx.loaded.map.grid.orientation
  return hexesOf(ctx, target).some((h) => frontalArc(fp, cubeOf(ctx, h), orientation))
}

/** A stance as text, for maps and sets. */
export const stanceKey = (stance: Stance): string => `${stance.front}|${stance.heading}`
