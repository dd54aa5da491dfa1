/**
 * 16.1 timed engagement (and 6.1 Pass): the side that is not timed moves the Time marker one
 * space toward 0 each time it passes a free activation; the timed side loses when it reaches 0.
 * Nothing else moves it: not the timed side's own passes, not a pass at the continuation.
 */
import { describe, expect, it } from 'vitest'
import { Game, scenario, start } from './helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]

describe('16.1 timed engagement', () => {
  // In the fixture east is timed, with the Time marker on 2.
  const timed = scenario('extras-inf', { 'timed-engagement': true })

  it("west's free passes move the marker; east's do not; at 0 east loses", () => {
    const game = new Game(timed, start(timed, [...DRAWS, 1, 1, 1, 1]))
    let entry = game.play({ type: 'pass' })
    expect(entry.effects.map((e) => e.text)).toContain('side east: time 2 → 1 (-1)')
    expect(game.state.sides.east?.tracks.time).toBe(1)
    entry = game.play({ type: 'pass' })
    expect(entry.effects.some((e) => e.kind === 'track')).toBe(false)
    expect(game.state.sides.east?.tracks.time).toBe(1)
    entry = game.play({ type: 'pass' })
    expect(game.state.sides.east?.tracks.time).toBe(0)
    expect(game.state.outcome).toEqual({
      winners: ['west'],
      losers: ['east'],
      draw: false,
      reason: 'east: Time runs out',
    })
    // The game ended on the time marker, before any loss check.
    expect(entry.records).toEqual([])
  })

  it('a pass at the continuation is not a free activation passed: the marker stays', () => {
    const game = new Game(timed, start(timed, [...DRAWS, 1, 1]))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation').play({ type: 'pass' })
    expect(game.state.sides.east?.tracks.time).toBe(2)
  })

  it('without the optional rule nothing moves', () => {
    const loaded = scenario('extras-inf', { 'timed-engagement': false })
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1]))
    game.play({ type: 'pass' })
    expect(game.state.sides.east?.tracks.time).toBe(2)
  })
})
