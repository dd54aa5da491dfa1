/**
 * Procedure "move-path": carries a move out one hex at a time. Each hex entered is paid for
 * and recorded (movement points, the enemies whose influence it entered), friendly units passed
 * through roll their check, enemy leaders found alone there are displaced and an enemy standard
 * displaced or captured (the results mechanic's entry rules), and the other side's
 * reactions to the entry (reaction fire, fire at every step of the move…) run before the next
 * step. With the phase's infiltration setting, a unit leaving a hex it crossed next to enemies
 * able to attack it rolls first (./infiltration.ts). A two-hex counter's jump is one step that
 * rolls at take-off (./jumping.ts). The rest of the path is walked only if the unit is still
 * where the move put it and the step is still allowed.
 */
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import { unitsCovering } from '../../state/footprints'
import type { PendingEffect } from '../../state/log'
import { stackFits } from '../../state/stacking'
import { runResolution } from '../../state/resolve-action'
import { activityOf } from '../activity'
import { disengage, isEngaged } from '../extras'
import { isLeader, statusCanAct } from '../forces'
import type { NewFrame, Outcome, PlayContext } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { StepFrame } from '../define-procedure'
import { currentPhase, reactionWindow } from '../reactions'
import { effectsFrame, enemyEntryFrame, resultsWatch } from '../results'
import { markStopped, phaseFrame } from './acting'
import { buildFacts, keepAwayFor } from './facts'
import { moverOf } from './movers'
import { standardArrives } from './reinforcements'
import type { Step } from './steps'
import { canEndIn, checkStep } from './steps'
import { infiltrate, infiltrationOf, leavingCrosses } from './infiltration'
import { setFacing, setPlace } from '../../state/occupancy'
import { stanceAt, stanceFree, stanceOf } from '../stances'
import { movesAsTwoHex, twoHexPathStep } from './two-hex'
import type { Jump } from './jumping'
import { rollJump } from './jumping'
import { toJsonObject } from '../../state/json-data'
import type { CarryPlan } from './carrying'
import { pickUp, setDown } from './carrying'
import type { LeadPlan } from './leading'
import { walkingSteps, type WalkStep } from './walking'
import { followLeader, leadingOf, takeBridles } from './leading'
import { ledBy } from './horses'

export interface MovePathData {
  unit: string
  path: string[]
  /** Facing to take when the move ends (null: the piece has none). */
  facing: number | null
  with: string[]
  /** The phase frame the move belongs to. */
  parent: number
  index: number
  /** Where the move has put the unit so far (null: still off the map). */
  at: string | null
  /** Enemies whose influence this leg has entered. */
  touched: string[]
  cost: number
  /** The last hex entered forces a stop. */
  stop: boolean
  /** Why the move ended before the end of its path. */
  cut: string | null
  queue: NewFrame[]
  /** The path index of the step before which the infiltration roll was made (only with it). */
  challenged?: number
  /**
   * Where the move began, kept only in a phase whose rolls or reactions may stop a move on its
   * way (infiltration, fire at every step): the last place to fall back to.
   */
  start?: string
  /** Someone the unit picks up on its way and sets down when its move ends (carrying.ts). */
  carry?: CarryPlan
  /** Horses whose bridles the unit takes on its way (leading.ts). */
  lead?: LeadPlan
  /** The horses it led when its move began, which follow it (only where horses may be led). */
  led?: string[]
}

/** Whether the unit is still where the move left it and free to go on. */
function stillAble(ctx: PlayContext, d: MovePathData): boolean {
  const unit = ctx.state.units[d.unit]
  if (unit === undefined || unit.ended !== null || !statusCanAct(ctx.loaded, unit.status))
    return false
  return d.at === null
    ? unit.location === 'reinforcements'
    : unit.location === 'map' && unit.hex === d.at
}

