/**
 * Who is acting in a movement phase. Units move (and fire) one at a time, and a unit's move is
 * over once another unit has begun: the phase frame keeps the unit
 * acting now, the units whose movement is over for this activation (stopped next to an enemy,
 * changed form for good), movement allowances changed by a change of form, and the leaders that
 * rode with each unit (they must stay with it). Plain JSON in the phase frame's data.
 */
import type { Frame } from '../../state/flow-types'
import { isActivated, peekActivity } from '../activity'
import { currentActivation, flowOf } from '../driver'
import { plansOn } from '../fire/plans'
import type { PlayContext } from '../procedure'
import { frameData } from '../../state/json-data'

export interface PhaseBook {
  acting: string | null
  stopped: string[]
  allowance: Record<string, number>
  riders: Record<string, string[]>
}

/** The bookkeeping kept in a movement phase frame, read only (legal-move listing must not write). */
export function bookOf(frame: Frame): Readonly<PhaseBook> {
  const d = frame.data as Partial<PhaseBook>
  return {
    acting: d.acting ?? null,
    stopped: d.stopped ?? [],
    allowance: d.allowance ?? {},
    riders: d.riders ?? {},
  }
}

/** The bookkeeping of a phase frame on the draft, created on first use, for changing it. */
export function writeBook(frame: Frame): PhaseBook {
  const d = frame.data
  d.acting ??= null
  d.stopped ??= []
  d.allowance ??= {}
  d.riders ??= {}
  return frameData<PhaseBook>(frame)
}

/** The phase frame a sub-procedure of it (a move along a path) belongs to. */
export function phaseFrame(ctx: PlayContext, id: number): Frame | undefined {
  return flowOf(ctx.state).stack.find((f) => f.id === id)
}

/** Marks `id` as the unit acting now: whoever acted before it is done. */
export function setActing(frame: Frame, id: string): void {
  writeBook(frame).acting = id
}

export function markStopped(frame: Frame, id: string): void {
  const book = writeBook(frame)
  if (!book.stopped.includes(id)) book.stopped.push(id)
}

/**
 * Whether the unit did anything this activation (moved, turned, fired, spent points). Under fire
 * plans fire has a phase of its own, before the moves: it does not finish a unit's move.
 */
/**
 * Why `id` may not act for the side whose turn it is, whatever he would do: no such unit, not of
 * that side (or not activated), not on the map; null when he may.
 */
export function turnUnitProblem(
  ctx: Pick<PlayContext, 'loaded' | 'state'>,
  id: string,
): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  const name = unit.name ?? id
  if (unit.side !== currentActivation(ctx).side || !isActivated(ctx, id))
    return `${name} is not of the side whose turn it is`
  if (unit.location !== 'map' || unit.hex === null) return `${name} is not on the map`
  return null
}

export function hasActed(ctx: Pick<PlayContext, 'loaded' | 'state'>, id: string): boolean {
  const a = peekActivity(ctx, id)
  const fired = a?.fired === true && !plansOn(ctx.loaded.rules)
  return a !== undefined && (a.moved || a.turned > 0 || fired || a.mp > 0)
}

/** A unit that acted and is no longer the one acting has finished its move and fire. */
export function hasFinished(
  ctx: Pick<PlayContext, 'loaded' | 'state'>,
  frame: Frame,
  id: string,
): boolean {
  const book = bookOf(frame)
  if (book.acting === id) return false
  if (Object.values(book.riders).some((leaders) => leaders.includes(id))) return true
  return hasActed(ctx, id)
}

/** The leaders who rode with a unit so far: they go with it on every later leg of its move. */
export function ridersOf(frame: Frame, unit: string): string[] {
  return bookOf(frame).riders[unit] ?? []
}
