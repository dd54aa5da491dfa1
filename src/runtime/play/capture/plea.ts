/**
 * A plea for mercy (mechanics.capture; action `plead-mercy {unit, captor}`, offered in a movement
 * phase when the capture option is on). A character of the side whose turn it is, on the map,
 * able to act and having done nothing yet this turn, for whom `pleaders` holds, may yield when
 * `pleaWhen` holds for him or (with `surrounded`) every hex around him holds an enemy or is one he
 * could not enter. He yields to an enemy on the map, able to act and in the battle, for whom
 * `captors` holds, within `within` hexes: the `event` status event makes him a prisoner. No roll:
 * the owner chooses.
 */
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { boardOf } from '../../state/board'
import { hexesAround, hexesOf, unitsCovering } from '../../state/footprints'
import { isOutOfBattle, statusLabel } from '../../state/battle-statuses'
import { arrangementChanged } from '../../state/occupancy'
import { remainsEntry } from '../../state/remains'
import { peekActivity } from '../activity'
import { currentActivation } from '../driver'
import { isLeader, unitCanAct } from '../forces'
import { enemyUnits, movementClassOf } from '../influence'
import { statusEvent } from '../logged'
import { hasActed, setActing, turnUnitProblem } from '../movement/acting'
import type { PlayContext } from '../procedure'
import { hexEntryCost } from '../terrain-costs'
import type { CaptureSettings, Ctx } from './settings'
import {
  captureOf,
  captureOff,
  captureSettings,
  hexesBetween,
  holdsFor,
  nameOf,
  statusAfter,
} from './settings'

export const PLEAD = 'plead-mercy'

/**
 * Whether every hex around unit `id` holds an enemy in the battle or is one he could not enter
 * (its terrain, or the remains in it). A unit at the map edge is never surrounded.
 */
export function surrounded(ctx: Ctx, id: string): boolean {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.location !== 'map' || unit.hex === null) return false
  // As for encircling in melee, a man at the map edge is never surrounded: he may leave by it.
  const board = boardOf(ctx.loaded)
  if (hexesOf(ctx, id).some((h) => board.neighbors(h).length < 6)) return false
  const moveClass = movementClassOf(ctx, id)
  return hexesAround(ctx, id).every((hex) => {
    const enemy = unitsCovering(ctx, hex).some((u) => {
      const other = ctx.state.units[u]
      return (
        other !== undefined &&
        other.side !== unit.side &&
        !isLeader(ctx.loaded, u) &&
        !isOutOfBattle(ctx.loaded, other.status)
      )
    })
    if (enemy) return true
    if (unitsCovering(ctx, hex).length > 0) return false
    return (
      hexEntryCost(ctx.loaded, hex, moveClass) === null ||
      !remainsEntry(ctx.loaded, ctx.state, hex).ok
    )
  })
}

/** Why unit `id` may not plead for mercy now, to anyone; null when he may. */
export function pleaderProblem(ctx: Ctx, s: CaptureSettings, id: string): string | null {
  const problem = turnUnitProblem(ctx, id)
  if (problem !== null) return problem
  const unit = ctx.state.units[id]!
  const name = unit.name ?? id
  const status = statusLabel(ctx.loaded, unit.status).toLowerCase()
  if (!unitCanAct(ctx.loaded, ctx.state, id)) return `${name} may do nothing while ${status}`
  if (unit.ended !== null) return `${name} may do nothing more this turn`
  if (hasActed(ctx, id) || peekActivity(ctx, id)?.fired === true)
    return `${name} has already acted this turn: a plea for mercy is made before anything else`
  if (!holdsFor(ctx, s.pleaders, id, 'pleaders')) return `${name} may not plead for mercy`
  if (statusAfter(ctx, id, s.event) === null)
    return `${name} cannot be taken prisoner while ${status}`
  const may = s.pleaWhen !== undefined && holdsFor(ctx, s.pleaWhen, id, 'pleaWhen')
  if (!may && !(s.surrounded === true && surrounded(ctx, id))) {
    const when = [s.pleaWhenLabel, s.surrounded === true ? 'completely surrounded' : undefined]
      .filter((w) => w !== undefined)
      .join(' or ')
    return `${name} may plead for mercy only when ${when}`
  }
  return null
}

/** Why `captor` may not take unit `id` prisoner; null when he may. */
export function captorProblem(
  ctx: Ctx,
  s: CaptureSettings,
  id: string,
  captor: string,
): string | null {
  const other = ctx.state.units[captor]
  if (other === undefined) return `there is no unit "${captor}"`
  const name = other.name ?? captor
  const pleader = nameOf(ctx, id)
  if (!enemyUnits(ctx, ctx.state.units[id]?.side ?? '').includes(captor))
    return `${name} is not an enemy of ${pleader} on the map`
  if (!unitCanAct(ctx.loaded, ctx.state, captor) || isOutOfBattle(ctx.loaded, other.status))
    return `${name} is ${statusLabel(ctx.loaded, other.status).toLowerCase()} and cannot take a prisoner`
  if (!holdsFor(ctx, s.captors, captor, 'captors'))
    return `${name} cannot take ${pleader} prisoner: a plea for mercy goes only to ${s.captorsLabel ?? 'certain enemies'}`
  const distance = hexesBetween(ctx, id, captor)
  if (distance > s.within)
    return `${name} is ${distance} hexes from ${pleader}: a plea for mercy goes only to one within ${s.within}`
  return null
}

/** Every plea the side whose turn it is may make now (for `only`: by those units). */
export function pleaChoices(ctx: Ctx, only?: readonly string[]): Action[] {
  const s = captureOf(ctx)
  if (s === undefined) return []
  const side = currentActivation(ctx).side
  const out: Action[] = []
  const pleaders = (only ?? Object.keys(ctx.state.units)).filter(
    (id) => ctx.state.units[id]?.side === side && pleaderProblem(ctx, s, id) === null,
  )
  for (const unit of pleaders)
    for (const captor of enemyUnits(ctx, side))
      if (captorProblem(ctx, s, unit, captor) === null) out.push({ type: PLEAD, unit, captor })
  return out
}

/** Carries out a plea: the pleader yields and is a prisoner; the log line. */
export function performPlea(ctx: PlayContext, frame: Frame, action: Action): string {
  const off = captureOff(ctx)
  const s = captureOf(ctx)
  if (off !== null || s === undefined) return reject(off ?? '', captureSettings(ctx)?.rule)
  checkArgs(action, ['unit', 'captor'])
  const id = stringArg(action, 'unit')
  const captor = stringArg(action, 'captor')
  const problem = pleaderProblem(ctx, s, id) ?? captorProblem(ctx, s, id, captor)
  if (problem !== null) return reject(problem, s.rule)
  statusEvent(ctx, id, s.event, s.rule)
  const unit = ctx.state.units[id]
  if (unit !== undefined) {
    unit.ended = 'activation'
    arrangementChanged(ctx.state, unit)
  }
  setActing(frame, id)
  return `${nameOf(ctx, id)} pleads for mercy and yields to ${nameOf(ctx, captor)}: he is ${statusLabel(ctx.loaded, unit?.status ?? '').toLowerCase()}`
}
