/**
 * The group a haul moves (haulage.ts): the hauled unit, a unit harnessed to it that it pulls
 * (harness.ts), and the crew. The group moves as one rigid piece. A step either shifts everyone
 * one hex the same way (the heading kept), or, for a two-hex unit whose type allows `turning`,
 * turns it: its front enters a hex diagonally ahead, its rear follows into the old front hex,
 * and every other member is carried round with it to the same place relative to it (the grid
 * turned by one hexside about the old front, then shifted onto the new one). Each member must be
 * able to stand where it is carried; the units hauled pay their terrain.
 */
import type { Cube } from '../../hex'
import { boardOf } from '../../state/board'
import {
  hexAtClock,
  headingBetween,
  isTwoHex,
  rearHex,
  unitsCovering,
} from '../../state/footprints'
import { remainsEntry } from '../../state/remains'
import type { UnitType } from '../../generated/content-types'
import { directionAtClock } from '../../hex'
import { equipmentEndProblem, equipmentEntry } from '../equipment'
import { countsForStacking } from '../../state/stacking'
import { unitCanAct } from '../forces'
import { movementClassOf } from '../influence'
import type { PlayContext } from '../procedure'
import { hexEntryCost, stepCost } from '../terrain-costs'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
type Haulage = NonNullable<UnitType['haulage']>

/** Where a member of the group stands: its (front) hex and heading. */
export interface Place {
  hex: string
  facing: number | null
}

/** Unit id → place; the hauled unit first, then the units it pulls, then the crew. */
export type Places = ReadonlyMap<string, Place>

/** One step of a checked haul: its cost and where everyone stands after it. */
export interface HaulStep {
  cost: number
  turned: boolean
  places: Record<string, Place>
}

/** Who moves in a haul. */
export interface Group {
  /** The hauled unit. */
  id: string
  h: Haulage
  /** Units harnessed to it that it pulls (they pay their terrain too, never stand aside). */
  pulled: readonly string[]
  crew: readonly string[]
}

export type GroupStep =
  | { ok: true; cost: number; turned: boolean; places: Map<string, Place> }
  | { ok: false; reason: string }

export function startPlaces(ctx: Ctx, g: Group): Map<string, Place> {
  const places = new Map<string, Place>()
  for (const u of [g.id, ...g.pulled, ...g.crew]) {
    const unit = ctx.state.units[u]
    places.set(u, { hex: unit?.hex as string, facing: unit?.facing ?? null })
  }
  return places
}

const norm = (clock: number): number => ((clock % 12) + 12) % 12

/** Turns a vector by one hexside, the way that takes clock `c` to `c + 2 * sign`. */
function turnVector(v: Cube, sign: number): Cube {
  const a = { q: -v.r, r: -v.s, s: -v.q }
  const d = directionAtClock(0)
  const d2 = directionAtClock(2 * sign)
  const ad = { q: -d.r, r: -d.s }
  return ad.q === d2.q && ad.r === d2.r ? a : { q: -v.s, r: -v.q, s: -v.r }
}

/** How the group's places change in a step: where each member goes, and whether it turns. */
interface Motion {
  place(u: string, at: Place): Place | null
  turned: boolean
}

/** The turning settings that apply to the group: the hauled unit's, else those of a unit it pulls. */
function turningOf(ctx: Ctx, g: Group): Haulage['turning'] {
  if (g.h.turning !== undefined) return g.h.turning
  for (const u of g.pulled) {
    const t = ctx.loaded.rules.unitTypes.get(ctx.state.units[u]?.type ?? '')?.haulage?.turning
    if (t !== undefined) return t
  }
  return undefined
}

function motionOf(ctx: Ctx, g: Group, at: Place, to: string): Motion | string {
  const clock = headingBetween(ctx.loaded, at.hex, to)
  if (clock === null) return `${to} is not next to ${at.hex}`
  const twoHex = isTwoHex(ctx.loaded, ctx.state.units[g.id]?.type ?? '')
  const rot = at.facing === null ? 0 : norm(clock - at.facing)
  const shift = (_u: string, p: Place): Place | null => {
    const hex = hexAtClock(ctx.loaded, p.hex, clock)
    return hex === null ? null : { hex, facing: p.facing }
  }
  const turns = turningOf(ctx, g) !== undefined
  const forward = rot === 0 || (turns && (rot === 2 || rot === 10))
  if (twoHex && g.pulled.length > 0 && forward) {
    // A team goes as a rider and the wagon behind him: the puller's front goes into `to`, its
    // rear into its old front; what it pulls follows into the puller's old rear, heading there.
    const oldRear = rearHex(ctx.loaded, at.hex, at.facing as number)
    return {
      turned: rot !== 0,
      place(u, p) {
        if (u === g.id) return { hex: to, facing: norm(rot + (at.facing as number)) }
        if (!g.pulled.includes(u)) return shift(u, p)
        if (oldRear === null) return null
        const heading = headingBetween(ctx.loaded, p.hex, oldRear)
        return heading === null ? null : { hex: oldRear, facing: heading }
      },
    }
  }
  if (!turns || !twoHex || (rot !== 2 && rot !== 10)) return { place: shift, turned: false }
  const turn = rot === 2 ? 2 : -2
  // Alone, the unit turns with its crew round it, as one rigid piece.
  const board = boardOf(ctx.loaded)
  const sign = turn / 2
  const from = board.cubeOf(at.hex) as Cube
  const onto = board.cubeOf(to) as Cube
  return {
    turned: true,
    place(_u, p) {
      const c = board.cubeOf(p.hex)
      if (c === null) return null
      const v = turnVector({ q: c.q - from.q, r: c.r - from.r, s: c.s - from.s }, sign)
      const hex = board.labelIfOnMap({ q: onto.q + v.q, r: onto.r + v.r, s: onto.s + v.s })
      return hex === null ? null : { hex, facing: p.facing === null ? null : norm(p.facing + turn) }
    },
  }
}

