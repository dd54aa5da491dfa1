/**
 * Procedure "move-path": carries a move out one hex at a time. Each hex entered is paid for
 * and recorded (movement points, the enemies whose influence it entered), friendly units passed
 * through roll their check, enemy leaders found alone there are displaced and an enemy standard
 * displaced or captured (the results mechanic's entry rules), and the other side's
 * reactions to the entry (reaction fire…) run before the next step. The rest of the path is
 * walked only if the unit is still where the move put it and the step is still allowed.
 */
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import type { PendingEffect } from '../../state/log'
import { runResolution } from '../../state/resolve-action'
import { activityOf } from '../activity'
import { disengage, isEngaged } from '../extras'
import type { NewFrame, Outcome, PlayContext } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { StepFrame } from '../define-procedure'
import { reactionWindow } from '../reactions'
import { effectsFrame, enemyEntryFrame, resultsWatch } from '../results'
import { markStopped, phaseFrame } from './acting'
import { buildFacts, keepAwayFor } from './facts'
import { moverOf } from './movers'
import { standardArrives } from './reinforcements'
import type { Step } from './steps'
import { canEndIn, checkStep } from './steps'
import { setFacing, setPlace } from '../../state/occupancy'
import { toJsonObject } from '../../state/json-data'

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
}

function statusCanAct(ctx: PlayContext, status: string): boolean {
  return ctx.loaded.rules.ruleset.statuses.states.find((s) => s.id === status)?.canAct !== false
}

/** Whether the unit is still where the move left it and free to go on. */
function stillAble(ctx: PlayContext, d: MovePathData): boolean {
  const unit = ctx.state.units[d.unit]
  if (unit === undefined || unit.ended !== null || !statusCanAct(ctx, unit.status)) return false
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
  }
  d.queue = queue.filter((q): q is NewFrame => q !== null)
}

function finish(ctx: PlayContext, d: MovePathData): void {
  const unit = ctx.state.units[d.unit]
  const parent = phaseFrame(ctx, d.parent)
  if (unit === undefined || parent === undefined) return
  const inPlace = d.at !== null && unit.location === 'map' && unit.hex === d.at
  if (inPlace && d.facing !== null && unit.facing !== d.facing) {
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
  const step = checkStep(facts, mover, d.at, to, new Set(d.touched))
  if (!step.ok || step.cost > mover.budget) {
    d.cut = step.ok ? `it has not the movement points left to enter ${to}` : step.reason
    f.go('finish')
    return AGAIN
  }
  // The board may have changed since the path was checked (a decision taken on the way):
  // a move never ends where the piece may not stay.
  if (d.index === d.path.length - 1 && !canEndIn(facts, mover, to)) {
    d.cut = `it may not end its move in ${to}, where units may not stack now`
    f.go('finish')
    return AGAIN
  }
  enter(ctx, d, to, step, mover.leader)
  d.index += 1
  f.go('queue')
  return AGAIN
}

type MovePathStep = 'start' | 'step' | 'queue' | 'finish'

export const movePathProcedure = defineProcedure<MovePathData>()({
  name: 'move-path',
  steps: {
    start: walk,
    step: walk,
    queue(_ctx, f) {
      const next = f.data.queue.shift()
      if (next !== undefined) return { kind: 'push', frame: next }
      f.go('step')
      return AGAIN
    },
    finish(ctx, f) {
      finish(ctx, f.data)
      return { kind: 'done' }
    },
  },
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
