/**
 * Hauling (unit type `haulage`; action `haul {unit, crew, path}`, offered in a movement phase):
 * a unit with no movement of its own (a wagon, a siege engine, a beast of burden that goes only when
 * led) moves with a crew of its side's characters. Each man of the crew stands next to it and has
 * done nothing yet this player turn; for a two-hex unit with `crewAtFront`, one of them stands on
 * a hex at its front. The size of the crew gives the movement points (`crews`), which the unit
 * spends on the terrain of each hex it enters by its `movementClass`. The whole group moves
 * together, step by step in the same direction, so every man keeps his place beside it and the
 * unit keeps its heading; each man must be able to stand in the terrain he is carried into, no
 * one may be in the unit's way, and where the move ends no man shares a hex with another living
 * character. The crew then does nothing else that player turn (`crewEndsTurn`), or at least moves
 * no more.
 */
import type { Action } from '../../state/actions'
import { checkArgs, idListArg, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import {
  hexAtClock,
  headingBetween,
  hexesOf,
  isTwoHex,
  rearHex,
  touching,
  unitsCovering,
} from '../../state/footprints'
import { setPlace } from '../../state/occupancy'
import { remainsEntry } from '../../state/remains'
import { equipmentEndProblem, equipmentEntry } from '../equipment'
import { countsForStacking } from '../../state/stacking'
import type { UnitType } from '../../generated/content-types'
import { activityOf, isActivated, peekActivity } from '../activity'
import { currentActivation } from '../driver'
import { unitCanAct } from '../forces'
import { movementClassOf, unitRatings } from '../influence'
import type { PlayContext } from '../procedure'
import { hexEntryCost, stepCost } from '../terrain-costs'
import { markStopped, setActing } from './acting'
import { combinations, crewMemberProblem } from './crews'
import { allowanceRating } from './settings'

export const HAUL = 'haul'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
type Haulage = NonNullable<UnitType['haulage']>

/** Crews of one size tried per unit in a listing: enough for a policy to choose among. */
const MAX_CREWS = 12

/** The haulage of unit `id`'s type; undefined when it moves on its own. */
export function haulageOf(ctx: Ctx, id: string): Haulage | undefined {
  const type = ctx.state.units[id]?.type
  return type === undefined ? undefined : ctx.loaded.rules.unitTypes.get(type)?.haulage
}

const anyCache = new WeakMap<object, boolean>()

/**
 * Whether any unit of the game is hauled (the movement phases then offer `haul`). A game's units
 * are fixed from its start (reinforcements and spare horses included), so once per scenario.
 */
export function anyHaulage(ctx: Ctx): boolean {
  let found = anyCache.get(ctx.loaded)
  if (found === undefined) {
    found = Object.values(ctx.state.units).some(
      (u) => ctx.loaded.rules.unitTypes.get(u.type)?.haulage !== undefined,
    )
    anyCache.set(ctx.loaded, found)
  }
  return found
}

const ruleOf = (h: Haulage | undefined): { rule: string } | undefined =>
  h?.rule === undefined ? undefined : { rule: h.rule }

/** The movement points a crew of `size` gives the unit; null when it is too small. */
export function haulPoints(ctx: Ctx, id: string, h: Haulage, size: number): number | null {
  let best: Haulage['crews'][number] | undefined
  for (const entry of h.crews)
    if (entry.size <= size && (best === undefined || entry.size > best.size)) best = entry
  if (best === undefined) return null
  if (best.movement !== undefined) return best.movement
  const own = unitRatings(ctx, id)[allowanceRating(ctx.loaded)]
  return typeof own === 'number' ? own : 0
}

/** Why unit `id` may not be hauled now; null when it may. */
function haulProblem(ctx: Ctx, id: string): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  if (haulageOf(ctx, id) === undefined) return `${id} is not moved by a crew`
  if (unit.side !== currentActivation(ctx).side || !isActivated(ctx, id))
    return `${id} is not of the side whose turn it is`
  if (unit.location !== 'map' || unit.hex === null) return `${id} is not on the map`
  if (!unitCanAct(ctx.loaded, ctx.state, id)) return `${id} may not move while ${unit.status}`
  const a = peekActivity(ctx, id)
  if (unit.ended !== null || (a !== undefined && (a.moved || a.mp > 0)))
    return `${id} has already moved this turn`
  return null
}