/** The hexes a member covers at `place` (its rear too, for a two-hex counter); null off the map. */
function hexesAt(ctx: Ctx, id: string, place: Place): string[] | null {
  if (place.facing === null || !isTwoHex(ctx.loaded, ctx.state.units[id]?.type ?? ''))
    return [place.hex]
  const rear = rearHex(ctx.loaded, place.hex, place.facing)
  return rear === null ? null : [place.hex, rear]
}

/** What a hauled unit (or one it pulls) pays to stand at `place`, or why it may not. */
function unitCost(
  ctx: Ctx,
  members: readonly string[],
  u: string,
  moveClass: string,
  place: Place,
  from: string,
): { ok: true; cost: number } | { ok: false; reason: string } {
  const own = hexesAt(ctx, u, place)
  if (own === null) return { ok: false, reason: `${u} would leave the map` }
  const board = boardOf(ctx.loaded)
  const cost =
    board.distance(from, place.hex) === 1
      ? stepCost(ctx.loaded, from, place.hex, moveClass)
      : hexEntryCost(ctx.loaded, place.hex, moveClass)
  if (cost === null)
    return { ok: false, reason: `${u} cannot be taken into the terrain of ${place.hex}` }
  let extra = 0
  for (const hex of own) {
    if (hexEntryCost(ctx.loaded, hex, moveClass) === null)
      return { ok: false, reason: `${u} cannot stand in the terrain of ${hex}` }
    const others = unitsCovering(ctx, hex).filter((o) => !members.includes(o))
    if (others.length > 0)
      return { ok: false, reason: `${others.join(', ')} is in the way in ${hex}` }
    const remains = remainsEntry(ctx.loaded, ctx.state, hex)
    if (!remains.ok) return { ok: false, reason: remains.reason }
    if (hex === place.hex) extra = remains.extra
  }
  return { ok: true, cost: cost + extra }
}

/**
 * One step of the group: the hauled unit's front enters `to`. Its cost, and where everyone
 * stands after it; or why it may not be taken.
 */
export function groupStep(ctx: Ctx, g: Group, places: Places, to: string): GroupStep {
  const at = places.get(g.id) as Place
  const motion = motionOf(ctx, g, at, to)
  if (typeof motion === 'string') return { ok: false, reason: motion }
  const members = [...places.keys()]
  const next = new Map<string, Place>()
  let cost = 0
  const hauledHexes = new Set<string>()
  for (const [u, place] of places) {
    const moved = motion.place(u, place)
    if (moved === null) return { ok: false, reason: `${u} would leave the map` }
    const into = moved.hex
    next.set(u, moved)
    const hauled = u === g.id || g.pulled.includes(u)
    if (hauled) {
      const own = ctx.loaded.rules.unitTypes.get(ctx.state.units[u]?.type ?? '')?.haulage
      const moveClass =
        u === g.id
          ? (g.h.movementClass ?? movementClassOf(ctx, u))
          : (own?.movementClass ?? movementClassOf(ctx, u))
      const paid = unitCost(ctx, members, u, moveClass, moved, place.hex)
      if (!paid.ok) return paid
      cost = Math.max(cost, paid.cost)
      for (const hex of hexesAt(ctx, u, moved) ?? []) hauledHexes.add(hex)
      continue
    }
    if (hauledHexes.has(into)) return { ok: false, reason: `${u} would be in the way in ${into}` }
    const moveClass = movementClassOf(ctx, u)
    const adjacent = boardOf(ctx.loaded).distance(place.hex, into) === 1
    const terrain = adjacent
      ? stepCost(ctx.loaded, place.hex, into, moveClass)
      : hexEntryCost(ctx.loaded, into, moveClass)
    if (terrain === null) return { ok: false, reason: `${u} cannot go into the terrain of ${into}` }
    const side = ctx.state.units[u]?.side
    const blocking = unitsCovering(ctx, into).filter(
      (o) =>
        !members.includes(o) &&
        ctx.state.units[o]?.side !== side &&
        unitCanAct(ctx.loaded, ctx.state, o),
    )
    if (blocking.length > 0)
      return { ok: false, reason: `${u} cannot go into ${into}, held by ${blocking.join(', ')}` }
    const remains = remainsEntry(ctx.loaded, ctx.state, into)
    if (!remains.ok) return { ok: false, reason: remains.reason }
    const gear = equipmentEntry(ctx, into, moveClass, members)
    if (!gear.ok) return { ok: false, reason: gear.reason }
  }
  const turned =
    motion.turned || g.pulled.some((u) => next.get(u)?.facing !== places.get(u)?.facing)
  const turning = turned ? (turningOf(ctx, g)?.cost ?? 0) : 0
  return { ok: true, cost: cost + turning, turned, places: next }
}

/** Why the group may not stop where it stands in `places`: a man with another character. */
export function endProblem(ctx: Ctx, g: Group, places: Places): string | null {
  const members = [...places.keys()]
  // The hauled units' own hexes were found empty at each step; the crew's are checked here.
  for (const man of g.crew) {
    const hex = places.get(man)?.hex
    if (hex === undefined) continue
    const living = unitsCovering(ctx, hex).filter(
      (u) => !members.includes(u) && countsForStacking(ctx, u),
    )
    if (living.length > 0) return `${man} would end in ${hex} with ${living.join(', ')}`
    const gear = equipmentEndProblem(ctx, hex, members)
    if (gear !== null) return `${man} would end in ${hex}: ${gear}`
  }
  return null
}
