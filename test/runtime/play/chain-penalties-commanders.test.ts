/**
 * The activation chain through the play path on the bundled Men of Iron rulesets (fixtures
 * test/fixtures/extras): the single-Battle continuation penalty that stays until the reset (6.2),
 * a replaced overall commander who is only a Battle leader (5.5) and the loss check lines that
 * name the side that rolled (3.0).
 */
import { describe, expect, it } from 'vitest'
import type { LogEntry } from '../../../src/runtime/state'
import { Game, scenario, start } from './extras/helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]

const applied = (entry: LogEntry | undefined) =>
  (entry?.records[0]?.rollModifiers?.terms ?? [])
    .filter((t) => t.applied)
    .map((t) => [t.id, t.value])

describe('6.2 the single-Battle penalty stays until the reset', () => {
  const loaded = scenario('extras-inf')
  const wing = ['w-wing-1', 'w-wing-2', 'w-wing-3']
  const gone = Object.fromEntries(wing.map((id) => [id, { hex: null }]))

  it('a second Battle arriving keeps the +1 per attempt; a failure resets it', () => {
    // Loss checks 1, 1; w-main 0 + 1 <= 3; w-wing 0 + 1 + 2 > 2 fails.
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, 0, 0], gone))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation').play({ type: 'continue', command: 'w-main' })
    let entry = game.play({ type: 'decline', side: 'east' })
    expect(applied(entry)).toEqual([['single-battle', 1]])
    expect(game.state.flow?.sides.west?.singleCommand).toBe(true)
    // The second Battle comes onto the map before the next attempt.
    const hexes = { 'w-wing-1': '0307', 'w-wing-2': '0308', 'w-wing-3': '0309' }
    for (const [id, hex] of Object.entries(hexes)) {
      const unit = game.unit(id)
      unit.location = 'map'
      unit.hex = hex
      unit.status = 'normal'
    }
    game.until('continuation')
    // Two Battles now: the one that just went may no longer be named.
    expect(game.legal()).toEqual([
      { type: 'pass' },
      { type: 'continue', kind: 'battle', command: 'w-wing' },
    ])
    game.play({ type: 'continue', command: 'w-wing' })
    entry = game.play({ type: 'decline', side: 'east' })
    expect(applied(entry)).toEqual([
      ['consecutive-successes', 1],
      ['single-battle', 2],
    ])
    expect(entry.records[0]?.outcome).toBe('failure')
    expect(game.state.flow?.sides.west).toMatchObject({ successes: 0, attempts: 0 })
    expect(game.state.flow?.sides.west?.singleCommand).toBeUndefined()
    expect(game.notes()).toContain('west: continuation penalties reset (failure)')
  })

  it('a Battle still off the map does not count: one Battle on the map takes the penalty', () => {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, 0]))
    for (const id of wing) {
      const unit = game.unit(id)
      unit.location = 'reinforcements'
      unit.hex = null
    }
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation').play({ type: 'continue', command: 'w-wing' })
    const entry = game.play({ type: 'decline', side: 'east' })
    expect(applied(entry)).toEqual([['single-battle', 1]])
  })

  it('with both Battles on the map there is no such penalty', () => {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, 0]))
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    game.until('continuation').play({ type: 'continue', command: 'w-wing' })
    const entry = game.play({ type: 'decline', side: 'east' })
    expect(applied(entry)).toEqual([])
  })
})

describe('5.5 a replaced overall commander is only a Battle leader', () => {
  const loaded = scenario('extras-bnr')
  const killed = { hex: null, status: 'eliminated' }

  it('with the overall commander on his replacement side, no army activation can be formed', () => {
    // Blood & Roses 6.1: an army activation needs every Battle leader in the overall commander's range.
    const fresh = new Game(loaded, start(loaded, [...DRAWS]))
    expect(fresh.legal()).toContainEqual({ type: 'activate', kind: 'army' })
    // Loss checks 1, 1 after west's free activation; 1, 1 after east's pass.
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1, 1, 1], { 'w-oc': killed }))
    expect(game.legal()).not.toContainEqual({ type: 'activate', kind: 'army' })
    game.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'replacement-leader' })
    game.play({ type: 'place-leader', leader: 'w-oc', unit: 'w-main-1' })
    expect(game.unit('w-oc')).toMatchObject({ type: 'replacement-leader', location: 'map' })
    game.until('continuation').play({ type: 'pass' })
    game.until('activation-choice')
    expect(game.prompt).toMatchObject({ side: 'east' })
    game.play({ type: 'pass' })
    game.until('activation-choice')
    expect(game.prompt).toMatchObject({ side: 'west' })
    expect(game.legal()).toContainEqual({ type: 'activate', kind: 'battle', command: 'w-main' })
    expect(game.legal()).not.toContainEqual({ type: 'activate', kind: 'army' })
  })
})

describe('3.0 loss checks name the side that rolls', () => {
  it('each loss check has a log line with its side', () => {
    const loaded = scenario('extras-inf')
    const game = new Game(loaded, start(loaded, [...DRAWS, 4, 5]))
    const entry = game.play({ type: 'pass' })
    const lines = entry.effects.map((e) => e.text).filter((t) => t.startsWith('Loss check'))
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^Loss check \(west\): d10\w* rolled 4/)
    expect(lines[1]).toMatch(/^Loss check \(east\): d10\w* rolled 5/)
    expect(entry.effects.filter((e) => e.text.startsWith('Loss check')).map((e) => e.rule)).toEqual(
      ['3.0', '3.0'],
    )
  })
})
