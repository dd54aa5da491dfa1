/** Seeded random legal playouts of tewkesbury-1471: they end, keep the invariants and replay exactly. */
import { describe, it } from 'vitest'
import { bundledScenario, checkPlayout, playoutCount } from './harness'

const loaded = bundledScenario('tewkesbury-1471')
const seeds = Array.from({ length: playoutCount(12) }, (_, i) => i + 1)

describe('random playouts of tewkesbury-1471 end in a win or a draw, keep the invariants and replay to the same hash', () => {
  it.each(seeds)('seed %i', (seed) => {
    checkPlayout(loaded, seed)
  })
})
