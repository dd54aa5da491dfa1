/**
 * The command-check phase: 5.3 out-of-command markers for the activation, 6.4 every unit of a
 * Battle without its leader on the map out of command, and the Blood & Roses army activation of
 * 6.1 — which pieces take part (leaders inside the overall commander's range, units inside their
 * leader's, everything more than 3 hexes from the enemy: DT-24) and when it may not be chosen.
 */
import { describe, expect, it } from 'vitest'
import { armyKeepAway } from '../../../../src/runtime/play/extras'
import { Game, scenario, start } from './helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]

describe('5.3 and 6.4 command status at the start of the activation', () => {
  const loaded = scenario('extras-inf')

  it("marks the activated units out of their leader's range for the activation only", () => {
    // w-bl (range 3) is in 0207; 0710 is 5 hexes away.
    const game = new Game(
      loaded,
      start(loaded, [...DRAWS, 1, 1], { 'w-wing-3': { hex: '0710' } }, { west: [], east: [] }),
    )
    const entry = game.play({ type: 'activate', kind: 'battle', command: 'w-wing' })
    expect(entry.effects.filter((e) => e.kind === 'marker').map((e) => e.text)).toEqual([
      'unit w-wing-3: marker out-of-command 0 → 1',
    ])
    expect(game.unit('w-wing-3').markers).toEqual({ 'out-of-command': 1 })
    expect(game.unit('w-wing-1').markers).toEqual({})
    game.until('continuation').play({ type: 'pass' })
    expect(game.unit('w-wing-3').markers).toEqual({})
  })

  it('a Battle without its leader on the map is wholly out of command (6.4)', () => {
    const game = new Game(
      loaded,
      start(loaded, [...DRAWS, 1, 1], { 'w-bl': { hex: null } }, { west: [], east: [] }),
    )
    game.play({ type: 'activate', kind: 'battle', command: 'w-wing' })
    for (const id of ['w-wing-1', 'w-wing-2', 'w-wing-3'])
      expect(game.unit(id).markers).toEqual({ 'out-of-command': 1 })
  })
})

describe('6.1 army activation (Blood & Roses)', () => {
  const loaded = scenario('extras-bnr')

  it('DT-24: a piece 3 hexes from an enemy does not take part; one 4 hexes away does', () => {
    const game = new Game(
      loaded,
      start(loaded, [...DRAWS, 1, 1], { 'e-main-1': { hex: '0601' } }, { west: [], east: [] }),
    )
    const entry = game.play({ type: 'activate', kind: 'army' })
    expect(entry.effects.map((e) => e.text)).toContain('not part of the army activation: w-main-1')
    expect(game.unit('w-main-1').ended).toBe('activation')
    expect(game.unit('w-main-2').ended).toBeNull()
    expect(game.unit('w-oc').ended).toBeNull()
    expect(game.state.flow?.activation).toMatchObject({
      kind: 'army',
      commands: ['w-main', 'w-wing'],
    })
    // For the movement mechanic: no piece may come within 4 hexes of an enemy.
    expect(armyKeepAway(game)).toBe(4)
    game.until('continuation').play({ type: 'pass' })
    expect(game.unit('w-main-1').ended).toBeNull()
    expect(armyKeepAway(game)).toBeNull()
  })

  it("a Battle whose leader is outside the overall commander's range does not take part", () => {
    // 0209 is 5 hexes from the overall commander in 0204 (range 4); w-wing-1 stays in range of w-bl.
    const game = new Game(
      loaded,
      start(loaded, [...DRAWS, 1, 1], { 'w-bl': { hex: '0209' } }, { west: [], east: [] }),
    )
    const entry = game.play({ type: 'activate', kind: 'army' })
    expect(entry.effects.map((e) => e.text)).toContain(
      'not part of the army activation: w-bl, w-wing-1, w-wing-2, w-wing-3',
    )
  })

  it('cannot be chosen when no unit can take part', () => {
    const game = new Game(
      loaded,
      start(loaded, [...DRAWS], { 'w-oc': { hex: null } }, { west: [], east: [] }),
    )
    expect(game.legal()).not.toContainEqual({ type: 'activate', kind: 'army' })
    expect(game.refusal({ type: 'activate', kind: 'army' })).toEqual({
      message:
        "no unit of west stands inside its leaders' command ranges and more than 3 hexes from the enemy, as an army activation requires",
      rule: '6.1',
    })
  })

  it('moves only: the army activation has no fire, shock or rally phase', () => {
    const game = new Game(loaded, start(loaded, [...DRAWS, 1, 1], {}, { west: [], east: [] }))
    game.play({ type: 'activate', kind: 'army' })
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'movement' })
    expect(game.legal().some((a) => a.type === 'fire')).toBe(false)
  })
})
