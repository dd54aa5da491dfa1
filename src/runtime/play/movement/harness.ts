/**
 * Harnessing (unit type `haulage.harness`; actions `harness {unit, horse, crew}` and
 * `unharness {unit, crew}`, offered in a movement phase): a unit that pulls (a beast of burden) is
 * harnessed to a hauled unit (a wagon) by a crew of the side whose turn it is, standing next to one
 * of them, having done nothing yet this player turn; the crew then does nothing else that turn
 * and neither unit moves. The puller stands with its rear hex on one of the hexes at the unit's
 * front, facing away from it. Unharnessing parts them the same way, the puller alive or dead.
 * Who is harnessed to whom is the mechanic's memory (flow.memory), kept for the whole game: a
 * puller that dies stays harnessed (its unit off the map) until a crew unharnesses it. What a
 * harnessed pair does when the puller moves or retreats is in haul-group.ts and
 * ../results/harnessed.ts.
 */
import type { Action } from '../../state/actions'
import { checkArgs, idListArg, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { hexesOf, isTwoHex, touching } from '../../state/footprints'
import type { UnitType } from '../../generated/content-types'
import { activityOf, isActivated, peekActivity } from '../activity'
import { currentActivation } from '../driver'
import { memoryOf, peekMemory } from '../extras/common'
import { unitCanAct } from '../forces'
import { unitFlags } from '../influence'
import type { PlayContext } from '../procedure'
import { setActing } from './acting'
import { combinations, crewMemberProblem } from './crews'

export const HARNESS = 'harness'
export const UNHARNESS = 'unharness'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
type Haulage = NonNullable<UnitType['haulage']>
export type Harness = NonNullable<Haulage['harness']>

/** Hauled unit id → the id of the unit harnessed to it. */
type Pairs = Record<string, string>
const MEMORY = 'haulage:harness'

/** Crews of the listing per unit and puller: enough for a policy to choose among. */
const MAX_CREWS = 6

function typeOf(ctx: Ctx, id: string): UnitType | undefined {
  const type = ctx.state.units[id]?.type
  return type === undefined ? undefined : ctx.loaded.rules.unitTypes.get(type)
}

/** The harness settings of unit `id`'s type; undefined when nothing is harnessed to it. */
export function harnessOf(ctx: Ctx, id: string): Harness | undefined {
  return typeOf(ctx, id)?.haulage?.harness
}

/** The unit harnessed to `id` (alive or not), if any. */
export function pullerOf(ctx: Ctx, id: string): string | undefined {
  return peekMemory<Pairs>(ctx, MEMORY)?.[id]
}

/** The unit `puller` is harnessed to, if any. */
export function pulledBy(ctx: Ctx, puller: string): string | undefined {
  const pairs = peekMemory<Pairs>(ctx, MEMORY)
  if (pairs === undefined) return undefined
  return Object.keys(pairs).find((id) => pairs[id] === puller)
}

/** Whether unit `id` stands on the map. */
const onMap = (ctx: Ctx, id: string): boolean => {
  const unit = ctx.state.units[id]
  return unit?.location === 'map' && unit.hex !== null
}

/** The three hexes at the front of a two-hex unit: next to its front hex, not next to its rear. */
export function frontHexes(ctx: Ctx, id: string): string[] {
  const [front, rear] = hexesOf(ctx, id)
  if (front === undefined || rear === undefined) return []
  const board = boardOf(ctx.loaded)
  return board.neighbors(front).filter((h) => h !== rear && board.distance(h, rear) > 1)
}

const movedThisTurn = (ctx: Ctx, id: string): boolean => {
  const a = peekActivity(ctx, id)
  return ctx.state.units[id]?.ended != null || (a !== undefined && (a.moved || a.mp > 0))
}

/** Why the pair's hauled unit `id` may not be harnessed or unharnessed now; null when it may. */
function unitProblem(ctx: Ctx, id: string): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  if (harnessOf(ctx, id) === undefined) return `nothing is harnessed to ${id}`
  if (unit.side !== currentActivation(ctx).side || !isActivated(ctx, id))
    return `${id} is not of the side whose turn it is`
  if (!onMap(ctx, id)) return `${id} is not on the map`
  if (movedThisTurn(ctx, id)) return `${id} has already moved this turn`
  return null
}

