/**
 * Exchange of ammunition (mechanics.fire.ammunition.exchange): in a movement phase two units of
 * the side whose turn it is, side by side and neither next to an enemy, may pass missiles of a
 * weapon both carry (`exchange-ammunition {unit, from, weapon?}`: the first takes from the
 * second as many as he lacks of what he started with, or as the second has); both have then
 * finished their move. With `fromDead`, `from` may also be a dead unit of either side lying
 * (state.fallen: where he fell) in the taker's hex or next to it, no enemy next to the body:
 * the missiles he had left are taken from him, and the taker has finished his move.
 */
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { boardOf } from '../../state/board'
import { hexesOf, touching } from '../../state/footprints'
import { fallenAt } from '../../state/remains'
import { statusCanAct } from '../forces'
import { enemiesNextTo } from '../influence'
import { note } from '../logged'
import { markStopped } from '../movement/acting'
import type { PlayContext } from '../procedure'
import {
  ammunitionLeft,
  ammunitionStart,
  label,
  missiles,
  nameOf,
  ruleOf,
  setLeft,
  settingsOf,
} from './ammunition'
import { weaponsOf } from './shots'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** Whether the movement phases take exchange-ammunition. */
export function exchangeOn(ctx: Ctx): boolean {
  return settingsOf(ctx)?.exchange === true
}

function nextToEnemy(ctx: Ctx, id: string): boolean {
  const unit = ctx.state.units[id]
  if (unit === undefined) return false
  return hexesOf(ctx, id).some((hex) => enemiesNextTo(ctx, unit.side, hex).length > 0)
}

/** Whether the dead may be stripped of their missiles in these rules. */
const fromDeadOn = (ctx: Ctx): boolean => settingsOf(ctx)?.fromDead === true

/** The hex where `id` lies dead, when missiles may be taken from him; else null. */
function bodyOf(ctx: Ctx, id: string): string | null {
  const unit = ctx.state.units[id]
  if (!fromDeadOn(ctx) || unit === undefined || unit.location !== 'removed') return null
  return fallenAt(ctx.state, id)
}

type Exchange = { weapon: string; count: number } | { why: string }

/** Why the living `from` may not pass missiles to `unit` now, or null. */
function livingProblem(ctx: Ctx, unit: string, from: string): string | null {
  const side = ctx.state.flow?.activation?.side
  for (const id of [unit, from]) {
    const u = ctx.state.units[id]
    if (u === undefined) return `there is no unit "${id}"`
    if (u.side !== side) return `${nameOf(ctx, id)} is not of the side whose turn it is`
    if (u.location !== 'map' || !statusCanAct(ctx.loaded, u.status))
      return `${nameOf(ctx, id)} may not act now`
  }
  if (!touching(ctx, unit, from))
    return `${nameOf(ctx, unit)} and ${nameOf(ctx, from)} are not side by side`
  for (const id of [unit, from])
    if (nextToEnemy(ctx, id))
      return `${nameOf(ctx, id)} is next to an enemy, so no ammunition changes hands`
  return null
}

/** Why `unit` may not take missiles from the body of `from`, lying in `hex`, now, or null. */
function deadProblem(ctx: Ctx, unit: string, from: string, hex: string): string | null {
  const taker = ctx.state.units[unit]
  const side = ctx.state.flow?.activation?.side
  if (taker === undefined) return `there is no unit "${unit}"`
  if (taker.side !== side) return `${nameOf(ctx, unit)} is not of the side whose turn it is`
  if (taker.location !== 'map' || !statusCanAct(ctx.loaded, taker.status))
    return `${nameOf(ctx, unit)} may not act now`
  const board = boardOf(ctx.loaded)
  if (!hexesOf(ctx, unit).some((h) => h === hex || board.distance(h, hex) === 1))
    return `${nameOf(ctx, unit)} is not next to the body of ${nameOf(ctx, from)}, which lies in ${hex}`
  if (nextToEnemy(ctx, unit))
    return `${nameOf(ctx, unit)} is next to an enemy, so no ammunition changes hands`
  if (enemiesNextTo(ctx, taker.side, hex).length > 0)
    return `the body of ${nameOf(ctx, from)} in ${hex} is next to an enemy, so no ammunition is taken from it`
  return null
}

