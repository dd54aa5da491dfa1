/**
 * Clearing remains (mechanics.remains.clearing; action `clear-remains {units, from, to, kind}`,
 * offered in a movement phase): a crew of the active side's units, each standing in the hex of
 * the remains or next to it, able to act and having done nothing yet this player turn, moves at
 * most the settings' amount of one kind of remains from that hex into a hex next to it that
 * holds no unit. Remains moved into a terrain they vanish in are gone. The crew then does
 * nothing more that player turn: each of its units ends its activation (no move, turn, fire or
 * attack), like any unit whose activation is ended.
 */
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { unitsCovering } from '../../state/footprints'
import {
  addRemains,
  remainsIn,
  remainsSettings,
  remainsWords,
  takeRemains,
} from '../../state/remains'
import type { Remains } from '../../generated/content-types'
import { currentActivation } from '../driver'
import type { PlayContext } from '../procedure'
import { setActing } from './acting'
import { combinations, crewMemberProblem } from './crews'

export const CLEAR = 'clear-remains'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
type Clearing = NonNullable<Remains['clearing']>

/** The ruleset's clearing settings; undefined when remains may not be cleared. */
export function clearingOf(ctx: Ctx): Clearing | undefined {
  return remainsSettings(ctx.loaded)?.clearing
}

const nameOf = (ctx: Ctx, id: string): string => ctx.state.units[id]?.name ?? id

/** Why `id` may not be one of a crew clearing remains from `from` now; null when he may. */
function crewProblem(ctx: Ctx, settings: Clearing, id: string, from: string): string | null {
  const problem = crewMemberProblem(ctx, id, settings.crewNotFlags ?? [], 'clear remains')
  if (problem !== null) return problem
  const hex = ctx.state.units[id]?.hex as string
  if (hex !== from && boardOf(ctx.loaded).distance(hex, from) !== 1)
    return `${id} is neither in ${from} nor next to it`
  return null
}

/** Why the remains of `kind` may not be moved from `from` into `to`; null when they may. */
function placeProblem(
  ctx: Ctx,
  settings: Clearing,
  kind: string,
  from: string,
  to: string,
): string | null {
  const remains = remainsSettings(ctx.loaded)
  const kindDef = remains?.kinds.find((k) => k.id === kind)
  if (kindDef === undefined || settings.amounts[kind] === undefined)
    return `there are no remains of kind "${kind}" that may be cleared`
  const board = boardOf(ctx.loaded)
  if (board.indexOf(from) < 0) return `${from} is not on the map`
  if ((remainsIn(ctx.state, from)[kind] ?? 0) <= 0)
    return `there are no ${kindDef.plural ?? `${kindDef.label}s`} in ${from}`
  if (board.indexOf(to) < 0) return `${to} is not on the map`
  if (board.distance(from, to) !== 1)
    return `remains are moved one hex only: ${to} is not next to ${from}`
  if (unitsCovering(ctx, to).length > 0) return `remains may not be laid in ${to}: someone is there`
  return null
}

/** Every clearing the active side may make now (for `only`: those whose crew includes one of them). */
export function clearChoices(ctx: Ctx, only?: readonly string[]): Action[] {
  const settings = clearingOf(ctx)
  const all = ctx.state.remains
  if (settings === undefined || all === undefined) return []
  const board = boardOf(ctx.loaded)
  const side = currentActivation(ctx).side
  const out: Action[] = []
  for (const from of Object.keys(all).sort()) {
    const crew = Object.keys(ctx.state.units)
      .filter((id) => ctx.state.units[id]?.side === side)
      .filter((id) => crewProblem(ctx, settings, id, from) === null)
      .sort()
    for (const units of combinations(crew, settings.crew)) {
      if (only !== undefined && !units.some((u) => only.includes(u))) continue
      for (const kind of Object.keys(settings.amounts))
        for (const to of board.neighbors(from))
          if (placeProblem(ctx, settings, kind, from, to) === null)
            out.push({ type: CLEAR, units, from, to, kind })
    }
  }
  return out
}

/** Carries out a clear-remains action: moves the remains, ends the crew's turn; the log line. */
export function performClear(ctx: PlayContext, frame: Frame, action: Action): string {
  const settings = clearingOf(ctx)
  if (settings === undefined) return reject('remains may not be cleared in this game')
  const rule = settings.rule
  checkArgs(action, ['units', 'from', 'to', 'kind'])
  const from = stringArg(action, 'from')
  const to = stringArg(action, 'to')
  const kind = stringArg(action, 'kind')
  const units = action.units
  if (!Array.isArray(units) || units.some((u) => typeof u !== 'string'))
    return reject('"units" lists the units that clear the remains')
  const crew = [...new Set(units as string[])]
  if (crew.length !== settings.crew)
    return reject(`remains are cleared by ${settings.crew} men together, not ${crew.length}`, rule)
  const place = placeProblem(ctx, settings, kind, from, to)
  if (place !== null) return reject(place, rule)
  for (const id of crew) {
    const problem = crewProblem(ctx, settings, id, from)
    if (problem !== null) return reject(problem, rule)
  }
  const kindDef = remainsSettings(ctx.loaded)?.kinds.find((k) => k.id === kind)
  const taken = takeRemains(ctx.state, kind, from, settings.amounts[kind] ?? 0)
  // Where they land is logged with them: left in the hex, or sunk and gone.
  addRemains(ctx.loaded, ctx.state, kind, [to], ctx.applied, taken, rule)
  for (const id of crew) {
    const unit = ctx.state.units[id]
    if (unit !== undefined) unit.ended = 'activation'
  }
  setActing(frame, crew[0] as string)
  const names = crew.map((id) => nameOf(ctx, id)).join(' and ')
  const what = kindDef === undefined ? `${taken} ${kind}` : remainsWords(kindDef, taken)
  return `${names} move ${what} from ${from} to ${to}; they do nothing more this turn`
}