/** Why `man` may not be of the crew hauling `id`; null when he may. */
function crewProblem(ctx: Ctx, h: Haulage, id: string, man: string): string | null {
  if (man === id) return `${id} cannot haul itself`
  if (haulageOf(ctx, man) !== undefined) return `${man} is hauled too and hauls nothing`
  if (isTwoHex(ctx.loaded, ctx.state.units[man]?.type ?? ''))
    return `${man} fills two hexes and may not haul ${id}`
  const problem = crewMemberProblem(ctx, man, h.crewNotFlags ?? [], `haul ${id}`)
  if (problem !== null) return problem
  if (!touching(ctx, man, id)) return `${man} is not next to ${id}`
  return null
}

/** The three hexes at the front of a two-hex unit: next to its front hex, not next to its rear. */
function frontHexes(ctx: Ctx, id: string): string[] {
  const [front, rear] = hexesOf(ctx, id)
  if (front === undefined || rear === undefined) return []
  const board = boardOf(ctx.loaded)
  return board.neighbors(front).filter((h) => h !== rear && board.distance(h, rear) > 1)
}

/** Why this crew may not haul `id` (size, members, place); null when it may. */
function wholeCrewProblem(
  ctx: Ctx,
  h: Haulage,
  id: string,
  crew: readonly string[],
): string | null {
  const smallest = Math.min(...h.crews.map((c) => c.size))
  if (haulPoints(ctx, id, h, crew.length) === null)
    return `${id} needs a crew of at least ${smallest}, not ${crew.length}`
  for (const man of crew) {
    const problem = crewProblem(ctx, h, id, man)
    if (problem !== null) return problem
  }
  if (h.crewAtFront === true && isTwoHex(ctx.loaded, ctx.state.units[id]?.type ?? '')) {
    const front = frontHexes(ctx, id)
    if (!crew.some((man) => front.includes(ctx.state.units[man]?.hex ?? '')))
      return `one of the crew must stand at the front of ${id} (${front.join(', ')})`
  }
  return null
}

/** Where each unit of a hauling group stands: unit id → hex (the hauled unit by its front). */
type Places = ReadonlyMap<string, string>

/**
 * One step of the group: the hauled unit's front enters `to`. Its cost, and where everyone
 * stands after it; or why it may not be taken.
 */
function groupStep(
  ctx: Ctx,
  id: string,
  h: Haulage,
  places: Places,
  to: string,
): { ok: true; cost: number; places: Map<string, string> } | { ok: false; reason: string } {
  const at = places.get(id) as string
  const clock = headingBetween(ctx.loaded, at, to)
  if (clock === null) return { ok: false, reason: `${to} is not next to ${at}` }
  const group = [...places.keys()]
  const unit = ctx.state.units[id]
  const moveClass = h.movementClass ?? movementClassOf(ctx, id)
  const cost = stepCost(ctx.loaded, at, to, moveClass)
  if (cost === null) return { ok: false, reason: `${id} cannot be taken into the terrain of ${to}` }
  const own = [to]
  if (unit?.facing != null && isTwoHex(ctx.loaded, unit.type)) {
    const rear = rearHex(ctx.loaded, to, unit.facing)
    if (rear === null) return { ok: false, reason: `${id} would leave the map` }
    if (hexEntryCost(ctx.loaded, rear, moveClass) === null)
      return { ok: false, reason: `${id} cannot stand in the terrain of ${rear}` }
    own.push(rear)
  }
  let extra = 0
  for (const hex of own) {
    const others = unitsCovering(ctx, hex).filter((u) => !group.includes(u))
    if (others.length > 0)
      return { ok: false, reason: `${others.join(', ')} is in the way in ${hex}` }
    const remains = remainsEntry(ctx.loaded, ctx.state, hex)
    if (!remains.ok) return { ok: false, reason: remains.reason }
    if (hex === to) extra = remains.extra
  }
  const next = new Map<string, string>([[id, to]])
  for (const [man, hex] of places) {
    if (man === id) continue
    const into = hexAtClock(ctx.loaded, hex, clock)
    if (into === null) return { ok: false, reason: `${man} would leave the map` }
    if (stepCost(ctx.loaded, hex, into, movementClassOf(ctx, man)) === null)
      return { ok: false, reason: `${man} cannot go into the terrain of ${into}` }
    const side = ctx.state.units[man]?.side
    const blocking = unitsCovering(ctx, into).filter(
      (u) =>
        !group.includes(u) &&
        (ctx.state.units[u]?.side !== side ? unitCanAct(ctx.loaded, ctx.state, u) : false),
    )
    if (blocking.length > 0)
      return { ok: false, reason: `${man} cannot go into ${into}, held by ${blocking.join(', ')}` }
    const remains = remainsEntry(ctx.loaded, ctx.state, into)
    if (!remains.ok) return { ok: false, reason: remains.reason }
    const gear = equipmentEntry(ctx, into, movementClassOf(ctx, man), group)
    if (!gear.ok) return { ok: false, reason: gear.reason }
    next.set(man, into)
  }
  return { ok: true, cost: cost + extra, places: next }
}

