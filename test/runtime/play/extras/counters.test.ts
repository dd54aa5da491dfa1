/**
 * 6.3 the effect counters of the seizure cup: Battle Cry and Unsteady Troops played at the
 * start of a move/fire phase, the non-active player first (phase play-counters), and Into the
 * Breach asked for by the shock mechanic before a roll (attackBonusFrame).
 */
import { describe, expect, it } from 'vitest'
import { advance, flowOf, pushFrame } from '../../../../src/runtime/play/driver'
import { attackBonusFrame } from '../../../../src/runtime/play/extras'
import type { PlayContext } from '../../../../src/runtime/play/procedure'
import { PROCEDURES } from '../../../../src/runtime/play/registry'
import { Game, scenario, start } from './helpers'

const DRAWS = [0, 0, 0, 0, 0, 0]

describe('6.3 Battle Cry and Unsteady Troops (phase play-counters)', () => {
  const loaded = scenario('extras-inf')

  function game(hands: Record<string, string[]>): Game {
    const state = start(loaded, [...DRAWS, 1, 1], { 'w-wing-2': { status: 'retired' } }, hands)
    const west = state.sides.west
    if (west !== undefined) west.tracks['flight-points'] = 1
    const g = new Game(loaded, state)
    g.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    return g
  }

  it('the non-active player plays first, on an enemy unit; then the active player rallies a retired unit', () => {
    const g = game({ west: ['battle-cry'], east: ['unsteady-troops'] })
    expect(g.prompt).toMatchObject({ side: 'east', kind: 'play-counters', rule: '6.3' })
    const legal = g.legal()
    expect(legal[0]).toEqual({ type: 'done' })
    expect(legal).toContainEqual({
      type: 'play-counter',
      counter: 'unsteady-troops',
      unit: 'w-main-1',
    })
    expect(legal.some((a) => a.unit === 'e-main-1')).toBe(false)
    const entry = g.play({ type: 'play-counter', counter: 'unsteady-troops', unit: 'w-main-1' })
    expect(entry.effects.map((e) => e.text)).toEqual([
      'east plays Unsteady Troops / Confusion on w-main-1',
      'unit w-main-1: normal → disordered (disorder, rule 14.2, 14.3)',
    ])
    expect(g.unit('w-main-1').status).toBe('disordered')
    expect(g.state.flow?.sides.east?.hand).toEqual([])
    // East has nothing more to play: west's turn, with the retired unit as the only target.
    expect(g.prompt).toMatchObject({ side: 'west', kind: 'play-counters' })
    expect(g.legal()).toEqual([
      { type: 'done' },
      { type: 'play-counter', counter: 'battle-cry', unit: 'w-wing-2' },
    ])
    g.play({ type: 'play-counter', counter: 'battle-cry', unit: 'w-wing-2' })
    expect(g.unit('w-wing-2').status).toBe('disordered')
    // The retired unit's flight point comes off the track (3.0).
    expect(g.state.sides.west?.tracks['flight-points']).toBe(0)
    expect(g.prompt).toMatchObject({ side: 'west', kind: 'move-and-fire' })
  })

  it('refuses a Battle Cry on a unit that is not retired, a counter not held, and Into the Breach now', () => {
    const g = game({ west: ['battle-cry', 'into-the-breach'], east: [] })
    expect(g.prompt).toMatchObject({ side: 'west', kind: 'play-counters' })
    expect(g.refusal({ type: 'play-counter', counter: 'battle-cry', unit: 'w-main-1' })).toEqual({
      message: 'Battle Cry must be played on a friendly unit on the map (retired)',
      rule: '6.3',
    })
    expect(
      g.refusal({ type: 'play-counter', counter: 'unsteady-troops', unit: 'e-main-1' }).message,
    ).toBe('west holds no "unsteady-troops" counter')
    expect(
      g.refusal({ type: 'play-counter', counter: 'into-the-breach', unit: 'e-main-1' }),
    ).toEqual({
      message: '"into-the-breach" cannot be played at the start of the move/fire phase',
      rule: '6.3',
    })
    g.play({ type: 'done' })
    expect(g.state.flow?.sides.west?.hand).toEqual(['battle-cry', 'into-the-breach'])
    expect(g.prompt).toMatchObject({ side: 'west', kind: 'move-and-fire' })
  })

  it('no window opens when neither side holds such a counter', () => {
    const g = game({ west: ['seizure-opportunity-a'], east: ['seizure-negation'] })
    expect(g.prompt).toMatchObject({ side: 'west', kind: 'move-and-fire' })
  })

  it('Blood & Roses: Unsteady Troops eliminates artillery (Q14)', () => {
    const bnr = scenario('extras-bnr')
    const g = new Game(
      bnr,
      start(bnr, [...DRAWS, 1, 1], {}, { west: [], east: ['unsteady-troops'] }),
    )
    g.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    expect(g.prompt).toMatchObject({ side: 'east', kind: 'play-counters' })
    g.play({ type: 'play-counter', counter: 'unsteady-troops', unit: 'w-wing-2' })
    expect(g.unit('w-wing-2')).toMatchObject({
      type: 'art',
      status: 'eliminated',
      location: 'removed',
    })
    // Any other unit is only disordered.
    const other = new Game(
      bnr,
      start(bnr, [...DRAWS, 1, 1], {}, { west: [], east: ['unsteady-troops'] }),
    )
    other.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    other.play({ type: 'play-counter', counter: 'unsteady-troops', unit: 'w-wing-1' })
    expect(other.unit('w-wing-1').status).toBe('disordered')
  })

  it('the counters are offered in army activations too (Blood & Roses)', () => {
    const bnr = scenario('extras-bnr')
    const g = new Game(
      bnr,
      start(bnr, [...DRAWS, 1, 1], {}, { west: [], east: ['unsteady-troops'] }),
    )
    g.play({ type: 'activate', kind: 'army' })
    expect(g.prompt).toMatchObject({ side: 'east', kind: 'play-counters' })
  })
})

