/**
 * Effect dismount: the rider becomes his dismounted form, with a status event. The horse lives
 * or dies. Under mechanics.results.unhorsed, a horse that lives is a unit of its own that stays
 * where the mounted counter stood (the horse he mounted, else the spare horse the state keeps for
 * each rider, state/game-state.ts; movement/horses.ts), a dead one leaves its remains there, and the rider's owner places the rider
 * next to the horse ("place"); with no hex free the rider is sent the settings' noRoomEvent when
 * every hex around the horse holds enemies, else he goes to the nearest hex with room. Without
 * those settings the rider stays in his front hex and the horse's fate is only noted.
 */
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { transformUnit } from '../../state/effect-changes'
import { sendStatusEvent } from '../../state/effects'
import { reject, ruleField } from '../../state/failure'
import { hexesOf, unitsCovering } from '../../state/footprints'
import type { PendingEffect } from '../../state/log'
import { leaveMountRemains } from '../../state/remains'
import type { StepFrame } from '../define-procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { PlayContext } from '../procedure'
import { answerAmong, nextQueued, note, placeUnit, queueThen, subRun } from './common'
import { effectsFrame } from './frames'
import { enterable } from './places'
import { horseOf } from '../movement/horses'
import { pushesFrom } from './push-aside'

type DismountEffect = Extract<PendingEffect['effect'], { type: 'dismount' }>

interface DismountData {
  pending: PendingEffect
  index?: number
  /**
   * The rider waiting to be placed next to his horse, the hexes the horse stands on, and its
   * heading when it lives (it takes its place once the rider has left the front hex).
   */
  placing?: { unit: string; horse: string[]; lives?: { facing: number | null } }
  done?: boolean
}

const unhorsedSettings = (ctx: PlayContext) => ctx.loaded.rules.ruleset.mechanics?.results?.unhorsed

const ruleOf = (ctx: PlayContext, pending: PendingEffect): string | undefined =>
  (pending.effect as DismountEffect).rule ?? unhorsedSettings(ctx)?.rule

/** The hexes around the horse's hexes (on the map), in the map's order. */
function aroundHorse(ctx: PlayContext, horse: readonly string[]): string[] {
  const board = boardOf(ctx.loaded)
  const out: string[] = []
  for (const hex of horse)
    for (const near of board.neighbors(hex))
      if (!horse.includes(near) && !out.includes(near)) out.push(near)
  return out.sort((a, b) => board.indexOf(a) - board.indexOf(b))
}

/**
 * Where the rider may be placed: a hex next to the horse that holds nobody and he may enter; with
 * none, under the settings' `pushFriends`, a hex of one that a friend holds alone, the friend
 * pushed (`pushed`) into a free hex next to his own (`pushTo`).
 */
function placeOptions(ctx: PlayContext, id: string, horse: readonly string[]): Action[] {
  const around = aroundHorse(ctx, horse)
  const free = around
    .filter((hex) => unitsCovering(ctx, hex).every((o) => o === id) && enterable(ctx, id, hex))
    .map((hex) => ({ type: 'place', unit: id, hex }))
  if (free.length > 0 || unhorsedSettings(ctx)?.pushFriends !== true) return free
  return around.flatMap((hex) =>
    pushesFrom(ctx, id, hex, horse).map((p) => ({ type: 'place', unit: id, hex, ...p })),
  )
}

