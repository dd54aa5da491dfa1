/**
 * A move under way (10.0): a mounted unit riding through a friendly missile unit may have to wait
 * in that hex while the trampled unit's result is carried out. It is then in transit: over the
 * stacking limit for now, which the stacking check leaves aside, and never where the move ends.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt, playAction } from '../../../../src/runtime/play'
import { hexesAheadOfMoves, piecesInTransit } from '../../../../src/runtime/play/movement/transit'
import { stackingProblems } from '../../../../src/runtime/state/stacking'
import { activate, loadMovement, play, setUp } from './helpers'

const loaded = loadMovement('move-moi')

describe('10.0 a piece passing through a friendly unit', () => {
  it('is in transit while the trampled unit retires, and the stacking check leaves it aside', () => {
    const placed = {
      'red-mm-1': { hex: '0705', facing: 'E' },
      'red-lord': '0705',
      'red-lb-1': { hex: '0805', facing: 'E' },
    }
    const state = activate(loaded, setUp(loaded, placed, [9, 9, 9, 9]), 'red-horse')
    const { state: during } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0805', '0905'],
      facing: 'E',
    })
    // Waiting on red's placement of the retired archers, the horsemen stand in 0805 with them.
    expect(openPrompt(during)).toMatchObject({ side: 'red', kind: 'relocate', rule: '14.5' })
    expect(during.units['red-mm-1']?.hex).toBe('0805')
    expect(during.units['red-lb-1']).toMatchObject({ hex: '0805', status: 'retired' })
    expect(piecesInTransit(during)).toEqual(new Set(['red-mm-1']))
    expect(stackingProblems({ loaded, state: during }).map((p) => p.hex)).toEqual(['0805'])
    expect(stackingProblems({ loaded, state: during }, piecesInTransit(during))).toEqual([])

    // Once the archers are placed, the move carries on to its end and nothing is in transit.
    const place = legalActions(loaded, during)[0]
    if (place === undefined) throw new Error('no placement listed')
    const placed2 = playAction(loaded, during, place)
    if (!placed2.ok) throw new Error(placed2.error.message)
    const after = placed2.state
    expect(after.units['red-mm-1']?.hex).toBe('0905')
    expect(after.units['red-lb-1']?.hex).toBe(place.hex)
    expect(piecesInTransit(after)).toEqual(new Set())
    expect(stackingProblems({ loaded, state: after })).toEqual([])
  })

  it('keeps the retired unit off the rest of the move, which still ends where its player said', () => {
    const placed = {
      'red-mm-1': { hex: '0705', facing: 'E' },
      'red-lord': '0705',
      'red-lb-1': { hex: '0805', facing: 'E' },
    }
    const state = activate(loaded, setUp(loaded, placed, [9, 9, 9, 9]), 'red-horse')
    // The archers' standard stands next to the horsemen's destination (0905).
    const flow = state.flow
    if (flow === null) throw new Error('no game in progress')
    flow.standards['red-foot'] = '1005'
    const { state: during } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0805', '0905'],
      facing: 'E',
    })
    expect(hexesAheadOfMoves(during)).toEqual(new Set(['0905']))
    const hexes = legalActions(loaded, during).map((a) => a.hex)
    expect(hexes).toContain('1005')
    expect(hexes).not.toContain('0905')
    const place = legalActions(loaded, during)[0]
    if (place === undefined) throw new Error('no placement listed')
    const done = playAction(loaded, during, place)
    if (!done.ok) throw new Error(done.error.message)
    expect(done.state.units['red-mm-1']?.hex).toBe('0905')
    expect(stackingProblems({ loaded, state: done.state })).toEqual([])
    // Placing it there by hand is refused.
    const onTheWay = playAction(loaded, during, { ...place, hex: '0905' })
    expect(onTheWay.ok).toBe(false)
  })
})
