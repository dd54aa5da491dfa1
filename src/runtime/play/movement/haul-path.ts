/**
 * Procedure "haul-path": carries a checked haul (haulage.ts) out one step at a time, as
 * move-path.ts carries a move. Before each step, every man of the crew leaving a hex he crossed
 * next to enemies able to attack him rolls his infiltration (the movement phase's setting, as any
 * mover); after each step, every member of the group that is not equipment (the men, a beast of
 * burden) opens the phase's move-step reactions in the hex it entered (fire at every step of a
 * move), each before the next step. The haul stops where it stands once any member is no
 * longer where the step put it or a man can act no more (wounded, stunned, stopped); a group
 * stopped where a man may not stay falls back to the last place on its way where all may.
 * Then the hauled units have moved, and the crew does nothing more this turn (or moves no more).
 */
import { reject, ruleField } from '../../state/failure'
import { setFacing, setPlace } from '../../state/occupancy'
import { toJsonObject } from '../../state/json-data'
import { activityOf } from '../activity'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { StepFrame } from '../define-procedure'
import { isEquipment } from '../equipment'
import { unitCanAct } from '../forces'
import type { NewFrame, Outcome, PlayContext } from '../procedure'
import { reactionWindow } from '../reactions'
import { markStopped, phaseFrame } from './acting'
import type { HaulStep, Place } from './haul-group'
import { endProblem } from './haul-group'
import { walkingSteps, type WalkStep } from './walking'
import { infiltrate, infiltrationOf, leavingCrosses } from './infiltration'

export interface HaulPathData {
  unit: string
  crew: string[]
  pulled: string[]
  steps: HaulStep[]
  /** The phase frame the haul belongs to. */
  parent: number
  crewEndsTurn: boolean
  rule?: string
  /** Where everyone stood when the haul began. */
  start: Record<string, Place>
  /** The status of each man of the crew when the haul began. */
  statuses: Record<string, string>
  index: number
  cost: number
  /** The step before which the crew's infiltration rolls were made. */
  challenged?: number
  cut: string | null
  queue: NewFrame[]
}

type HaulFrame = StepFrame<HaulPathData, HaulStepName>
type HaulStepName = WalkStep

/** Where everyone stands after `index` steps. */
const placesAfter = (d: HaulPathData, index: number): Record<string, Place> =>
  index === 0 ? d.start : (d.steps[index - 1] as HaulStep).places

/** Why the haul cannot go on from where it stands; null when it can. */
function whyStop(ctx: PlayContext, d: HaulPathData): string | null {
  for (const man of d.crew) {
    const unit = ctx.state.units[man]
    if (unit === undefined) return `${man} can haul no further`
    // As a mover's move, the haul ends when a result on the way strikes one of the crew.
    if (unit.status !== d.statuses[man]) return `${man} is ${unit.status}`
    if (unit.ended !== null || !unitCanAct(ctx.loaded, ctx.state, man))
      return `${man} can haul no further`
  }
  const places = placesAfter(d, d.index)
  for (const [id, place] of Object.entries(places)) {
    const unit = ctx.state.units[id]
    if (unit?.location !== 'map' || unit.hex !== place.hex) return `${id} is no longer with it`
  }
  return null
}

/** Rolls the infiltration of each man leaving a hex he crossed; whether any roll was made. */
function challenge(ctx: PlayContext, f: HaulFrame): boolean {
  const d = f.data
  const parent = phaseFrame(ctx, d.parent)
  const settings = parent === undefined ? undefined : infiltrationOf(ctx, parent)
  if (settings === undefined || d.challenged === d.index) return false
  d.challenged = d.index
  let rolled = false
  for (const man of d.crew) {
    const hex = ctx.state.units[man]?.hex
    if (hex == null || !leavingCrosses(ctx, settings, man, d.index)) continue
    const roll = infiltrate(ctx, settings, man, hex)
    rolled ||= roll.rolled
    if (roll.then !== null) d.queue.push(roll.then)
  }
  return rolled
}

