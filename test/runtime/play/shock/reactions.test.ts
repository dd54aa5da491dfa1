/**
 * Step 2 of the shock phase through the play path: charge reluctance (13.5), retreat before
 * combat (12.2, with the Infidel light cavalry tables), counter-charges against a charge and a
 * shock (13.6–13.8), and the leader casualty check a shock result calls for (5.5 in 1.2).
 * Inventory TC-001-12, DT-05, DT-06, DT-08, DT-09, DT-11. The defender stands in 1116 facing W;
 * a charger starts in 0917 facing E and is set down in 1017, in the defender's front.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import type { GameState, LogEntry } from '../../../../src/runtime/state'
import type { Place } from './helpers'
import {
  drms,
  inShockPhase,
  legal,
  play,
  playAll,
  promptOf,
  reading,
  shockScenario,
  where,
} from './helpers'

const inf = shockScenario('shock-inf')
const v12 = shockScenario('shock-v12')

function declareCharge(
  loaded: LoadedScenario,
  charger: string,
  target: Record<string, Place>,
  dice: number[],
  ratings?: Record<string, number>,
): { state: GameState; entry: LogEntry } {
  const [targetId] = Object.keys(target)
  const state = inShockPhase(loaded, {
    places: {
      [charger]: { hex: '0917', facing: 'E', ...(ratings === undefined ? {} : { ratings }) },
      ...target,
    },
    dice,
  })
  const declared = play(loaded, state, {
    type: 'declare',
    attackers: [charger],
    defenders: [targetId as string],
    charge: true,
  }).state
  return play(loaded, declared, { type: 'declare-done' })
}

describe('13.5 charge reluctance (TC-001-12, DT-11)', () => {
  const pike = { 'e-pk-1': { hex: '1116', facing: 'W' } }

  it.each([inf, v12])(
    'a Saracen HC (Defense −1) charging a pike: DR 7 → 6 charges on, DR 8 → 7 falls back to the Shock table',
    (loaded) => {
      const goes = declareCharge(loaded, 'w-hc-1', pike, [7, 5])
      expect(goes.entry.records[0]?.resolution.id).toBe('charge-reluctance')
      expect(goes.entry.records[0]?.roll?.final).toBe(6)
      expect(goes.entry.records[0]?.outcome).toBe('success')
      expect(reading(goes.entry.records[1]).table).toBe('inf-charge-crt')
      const balks = declareCharge(loaded, 'w-hc-1', pike, [8, 5])
      expect(balks.entry.records[0]?.roll?.final).toBe(7)
      expect(balks.entry.records[0]?.outcome).toBe('failure')
      expect(balks.entry.effects.map((e) => e.text)).toContain(
        'w-hc-1 balks at e-pk-1: the attack is a shock',
      )
      expect(reading(balks.entry.records[1]).table).toBe('inf-shock-crt')
      expect(drms(balks.entry.records[1])['charger-moved']).toBeUndefined()
    },
  )

  it('DT-11: with a Shock Defense of 0, DR 6 charges and DR 7 shocks', () => {
    const six = declareCharge(v12, 'w-hc-1', pike, [6, 5], { shockDefense: 0 })
    expect(reading(six.entry.records[1]).table).toBe('inf-charge-crt')
    const seven = declareCharge(v12, 'w-hc-1', pike, [7, 5], { shockDefense: 0 })
    expect(reading(seven.entry.records[1]).table).toBe('inf-shock-crt')
  })

  it('a knight in the same position never rolls (16.4)', () => {
    const { entry } = declareCharge(v12, 'w-kn-1', pike, [5])
    expect(entry.records.map((r) => r.resolution.id)).toEqual(['shock'])
    expect(reading(entry.records[0]).table).toBe('inf-charge-crt')
  })

  it('no roll against a pike struck through its flank', () => {
    const { entry } = declareCharge(v12, 'w-hc-1', { 'e-pk-1': { hex: '1116', facing: 'NE' } }, [5])
    expect(entry.records.map((r) => r.resolution.id)).toEqual(['shock'])
  })
})

describe('12.2 retreat before combat', () => {
  it('Men of Iron: mounted men-at-arms attacked by foot alone may step back, and are Disordered for it', () => {
    const moi = shockScenario('shock-moi')
    let state = inShockPhase(moi, {
      places: { 'w-pk-1': { hex: '1017', facing: 'NE' }, 'e-mm-1': { hex: '1116', facing: 'W' } },
    })
    state = playAll(moi, state, [
      { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-mm-1'] },
      { type: 'declare-done' },
    ]).state
    expect(promptOf(state)).toEqual({ side: 'east', kind: 'retreat-before-combat' })
    const hexes = legal(moi, state, 'retreat-before-combat')
      .filter((a) => a.facing === undefined)
      .map((a) => a.hex)
    // One hex away, and no longer next to the pike in 1017.
    expect(hexes).toEqual(['1115', '1216', '1217'])
    const { state: after } = play(moi, state, {
      type: 'retreat-before-combat',
      unit: 'e-mm-1',
      hex: '1216',
      facing: 'W',
    })
    expect(where(after, 'e-mm-1')).toBe('1216')
    expect(after.units['e-mm-1']?.status).toBe('disordered')
    // The pike may take the emptied hex, and then attacks no more.
    const { state: advanced } = play(moi, after, { type: 'advance', unit: 'w-pk-1', hex: '1116' })
    expect(where(advanced, 'w-pk-1')).toBe('1116')
    expect(promptOf(advanced)).toBeNull()
  })

  it('a mounted unit attacked by horse as well as foot may not evade', () => {
    const state = inShockPhase(inf, {
      places: {
        'w-pk-1': { hex: '1017', facing: 'NE' },
        'w-mc-1': { hex: '1016', facing: 'E' },
        'e-mc-1': { hex: '1116', facing: 'W' },
      },
      dice: [5],
    })
    const { entries } = playAll(inf, state, [
      { type: 'declare', attackers: ['w-pk-1', 'w-mc-1'], defenders: ['e-mc-1'] },
      { type: 'declare-done' },
    ])
    // No question to the defender: the attack is rolled at once.
    expect(entries[1]?.records.map((r) => r.resolution.id)).toEqual(['shock'])
  })

  it.each([
    [5, 'normal'],
    [6, 'disordered'],
  ])(
    'DT-06 (1.2): light cavalry (Defense 0) evading a charging knight rolls %i: it goes, %s',
    (die, status) => {
      let state = declareCharge(v12, 'w-kn-1', { 'e-lc-a-1': { hex: '1116', facing: 'W' } }, [
        die,
      ]).state
      // The archers may first shoot at the knight set down in their front (13.2): they hold.
      expect(promptOf(state)).toEqual({ side: 'east', kind: 'reaction-fire' })
      state = play(v12, state, { type: 'decline' }).state
      expect(promptOf(state)).toEqual({ side: 'east', kind: 'retreat-before-combat' })
      const { state: after, entry } = play(v12, state, {
        type: 'retreat-before-combat',
        unit: 'e-lc-a-1',
        hex: '1216',
      })
      expect(entry.records[0]?.resolution.id).toBe('lc-retreat-before-shock')
      expect(entry.records[0]?.roll?.final).toBe(die)
      expect(where(after, 'e-lc-a-1')).toBe('1216')
      expect(after.units['e-lc-a-1']?.status).toBe(status)
      // Nothing left to fight: the knight may take the hex, and attacks no more.
      expect(promptOf(after)).toEqual({ side: 'west', kind: 'advance-after-retreat' })
      state = play(v12, after, { type: 'decline' }).state
      expect(promptOf(state)).toBeNull()
    },
  )
})

describe('13.6–13.8 counter-charges', () => {
  it.each([
    [3, 'success'],
    [4, 'failure'],
  ])('DT-08 (1.2): against a charge, Defense −1 and a turn (+1): DR %i is a %s', (die, outcome) => {
    const { state } = declareCharge(v12, 'w-kn-1', { 'e-hc-1': { hex: '1116', facing: 'NW' } }, [
      die,
      5,
    ])
    expect(promptOf(state)).toEqual({ side: 'east', kind: 'counter-charge' })
    const { state: after, entry } = play(v12, state, {
      type: 'counter-charge',
      unit: 'e-hc-1',
      against: 'charge',
    })
    const record = entry.records[0]
    expect(record?.roll).toEqual({ natural: die, modifiers: 0, modified: die, final: die })
    expect(drms(record)).toEqual({ 'own-shock-defense': -1, 'must-turn': 1 })
    expect(record?.outcome).toBe(outcome)
    const turned = after.units['e-hc-1']?.facing !== state.units['e-hc-1']?.facing
    expect(turned).toBe(outcome === 'success')
    expect(reading(entry.records[1]).table).toBe(
      outcome === 'success' ? 'inf-shock-crt' : 'inf-charge-crt',
    )
  })

  it.each([
    [4, true],
    [5, false],
  ])(
    'DT-09: against a shock, Defense 0, no turn: DR %i succeeds: %s (−2 on that attack)',
    (die, success) => {
      let state = inShockPhase(v12, {
        places: {
          'w-pk-1': { hex: '1017', facing: 'NE' },
          'e-hc-1': { hex: '1116', facing: 'W', ratings: { shockDefense: 0 } },
        },
        dice: [die, 5],
      })
      state = playAll(v12, state, [
        { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-hc-1'] },
        { type: 'declare-done' },
        // Attacked by foot alone, the horse could also evade: it stays to counter-charge.
        { type: 'decline' },
      ]).state
      expect(legal(v12, state)).toEqual([
        { type: 'decline' },
        { type: 'counter-charge', unit: 'e-hc-1', against: 'shock' },
      ])
      const { entry } = play(v12, state, {
        type: 'counter-charge',
        unit: 'e-hc-1',
        against: 'shock',
      })
      expect(entry.records[0]?.outcome).toBe(success ? 'success' : 'failure')
      expect(drms(entry.records[1])['counter-charged']).toBe(success ? -2 : undefined)
    },
  )

  it('once per activation: a unit with the Counter-Charge Used marker may not try again (13.6)', () => {
    const { state } = declareCharge(
      v12,
      'w-kn-1',
      { 'e-hc-1': { hex: '1116', facing: 'W', markers: { 'counter-charge-used': 1 } } },
      [5],
    )
    expect(promptOf(state)).toBeNull()
  })
})

describe('5.5 (1.2) leader casualties in shock', () => {
  it.each([
    [4, 'normal'],
    [5, 'eliminated'],
  ])('DT-05: a leader (rating 2) with a pike just Disordered rolls %i: he is %s', (die, fate) => {
    const state = inShockPhase(v12, {
      places: {
        'w-pk-1': { hex: '1017', facing: 'NE' },
        'e-pk-1': { hex: '1116', facing: 'W' },
        'e-leader': { hex: '1116', facing: 'W', ratings: { activation: 2 } },
      },
      dice: [5, die],
    })
    const { state: after, entries } = playAll(v12, state, [
      { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-pk-1'] },
      { type: 'declare-done' },
    ])
    const records = entries[1]?.records ?? []
    expect(reading(records[0]).codes).toEqual(['DD'])
    expect(records[1]?.resolution.id).toBe('leader-casualty-shock')
    expect(records[1]?.roll?.final).toBe(die - 2)
    expect(after.units['e-leader']?.status).toBe(fate)
  })
})