/** Moves the unit (and its riders) into the next hex and lists what must run before the next. */
function enter(
  ctx: PlayContext,
  d: MovePathData,
  to: string,
  step: Extract<Step, { ok: true }>,
  leader: boolean,
  /** A two-hex counter's heading after the step (its rear follows its front). */
  heading: number | null = null,
): void {
  const unit = ctx.state.units[d.unit]
  if (unit === undefined) return reject(`there is no unit "${d.unit}"`)
  const from = d.at
  const activity = activityOf(ctx, d.unit)
  activity.mp += step.cost
  activity.moved = true
  for (const e of step.touched) if (!activity.touched.includes(e)) activity.touched.push(e)
  const arriving = unit.location !== 'map'
  // An engaged unit that leaves its hex disengages (an optional rule): Disordered, unmarked.
  if (from !== null && isEngaged(ctx, d.unit)) disengage(ctx, d.unit)
  setPlace(ctx.state, d.unit, to, 'map')
  if (arriving) setFacing(ctx.state, unit, d.facing)
  if (heading !== null) setFacing(ctx.state, unit, heading)
  for (const id of d.with) {
    const rider = ctx.state.units[id]
    if (rider === undefined) continue
    setPlace(ctx.state, id, to, 'map')
    activityOf(ctx, id).moved = true
  }
  const riders = d.with.length === 0 ? '' : ` with ${d.with.join(', ')}`
  ctx.applied.push({
    kind: 'move',
    unit: d.unit,
    from: from ?? '',
    path: [to],
    cost: step.cost,
    text: `${d.unit}${riders} ${from === null ? 'enters the map at' : `moves ${from} →`} ${to} (${step.cost} MP)`,
  })
  d.at = to
  d.cost += step.cost
  d.stop = step.stop
  for (const e of step.touched) if (!d.touched.includes(e)) d.touched.push(e)
  if (arriving) standardArrives(ctx, unit.command)
  const queue: (NewFrame | null)[] = []
  for (const passed of step.through) {
    if (passed.resolution === undefined) continue
    const pending: PendingEffect[] = []
    const run = {
      loaded: ctx.loaded,
      state: ctx.state,
      applied: ctx.applied,
      pending,
      ...(ctx.observeRoll === undefined ? {} : { observeRoll: ctx.observeRoll }),
    }
    const watch = resultsWatch(ctx, [passed.unit])
    const { record, text } = runResolution(run, {
      type: 'resolve',
      resolution: passed.resolution,
      unit: passed.unit,
    })
    ctx.records.push(record)
    ctx.pending.push(...pending)
    ctx.applied.push({
      kind: 'note',
      text: `${d.unit} passes through ${passed.unit}: ${text}`,
      ...(passed.rule === undefined ? {} : { rule: passed.rule }),
    })
    queue.push(effectsFrame(pending, watch))
  }
  if (!leader) {
    // Leaders found alone there are displaced, an enemy standard displaced or captured.
    queue.push(enemyEntryFrame(ctx, d.unit))
    const event = { unit: d.unit, hex: to, from: from ?? '', by: 'move' as const }
    queue.push(reactionWindow(ctx, { trigger: 'enter-hex', ...event }))
    queue.push(reactionWindow(ctx, { trigger: 'enter-frontal-hex', ...event }))
    queue.push(reactionWindow(ctx, { trigger: 'move-step', unit: d.unit, hex: to }))
  }
  d.queue = queue.filter((q): q is NewFrame => q !== null)
}

/** Whether the phase running has reactions to each step of a move. */
function stepReactions(ctx: PlayContext): boolean {
  return (currentPhase(ctx)?.reactions ?? []).some((r) => r.trigger === 'move-step')
}

/** Whether the unit may stay in `hex`: no enemy covers it and it fits with the friends there. */
function mayStay(ctx: PlayContext, id: string, hex: string): boolean {
  const side = ctx.state.units[id]?.side
  const others = unitsCovering(ctx, hex).filter((o) => o !== id)
  if (others.some((o) => ctx.state.units[o]?.side !== side && !isLeader(ctx.loaded, o)))
    return false
  return stackFits(ctx, [...others, id])
}

