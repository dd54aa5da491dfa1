/** Seeded random legal playouts of sample-skirmish: they end, keep the invariants and replay exactly. */
import { describe, it } from 'vitest'
import { bundledScenario, checkPlayout, playoutCount } from './harness'

const loaded = bundledScenario('sample-skirmish')
const count = playoutCount(40)

describe('random playouts of sample-skirmish', () => {
  it(`${count} seeded games end in a win or a draw, keep the invariants and replay to the same hash`, () => {
    for (let seed = 1; seed <= count; seed++) checkPlayout(loaded, seed)
  })
})