/** The rider on foot, the horse living (a unit where it stood) or dead (its remains). */
function unhorse(ctx: PlayContext, d: DismountData, id: string): void {
  const effect = d.pending.effect as DismountEffect
  const rule = ruleOf(ctx, d.pending)
  const unit = ctx.state.units[id]
  if (unit === undefined) return
  const run = subRun(ctx)
  // A unit already on foot (hit with riders, on their table) takes the rider's part only.
  const mounted = Object.hasOwn(
    ctx.loaded.rules.unitTypes.get(unit.type)?.forms ?? {},
    'dismounted',
  )
  const covered = [...hexesOf(ctx, id)]
  const facing = unit.facing
  const horseId = horseOf(ctx, id)
  const spare = ctx.state.units[horseId]
  const kept =
    unhorsedSettings(ctx) !== undefined &&
    ctx.loaded.rules.unitTypes.get(unit.type)?.horse !== undefined &&
    spare?.location === 'removed'
  if (mounted)
    transformUnit(run, id, { type: 'transform', form: 'dismounted', ...ruleField(effect.rule) })
  if (!mounted) return
  note(ctx, `the horse of unit ${id} ${effect.horse === 'dies' ? 'dies' : 'runs loose'}`, rule)
  if (effect.horse === 'dies') leaveMountRemains(ctx.loaded, ctx.state, covered, ctx.applied)
  if (!kept || covered.length === 0) return
  d.placing = {
    unit: id,
    horse: covered,
    ...(effect.horse === 'dies' ? {} : { lives: { facing } }),
  }
}

/**
 * The living horse on the hexes the mounted counter stood on, once the rider is off them (or,
 * with `riderDies`, about to die there).
 */
function horseStays(ctx: PlayContext, d: DismountData, riderDies = false): void {
  const placing = d.placing
  if (placing?.lives === undefined) return
  const front = placing.horse[0] ?? null
  const rule = ruleOf(ctx, d.pending)
  const horseId = horseOf(ctx, placing.unit)
  const taken = (h: string) => unitsCovering(ctx, h).some((u) => !(riderDies && u === placing.unit))
  if (front === null || placing.horse.some(taken)) {
    note(ctx, `the horse of unit ${placing.unit} finds no room and runs off`, rule)
    return
  }
  placeUnit(
    ctx,
    horseId,
    { hex: front, facing: placing.lives.facing },
    'stays where it stood',
    rule,
  )
}

/** The rider's status event (after he is placed), its consequences queued. */
function riderEvent(ctx: PlayContext, f: StepFrame<DismountData, 'start'>, id: string): void {
  const effect = f.data.pending.effect as DismountEffect
  if (effect.riderEvent === undefined || ctx.state.units[id]?.location !== 'map') return
  const run = subRun(ctx)
  sendStatusEvent(run, id, effect.riderEvent, 0, effect.rule, f.data.pending.participants)
  queueThen(f.frame, [effectsFrame(run.pending)])
}

/** No hex free next to the horse: killed when enemies hold every one, else the nearest room. */
function noRoom(ctx: PlayContext, f: StepFrame<DismountData, 'start'>, id: string): void {
  const d = f.data
  const settings = unhorsedSettings(ctx)
  const rule = ruleOf(ctx, d.pending)
  const side = ctx.state.units[id]?.side
  const around = aroundHorse(ctx, d.placing?.horse ?? [])
  const enemiesAll = around.every((hex) =>
    unitsCovering(ctx, hex).some((o) => o !== id && ctx.state.units[o]?.side !== side),
  )
  if (enemiesAll && settings !== undefined) {
    note(ctx, `unit ${id} has no room next to his horse: enemies stand all around it`, rule)
    horseStays(ctx, d, true)
    const run = subRun(ctx)
    sendStatusEvent(run, id, settings.noRoomEvent, 0, rule, d.pending.participants)
    queueThen(f.frame, [effectsFrame(run.pending)])
    return
  }
  // No friend can be pushed aside (or the settings push none): the rider goes to the nearest
  // hex with room instead (provisional), so that no two men ever share a hex.
  const room = nearestRoom(ctx, id, d.placing?.horse ?? [])
  if (room !== null) placeUnit(ctx, id, { hex: room }, 'finds room nearest his horse in', rule)
  else note(ctx, `unit ${id} has no room near his horse and stays where he fell`, rule)
  horseStays(ctx, d)
  riderEvent(ctx, f, id)
}

