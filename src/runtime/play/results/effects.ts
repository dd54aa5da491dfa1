/**
 * Carrying out the effects the state kernel leaves pending (retreat, advance, relocate to the
 * standard, losses, follow-up checks, choices…): procedure "effects" takes a list of
 * PendingEffect and runs, one after the other, the procedure `effect:<type>` for each, which
 * asks the owner where needed (which hex to retreat to, which unit advances).
 *
 * Callers push `effectsFrame(pending)` after a resolution and resume when it ends.
 */
import type { Json } from '../../content/overlay/types'
import type { PendingEffect } from '../../state/log'
import type { NewFrame, Procedure } from '../procedure'

export function effectProcedureId(type: string): string {
  return `effect:${type}`
}

/** The frame that carries out `pending` in order; null when there is nothing to do. */
export function effectsFrame(pending: readonly PendingEffect[]): NewFrame | null {
  if (pending.length === 0) return null
  return { proc: 'effects', data: { queue: pending as unknown as Json } }
}

export const effectsProcedure: Procedure = {
  run(_ctx, frame) {
    const queue = frame.data.queue as unknown as PendingEffect[]
    const next = queue.shift()
    if (next === undefined) return { kind: 'done' }
    return {
      kind: 'push',
      frame: {
        proc: effectProcedureId(next.effect.type),
        data: { pending: next as unknown as Json },
      },
    }
  },
}
