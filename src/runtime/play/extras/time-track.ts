/**
 * Timed engagement (mechanic "time-track"): when a side that is not timed passes a free
 * activation, the timed side's Time track moves toward 0; the timed side loses when it gets there
 * (a victory condition examined any-time, checked here). Settings:
 * mechanics.activation.timedEngagement.
 */
import { runningActivation } from '../activity'
import { defineProcedure } from '../define-procedure'
import type { PlayContext } from '../procedure'
import { kindById } from '../procedures/chain'
import { checkVictory } from '../victory'
import { extrasSettings, moveTrack, optionOn } from './common'
import { sideParameters } from '../../state/parameters'

function isTimed(ctx: PlayContext, side: string, parameter: string): boolean {
  return sideParameters(ctx.loaded, side)[parameter] === true
}

/** Moves the Time track for a free pass by `side`; returns the sides whose track moved. */
export function timePass(ctx: PlayContext, side: string): string[] {
  const settings = extrasSettings(ctx).timedEngagement
  if (settings === undefined || !optionOn(ctx, settings.option)) return []
  if (isTimed(ctx, side, settings.timedParameter)) return []
  const moved: string[] = []
  for (const other of ctx.loaded.scenario.sides.map((s) => s.id)) {
    if (other === side || !isTimed(ctx, other, settings.timedParameter)) continue
    moveTrack(ctx, other, settings.track, -(settings.step ?? 1), settings.rule)
    moved.push(other)
  }
  return moved
}

export const timeTrackProcedure = defineProcedure<Record<string, never>>()({
  name: 'time-track',
  steps: {
    start(ctx) {
      const activation = runningActivation(ctx)
      // Only a pass moves the marker, and only a free one.
      if (activation === null || !activation.free) return { kind: 'done' }
      if (kindById(ctx, activation.kind).scope !== 'pass') return { kind: 'done' }
      if (timePass(ctx, activation.side).length > 0) checkVictory(ctx, 'any-time')
      return { kind: 'done' }
    },
  },
})
