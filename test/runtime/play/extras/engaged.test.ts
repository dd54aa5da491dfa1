/**
 * 16.9 Engaged (optional rule), the part that belongs to the activation: an activated Engaged
 * unit either disengages or stays; staying, it turns one or two vertices to bring its engaged
 * enemies into its front when none is there; a unit that cannot shock must disengage if it can;
 * a Disordered or out-of-command one cannot. And the questions the other mechanics ask.
 */
import { describe, expect, it } from 'vitest'
import {
  disengage,
  disengageCost,
  disengagedThisActivation,
  engagedIntent,
  engagedWith,
  fireBarredByEngagement,
  isEngaged,
  refreshEngaged,
} from '../../../../src/runtime/play/extras'
import type { PlayContext } from '../../../../src/runtime/play/procedure'
import { Game, scenario, start } from './helpers'
import type { Placement } from './helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]
const engaged = { markers: { engaged: 1 } }

describe('16.9 engaged units at the start of their activation', () => {
  const loaded = scenario('extras-inf', { engaged: true })

  function activate(places: Record<string, Placement>, command = 'w-main'): Game {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1], places, { west: [], east: [] }))
    game.play({ type: 'activate', kind: 'battle', command })
    return game
  }

  it('with an engaged enemy in its front it stays as it faces, or disengages', () => {
    // w-main-1 (0303, facing E): 0403 is one of its frontal hexes.
    const game = activate({ 'w-main-1': engaged, 'e-main-1': { ...engaged, hex: '0403' } })
    expect(engagedWith(game, 'w-main-1')).toEqual(['e-main-1'])
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'engaged', rule: '16.9' })
    expect(game.legal()).toEqual([
      { type: 'stay', unit: 'w-main-1', facing: 'E' },
      { type: 'disengage', unit: 'w-main-1' },
    ])
    game.play({ type: 'stay', unit: 'w-main-1', facing: 'E' })
    expect(engagedIntent(game, 'w-main-1')).toBe('stay')
    expect(game.prompt).toMatchObject({ kind: 'move-and-fire' })
  })

  it('with none in its front it must turn to face them, one or two vertices, as many as it can', () => {
    // 0304 is on w-main-1's right flank.
    const game = activate({
      'w-main-1': engaged,
      'e-main-1': { ...engaged, hex: '0304' },
      'w-main-2': { hex: '0503' },
    })
    expect(game.legal()).toEqual([
      { type: 'stay', unit: 'w-main-1', facing: 'SE' },
      { type: 'stay', unit: 'w-main-1', facing: 'SW' },
      { type: 'disengage', unit: 'w-main-1' },
    ])
    expect(game.refusal({ type: 'stay', unit: 'w-main-1', facing: 'E' })).toEqual({
      message: 'w-main-1 stays facing as many of its engaged enemies as it can: SE or SW',
      rule: '16.9',
    })
    const entry = game.play({ type: 'stay', unit: 'w-main-1', facing: 'SE' })
    expect(entry.effects.map((e) => e.text)).toContain(
      'w-main-1 stays engaged and turns from E to SE',
    )
    expect(game.state.flow?.activation?.units['w-main-1']?.turned).toBe(1)
  })

  it('a unit that cannot shock must disengage if it can; a Disordered one cannot, and stays', () => {
    // w-wing-2 is an archer unit (no shock), in 0308; 0408 is in its front.
    let game = activate({ 'w-wing-2': engaged, 'e-wing-1': { ...engaged, hex: '0408' } }, 'w-wing')
    expect(game.legal()).toEqual([{ type: 'disengage', unit: 'w-wing-2' }])
    expect(game.refusal({ type: 'stay', unit: 'w-wing-2', facing: 'E' })).toEqual({
      message: 'w-wing-2 cannot shock, so it must disengage',
      rule: '16.9',
    })
    game.play({ type: 'disengage', unit: 'w-wing-2' })
    expect(engagedIntent(game, 'w-wing-2')).toBe('disengage')
    game = activate(
      { 'w-wing-2': { ...engaged, status: 'disordered' }, 'e-wing-1': { ...engaged, hex: '0408' } },
      'w-wing',
    )
    expect(game.prompt).toMatchObject({ kind: 'move-and-fire' })
    expect(engagedIntent(game, 'w-wing-2')).toBe('stay')
  })

  it('for the other mechanics: no fire by or at engaged units, the disengage cost and effect, the marker off once apart', () => {
    const game = activate({ 'w-main-1': engaged, 'e-main-1': { ...engaged, hex: '0403' } })
    const ctx: PlayContext = {
      loaded,
      state: structuredClone(game.state),
      applied: [],
      pending: [],
      records: [],
    }
    expect(fireBarredByEngagement(ctx, 'w-wing-2', 'e-main-1')).toBe(true)
    expect(fireBarredByEngagement(ctx, 'w-wing-2', 'e-main-2')).toBe(false)
    expect(disengageCost(ctx, 'w-main-1')).toBe(1)
    expect(disengageCost(ctx, 'w-main-2')).toBe(0)
    disengage(ctx, 'w-main-1')
    expect(ctx.state.units['w-main-1']).toMatchObject({ status: 'disordered', markers: {} })
    expect(disengagedThisActivation(ctx, 'w-main-1')).toBe(true)
    // Its enemy has nobody engaged next to it any more: its marker comes off.
    expect(refreshEngaged(ctx)).toEqual(['e-main-1'])
    expect(isEngaged(ctx, 'e-main-1')).toBe(false)
  })

  it('without the optional rule the marker means nothing', () => {
    const off = scenario('extras-inf', { engaged: false })
    const game = new Game(
      off,
      start(
        off,
        [...DRAWS, 1, 1],
        { 'w-main-1': engaged, 'e-main-1': { ...engaged, hex: '0403' } },
        { west: [], east: [] },
      ),
    )
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    expect(game.prompt).toMatchObject({ kind: 'move-and-fire' })
    expect(isEngaged(game, 'w-main-1')).toBe(false)
  })
})
