/**
 * Hauling (unit type `haulage`; action `haul {unit, crew, path}`, offered in a movement phase):
 * a unit with no movement of its own (a wagon, a siege engine, a beast of burden that goes only when
 * led) moves with a crew of its side's characters. Each man of the crew stands next to it and has
 * done nothing yet this player turn; for a two-hex unit with `crewAtFront`, one of them stands on
 * a hex at its front. The size of the crew gives the movement points (`crews`), which the unit
 * spends on the terrain of each hex it enters by its `movementClass`. The whole group moves
 * together (haul-group.ts): each step shifts it one hex, or with `turning` turns it; a unit
 * harnessed to another is not hauled by a crew of its own but goes along with its puller
 * (harness.ts). Each man must be able to stand in the terrain he is carried into, no one may be
 * in the way, and where the haul ends no man shares a hex with another living character. The
 * haul is checked whole, then walked step by step with the phase's reactions and infiltration
 * rolls (haul-path.ts). The crew then does nothing else that player turn (`crewEndsTurn`), or at
 * least moves no more.
 */
import type { Action } from '../../state/actions'
import { checkArgs, idListArg, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { isTwoHex, touching } from '../../state/footprints'
import type { UnitType } from '../../generated/content-types'
import { isActivated, peekActivity } from '../activity'
import { currentActivation } from '../driver'
import { unitCanAct } from '../forces'
import { unitRatings } from '../influence'
import type { PlayContext } from '../procedure'
import { setActing } from './acting'
import { combinations, crewMemberProblem } from './crews'
import { frontHexes, pulledBy, pullerOf } from './harness'
import type { Group, HaulStep, Place, Places } from './haul-group'
import { endProblem, groupStep, startPlaces } from './haul-group'
import { haulPathFrame } from './haul-path'
import type { ActionOutcome } from './move-and-fire'
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
  const puller = pullerOf(ctx, id)
  if (puller !== undefined) {
    const p = ctx.state.units[puller]
    return p?.location === 'map'
      ? `${id} is harnessed to ${puller}: it goes where ${puller} is led, unless it is unharnessed first`
      : `${id} is harnessed to ${puller}, dead: it must be unharnessed first`
  }
  const pulled = pulledBy(ctx, id)
  if (pulled !== undefined) {
    const a2 = peekActivity(ctx, pulled)
    if (a2 !== undefined && (a2.moved || a2.mp > 0))
      return `${pulled}, harnessed to ${id}, has already moved this turn`
  }
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

/** The group a haul of `id` by `crew` moves: with the unit harnessed to it, if any, that stands. */
function groupOf(ctx: Ctx, id: string, h: Haulage, crew: readonly string[]): Group {
  const pulled = pulledBy(ctx, id)
  const stands = pulled !== undefined && ctx.state.units[pulled]?.location === 'map'
  return { id, h, pulled: stands ? [pulled] : [], crew }
}

/** Checks a whole haul: the unit, the crew, each step and the end. Gives each step. */
function checkHaul(
  ctx: Ctx,
  id: string,
  crew: readonly string[],
  path: readonly string[],
): { group: Group; cost: number; steps: HaulStep[] } {
  const h = haulageOf(ctx, id)
  const rule = ruleOf(h)?.rule
  const problem = haulProblem(ctx, id)
  if (problem !== null || h === undefined) return reject(problem ?? '', rule)
  if (new Set(crew).size !== crew.length) return reject('a man is named twice in the crew', rule)
  const crewWhy = wholeCrewProblem(ctx, h, id, crew)
  if (crewWhy !== null) return reject(crewWhy, rule)
  const group = groupOf(ctx, id, h, crew)
  const budget = haulPoints(ctx, id, h, crew.length) as number
  let places: Places = startPlaces(ctx, group)
  const steps: HaulStep[] = []
  let cost = 0
  for (const to of path) {
    const step = groupStep(ctx, group, places, to)
    if (!step.ok) return reject(`${id} cannot be hauled on: ${step.reason}`, rule)
    cost += step.cost
    if (cost > budget)
      return reject(
        `a crew of ${crew.length} gives ${id} ${budget} movement points; the path to ${to} needs ${cost}`,
        rule,
      )
    places = step.places
    steps.push({ cost: step.cost, turned: step.turned, places: Object.fromEntries(places) })
  }
  const end = endProblem(ctx, group, places)
  if (end !== null)
    return reject(
      `${id} cannot be hauled there: ${end}`,
      ctx.loaded.rules.ruleset.board?.stacking?.rule ?? rule,
    )
  return { group, cost, steps }
}

/**
 * Every way the unit can be hauled with this crew, by the cheapest path to each place of its
 * front and heading: a search over the group's steps (the group keeps its shape, so where the
 * hauled unit stands tells where everyone is).
 */
function haulReach(ctx: Ctx, group: Group): string[][] {
  const budget = haulPoints(ctx, group.id, group.h, group.crew.length) ?? 0
  const start = startPlaces(ctx, group)
  const keyOf = (p: Place | undefined) => `${p?.hex ?? ''}|${p?.facing ?? ''}`
  const board = boardOf(ctx.loaded)
  const best = new Map<string, { cost: number; path: string[]; places: Places }>()
  best.set(keyOf(start.get(group.id)), { cost: 0, path: [], places: start })
  const queue = [keyOf(start.get(group.id))]
  while (queue.length > 0) {
    queue.sort((a, b) => (best.get(a)?.cost ?? 0) - (best.get(b)?.cost ?? 0))
    const here = best.get(queue.shift() as string)
    if (here === undefined) continue
    const at = here.places.get(group.id) as Place
    for (const to of board.neighbors(at.hex)) {
      const step = groupStep(ctx, group, here.places, to)
      if (!step.ok) continue
      const cost = here.cost + step.cost
      if (cost > budget) continue
      const key = keyOf(step.places.get(group.id))
      const known = best.get(key)
      if (known !== undefined && known.cost <= cost) continue
      best.set(key, { cost, path: [...here.path, to], places: step.places })
      queue.push(key)
    }
  }
  const out: string[][] = []
  for (const way of best.values())
    if (way.path.length > 0 && endProblem(ctx, group, way.places) === null) out.push(way.path)
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
        for (const path of haulReach(ctx, groupOf(ctx, id, h, crew)))
          out.push({ type: HAUL, unit: id, crew, path })
      }
    }
  }
  return out
}