/** Why the group may not stop where it stands in `places`: a man with another character. */
function endProblem(ctx: Ctx, places: Places): string | null {
  const group = [...places.keys()]
  // The hauled unit's own hexes were found empty at each step; its crew's are checked here.
  for (const [man, hex] of places) {
    if (man === group[0]) continue
    const living = unitsCovering(ctx, hex).filter(
      (u) => !group.includes(u) && countsForStacking(ctx, u),
    )
    if (living.length > 0) return `${man} would end in ${hex} with ${living.join(', ')}`
    const gear = equipmentEndProblem(ctx, hex, group)
    if (gear !== null) return `${man} would end in ${hex}: ${gear}`
  }
  return null
}

function startPlaces(ctx: Ctx, id: string, crew: readonly string[]): Map<string, string> {
  const places = new Map<string, string>([[id, ctx.state.units[id]?.hex as string]])
  for (const man of crew) places.set(man, ctx.state.units[man]?.hex as string)
  return places
}

/** Checks a whole haul: the unit, the crew, each step and the end. Gives the cost and each man's path. */
function checkHaul(
  ctx: Ctx,
  id: string,
  crew: readonly string[],
  path: readonly string[],
): { cost: number; paths: Map<string, string[]> } {
  const h = haulageOf(ctx, id)
  const rule = ruleOf(h)?.rule
  const problem = haulProblem(ctx, id)
  if (problem !== null || h === undefined) return reject(problem ?? '', rule)
  if (new Set(crew).size !== crew.length) return reject('a man is named twice in the crew', rule)
  const crewWhy = wholeCrewProblem(ctx, h, id, crew)
  if (crewWhy !== null) return reject(crewWhy, rule)
  const budget = haulPoints(ctx, id, h, crew.length) as number
  let places: Map<string, string> = startPlaces(ctx, id, crew)
  const paths = new Map<string, string[]>([...places.keys()].map((u) => [u, []]))
  let cost = 0
  for (const to of path) {
    const step = groupStep(ctx, id, h, places, to)
    if (!step.ok) return reject(`${id} cannot be hauled on: ${step.reason}`, rule)
    cost += step.cost
    if (cost > budget)
      return reject(
        `a crew of ${crew.length} gives ${id} ${budget} movement points; the path to ${to} needs ${cost}`,
        rule,
      )
    places = step.places
    for (const [u, hex] of places) paths.get(u)?.push(hex)
  }
  const end = endProblem(ctx, places)
  if (end !== null)
    return reject(
      `${id} cannot be hauled there: ${end}`,
      ctx.loaded.rules.ruleset.board?.stacking?.rule ?? rule,
    )
  return { cost, paths }
}

/**
 * Every hex the unit's front can reach with this crew, by its cheapest path: a search over the
 * group's steps (the group keeps its shape, so where its front is tells where everyone is).
 */