/** The nearest hex to the horse, ring by ring in the map's order, that holds nobody and he may enter. */
function nearestRoom(ctx: PlayContext, id: string, horse: readonly string[]): string | null {
  const board = boardOf(ctx.loaded)
  const seen = new Set(horse)
  let ring = [...horse]
  while (ring.length > 0) {
    const next: string[] = []
    for (const hex of ring)
      for (const near of board.neighbors(hex))
        if (!seen.has(near)) {
          seen.add(near)
          next.push(near)
        }
    next.sort((a, b) => board.indexOf(a) - board.indexOf(b))
    const found = next.find(
      (hex) => unitsCovering(ctx, hex).every((o) => o === id) && enterable(ctx, id, hex),
    )
    if (found !== undefined) return found
    ring = next
  }
  return null
}

function placeRider(ctx: PlayContext, f: StepFrame<DismountData, 'start'>, chosen: Action): void {
  const id = chosen.unit as string
  const rule = ruleOf(ctx, f.data.pending)
  if (typeof chosen.pushed === 'string' && typeof chosen.pushTo === 'string')
    placeUnit(
      ctx,
      chosen.pushed,
      { hex: chosen.pushTo },
      `is pushed aside to make room for ${id}, to`,
      rule,
    )
  placeUnit(ctx, id, { hex: chosen.hex as string }, 'is placed next to his horse in', rule)
  horseStays(ctx, f.data)
  riderEvent(ctx, f, id)
}

export const dismountProcedure = defineProcedure<DismountData>()({
  name: 'effect:dismount',
  actions: ['place'],
  steps: {
    start(ctx, f) {
      const queued = nextQueued(f.frame)
      if (queued !== null) return queued
      const d = f.data
      if (d.done === true) return { kind: 'done' }
      const units = d.pending.units
      if (d.placing === undefined) {
        const index = d.index ?? 0
        const id = units[index]
        if (id === undefined) {
          d.done = true
          return AGAIN
        }
        d.index = index + 1
        if (ctx.state.units[id]?.location !== 'map') return AGAIN
        unhorse(ctx, d, id)
        if (d.placing === undefined) riderEvent(ctx, f, id)
        return AGAIN
      }
      const id = d.placing.unit
      const options = placeOptions(ctx, id, d.placing.horse)
      if (options.length <= 1) {
        if (options.length === 0) noRoom(ctx, f, id)
        else placeRider(ctx, f, options[0] as Action)
        delete d.placing
        return AGAIN
      }
      return {
        kind: 'prompt',
        prompt: {
          side: ctx.state.units[id]?.side ?? '',
          kind: 'unhorsed',
          text: options.some((o) => o.pushed !== undefined)
            ? `every hex next to his horse is full: place unit ${id} in the hex of a friend next to it, who is pushed one hex aside ("place" with a hex, pushed and pushTo)`
            : `place unit ${id} next to his horse ("place" with a hex)`,
          actions: ['place'],
          ...ruleField(ruleOf(ctx, d.pending)),
        },
      }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    const placing = d.placing
    if (placing === undefined) return reject('no rider waits to be placed')
    const options = placeOptions(ctx, placing.unit, placing.horse)
    const chosen = answerAmong(action, options, ['unit', 'hex', 'pushed', 'pushTo'], () => ({
      message:
        action.unit !== placing.unit
          ? `unit ${placing.unit} is the one to place now`
          : options.some((o) => o.pushed !== undefined)
            ? `every hex next to his horse is full: unit ${placing.unit} takes the place of a friend next to it, who is pushed one hex aside (${options.map((o) => `${String(o.pushed)} from ${String(o.hex)} to ${String(o.pushTo)}`).join('; ')})`
            : `unit ${placing.unit} must be placed in an empty hex next to his horse: ${options.map((o) => String(o.hex)).join(', ')}`,
      ...ruleField(ruleOf(ctx, d.pending)),
    }))
    placeRider(ctx, f, chosen)
    delete d.placing
    return `unit ${placing.unit} placed in ${String(chosen.hex)}`
  },
  legal(ctx, f) {
    const placing = f.data.placing
    return placing === undefined ? [] : placeOptions(ctx, placing.unit, placing.horse)
  },
})