/** Starts a haul, checked whole: the group then goes step by step (haul-path.ts); the log line. */
export function performHaul(ctx: PlayContext, frame: Frame, action: Action): ActionOutcome {
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
  const { group, cost, steps } = checkHaul(ctx, id, crew, path as string[])
  const h = group.h
  const before = Object.fromEntries(startPlaces(ctx, group))
  const start = ctx.state.units[id]?.hex as string
  const ends = h.crewEndsTurn !== false
  const names = crew.join(' and ')
  const pulling = group.pulled.length === 0 ? '' : ` with ${group.pulled.join(', ')}`
  const after = ends ? 'they do nothing more this turn' : 'they move no more this turn'
  // Whoever acted before has finished its move and fire (one unit at a time).
  setActing(frame, id)
  return {
    text: `${names} haul ${id}${pulling} from ${start} to ${path[path.length - 1] as string} (${cost} MP); ${after}`,
    then: haulPathFrame({
      unit: id,
      crew: [...crew],
      pulled: [...group.pulled],
      steps,
      start: before,
      statuses: Object.fromEntries(crew.map((m) => [m, ctx.state.units[m]?.status ?? ''])),
      parent: frame.id,
      crewEndsTurn: ends,
      ...(h.rule === undefined ? {} : { rule: h.rule }),
    }),
  }
}
