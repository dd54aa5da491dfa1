/**
 * 10.0 (Blood & Roses box) artillery and stacking: guns count for stacking like any unit and may
 * not pass through other units; unlimbered guns may share their hex with one foot unit that is
 * neither Infantry (levies included, 16.8) nor Artillery; other units still pass through them.
 */
import { describe, expect, it } from 'vitest'
import type { GameState } from '../../../../src/runtime/state'
import { activate, destinations, loadMovement, play, refusal, setUp } from './helpers'

const loaded = loadMovement('move-bnr')

function unlimbered(state: GameState, id: string): GameState {
  const unit = state.units[id]
  if (unit !== undefined) unit.type = 'art'
  return state
}

describe('10.0 (Blood & Roses) artillery stacking', () => {
  it('limbered guns may neither pass through nor stop with a friendly unit', () => {
    const placed = {
      'york-art-1': { hex: '0505', facing: 'E' },
      'york-lord': '0505',
      'york-inf-1': { hex: '0605', facing: 'E' },
      'york-lb-1': { hex: '0504', facing: 'E' },
    }
    const state = activate(loaded, setUp(loaded, placed), 'york-main')
    const ends = destinations(loaded, state, 'york-art-1')
    expect(ends.length).toBeGreaterThan(0)
    expect(ends).not.toContain('0605')
    expect(ends).not.toContain('0504')
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'york-art-1',
        path: ['0605', '0705'],
        facing: 'E',
      }).message,
    ).toBe(
      'york-art-1 cannot move on from 0505: 0605 holds york-inf-1: units may not stack, even while moving',
    )
  })

  it('a longbow may end its move with unlimbered guns; infantry may not', () => {
    const placed = {
      'york-art-1': { hex: '0605', facing: 'E' },
      'york-lb-1': { hex: '0505', facing: 'E' },
      'york-lord': '0505',
      'york-inf-1': { hex: '0604', facing: 'E' },
    }
    const state = activate(loaded, unlimbered(setUp(loaded, placed), 'york-art-1'), 'york-main')
    expect(destinations(loaded, state, 'york-lb-1')).toContain('0605')
    const after = play(loaded, state, {
      type: 'move',
      unit: 'york-lb-1',
      path: ['0605'],
      facing: 'E',
    }).state
    expect(after.units['york-lb-1']?.hex).toBe('0605')
    expect(after.units['york-art-1']?.hex).toBe('0605')
    expect(destinations(loaded, state, 'york-inf-1')).not.toContain('0605')
    expect(
      refusal(loaded, state, { type: 'move', unit: 'york-inf-1', path: ['0605'], facing: 'E' })
        .message,
    ).toBe('york-inf-1 may not end its move in 0605: units may not stack there')
  })

  it('infantry still passes through the guns at no extra cost', () => {
    const placed = {
      'york-art-1': { hex: '0605', facing: 'E' },
      'york-inf-1': { hex: '0505', facing: 'E' },
      'york-lord': '0505',
    }
    const state = activate(loaded, unlimbered(setUp(loaded, placed), 'york-art-1'), 'york-main')
    const after = play(loaded, state, {
      type: 'move',
      unit: 'york-inf-1',
      path: ['0605', '0705'],
      facing: 'E',
    }).state
    expect(after.units['york-inf-1']?.hex).toBe('0705')
  })
})