/** Why `horse` may not be harnessed to `id` where both stand; null when it may. */
function pullerProblem(ctx: Ctx, h: Harness, id: string, horse: string): string | null {
  const unit = ctx.state.units[horse]
  if (unit === undefined) return `there is no unit "${horse}"`
  const flags = unitFlags(ctx, horse)
  if (horse === id || !h.pullerFlags.some((f) => flags[f] === true))
    return `${horse} cannot be harnessed to ${id}`
  if (unit.side !== ctx.state.units[id]?.side) return `${horse} is not of ${id}'s side`
  if (!onMap(ctx, horse)) return `${horse} is not on the map`
  if (!unitCanAct(ctx.loaded, ctx.state, horse))
    return `${horse} may not be harnessed while ${unit.status}`
  const pulled = pulledBy(ctx, horse)
  if (pulled !== undefined) return `${horse} is already harnessed to ${pulled}`
  if (movedThisTurn(ctx, horse)) return `${horse} has already moved this turn`
  const [front, rear] = hexesOf(ctx, horse)
  if (rear === undefined || !frontHexes(ctx, id).includes(rear))
    return `${horse} must stand with its rear on one of the hexes at the front of ${id} (${frontHexes(ctx, id).join(', ')})`
  const board = boardOf(ctx.loaded)
  if (front === undefined || hexesOf(ctx, id).some((hex) => board.distance(hex, front) <= 1))
    return `${horse} must face away from ${id}`
  return null
}

/** Why `man` may not harness or unharness `id` (and `horse`, when it stands); null when he may. */
function crewProblem(
  ctx: Ctx,
  id: string,
  horse: string,
  man: string,
  what: string,
): string | null {
  if (man === id || man === horse) return `${man} cannot ${what} itself`
  const notFlags = typeOf(ctx, id)?.haulage?.crewNotFlags ?? []
  if (isTwoHex(ctx.loaded, ctx.state.units[man]?.type ?? ''))
    return `${man} fills two hexes and may not ${what}`
  const problem = crewMemberProblem(ctx, man, notFlags, what)
  if (problem !== null) return problem
  if (!touching(ctx, man, id) && !(onMap(ctx, horse) && touching(ctx, man, horse)))
    return `${man} is not next to ${id}${onMap(ctx, horse) ? ` or ${horse}` : ''}`
  return null
}

function wholeCrewProblem(
  ctx: Ctx,
  h: Harness,
  id: string,
  horse: string,
  crew: readonly string[],
  what: string,
): string | null {
  const size = h.crew ?? 1
  if (new Set(crew).size !== crew.length) return 'a man is named twice in the crew'
  if (crew.length !== size)
    return `${size === 1 ? 'one man' : `${size} men`} ${what}, not ${crew.length}`
  for (const man of crew) {
    const problem = crewProblem(ctx, id, horse, man, what)
    if (problem !== null) return problem
  }
  return null
}

/** Whether any unit of the game may have something harnessed to it. */
function anyHarness(ctx: Ctx): boolean {
  return Object.values(ctx.state.units).some(
    (u) => ctx.loaded.rules.unitTypes.get(u.type)?.haulage?.harness !== undefined,
  )
}

function menOfSide(ctx: Ctx): string[] {
  const side = currentActivation(ctx).side
  return Object.keys(ctx.state.units)
    .filter((u) => ctx.state.units[u]?.side === side)
    .sort()
}

