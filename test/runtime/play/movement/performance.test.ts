/**
 * The legal moves on a 64 by 48 map (test/fixtures/movement/maps/move-large.json, twenty units a
 * side, scattered woods and rough ground) come fast enough for move listing at every decision:
 * one unit's in a few milliseconds, every unit of a command in well under a second.
 */
import { describe, expect, it } from 'vitest'
import { legalActions } from '../../../../src/runtime/play'
import { buildFacts } from '../../../../src/runtime/play/movement/facts'
import { moverOf } from '../../../../src/runtime/play/movement/movers'
import { reachable } from '../../../../src/runtime/play/movement/reach'
import type { Frame } from '../../../../src/runtime/state/flow-types'
import { activate, loadMovement, setUp } from './helpers'

const loaded = loadMovement('move-large')

function best(times: number, run: () => void): number {
  let fastest = Infinity
  for (let i = 0; i < times; i++) {
    const start = performance.now()
    run()
    fastest = Math.min(fastest, performance.now() - start)
  }
  return fastest
}

describe('performance of the legal moves (64 by 48 map)', () => {
  const state = activate(loaded, setUp(loaded), 'l-red')
  const frame = state.flow?.stack[state.flow.stack.length - 1] as Frame
  const ctx = { loaded, state }

  it('finds one unit reachable hexes in a few milliseconds', () => {
    let size = 0
    const ms = best(5, () => {
      const facts = buildFacts(ctx)
      size = reachable(facts, moverOf(ctx, frame, facts, 'l-red-lord')).size
    })
    // A leader with 10 movement points reaches some 300 hexes.
    expect(size).toBeGreaterThan(250)
    expect(ms).toBeLessThan(100)
  })

  it('lists every legal action of the phase well under a second', () => {
    let count = 0
    const ms = best(3, () => {
      count = legalActions(loaded, state).length
    })
    expect(count).toBeGreaterThan(5000)
    expect(ms).toBeLessThan(1000)
  })
})
