/**
 * 15.2 standards (and 15.1, 6.1): a standard is activated only as a free activation; it rallies
 * the Retired units of its Battle in or next to it with no enemy next to them, or it moves, and
 * every Retired unit that was within one hex rolls (DT-12; Infidel 1.2 adds the unit's
 * Disordered Shock Defense, DT-13).
 */
import { describe, expect, it } from 'vitest'
import { Game, rolls, scenario, start } from './helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]
const retired = { status: 'retired' }

describe('15.2 standard activation, Tri-Pack', () => {
  const loaded = scenario('extras-inf')

  function standard(dice: number[]): Game {
    const state = start(
      loaded,
      [...DRAWS, ...dice],
      {
        // The standard of w-main stands in 0205.
        'w-main-1': { ...retired, hex: '0303' },
        'w-main-2': { ...retired, hex: '0306' },
        'w-main-3': { ...retired, hex: '0305' },
        'e-main-1': { hex: '0404' },
        'w-wing-1': { ...retired, hex: '0206' },
      },
      { west: [], east: [] },
    )
    for (const side of ['west', 'east']) {
      const tracks = state.sides[side]?.tracks
      if (tracks !== undefined) tracks['flight-points'] = side === 'west' ? 4 : 0
    }
    const game = new Game(loaded, state)
    expect(game.legal()).toContainEqual({ type: 'activate', kind: 'standard', command: 'w-main' })
    game.play({ type: 'activate', kind: 'standard', command: 'w-main' })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'standard', rule: '15.2' })
    return game
  }

  it('rallies the retired units of its Battle next to it with no enemy adjacent: they become Disordered', () => {
    const game = standard([1, 1])
    const entry = game.play({ type: 'rally' })
    expect(entry.text).toBe('the standard of w-main rallies w-main-2')
    expect(game.unit('w-main-2').status).toBe('disordered')
    // Two hexes away, next to an enemy, of another Battle: still retired.
    expect(game.unit('w-main-1').status).toBe('retired')
    expect(game.unit('w-main-3').status).toBe('retired')
    expect(game.unit('w-wing-1').status).toBe('retired')
    expect(game.state.sides.west?.tracks['flight-points']).toBe(3)
    // A free activation: loss checks, then the continuation.
    expect(entry.records.map((r) => r.resolution.id)).toEqual(['loss-check', 'loss-check'])
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'continuation' })
  })

  it('DT-12: moved, each retired unit that was within one hex rolls: 4 is safe, 5 eliminates', () => {
    const game = standard([4, 5, 1, 1])
    const entry = game.play({ type: 'move-standard', hex: '0210' })
    expect(rolls(entry).slice(0, 2)).toEqual([
      ['standard-move-check', 4, 4, 'success'],
      ['standard-move-check', 5, 5, 'failure'],
    ])
    expect(entry.records[0]?.rollModifiers?.total ?? 0).toBe(0)
    expect(game.state.flow?.standards['w-main']).toBe('0210')
    expect(game.unit('w-main-2').status).toBe('retired')
    expect(game.unit('w-main-3')).toMatchObject({ status: 'eliminated', location: 'removed' })
    // The retired point was counted: the heavy cavalry adds its 3 less 1.
    expect(game.state.sides.west?.tracks['flight-points']).toBe(6)
    expect(game.unit('w-main-1').status).toBe('retired')
  })

  it('may not go to its own hex, an enemy-held hex or a reinforcement entry hex', () => {
    const game = standard([])
    const moves = game
      .legal()
      .filter((a) => a.type === 'move-standard')
      .map((a) => a.hex)
    expect(moves).toHaveLength(120 - 1 - 6 - 2)
    for (const hex of ['0205', '0404', '1201']) {
      expect(moves).not.toContain(hex)
      expect(game.refusal({ type: 'move-standard', hex })).toEqual({
        message: `the standard cannot go to ${hex}: not its own hex, a reinforcement entry hex, a hex no unit can enter or one held by the enemy`,
        rule: '15.2',
      })
    }
    expect(game.refusal({ type: 'move-standard', hex: '1313' }).message).toContain('1313')
  })

  it('is activated only as a free activation, never by continuation', () => {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1], {}, { west: [], east: [] }))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation')
    expect(game.legal().some((a) => a.kind === 'standard')).toBe(false)
    expect(game.refusal({ type: 'continue', kind: 'standard', command: 'w-main' }).message).toBe(
      'a standard activation is only possible as a free activation',
    )
  })
})

describe('15.2 standard moved, Infidel 1.2 (DT-13)', () => {
  it('the retired unit adds its Disordered Shock Defense: a roll of 4 with +1 eliminates it', () => {
    const loaded = scenario('extras-v12')
    // w-wing-1 is a pike unit: Disordered Shock Defense +1.
    const state = start(loaded, [4, 1, 1], { 'w-wing-1': { ...retired, hex: '0207' } })
    const game = new Game(loaded, state)
    game.play({ type: 'activate', kind: 'standard', command: 'w-wing' })
    const entry = game.play({ type: 'move-standard', hex: '0210' })
    expect(rolls(entry)[0]).toEqual(['standard-move-check', 4, 5, 'failure'])
    expect(game.unit('w-wing-1').status).toBe('eliminated')
  })
})
