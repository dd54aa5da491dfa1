/** Seeded random legal playouts of agincourt-1415: they end, keep the invariants and replay exactly. */
import { describe, it } from 'vitest'
import { bundledScenario, checkPlayout, playoutCount } from './harness'

const loaded = bundledScenario('agincourt-1415')
const count = playoutCount(12)

describe('random playouts of agincourt-1415', () => {
  it(`${count} seeded games end in a win or a draw, keep the invariants and replay to the same hash`, () => {
    for (let seed = 1; seed <= count; seed++) checkPlayout(loaded, seed)
  })
})
