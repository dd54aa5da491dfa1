/**
 * The legal moves on a 64 by 48 map (test/fixtures/movement/maps/move-large.json, twenty units a
 * side, scattered woods and rough ground): what they contain. How fast they come is measured by
 * `npm run bench` (docs/PERFORMANCE.md), not asserted here.
 */
import { describe, expect, it } from 'vitest'
import { legalActions } from '../../../../src/runtime/play'
import { buildFacts } from '../../../../src/runtime/play/movement/facts'
import { moverOf } from '../../../../src/runtime/play/movement/movers'
import { reachable } from '../../../../src/runtime/play/movement/reach'
import type { Frame } from '../../../../src/runtime/state/flow-types'
import { activate, loadMovement, setUp } from './helpers'

const loaded = loadMovement('move-large')

describe('the legal moves on a large map (64 by 48)', () => {
  const state = activate(loaded, setUp(loaded), 'l-red')
  const frame = state.flow?.stack[state.flow.stack.length - 1] as Frame
  const ctx = { loaded, state }

  it('reach the hexes a 10-MP leader can get to', () => {
    const facts = buildFacts(ctx)
    const size = reachable(facts, moverOf(ctx, frame, facts, 'l-red-lord')).size
    // A leader with 10 movement points on open ground reaches some 300 hexes.
    expect(size).toBeGreaterThan(250)
    expect(size).toBeLessThan(400)
  })

  it('list every move, turn and shot of a twenty-unit command', () => {
    expect(legalActions(loaded, state).length).toBeGreaterThan(5000)
  })
})
