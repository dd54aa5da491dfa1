/** Seeded random legal playouts of sample-skirmish: they end, keep the invariants and replay exactly. */
import { describe, it } from 'vitest'
import { bundledScenario, checkPlayout, playoutCount } from './harness'

const loaded = bundledScenario('sample-skirmish')
const seeds = Array.from({ length: playoutCount(40) }, (_, i) => i + 1)

describe('random playouts of sample-skirmish end in a win or a draw, keep the invariants and replay to the same hash', () => {
  it.each(seeds)('seed %i', (seed) => {
    checkPlayout(loaded, seed)
  })
})
