/**
 * The rally phase (mechanic "rally"): a unit of the activated command that spent
 * the whole activation doing nothing (mechanics.activation.rally.unless: not moved, turned,
 * fired, attacked or attacked by the enemy) and has no enemy combat unit next to it once the
 * combat is over recovers (the status graph's rally event). Being out of command or in missile
 * range does not matter.
 */
import { peekActivity } from '../activity'
import { enemiesNextTo } from '../influence'
import { defineProcedure } from '../define-procedure'
import type { PlayContext } from '../procedure'
import { activatedUnitsOnMap, extrasSettings, statusEvent } from './common'

const ALL = ['moved', 'turned', 'fired', 'attacked', 'wasAttacked'] as const

/** Whether the unit did any of `things` this activation. */
function busy(ctx: PlayContext, id: string, things: readonly (typeof ALL)[number][]): boolean {
  const activity = peekActivity(ctx, id)
  if (activity === undefined) return false
  return things.some((t) => (t === 'turned' ? activity.turned > 0 : activity[t]))
}

/** The units the rally phase would rally now. */
export function rallyCandidates(ctx: PlayContext): string[] {
  const settings = extrasSettings(ctx).rally
  if (settings === undefined) return []
  const statuses = settings.statuses ?? ['disordered']
  const unless = settings.unless ?? ALL
  return activatedUnitsOnMap(ctx).filter((id) => {
    const unit = ctx.state.units[id]
    if (unit === undefined || !statuses.includes(unit.status)) return false
    if (busy(ctx, id, unless)) return false
    return enemiesNextTo(ctx, unit.side, unit.hex as string).length === 0
  })
}

export const rallyProcedure = defineProcedure<Record<string, never>>()({
  name: 'rally',
  steps: {
    start(ctx) {
      const settings = extrasSettings(ctx).rally
      if (settings === undefined) return { kind: 'done' }
      for (const id of rallyCandidates(ctx)) statusEvent(ctx, id, settings.event, settings.rule)
      return { kind: 'done' }
    },
  },
})
