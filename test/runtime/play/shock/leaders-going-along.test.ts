/**
 * Leaders going along (Tri-Pack 7.2; Infidel 1.2 7.1, Part 2 row 14): in the Tri-Pack a stacked
 * leader may go along on a charge, a counter-charge and an advance — the owner names him in the
 * action's `with` — and must go along on a retreat (a retreat before combat included); in
 * Infidel 1.2 he must go along on all of them.
 */
import { describe, expect, it } from 'vitest'
import {
  inShockPhase,
  legal,
  play,
  playAll,
  promptOf,
  refusal,
  shockScenario,
  where,
} from './helpers'

describe('7.2 (Tri-Pack) a leader may go along on a charge', () => {
  const bnr = shockScenario('shock-bnr')
  const places = {
    'w-mm-1': { hex: '0917', facing: 'E' },
    'w-leader': { hex: '0917', facing: 'E' },
    'e-inf-1': { hex: '1116', facing: 'E' },
  }
  const charge = { type: 'declare', attackers: ['w-mm-1'], defenders: ['e-inf-1'], charge: true }

  it('both declarations are listed: with the leader and without', () => {
    const state = inShockPhase(bnr, { places, dice: [4] })
    expect(legal(bnr, state, 'declare').filter((a) => a.charge === true)).toEqual([
      charge,
      { ...charge, with: { 'w-mm-1': ['w-leader'] } },
    ])
  })

  it('named in "with", he is set down with the charger; left out, he stays', () => {
    let state = inShockPhase(bnr, { places, dice: [4] })
    const { state: along, entries } = playAll(bnr, state, [
      { ...charge, with: { 'w-mm-1': ['w-leader'] } },
      { type: 'declare-done' },
    ])
    expect(entries[1]?.effects.map((e) => e.text)).toContain(
      'leader w-leader goes along with w-mm-1 to 1017',
    )
    expect(where(along, 'w-leader')).toBe('1017')
    expect(where(along, 'w-mm-1')).toBe('1017')
    state = inShockPhase(bnr, { places, dice: [4] })
    const { state: alone } = playAll(bnr, state, [charge, { type: 'declare-done' }])
    expect(where(alone, 'w-mm-1')).toBe('1017')
    expect(where(alone, 'w-leader')).toBe('0917')
  })

  it('only a leader stacked with the charger may go', () => {
    const state = inShockPhase(bnr, {
      places: { ...places, 'w-leader': { hex: '0916', facing: 'E' } },
      dice: [4],
    })
    expect(refusal(bnr, state, { ...charge, with: { 'w-mm-1': ['w-leader'] } })).toEqual({
      message: 'w-leader is not a leader stacked with w-mm-1',
      rule: '7.2',
    })
  })
})

describe('7.1 (Infidel 1.2) a leader must go along on a charge', () => {
  const v12 = shockScenario('shock-v12')
  const places = {
    'w-kn-1': { hex: '0917', facing: 'E' },
    'w-leader': { hex: '0917', facing: 'E' },
    'e-pk-1': { hex: '1116', facing: 'E' },
  }
  const charge = { type: 'declare', attackers: ['w-kn-1'], defenders: ['e-pk-1'], charge: true }

  it('he goes without being named; leaving him behind is refused', () => {
    const state = inShockPhase(v12, { places, dice: [4] })
    expect(legal(v12, state, 'declare').filter((a) => a.charge === true)).toEqual([charge])
    expect(refusal(v12, state, { ...charge, with: { 'w-kn-1': [] } })).toEqual({
      message: 'every leader stacked with w-kn-1 goes along on a charge: w-leader',
      rule: '5.5, 7.1',
    })
    const { entries } = playAll(v12, state, [charge, { type: 'declare-done' }])
    expect(entries[1]?.effects.map((e) => e.text)).toContain(
      'leader w-leader goes along with w-kn-1 to 1017',
    )
  })
})