/** Every harnessing and unharnessing the side whose turn it is may do now (`only`: of these units or crews). */
export function harnessChoices(ctx: Ctx, only?: readonly string[]): Action[] {
  if (!anyHarness(ctx)) return []
  const out: Action[] = []
  const men = menOfSide(ctx)
  const concerns = (ids: readonly string[]) =>
    only === undefined || ids.some((u) => only.includes(u))
  for (const id of Object.keys(ctx.state.units).sort()) {
    const h = harnessOf(ctx, id)
    if (h === undefined || unitProblem(ctx, id) !== null) continue
    const size = h.crew ?? 1
    const horse = pullerOf(ctx, id)
    if (horse !== undefined) {
      if (onMap(ctx, horse) && movedThisTurn(ctx, horse)) continue
      const able = men.filter((m) => crewProblem(ctx, id, horse, m, 'unharness') === null)
      for (const crew of combinations(able, size).slice(0, MAX_CREWS))
        if (concerns([id, horse, ...crew])) out.push({ type: UNHARNESS, unit: id, crew })
      continue
    }
    for (const candidate of men) {
      if (pullerProblem(ctx, h, id, candidate) !== null) continue
      const able = men.filter((m) => crewProblem(ctx, id, candidate, m, 'harness') === null)
      for (const crew of combinations(able, size).slice(0, MAX_CREWS))
        if (concerns([id, candidate, ...crew]))
          out.push({ type: HARNESS, unit: id, horse: candidate, crew })
    }
  }
  return out
}

/** The crew's turn is spent, and neither unit of the pair moves this turn. */
function spendTurn(
  ctx: PlayContext,
  frame: Frame,
  id: string,
  horse: string,
  crew: string[],
): void {
  for (const man of crew) {
    const unit = ctx.state.units[man]
    if (unit !== undefined) unit.ended = 'activation'
  }
  activityOf(ctx, id).moved = true
  if (onMap(ctx, horse)) activityOf(ctx, horse).moved = true
  setActing(frame, crew[0] as string)
}

function crewArg(action: Action): string[] {
  return idListArg(action, 'crew') ?? reject('"crew" lists the characters who do it')
}

/** Carries out `harness`: the pair is harnessed, the crew's turn is over; the log line. */
export function performHarness(ctx: PlayContext, frame: Frame, action: Action): string {
  checkArgs(action, ['unit', 'horse', 'crew'])
  const id = stringArg(action, 'unit')
  const horse = stringArg(action, 'horse')
  const crew = crewArg(action)
  const h = harnessOf(ctx, id)
  const rule = h?.rule
  const problem = unitProblem(ctx, id)
  if (problem !== null || h === undefined) return reject(problem ?? '', rule)
  const already = pullerOf(ctx, id)
  if (already !== undefined) return reject(`${id} is already harnessed to ${already}`, rule)
  const why =
    pullerProblem(ctx, h, id, horse) ?? wholeCrewProblem(ctx, h, id, horse, crew, 'harness')
  if (why !== null) return reject(why, rule)
  memoryOf<Pairs>(ctx, MEMORY, {})[id] = horse
  spendTurn(ctx, frame, id, horse, crew)
  const verb = crew.length > 1 ? 'harness' : 'harnesses'
  return `${crew.join(' and ')} ${verb} ${horse} to ${id}; ${crew.length > 1 ? 'they do' : 'he does'} nothing more this turn, and neither moves`
}

/** Carries out `unharness`: the pair is parted, the crew's turn is over; the log line. */
export function performUnharness(ctx: PlayContext, frame: Frame, action: Action): string {
  checkArgs(action, ['unit', 'crew'])
  const id = stringArg(action, 'unit')
  const crew = crewArg(action)
  const h = harnessOf(ctx, id)
  const rule = h?.rule
  const problem = unitProblem(ctx, id)
  if (problem !== null || h === undefined) return reject(problem ?? '', rule)
  const horse = pullerOf(ctx, id)
  if (horse === undefined) return reject(`nothing is harnessed to ${id}`, rule)
  if (onMap(ctx, horse) && movedThisTurn(ctx, horse))
    return reject(`${horse} has already moved this turn`, rule)
  const why = wholeCrewProblem(ctx, h, id, horse, crew, 'unharness')
  if (why !== null) return reject(why, rule)
  delete memoryOf<Pairs>(ctx, MEMORY, {})[id]
  spendTurn(ctx, frame, id, horse, crew)
  const dead = onMap(ctx, horse) ? '' : ' (dead)'
  const verb = crew.length > 1 ? 'unharness' : 'unharnesses'
  return `${crew.join(' and ')} ${verb} ${horse}${dead} from ${id}; ${crew.length > 1 ? 'they do' : 'he does'} nothing more this turn`
}