function haulReach(
  ctx: Ctx,
  id: string,
  h: Haulage,
  crew: readonly string[],
): Map<string, string[]> {
  const budget = haulPoints(ctx, id, h, crew.length) ?? 0
  const start = startPlaces(ctx, id, crew)
  const board = boardOf(ctx.loaded)
  const best = new Map<string, { cost: number; path: string[]; places: Map<string, string> }>()
  best.set(start.get(id) as string, { cost: 0, path: [], places: start })
  const queue = [start.get(id) as string]
  const out = new Map<string, string[]>()
  while (queue.length > 0) {
    queue.sort((a, b) => (best.get(a)?.cost ?? 0) - (best.get(b)?.cost ?? 0))
    const at = queue.shift() as string
    const here = best.get(at)
    if (here === undefined) continue
    for (const to of board.neighbors(at)) {
      const step = groupStep(ctx, id, h, here.places, to)
      if (!step.ok) continue
      const cost = here.cost + step.cost
      if (cost > budget) continue
      const known = best.get(to)
      if (known !== undefined && known.cost <= cost) continue
      best.set(to, { cost, path: [...here.path, to], places: step.places })
      queue.push(to)
    }
  }
  for (const [hex, way] of best)
    if (way.path.length > 0 && endProblem(ctx, way.places) === null) out.set(hex, way.path)
  return out
}

/** Every haul the side whose turn it is may make now (for `only`: of those units or crews). */
export function haulChoices(ctx: Ctx, only?: readonly string[]): Action[] {
  if (!anyHaulage(ctx)) return []
  const side = currentActivation(ctx).side
  const out: Action[] = []
  for (const id of Object.keys(ctx.state.units).sort()) {
    const h = haulageOf(ctx, id)
    if (h === undefined || haulProblem(ctx, id) !== null) continue
    const men = Object.keys(ctx.state.units)
      .filter((u) => ctx.state.units[u]?.side === side)
      .filter((u) => crewProblem(ctx, h, id, u) === null)
      .sort()
    for (const size of [...new Set(h.crews.map((c) => c.size))].sort((a, b) => a - b)) {
      const crews = combinations(men, size)
        .filter((crew) => wholeCrewProblem(ctx, h, id, crew) === null)
        .slice(0, MAX_CREWS)
      for (const crew of crews) {
        if (only !== undefined && !only.includes(id) && !crew.some((u) => only.includes(u)))
          continue
        for (const path of haulReach(ctx, id, h, crew).values())
          out.push({ type: HAUL, unit: id, crew, path })
      }
    }
  }
  return out
}

/** Carries out a haul: the group moves, the crew's turn is over; the log line. */
export function performHaul(ctx: PlayContext, frame: Frame, action: Action): string {
  checkArgs(action, ['unit', 'crew', 'path'])
  const id = stringArg(action, 'unit')
  const crew = idListArg(action, 'crew') ?? reject('"crew" lists the characters who haul')
  const path = action.path
  if (!Array.isArray(path) || path.length === 0 || !path.every((h) => typeof h === 'string'))
    return reject('"path" lists the hexes the hauled unit enters, in order')
  const board = boardOf(ctx.loaded)
  for (const hex of path as string[]) {
    const problem = board.labelProblem(hex)
    if (problem !== null) return reject(problem)
  }
  const h = haulageOf(ctx, id)
  const { cost, paths } = checkHaul(ctx, id, crew, path as string[])
  const start = ctx.state.units[id]?.hex as string
  const rule = h?.rule
  for (const [u, way] of paths) {
    const from = ctx.state.units[u]?.hex as string
    setPlace(ctx.state, u, way[way.length - 1] as string, 'map')
    ctx.applied.push({
      kind: 'move',
      unit: u,
      from,
      path: way,
      cost: u === id ? cost : 0,
      text:
        u === id
          ? `${id} moves from ${from} to ${way[way.length - 1] as string}`
          : `${u} goes along to ${way[way.length - 1] as string}`,
      ...(rule === undefined ? {} : { rule }),
    })
  }
  const a = activityOf(ctx, id)
  a.moved = true
  a.mp += cost
  const ends = h?.crewEndsTurn !== false
  for (const man of crew) {
    const unit = ctx.state.units[man]
    if (unit === undefined) continue
    if (ends) unit.ended = 'activation'
    else {
      activityOf(ctx, man).moved = true
      markStopped(frame, man)
    }
  }
  setActing(frame, id)
  const names = crew.join(' and ')
  const way = paths.get(id) ?? []
  const after = ends ? 'they do nothing more this turn' : 'they move no more this turn'
  return `${names} haul ${id} from ${start} to ${way[way.length - 1] as string} (${cost} MP); ${after}`
}