describe('7.1 (Infidel 1.2) he must go along on the advance into a hex emptied before combat', () => {
  const v12 = shockScenario('shock-v12')

  it('the knight’s leader charges with it and moves on with it, unasked', () => {
    let state = inShockPhase(v12, {
      places: {
        'w-kn-1': { hex: '0917', facing: 'E' },
        'w-leader': { hex: '0917', facing: 'E' },
        'e-lc-a-1': { hex: '1116', facing: 'W' },
      },
      dice: [5],
    })
    state = playAll(v12, state, [
      { type: 'declare', attackers: ['w-kn-1'], defenders: ['e-lc-a-1'], charge: true },
      { type: 'declare-done' },
    ]).state
    expect(where(state, 'w-leader')).toBe('1017')
    // The light cavalry holds its fire, then evades (DT-06: 5 gets away in good order).
    state = play(v12, state, { type: 'decline' }).state
    state = play(v12, state, { type: 'retreat-before-combat', unit: 'e-lc-a-1', hex: '1216' }).state
    expect(promptOf(state)).toEqual({ side: 'west', kind: 'advance-after-retreat' })
    expect(legal(v12, state).some((a) => a.with !== undefined)).toBe(false)
    state = play(v12, state, { type: 'advance', unit: 'w-kn-1', hex: '1116' }).state
    expect(where(state, 'w-kn-1')).toBe('1116')
    expect(where(state, 'w-leader')).toBe('1116')
  })
})

describe('7.2 retreat before combat and the advance into the emptied hex (12.2)', () => {
  const moi = shockScenario('shock-moi')

  it('the leader retreats with the mounted unit; the attacker’s leader may advance with it', () => {
    let state = inShockPhase(moi, {
      places: {
        'w-pk-1': { hex: '1017', facing: 'NE' },
        'w-leader': { hex: '1017', facing: 'NE' },
        'e-mm-1': { hex: '1116', facing: 'W' },
        'e-leader': { hex: '1116', facing: 'W' },
      },
    })
    state = playAll(moi, state, [
      { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-mm-1'] },
      { type: 'declare-done' },
    ]).state
    expect(promptOf(state)).toEqual({ side: 'east', kind: 'retreat-before-combat' })
    // He must go: no "with" to choose.
    expect(legal(moi, state).some((a) => a.with !== undefined)).toBe(false)
    expect(
      refusal(moi, state, {
        type: 'retreat-before-combat',
        unit: 'e-mm-1',
        hex: '1216',
        with: [],
      }),
    ).toEqual({
      message: 'every leader stacked with e-mm-1 goes along on a retreat: e-leader',
      rule: '7.2',
    })
    state = play(moi, state, { type: 'retreat-before-combat', unit: 'e-mm-1', hex: '1216' }).state
    expect(where(state, 'e-mm-1')).toBe('1216')
    expect(where(state, 'e-leader')).toBe('1216')
    expect(promptOf(state)).toEqual({ side: 'west', kind: 'advance-after-retreat' })
    expect(legal(moi, state, 'advance').filter((a) => a.facing === undefined)).toEqual([
      { type: 'advance', unit: 'w-pk-1', hex: '1116' },
      { type: 'advance', unit: 'w-pk-1', hex: '1116', with: ['w-leader'] },
    ])
    const { state: after } = play(moi, state, {
      type: 'advance',
      unit: 'w-pk-1',
      hex: '1116',
      with: ['w-leader'],
    })
    expect(where(after, 'w-pk-1')).toBe('1116')
    expect(where(after, 'w-leader')).toBe('1116')
  })
})

describe('7.2 (Tri-Pack) a leader may go along on a counter-charge against fire (13.9)', () => {
  const moi = shockScenario('shock-moi')

  it('listed with and without him; named, he is set down with the counter-charger', () => {
    let state = inShockPhase(moi, {
      phase: 'move-fire',
      places: {
        'w-lb-1': { hex: '1016', facing: 'E' },
        'e-mm-1': { hex: '1216', facing: 'W' },
        'e-leader': { hex: '1216', facing: 'W' },
        'e-pk-1': { hex: '1115', facing: 'W' },
      },
      // Counter-charge roll 0 succeeds, the fire 0 does nothing, the charge 5 retires the archers.
      dice: [0, 0, 5],
    })
    state = play(moi, state, { type: 'fire', unit: 'w-lb-1', target: 'e-mm-1' }).state
    expect(promptOf(state)).toEqual({ side: 'east', kind: 'counter-charge-vs-fire' })
    expect(legal(moi, state)).toEqual([
      { type: 'decline' },
      { type: 'counter-charge', unit: 'e-mm-1' },
      { type: 'counter-charge', unit: 'e-mm-1', with: ['e-leader'] },
    ])
    const { state: after, entry } = play(moi, state, {
      type: 'counter-charge',
      unit: 'e-mm-1',
      with: ['e-leader'],
    })
    expect(entry.effects.map((e) => e.text)).toContain(
      'leader e-leader goes along with e-mm-1 to 1116',
    )
    expect(where(after, 'e-leader')).toBe(where(after, 'e-mm-1'))
  })
})
