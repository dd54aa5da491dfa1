/**
 * 15.1 the rally phase: a Disordered unit of the activated Battle that did nothing this
 * activation (moved, turned, fired, attacked or was attacked) and has no enemy unit next to it
 * after combat flips back, even out of command; the others stay Disordered.
 */
import { describe, expect, it } from 'vitest'
import { Game, scenario, start } from './helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]

describe('15.1 rally phase', () => {
  const loaded = scenario('extras-inf')

  function battle(): Game {
    const disordered = { status: 'disordered' }
    const state = start(
      loaded,
      [...DRAWS, 1, 1],
      {
        // An enemy behind it (its rear hex 0202), out of reach of any attack.
        'w-main-1': disordered,
        'e-main-1': { hex: '0202' },
        'w-main-2': disordered,
        // Out of the overall commander's range (4 hexes): out of command, idle.
        'w-main-3': { ...disordered, hex: '0701' },
        // Not activated.
        'w-wing-1': disordered,
      },
      { west: [], east: [] },
    )
    const game = new Game(loaded, state)
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    return game.until('move-and-fire')
  }

  it("rallies the idle unit with no enemy next to it, out of command or not; not the one that moved, nor the one next to an enemy, nor another Battle's", () => {
    const game = battle()
    expect(game.unit('w-main-3').markers).toEqual({ 'out-of-command': 1 })
    const move = game
      .legal()
      .find((a) => a.type === 'move' && a.unit === 'w-main-2' && (a.path as string[]).length === 1)
    if (move === undefined) throw new Error('w-main-2 cannot move')
    game.play(move)
    game.until('continuation')
    const rally = game.entries.find((e) =>
      e.effects.some((x) => x.kind === 'status' && x.event === 'rally'),
    )
    expect(rally?.effects.filter((x) => x.kind === 'status').map((x) => x.text)).toEqual([
      'unit w-main-3: disordered → normal (rally, rule 15.1)',
    ])
    expect(game.unit('w-main-3').status).toBe('normal')
    expect(game.unit('w-main-2').status).toBe('disordered')
    expect(game.unit('w-main-1').status).toBe('disordered')
    expect(game.unit('w-wing-1').status).toBe('disordered')
  })

  it('a unit that only turned in place does not rally', () => {
    const game = battle()
    const turn = game.legal().find((a) => a.type === 'turn' && a.unit === 'w-main-3')
    if (turn === undefined) throw new Error('w-main-3 cannot turn')
    game.play(turn)
    game.until('continuation')
    expect(game.unit('w-main-3').status).toBe('disordered')
  })

  it('a retired unit is not rallied by the rally phase (only by its standard or a Battle Cry)', () => {
    const state = start(
      loaded,
      [...DRAWS, 1, 1],
      { 'w-main-1': { status: 'retired' } },
      { west: [], east: [] },
    )
    const game = new Game(loaded, state)
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation')
    expect(game.unit('w-main-1').status).toBe('retired')
  })
})