/**
 * A move cut short in a hex where the piece may not stay (a friend's hex it was passing through,
 * when fire or a roll on the way took the rest of its movement) ends in the last hex of its path
 * before that one where it may; whether it fell back so.
 */
function fallBack(ctx: PlayContext, d: MovePathData): boolean {
  const unit = ctx.state.units[d.unit]
  if (d.cut === null || d.at === null || unit?.location !== 'map' || unit.hex !== d.at) return false
  // A two-hex counter stands in two hexes, with a heading to find again where it falls back.
  const twoHex = movesAsTwoHex(ctx, d.unit)
  const here = twoHex ? stanceOf(ctx, d.unit) : null
  if (twoHex ? here !== null && stanceFree(ctx, d.unit, here) : mayStay(ctx, d.unit, d.at))
    return false
  const stays = (hex: string) =>
    twoHex ? stanceAt(ctx, d.unit, hex, d.at) !== null : mayStay(ctx, d.unit, hex)
  const before = [...(d.start === undefined ? [] : [d.start]), ...d.path.slice(0, d.index - 1)]
  const back = before.reverse().find(stays)
  if (back === undefined) return false
  const stance = twoHex ? stanceAt(ctx, d.unit, back, d.at) : null
  for (const id of [d.unit, ...d.with])
    if (ctx.state.units[id]?.hex === d.at) setPlace(ctx.state, id, back, 'map')
  if (stance !== null) setFacing(ctx.state, unit, stance.heading)
  ctx.applied.push({
    kind: 'move',
    unit: d.unit,
    from: d.at,
    path: [back],
    cost: 0,
    text: `${d.unit} falls back to ${back}: it may not end its move in ${d.at}`,
  })
  d.at = back
  return true
}

function finish(ctx: PlayContext, d: MovePathData): void {
  const unit = ctx.state.units[d.unit]
  const parent = phaseFrame(ctx, d.parent)
  if (unit === undefined || parent === undefined) return
  const fell = fallBack(ctx, d)
  if (d.carry !== undefined) setDown(ctx, parent, d.unit, d.carry, d.with)
  // Led horses, and those whose bridles the move took, come after the unit.
  followLeader(ctx, d.unit, d.path.slice(0, d.index), d.led ?? ledBy(ctx, d.unit), d.lead)
  const inPlace = d.at !== null && unit.location === 'map' && unit.hex === d.at
  // A two-hex counter turned with every step (enter): its heading is already the right one.
  const turned = movesAsTwoHex(ctx, d.unit)
  if (!fell && !turned && inPlace && d.facing !== null && unit.facing !== d.facing) {
    ctx.applied.push({
      kind: 'facing',
      unit: d.unit,
      from: unit.facing,
      to: d.facing,
      text: `${d.unit} ends its move facing ${boardOf(ctx.loaded).facingName(d.facing)}`,
    })
    setFacing(ctx.state, unit, d.facing)
  }
  if (d.cut !== null) {
    ctx.applied.push({
      kind: 'note',
      text: `${d.unit} stops${d.at === null ? '' : ` in ${d.at}`}: ${d.cut}`,
    })
    markStopped(parent, d.unit)
  } else if (d.stop) markStopped(parent, d.unit)
}

