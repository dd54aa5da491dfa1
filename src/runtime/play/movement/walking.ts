/**
 * The steps of a procedure that carries a checked move out hex by hex (move-path.ts for a unit,
 * haul-path.ts for a hauled group): `walk` takes the next step and may queue frames (the
 * reactions the step opened), which run one at a time before the following step; `finish`
 * settles the move once the walk is over.
 */
import type { NewFrame, PlayContext } from '../procedure'
import type { StepHandler } from '../define-procedure'
import { AGAIN } from '../define-procedure'

export type WalkStep = 'start' | 'step' | 'queue' | 'finish'

export function walkingSteps<D extends { queue: NewFrame[] }>(
  walk: StepHandler<D, WalkStep>,
  finish: (ctx: PlayContext, d: D) => void,
): { readonly [K in WalkStep]: StepHandler<D, WalkStep> } {
  return {
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
  }
}
