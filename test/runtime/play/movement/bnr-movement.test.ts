/**
 * Blood & Roses movement (004 10.0 Blood & Roses box, 7.4, 7.6, 6.1 army movement), on the
 * Blood & Roses test scenario: archers, longbows and handguns through friendly units, anyone
 * through artillery and handguns, dismounting men-at-arms, setting up limbered guns, and the
 * distance an army move keeps from the enemy.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../../../src/runtime/play'
import { boardOf } from '../../../../src/runtime/state/board'
import { activate, destinations, loadMovement, play, refusal, setUp, spent } from './helpers'

const loaded = loadMovement('move-bnr')

describe('10.0 (Blood & Roses) moving through friendly units', () => {
  it('lets archers through a friendly unit for 1 MP more', () => {
    const placed = {
      'york-a-1': { hex: '0705', facing: 'E' },
      'york-lord': '0705',
      'york-inf-1': { hex: '0805', facing: 'E' },
    }
    const state = activate(loaded, setUp(loaded, placed), 'york-main')
    const after = play(loaded, state, {
      type: 'move',
      unit: 'york-a-1',
      path: ['0805', '0905'],
      facing: 'E',
    }).state
    expect(spent(after, 'york-a-1')).toBe(3)
    expect(destinations(loaded, state, 'york-a-1')).not.toContain('0805')
  })

  it('lets any unit through friendly handguns at no extra cost, but not through other units', () => {
    const placed = {
      'york-inf-2': { hex: '0705', facing: 'E' },
      'york-lord': '0705',
      'york-hg-1': { hex: '0805', facing: 'E' },
      'york-inf-1': { hex: '0704', facing: 'E' },
    }
    const state = activate(loaded, setUp(loaded, placed), 'york-main')
    const after = play(loaded, state, {
      type: 'move',
      unit: 'york-inf-2',
      path: ['0805', '0905'],
      facing: 'E',
    }).state
    expect(spent(after, 'york-inf-2')).toBe(2)
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'york-inf-2',
        path: ['0704', '0703'],
        facing: 'E',
      }).message,
    ).toBe(
      'york-inf-2 cannot move on from 0705: 0704 holds york-inf-1: units may not stack, even while moving',
    )
  })
})

describe('7.4 (Blood & Roses) mounted men-at-arms dismount', () => {
  it('swaps them for dismounted men-at-arms for 3 MP', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'york-mm-1': { hex: '0505', facing: 'E' }, 'york-lord': '0505' }),
      'york-main',
    )
    const after = play(loaded, state, {
      type: 'transform',
      unit: 'york-mm-1',
      form: 'dismounted',
    }).state
    expect(after.units['york-mm-1']?.type).toBe('dm')
    expect(spent(after, 'york-mm-1')).toBe(3)
    // Dismounted men-at-arms have MA 4: one hex more.
    expect(destinations(loaded, after, 'york-mm-1')).toHaveLength(6)
  })
})

describe('7.6 artillery', () => {
  it('moves limbered guns, which may set up (unlimber) and then move no more', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'york-art-1': { hex: '0505', facing: 'E' }, 'york-lord': '0505' }),
      'york-main',
    )
    expect(destinations(loaded, state, 'york-art-1').length).toBeGreaterThan(0)
    const after = play(loaded, state, {
      type: 'transform',
      unit: 'york-art-1',
      form: 'unlimbered',
    }).state
    expect(after.units['york-art-1']?.type).toBe('art')
    expect(spent(after, 'york-art-1')).toBe(0)
    expect(
      refusal(loaded, after, { type: 'move', unit: 'york-art-1', path: ['0605'], facing: 'E' })
        .message,
    ).toBe('york-art-1 has stopped for this activation')
    // It may still change facing.
    expect(
      legalActions(loaded, after).some((a) => a.type === 'turn' && a.unit === 'york-art-1'),
    ).toBe(true)
  })

  it('cannot move once unlimbered (movement allowance 0)', () => {
    const start = setUp(loaded, { 'york-art-1': { hex: '0505', facing: 'E' }, 'york-lord': '0505' })
    const unit = start.units['york-art-1']
    if (unit !== undefined) unit.type = 'art'
    const state = activate(loaded, start, 'york-main')
    expect(destinations(loaded, state, 'york-art-1')).toEqual([])
  })
})

describe('6.1 army movement keeps away from the enemy', () => {
  it('never enters a hex four hexes or nearer to an enemy unit', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'york-cav-1': { hex: '0706', facing: 'E' }, 'york-lord': '0706' }),
      'york-main',
      'march',
    )
    expect(openPrompt(state)?.kind).toBe('movement')
    const board = boardOf(loaded)
    const ends = destinations(loaded, state, 'york-cav-1')
    expect(ends.length).toBeGreaterThan(0)
    for (const hex of ends) {
      for (const enemy of ['1402', '1501']) expect(board.distance(hex, enemy)).toBeGreaterThan(4)
    }
    // One step more from a listed move, into a hex 4 hexes from the enemy in 1402, is refused.
    const listed = legalActions(loaded, state).filter(
      (a) => a.type === 'move' && a.unit === 'york-cav-1',
    )
    const edge = listed
      .map((a) => a.path as string[])
      .flatMap((path) =>
        board.neighbors(path[path.length - 1] as string).map((next) => ({ path, next })),
      )
      .find(({ next }) => board.distance(next, '1402') === 4 && board.distance(next, '1501') > 4)
    expect(edge).toBeDefined()
    const { path, next } = edge as { path: string[]; next: string }
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'york-cav-1',
        path: [...path, next],
        facing: 'E',
      }).message,
    ).toContain(`${next} is too near the enemy for this activation`)
    // No fire in a movement phase.
    expect(openPrompt(state)?.actions).toEqual(['move', 'turn', 'transform', 'done'])
  })
})