/** Puts everyone where step `d.index` takes them; queues the reactions to each entry. */
function enter(ctx: PlayContext, d: HaulPathData): void {
  const step = d.steps[d.index] as HaulStep
  const before = placesAfter(d, d.index)
  for (const [id, place] of Object.entries(step.places)) {
    const unit = ctx.state.units[id]
    if (unit === undefined) continue
    setPlace(ctx.state, id, place.hex, 'map')
    if (place.facing !== unit.facing) setFacing(ctx.state, unit, place.facing)
    const hauled = id === d.unit
    ctx.applied.push({
      kind: 'move',
      unit: id,
      from: before[id]?.hex ?? '',
      path: [place.hex],
      cost: hauled ? step.cost : 0,
      text: hauled
        ? `${id} is hauled ${before[id]?.hex ?? ''} → ${place.hex}${step.turned ? ', turning' : ''} (${step.cost} MP)`
        : `${id} goes along to ${place.hex}`,
      ...ruleField(d.rule),
    })
  }
  d.cost += step.cost
  d.index += 1
  for (const [id, place] of Object.entries(step.places)) {
    if (isEquipment(ctx, id)) continue
    const window = reactionWindow(ctx, { trigger: 'move-step', unit: id, hex: place.hex })
    if (window !== null) d.queue.push(window)
  }
}

/** A haul stopped where a man may not stay goes back to the last place on its way where all may. */
function fallBack(ctx: PlayContext, d: HaulPathData): void {
  const h = ctx.loaded.rules.unitTypes.get(ctx.state.units[d.unit]?.type ?? '')?.haulage
  if (h === undefined) return
  const group = { id: d.unit, h, pulled: d.pulled, crew: d.crew }
  const at = (i: number) => new Map(Object.entries(placesAfter(d, i)))
  if (endProblem(ctx, group, at(d.index)) === null) return
  for (let i = d.index - 1; i >= 0; i--) {
    if (endProblem(ctx, group, at(i)) !== null) continue
    const here = placesAfter(d, d.index)
    for (const [id, place] of Object.entries(placesAfter(d, i))) {
      const unit = ctx.state.units[id]
      if (unit?.location !== 'map' || unit.hex !== here[id]?.hex) continue
      setPlace(ctx.state, id, place.hex, 'map')
      setFacing(ctx.state, unit, place.facing)
    }
    ctx.applied.push({
      kind: 'note',
      text: `${d.unit} falls back to ${placesAfter(d, i)[d.unit]?.hex ?? ''}: the crew may not stop where it stood`,
      ...ruleField(d.rule),
    })
    return
  }
}

function finish(ctx: PlayContext, d: HaulPathData): void {
  const parent = phaseFrame(ctx, d.parent)
  if (d.cut !== null) {
    ctx.applied.push({
      kind: 'note',
      text: `the haul of ${d.unit} stops in ${ctx.state.units[d.unit]?.hex ?? '?'}: ${d.cut}`,
      ...ruleField(d.rule),
    })
    fallBack(ctx, d)
  }
  const a = activityOf(ctx, d.unit)
  a.moved = true
  a.mp += d.cost
  for (const id of d.pulled) activityOf(ctx, id).moved = true
  for (const man of d.crew) {
    const unit = ctx.state.units[man]
    if (unit === undefined) continue
    if (d.crewEndsTurn) {
      if (unit.ended !== 'activation') unit.ended = 'activation'
    } else {
      activityOf(ctx, man).moved = true
      if (parent !== undefined) markStopped(parent, man)
    }
  }
}

function walk(ctx: PlayContext, f: HaulFrame): Outcome {
  const d = f.data
  if (d.index >= d.steps.length) {
    f.go('finish')
    return AGAIN
  }
  const why = whyStop(ctx, d)
  if (why !== null) {
    d.cut = why
    f.go('finish')
    return AGAIN
  }
  if (challenge(ctx, f)) {
    f.go('queue')
    return AGAIN
  }
  enter(ctx, d)
  f.go('queue')
  return AGAIN
}

export const haulPathProcedure = defineProcedure<HaulPathData>()<HaulStepName>({
  name: 'haul-path',
  steps: walkingSteps(walk, finish),
})

/** The frame that carries out a checked haul, as performHaul hands it to the phase. */
export function haulPathFrame(
  data: Omit<HaulPathData, 'index' | 'cost' | 'cut' | 'queue'>,
): NewFrame {
  if (data.steps.length === 0) return reject('a haul needs at least one step')
  const full: HaulPathData = { ...data, index: 0, cost: 0, cut: null, queue: [] }
  return { proc: 'haul-path', data: toJsonObject(full) }
}
