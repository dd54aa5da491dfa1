/** Seeded random legal playouts of agincourt-1415: they end, keep the invariants and replay exactly. */
import { describe, it } from 'vitest'
import { bundledScenario, checkPlayout, playoutCount } from './harness'

const loaded = bundledScenario('agincourt-1415')
const seeds = Array.from({ length: playoutCount(12) }, (_, i) => i + 1)

describe('random playouts of agincourt-1415 end in a win or a draw, keep the invariants and replay to the same hash', () => {
  it.each(seeds)('seed %i', (seed) => {
    checkPlayout(loaded, seed)
  })
})
