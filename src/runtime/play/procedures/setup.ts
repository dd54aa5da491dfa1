/**
 * Steps that open a game: seizure counters drawn from each side's cup (sequence.activation.
 * seizure with the counters model: every counter of the mix goes in the cup, each side draws
 * the number its scenario parameter says, unseen by the other).
 */
import { rollDice } from '../../dice'
import { reject, rejectRoll } from '../../state/failure'
import { flowOf } from '../driver'
import { defineProcedure } from '../define-procedure'
import type { PlayContext } from '../procedure'
import { sideParameters } from '../../state/parameters'

function drawCounters(ctx: PlayContext): void {
  const seizure = ctx.loaded.rules.ruleset.sequence.activation?.seizure
  if (seizure?.model !== 'counters') return
  const flow = flowOf(ctx.state)
  for (const side of ctx.loaded.scenario.sides) {
    const cup = (seizure.counters ?? []).flatMap((c) => Array.from({ length: c.count }, () => c.id))
    const wanted =
      seizure.drawParameter === undefined
        ? 0
        : sideParameters(ctx.loaded, side.id)[seizure.drawParameter]
    if (
      wanted !== undefined &&
      (typeof wanted !== 'number' || !Number.isInteger(wanted) || wanted < 0)
    ) {
      reject(
        `side "${side.id}": parameter "${seizure.drawParameter ?? ''}" must be a whole number of seizure counters`,
      )
    }
    const hand: string[] = []
    for (let n = 0; n < Math.min(wanted ?? 0, cup.length); n++) {
      const rolled = rollDice(ctx.state.dice, { count: 1, sides: cup.length, faces: 'zero-based' })
      if (!rolled.ok) rejectRoll(`drawing seizure counters: ${rolled.error}`, rolled.failure)
      else {
        ctx.state.dice = rolled.source
        hand.push(...cup.splice(rolled.roll.total, 1))
      }
    }
    const mine = flow.sides[side.id]
    if (mine !== undefined) {
      mine.cup = cup
      mine.hand = hand
    }
    ctx.applied.push({
      kind: 'note',
      text: `${side.id} draws ${hand.length} seizure counter${hand.length === 1 ? '' : 's'}`,
      ...(seizure.rule === undefined ? {} : { rule: seizure.rule }),
    })
  }
}

export const setupProcedure = defineProcedure<Record<string, never>>()({
  name: 'setup-game',
  steps: {
    start(ctx) {
      drawCounters(ctx)
      return { kind: 'done' }
    },
  },
})
