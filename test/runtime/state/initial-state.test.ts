/**
 * The state before the first action, built from a scenario: where units stand and which way
 * they face, reinforcements held off the map, tracks, the clock, the dice.
 */
import { describe, expect, it } from 'vitest'
import {
  createInitialState,
  diceSourceOf,
  initialStatus,
  stateHash,
} from '../../../src/runtime/state'
import { loadScenario } from './helpers'

const loaded = loadScenario('state', 'kernel-skirmish')

describe('createInitialState', () => {
  const state = createInitialState(loaded, { seed: 7 })

  it('places set-up units on their hexes with the facing converted to a clock position', () => {
    // Flat-topped hexes: the SE corner is at clock 5 and the NW corner at 11 (W corner at 9).
    expect(state.units['north-pike']).toMatchObject({
      hex: '0302',
      facing: 5,
      location: 'map',
      side: 'north',
      command: 'north-host',
    })
    expect(state.units['south-pike-1']).toMatchObject({
      hex: '0303',
      facing: 11,
      location: 'map',
      side: 'south',
      command: null,
    })
    expect(state.units['south-archer']).toMatchObject({ hex: '0605', facing: 9 })
  })

  it('uses the graph initial status unless the scenario gives one', () => {
    expect(initialStatus(loaded)).toBe('fresh')
    expect(state.units['north-pike']?.status).toBe('fresh')
    expect(state.units['south-archer']?.status).toBe('tired')
  })

  it('keeps per-counter names, ratings and markers from the scenario', () => {
    expect(state.units['north-captain']).toMatchObject({ name: 'Sir Test', ratings: { morale: 7 } })
    expect(state.units['north-knight']?.markers).toEqual({ charging: 1 })
    expect(state.units['north-pike']?.markers).toEqual({})
  })

  it('holds reinforcements off the map with their group and command, whatever hex they list', () => {
    expect(state.units['north-pike-2']).toMatchObject({
      hex: null,
      facing: null,
      location: 'reinforcements',
      group: 'north-late',
      command: 'north-host',
    })
  })

  it('starts side tracks from the ruleset, overridden by the scenario, and game tracks at their initial value', () => {
    expect(state.sides).toEqual({
      north: { tracks: { flight: 1 } },
      south: { tracks: { flight: 0 } },
    })
    expect(state.tracks).toEqual({ time: 1 })
  })

  it('starts the clock at the first phase of the first side', () => {
    expect(state.clock).toEqual({
      turn: 1,
      activation: 0,
      phase: 'move',
      activeSide: 'south',
      playerTurn: 1,
    })
    expect(state.outcome).toBeNull()
    expect(state.actionCount).toBe(0)
  })

  it('starts an activation-chain game between activations', () => {
    const chain = loadScenario('state', 'kernel-skirmish', { variants: ['kernel-chain'] })
    const s = createInitialState(chain, { seed: 7 })
    expect(s.clock).toEqual({
      turn: 1,
      activation: 0,
      phase: null,
      activeSide: 'south',
      playerTurn: 1,
    })
    expect(s.rulesetChain).toEqual(['kernel', 'kernel-chain'])
  })

  it('records the options in force', () => {
    expect(state.options).toEqual({ 'hard-ground': false })
    const on = loadScenario('state', 'kernel-skirmish', { options: { 'hard-ground': true } })
    expect(createInitialState(on, { seed: 7 }).options).toEqual({ 'hard-ground': true })
  })

  it('is plain JSON: it survives a JSON round trip unchanged', () => {
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
  })

  it('keeps the dice inside the state, so seeds give different states and equal seeds equal ones', () => {
    expect(state.dice.kind).toBe('seeded')
    expect(stateHash(createInitialState(loaded, { seed: 7 }))).toBe(stateHash(state))
    expect(stateHash(createInitialState(loaded, { seed: 8 }))).not.toBe(stateHash(state))
    const forced = createInitialState(loaded, { forced: [3, 1, 4] })
    expect(forced.dice).toEqual({ kind: 'forced', values: [3, 1, 4], index: 0 })
  })
})

describe('diceSourceOf', () => {
  it('refuses seeds that are not 32-bit whole numbers and forced dice that are not whole numbers', () => {
    expect(() => diceSourceOf({ seed: -1 })).toThrow(/whole number from 0 to 4294967295/)
    expect(() => diceSourceOf({ seed: 1.5 })).toThrow(/whole number/)
    expect(() => diceSourceOf({ seed: 2 ** 32 })).toThrow(/4294967295/)
    expect(() => diceSourceOf({ forced: [1, 2.5] })).toThrow(/whole numbers/)
    expect(diceSourceOf({ seed: 0 }).kind).toBe('seeded')
  })
})
