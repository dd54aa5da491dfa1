/**
 * Procedure "fire:shot": one shot from its announcement to its last consequence. A shot at a
 * unit of the side not activated first opens the "fired-upon" reaction window (return fire,
 * counter-charges against fire); a return shot chosen there is rolled together with the shot,
 * both before either result is applied. Then the leaders in each target's hex check when the
 * modified roll was high enough, a missed shot may go astray (./stray.ts), and the effects left
 * pending (relocations…) are carried out.
 *
 * After-shot hook: a reaction answering the shot whose consequence must wait until the shot is
 * fully resolved (a counter-charge against fire) hands its frame to `afterShot`; the shot
 * runs those frames, in the order given, once its results are carried out and before it ends.
 */
import type { Json } from '../../content/overlay/types'
import type { ResolutionRecord } from '../../rules'
import { reject, ruleField } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { applyRolled, rollResolution, runResolution } from '../../state/resolve-action'
import type { RolledResolution } from '../../state/resolve-action'
import { leadersIn } from '../../state/variables'
import { flowOf } from '../driver'
import type { NewFrame, PlayContext } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import { reactionWindow } from '../reactions'
import { activeSideOf } from '../activity'
import { effectsFrame, resultsWatch } from '../results/frames'
import { spendAmmunition } from './ammunition'
import { fireSettings } from './settings'
import { strayMissile } from './stray'
import type { Shot } from './shots'
import { shotArgs } from './shots'
import { frameData, toJson } from '../../state/json-data'

export const SHOT_PROCEDURE = 'fire:shot'

interface ShotData {
  shot: Shot
  /** A return shot chosen in the fired-upon window, rolled together with the shot. */
  returnFire?: Shot
  /** Frames to run once the shot is resolved (see afterShot). */
  after?: NewFrame[]
}

const data = (frame: Frame): ShotData => frameData<ShotData>(frame)

/** The frame that fires `shot` (and whatever reacts to it). */
export function shotFrame(shot: Shot): { proc: string; data: { [key: string]: Json } } {
  return { proc: SHOT_PROCEDURE, data: { shot: toJson(shot) } }
}

export { activeSideOf } from '../activity'

/** Attaches a return shot to the shot being answered (the nearest shot frame below). */
export function attachReturnFire(ctx: PlayContext, shot: Shot): void {
  const frame = shotBeingAnswered(ctx) ?? reject('there is no shot to return fire against')
  frame.data.returnFire = toJson(shot)
}

/** The nearest shot frame on the stack (the shot being answered). */
function shotBeingAnswered(ctx: PlayContext): Frame | undefined {
  const stack = flowOf(ctx.state).stack
  for (let i = stack.length - 1; i >= 0; i--)
    if ((stack[i] as Frame).proc === SHOT_PROCEDURE) return stack[i]
  return undefined
}

/**
 * Runs `frame` once the shot being answered (the nearest shot frame) is resolved and its results
 * are carried out: the fire mechanic's hook for reactions whose effect follows the shot.
 */
export function afterShot(ctx: PlayContext, frame: NewFrame): void {
  const shot = shotBeingAnswered(ctx) ?? reject('there is no shot to act after')
  const d = data(shot)
  d.after = [...(d.after ?? []), frame]
}

/** The shot as it stands now, or null when it can no longer be made (a unit has gone). */
function stillPossible(ctx: PlayContext, shot: Shot): Shot | null {
  const firer = ctx.state.units[shot.firer]
  const target = ctx.state.units[shot.target]
  if (firer?.location !== 'map' || target?.location !== 'map') return null
  return shot
}

function leaderChecks(ctx: PlayContext, record: ResolutionRecord, hex: string | null): void {
  const check = fireSettings(ctx.loaded.rules).leaderCasualty
  if (check === undefined || record.roll === undefined || record.roll.modified < check.minRoll)
    return
  for (const leader of leadersIn(ctx.loaded, ctx.state, hex)) {
    const { record: rolled, text } = runResolution(ctx, {
      type: 'resolve',
      resolution: check.resolution,
      unit: leader,
    })
    ctx.records.push(rolled)
    ctx.applied.push({
      kind: 'note',
      text,
      ...(check.rule === undefined ? {} : { rule: check.rule }),
    })
  }
}

interface Rolled {
  shot: Shot
  roll: RolledResolution
  /** The target's hex when the shot was rolled (where its leaders check). */
  hex: string | null
}

/**
 * Rolls the shot and its return shot, then applies both: fire and return fire are simultaneous.
 * One exception: when the shot's natural roll itself put the firer out of action (a gun that
 * bursts), that comes first, and a firer left unable to fire is no longer answered.
 */
function rollTogether(ctx: PlayContext, shots: readonly Shot[]): Rolled[] {
  const settings = fireSettings(ctx.loaded.rules)
  const rolled: Rolled[] = []
  const applied = new Set<Rolled>()
  const roll = (shot: Shot): Rolled => {
    spendAmmunition(ctx, shot.firer, shot.weapon)
    const made = {
      shot,
      roll: rollResolution(ctx, shotArgs(settings, shot)),
      hex: ctx.state.units[shot.target]?.hex ?? null,
    }
    ctx.records.push(made.roll.record)
    ctx.applied.push({ kind: 'note', text: made.roll.text, ...ruleField(settings.rule) })
    rolled.push(made)
    return made
  }
  const [first, ...answers] = shots
  if (first === undefined) return rolled
  const opening = roll(first)
  if ((opening.roll.record.onNatural ?? []).length > 0 && answers.length > 0) {
    applyRolled(ctx, opening.roll)
    applied.add(opening)
    const firer = ctx.state.units[first.firer]
    if (firer?.location !== 'map' || settings.noFireStatuses.includes(firer.status)) {
      ctx.applied.push({
        kind: 'note',
        text: `${first.firer} is out of action: no return fire against it`,
        ...ruleField(settings.rule),
      })
      answers.length = 0
    }
  }
  for (const shot of answers) roll(shot)
  for (const made of rolled) if (!applied.has(made)) applyRolled(ctx, made.roll)
  return rolled
}

export const shotProcedure = defineProcedure<ShotData>()({
  name: 'fire',
  steps: {
    start(ctx, f) {
      const d = f.data
      f.go('resolve')
      const target = ctx.state.units[d.shot.target]
      // Only the side not activated answers fire (return fire, counter-charges).
      if (target === undefined || target.side === activeSideOf(ctx)) return AGAIN
      const window = reactionWindow(ctx, {
        trigger: 'fired-upon',
        firer: d.shot.firer,
        targets: [d.shot.target],
      })
      return window === null ? AGAIN : { kind: 'push', frame: window }
    },
    resolve(ctx, f) {
      const d = f.data
      f.go('end')
      const shots = [d.shot, ...(d.returnFire === undefined ? [] : [d.returnFire])]
        .map((s) => stillPossible(ctx, s))
        .filter((s): s is Shot => s !== null)
      const watch = resultsWatch(
        ctx,
        shots.flatMap((s) => [s.firer, s.target]),
      )
      const before = ctx.pending.length
      const rolled = rollTogether(ctx, shots)
      for (const { roll, hex } of rolled) leaderChecks(ctx, roll.record, hex)
      for (const { shot, roll, hex } of rolled) strayMissile(ctx, shot, roll.record, hex, watch)
      const follow = effectsFrame(ctx.pending.slice(before), watch)
      return follow === null ? AGAIN : { kind: 'push', frame: follow }
    },
    end(_ctx, f) {
      const next = f.data.after?.shift()
      return next === undefined ? { kind: 'done' } : { kind: 'push', frame: next }
    },
  },
})
