/**
 * The loss check phase: after a free activation (the ruleset's sequence.activation.
 * afterFreeActivation), the victory conditions examined "after-free-activation" are checked —
 * each side rolls against its flight level, for example.
 */
import { flowOf } from '../driver'
import { defineProcedure } from '../define-procedure'
import { checkVictory } from '../victory'

export const lossCheckProcedure = defineProcedure<Record<string, never>>()({
  name: 'loss-check',
  steps: {
    start(ctx) {
      if (flowOf(ctx.state).activation?.free === true) checkVictory(ctx, 'after-free-activation')
      return { kind: 'done' }
    },
  },
})