/** What `unit` may take from `from` now (the weapon and how many), or why he may not. */
function exchangeOf(ctx: Ctx, unit: string, from: string, weapon?: string): Exchange {
  if (!exchangeOn(ctx)) return { why: 'ammunition is not exchanged in these rules' }
  if (ctx.state.units[unit] === undefined) return { why: `there is no unit "${unit}"` }
  if (ctx.state.units[from] === undefined) return { why: `there is no unit "${from}"` }
  const a = nameOf(ctx, unit)
  const body = bodyOf(ctx, from)
  const b = body === null ? nameOf(ctx, from) : `the body of ${nameOf(ctx, from)}`
  if (unit === from) return { why: `${a} cannot exchange ammunition with himself` }
  const problem =
    body === null ? livingProblem(ctx, unit, from) : deadProblem(ctx, unit, from, body)
  if (problem !== null) return { why: problem }
  const carried = weaponsOf(ctx, unit).map((w) => w.id)
  const candidates = weapon === undefined ? carried : [weapon]
  let why = `${a} and ${b} carry no weapon whose missiles they could pass`
  for (const w of candidates) {
    if (!carried.includes(w)) return { why: `${a} carries no weapon "${w}"` }
    if (!weaponsOf(ctx, from).some((x) => x.id === w)) {
      why = `${b} carries no ${label(ctx, w)}`
      continue
    }
    const start = ammunitionStart(ctx, unit, w)
    const have = ammunitionLeft(ctx, unit, w)
    const spare = ammunitionLeft(ctx, from, w)
    if (start === null || have === null) {
      why = `${a} never runs out of ${label(ctx, w)} missiles`
      continue
    }
    if (have >= start) {
      why = `${a} already has the ${missiles(start, label(ctx, w))} he started with`
      continue
    }
    if (spare === 0) {
      why = `${b} has no ${label(ctx, w)} missiles left to ${body === null ? 'give' : 'take'}`
      continue
    }
    return { weapon: w, count: spare === null ? start - have : Math.min(spare, start - have) }
  }
  return { why }
}

/** Every exchange the side whose turn it is may make now (`only`: those units taking). */
export function exchangeChoices(ctx: Ctx, only?: readonly string[]): Action[] {
  if (!exchangeOn(ctx)) return []
  const side = ctx.state.flow?.activation?.side
  const ours = Object.keys(ctx.state.units).filter((id) => {
    const u = ctx.state.units[id]
    return (
      u !== undefined && u.side === side && u.location === 'map' && weaponsOf(ctx, id).length > 0
    )
  })
  // The dead who lie somewhere may be stripped of their missiles (fromDead).
  const dead = fromDeadOn(ctx)
    ? Object.keys(ctx.state.fallen ?? {}).filter((id) => bodyOf(ctx, id) !== null)
    : []
  const out: Action[] = []
  for (const unit of only ?? ours)
    for (const from of [...ours, ...dead]) {
      if (from === unit || !ours.includes(unit)) continue
      for (const w of weaponsOf(ctx, unit)) {
        const found = exchangeOf(ctx, unit, from, w.id)
        if ('count' in found)
          out.push({ type: 'exchange-ammunition', unit, from, weapon: found.weapon })
      }
    }
  return out
}

/** `exchange-ammunition {unit, from, weapon?}`: `unit` takes what he may from `from`. */
export function performExchange(ctx: PlayContext, frame: Frame, action: Action): string {
  checkArgs(action, ['unit', 'from', 'weapon'])
  const unit = stringArg(action, 'unit')
  const from = stringArg(action, 'from')
  const weapon = stringArg(action, 'weapon', true)
  const found = exchangeOf(ctx, unit, from, weapon)
  if ('why' in found) return reject(found.why, ruleOf(ctx))
  const have = ammunitionLeft(ctx, unit, found.weapon) ?? 0
  const spare = ammunitionLeft(ctx, from, found.weapon)
  setLeft(ctx, unit, found.weapon, have + found.count)
  if (spare !== null) setLeft(ctx, from, found.weapon, spare - found.count)
  const what = label(ctx, found.weapon)
  const body = bodyOf(ctx, from)
  markStopped(frame, unit)
  if (body !== null) {
    const text = `${nameOf(ctx, unit)} takes ${missiles(found.count, what)} from the body of ${nameOf(ctx, from)} in ${body} (now ${have + found.count}${spare === null ? '' : `, ${spare - found.count} left on the body`}); he has finished his move`
    note(ctx, text, ruleOf(ctx))
    return text
  }
  markStopped(frame, from)
  const text = `${nameOf(ctx, unit)} takes ${missiles(found.count, what)} from ${nameOf(ctx, from)} (now ${have + found.count}${spare === null ? '' : `, ${nameOf(ctx, from)} ${spare - found.count}`}); both have finished their move`
  note(ctx, text, ruleOf(ctx))
  return text
}