describe('6.3 Into the Breach (attack-bonus frame for the shock mechanic, Q16)', () => {
  const loaded = scenario('extras-inf')

  function asked(hand: string[]): { game: Game; frame: ReturnType<typeof attackBonusFrame> } {
    const g = new Game(loaded, start(loaded, [...DRAWS, 1, 1], {}, { west: hand, east: [] }))
    g.play({ type: 'activate', kind: 'battle', command: 'w-main' })
    g.until('move-and-fire')
    const state = structuredClone(g.state)
    const ctx: PlayContext = { loaded, state, applied: [], pending: [], records: [] }
    const frame = attackBonusFrame(ctx, { attackers: ['w-main-1'], defenders: ['e-main-1'] })
    if (frame !== null) {
      pushFrame(flowOf(state), frame)
      advance(ctx, PROCEDURES)
    }
    g.state = state
    return { game: g, frame }
  }

  it('asks the attacker, who may play it: the shock frame gets +1 back and the counter is spent', () => {
    const { game } = asked(['into-the-breach'])
    expect(game.prompt).toMatchObject({ side: 'west', kind: 'attack-bonus', rule: '6.3' })
    expect(game.legal()).toEqual([
      { type: 'decline' },
      { type: 'play-counter', counter: 'into-the-breach' },
    ])
    game.play({ type: 'play-counter', counter: 'into-the-breach' })
    expect(game.state.flow?.stack.at(-1)).toMatchObject({ proc: 'move-and-fire', returned: 1 })
    expect(game.state.flow?.sides.west?.hand).toEqual([])
  })

  it('declining gives 0 and keeps the counter', () => {
    const { game } = asked(['into-the-breach'])
    game.play({ type: 'decline' })
    expect(game.state.flow?.stack.at(-1)).toMatchObject({ proc: 'move-and-fire', returned: 0 })
    expect(game.state.flow?.sides.west?.hand).toEqual(['into-the-breach'])
  })

  it('is not asked when the attacker holds none', () => {
    expect(asked(['battle-cry']).frame).toBeNull()
  })
})
