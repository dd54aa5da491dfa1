/** Seeded random legal playouts of tewkesbury-1471: they end, keep the invariants and replay exactly. */
import { describe, it } from 'vitest'
import { bundledScenario, checkPlayout, playoutCount } from './harness'

const loaded = bundledScenario('tewkesbury-1471')
const count = playoutCount(12)

describe('random playouts of tewkesbury-1471', () => {
  it(`${count} seeded games end in a win or a draw, keep the invariants and replay to the same hash`, () => {
    for (let seed = 1; seed <= count; seed++) checkPlayout(loaded, seed)
  })
})
