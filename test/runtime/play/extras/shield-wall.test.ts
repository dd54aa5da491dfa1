/**
 * 16.2 shield wall (Men of Iron): at the start of its activation a Battle's eligible units (pike,
 * dismounted men-at-arms) enter or leave the shield wall together, only for a side the battle
 * allows; a Disordered unit cannot enter it but stays in it. What the wall forbids is read by
 * the other mechanics through shieldWallLimits.
 */
import { describe, expect, it } from 'vitest'
import { shieldWallLimits } from '../../../../src/runtime/play/extras'
import { Game, scenario, start } from './helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]

describe('16.2 shield wall', () => {
  const loaded = scenario('extras-moi')

  it('west forms it with its good-order eligible units, keeps it while east plays, then leaves it', () => {
    const state = start(
      loaded,
      [...DRAWS, 1, 1, 1, 1, 1, 1, 0],
      { 'w-wing-2': { status: 'disordered' } },
      {
        west: [],
        east: [],
      },
    )
    const game = new Game(loaded, state)
    game.play({ type: 'activate', kind: 'battle', command: 'w-wing' })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'shield-wall', rule: '16.2' })
    expect(game.legal()).toEqual([{ type: 'decline' }, { type: 'shield-wall', form: true }])
    const entry = game.play({ type: 'shield-wall', form: true })
    expect(entry.text).toBe('shield wall formed by w-wing-1')
    expect(game.unit('w-wing-1').markers).toEqual({ 'shield-wall': 1 })
    expect(game.unit('w-wing-2').markers).toEqual({})
    expect(shieldWallLimits(game, 'w-wing-1')).toEqual({
      marker: 'shield-wall',
      noMove: true,
      noShock: true,
      turnLimit: 1,
      noChargeThroughFront: true,
      lostOn: ['retreat', 'retire'],
    })
    expect(shieldWallLimits(game, 'w-wing-3')).toBeNull()
    game.until('continuation').play({ type: 'pass' })
    // East's battle may not use it: no question.
    game.play({ type: 'activate', kind: 'battle', command: 'e-wing' })
    expect(game.prompt).toMatchObject({ side: 'east', kind: 'move-and-fire' })
    game.until('continuation').play({ type: 'pass' })
    // A Battle without eligible units is not asked either.
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'move-and-fire' })
    // East holds no seizure counter: the continuation is rolled at once (0: success).
    game.until('continuation').play({ type: 'continue', command: 'w-wing' })
    // w-wing-2 rallied at the end of w-wing's first activation (15.1): it could form now.
    expect(game.unit('w-wing-2').status).toBe('normal')
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'shield-wall' })
    expect(game.legal()).toEqual([
      { type: 'decline' },
      { type: 'shield-wall', form: true },
      { type: 'shield-wall', form: false },
    ])
    const left = game.play({ type: 'shield-wall', form: false })
    expect(left.text).toBe('shield wall left by w-wing-1')
    expect(game.unit('w-wing-1').markers).toEqual({})
  })

  it('a unit in shield wall that becomes Disordered stays in it; a Disordered unit cannot enter it', () => {
    const state = start(
      loaded,
      [...DRAWS, 1, 1],
      {
        'w-wing-1': { status: 'disordered', markers: { 'shield-wall': 1 } },
        'w-wing-2': { status: 'disordered' },
      },
      { west: [], east: [] },
    )
    const game = new Game(loaded, state)
    game.play({ type: 'activate', kind: 'battle', command: 'w-wing' })
    expect(game.legal()).toEqual([{ type: 'decline' }, { type: 'shield-wall', form: false }])
    expect(game.refusal({ type: 'shield-wall', form: true })).toEqual({
      message:
        'no unit of the activated command can form a shield wall now (it must be of an eligible type and in good order)',
      rule: '16.2',
    })
    game.play({ type: 'decline' })
    expect(game.unit('w-wing-1').markers).toEqual({ 'shield-wall': 1 })
  })
})