/** One step of the path, or the finish when the path is walked or cut short. */
function walk(ctx: PlayContext, f: StepFrame<MovePathData, MovePathStep>): Outcome {
  const d = f.data
  if (d.index >= d.path.length) {
    f.go('finish')
    return AGAIN
  }
  if (!stillAble(ctx, d)) {
    d.cut = 'it can move no further'
    f.go('finish')
    return AGAIN
  }
  const parent = phaseFrame(ctx, d.parent)
  if (parent === undefined) return reject('a move lost track of its phase')
  const facts = buildFacts(ctx, keepAwayFor(ctx, parent))
  const mover = moverOf(ctx, parent, facts, d.unit)
  const to = d.path[d.index] as string
  const twoHex = movesAsTwoHex(ctx, d.unit) ? twoHexPathStep(ctx, d.unit, d.path, d.index) : null
  const step = twoHex ?? checkStep(facts, mover, d.at, to, new Set(d.touched))
  const jump = twoHex?.ok === true ? twoHex.jump : undefined
  if (!step.ok || step.cost > mover.budget) {
    d.cut = step.ok ? `it has not the movement points left to enter ${to}` : step.reason
    f.go('finish')
    return AGAIN
  }
  // The board may have changed since the path was checked (a decision taken on the way):
  // a move never ends where the piece may not stay.
  const last = d.index + (jump?.path.length ?? 1) === d.path.length
  if (
    last &&
    (twoHex?.ok === true
      ? !stanceFree(ctx, d.unit, twoHex.stance)
      : twoHex === null && !canEndIn(facts, mover, to))
  ) {
    d.cut = `it may not end its move in ${to}, where units may not stack now`
    f.go('finish')
    return AGAIN
  }
  const infiltration = mover.leader ? undefined : infiltrationOf(ctx, parent)
  if (d.index === 0 && d.led === undefined && leadingOf(ctx) !== undefined)
    d.led = [...ledBy(ctx, d.unit)]
  if (d.index === 0 && d.at !== null && (infiltration !== undefined || stepReactions(ctx)))
    d.start = d.at
  if (
    infiltration !== undefined &&
    d.at !== null &&
    d.challenged !== d.index &&
    leavingCrosses(ctx, infiltration, d.unit, d.index)
  ) {
    // The roll comes as the unit leaves the hex; its results may end the move.
    d.challenged = d.index
    const { rolled, then } = infiltrate(ctx, infiltration, d.unit, d.at)
    if (rolled) {
      f.go('step')
      return then === null ? AGAIN : { kind: 'push', frame: then }
    }
  }
  if (jump !== undefined) return leap(ctx, f, jump, mover.leader)
  enter(ctx, d, to, step, mover.leader, twoHex?.ok === true ? twoHex.stance.heading : null)
  if (d.carry !== undefined && d.carry.at === d.index)
    pickUp(ctx, parent, d.unit, d.carry, mover.budget - step.cost, d.with)
  if (d.lead !== undefined) takeBridles(ctx, d.unit, d.lead, last)
  if (infiltration?.finalHex === true) {
    const { then } = infiltrate(ctx, infiltration, d.unit, to)
    if (then !== null) d.queue.unshift(then)
  }
  d.index += 1
  f.go('queue')
  return AGAIN
}

/**
 * A jump, rolled at take-off: refused, the move ends where the unit stands and the results are
 * carried out there; else the counter lands and the results are carried out where it landed.
 */
function leap(
  ctx: PlayContext,
  f: StepFrame<MovePathData, MovePathStep>,
  jump: Jump,
  leader: boolean,
): Outcome {
  const d = f.data
  const rolled = rollJump(ctx, d.unit, jump)
  if (rolled.refused) {
    d.cut = `the jump over ${jump.over.join(', ')} is refused`
    const then = rolled.carryOut()
    f.go('finish')
    return then === null ? AGAIN : { kind: 'push', frame: then }
  }
  const step = { ok: true as const, cost: jump.cost, stop: false, through: [], touched: [] }
  enter(ctx, d, jump.landing.front, step, leader, jump.landing.heading)
  const then = rolled.carryOut()
  if (then !== null) d.queue.unshift(then)
  d.index += jump.path.length
  f.go('queue')
  return AGAIN
}

type MovePathStep = WalkStep

export const movePathProcedure = defineProcedure<MovePathData>()({
  name: 'move-path',
  steps: walkingSteps(walk, finish),
})

/** The frame that walks `path` for the unit, as performMove hands it to the phase. */
export function movePathFrame(
  data: Omit<MovePathData, 'index' | 'touched' | 'cost' | 'stop' | 'cut' | 'queue'>,
): NewFrame {
  const full: MovePathData = {
    ...data,
    index: 0,
    touched: [],
    cost: 0,
    stop: false,
    cut: null,
    queue: [],
  }
  return { proc: 'move-path', data: toJsonObject(full) }
}
