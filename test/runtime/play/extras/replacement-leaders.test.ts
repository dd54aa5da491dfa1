/**
 * 5.5 replacement leaders: at the start of its owner's next move/fire phase a killed or
 * captured leader comes back on his replacement side, with the replacement's ratings, placed
 * with a unit of his Battle of the owner's choice.
 */
import { describe, expect, it } from 'vitest'
import { Game, scenario, start } from './helpers'
import type { Placement } from './helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]
const killed: Placement = { hex: null, status: 'eliminated' }

describe('5.5 replacement leaders', () => {
  const loaded = scenario('extras-inf')

  it('the owner places the replacement with a unit of his Battle, whichever Battle is activated', () => {
    const game = new Game(
      loaded,
      start(loaded, [...DRAWS], { 'w-bl': killed, 'e-bl': killed }, { west: [], east: [] }),
    )
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'replacement-leader', rule: '5.5' })
    expect(game.legal()).toEqual([
      { type: 'place-leader', leader: 'w-bl', unit: 'w-wing-1' },
      { type: 'place-leader', leader: 'w-bl', unit: 'w-wing-2' },
      { type: 'place-leader', leader: 'w-bl', unit: 'w-wing-3' },
    ])
    expect(game.refusal({ type: 'place-leader', leader: 'w-bl', unit: 'w-main-1' })).toEqual({
      message:
        'w-bl must be placed with a unit of a command he leads: w-wing-1, w-wing-2, w-wing-3',
      rule: '5.5',
    })
    expect(game.refusal({ type: 'place-leader', leader: 'e-bl', unit: 'e-wing-1' }).message).toBe(
      'e-bl is not a lost leader who may return now',
    )
    game.play({ type: 'place-leader', leader: 'w-bl', unit: 'w-wing-2' })
    expect(game.unit('w-bl')).toMatchObject({
      type: 'replacement-leader',
      status: 'normal',
      location: 'map',
      hex: '0308',
      ratings: {},
    })
    // East's lost leader waits for east's own move/fire phase.
    expect(game.unit('e-bl').location).toBe('removed')
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'move-and-fire' })
  })

  it('with a single unit left to join, he is placed without a question', () => {
    const game = new Game(
      loaded,
      start(
        loaded,
        [...DRAWS],
        { 'w-bl': killed, 'w-wing-2': killed, 'w-wing-3': killed },
        { west: [], east: [] },
      ),
    )
    const entry = game.play({ type: 'activate', kind: 'battle', command: 'w-wing' })
    expect(entry.effects.map((e) => e.text)).toContain(
      'w-bl returns as a replacement leader (battle-leader → replacement-leader) with w-wing-1 in 0307',
    )
    // In command again: his range reaches the unit he stands with.
    expect(game.unit('w-wing-1').markers).toEqual({})
  })
})
