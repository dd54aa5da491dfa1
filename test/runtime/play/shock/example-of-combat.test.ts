/**
 * TC-001-13, the Infidel Example of Combat (Infidel living rules 1.2 [001] p. 17; inventory
 * §4.1), played step by step through the play path with forced dice on the bundled Infidel 1.2
 * rules, and again on Tri-Pack Infidel, whose outcome the inventory expects to be the same.
 * Positions: the hexes the example names (2620, 2624, 2625, 2720, 2722, 2723, 2820, 2521) with
 * the others fixed so that they fit it: Norman PK 1 in 2619, KN 1 in 2520, MA 1 in 2622, KN 2
 * in 2524 and KN 3 in 2525, all facing E; Bedouin MC 1 in 2719, MC 2 in 2720, Seljuk PK 1 to 3
 * in 2721 to 2723 and Mamluk HC 3 in 2725, all facing W. KN 2 and KN 3 moved this activation.
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LogEntry } from '../../../../src/runtime/state'
import type { ShockScenario } from './helpers'
import {
  drms,
  flightPoints,
  inShockPhase,
  legal,
  play,
  promptOf,
  reading,
  refusal,
  shockScenario,
  where,
} from './helpers'

const PLACES = {
  'w-pk-1': { hex: '2619', facing: 'E' },
  'w-kn-1': { hex: '2520', facing: 'E' },
  'w-ma-1': { hex: '2622', facing: 'E' },
  'w-kn-2': { hex: '2524', facing: 'E' },
  'w-kn-3': { hex: '2525', facing: 'E' },
  'e-mc-1': { hex: '2719', facing: 'W' },
  'e-mc-2': { hex: '2720', facing: 'W', status: 'disordered' },
  'e-pk-1': { hex: '2721', facing: 'W' },
  'e-pk-2': { hex: '2722', facing: 'W', status: 'disordered' },
  'e-pk-3': { hex: '2723', facing: 'W', status: 'disordered' },
  'e-hc-1': { hex: '2725', facing: 'W' },
}

/** Counter-charge 2; then KN 1 3, MA 1 0 and 6, KN 2 3, KN 3 3; KN 1's continued attack 4. */
const DICE = [2, 3, 0, 6, 3, 3, 4]

const DECLARATIONS = [
  { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-mc-1'] },
  {
    type: 'declare',
    attackers: ['w-kn-1'],
    defenders: ['e-mc-2'],
    charge: true,
    paths: { 'w-kn-1': ['2620'] },
  },
  { type: 'declare', attackers: ['w-ma-1'], defenders: ['e-pk-1', 'e-pk-2'] },
  { type: 'declare', attackers: ['w-kn-2'], defenders: ['e-pk-3'], charge: true },
  {
    type: 'declare',
    attackers: ['w-kn-3'],
    defenders: ['e-hc-1'],
    charge: true,
    paths: { 'w-kn-3': ['2625'] },
  },
]

describe.each<ShockScenario>(['shock-v12', 'shock-inf'])('Example of Combat on %s', (id) => {
  const loaded = shockScenario(id)
  const start = () =>
    inShockPhase(loaded, { places: PLACES, moved: ['w-kn-2', 'w-kn-3'], dice: DICE })

  function declared(): { state: GameState; entry: LogEntry } {
    let state = start()
    for (const action of DECLARATIONS) state = play(loaded, state, action).state
    return play(loaded, state, { type: 'declare-done' })
  }

  it('step 1 (12.1, 13.2): every attack is declared first; the charges name one target each', () => {
    const state = start()
    expect(promptOf(state)).toEqual({ side: 'west', kind: 'shock-declaration' })
    const listed = legal(loaded, state, 'declare')
    for (const action of DECLARATIONS) expect(listed).toContainEqual(action)
    // The alternative of the example: KN 1 charges MC 1 together with PK 1's shock.
    expect(listed).toContainEqual({
      type: 'declare',
      attackers: ['w-kn-1', 'w-pk-1'],
      defenders: ['e-mc-1'],
      charge: true,
    })
    // KN 1 has two charge paths to MC 2 (2620 and 2621): it must say which.
    expect(
      refusal(loaded, state, {
        type: 'declare',
        attackers: ['w-kn-1'],
        defenders: ['e-mc-2'],
        charge: true,
      }).message,
    ).toBe('unit w-kn-1 may charge e-mc-2 through 2620 or 2621: name one in "paths"')
    // A charge targets exactly one unit (13.0).
    expect(
      refusal(loaded, state, {
        type: 'declare',
        attackers: ['w-kn-1'],
        defenders: ['e-mc-1', 'e-mc-2'],
        charge: true,
      }),
    ).toEqual({ message: 'a charge targets exactly one unit', rule: '13.1-13.3' })
  })

  it('step 2a (13.2): the chargers are set down next to their targets, without spending movement points', () => {
    const { state, entry } = declared()
    expect(where(state, 'w-kn-1')).toBe('2620')
    expect(where(state, 'w-kn-2')).toBe('2624')
    expect(where(state, 'w-kn-3')).toBe('2625')
    expect(state.flow?.activation?.units['w-kn-1']?.mp).toBe(0)
    expect(state.units['w-kn-1']?.markers).toEqual({ charge: 1 })
    expect(state.units['w-pk-1']?.markers).toEqual({ shock: 1 })
    // 2c: KN 2 charges a pike, but knights never roll for reluctance.
    expect(entry.records).toEqual([])
  })

  it('step 2d (12.2): MC 1, attacked by foot only, retreats to 2820 and stays Normal; PK 1 declines to advance', () => {
    const { state } = declared()
    expect(promptOf(state)).toEqual({ side: 'east', kind: 'retreat-before-combat' })
    expect(
      legal(loaded, state, 'retreat-before-combat').filter((a) => a.facing === undefined),
    ).toEqual([
      { type: 'retreat-before-combat', unit: 'e-mc-1', hex: '2819' },
      { type: 'retreat-before-combat', unit: 'e-mc-1', hex: '2820' },
    ])
    const retreated = play(loaded, state, {
      type: 'retreat-before-combat',
      unit: 'e-mc-1',
      hex: '2820',
    })
    expect(where(retreated.state, 'e-mc-1')).toBe('2820')
    expect(retreated.state.units['e-mc-1']?.status).toBe('normal')
    expect(promptOf(retreated.state)).toEqual({ side: 'west', kind: 'advance-after-retreat' })
    expect(legal(loaded, retreated.state)).toEqual([
      { type: 'decline' },
      { type: 'advance', unit: 'w-pk-1', hex: '2719' },
      ...(id === 'shock-inf'
        ? ['NE', 'E', 'SE', 'SW', 'W', 'NW'].map((facing) => ({
            type: 'advance',
            unit: 'w-pk-1',
            hex: '2719',
            facing,
          }))
        : []),
    ])
    const declined = play(loaded, retreated.state, { type: 'decline' })
    expect(where(declined.state, 'w-pk-1')).toBe('2619')
    expect(promptOf(declined.state)).toEqual({ side: 'east', kind: 'counter-charge' })
  })

  function toResolution(): GameState {
    let state = declared().state
    state = play(loaded, state, {
      type: 'retreat-before-combat',
      unit: 'e-mc-1',
      hex: '2820',
    }).state
    state = play(loaded, state, { type: 'decline' }).state
    return state
  }

  it('step 2e (13.7): Mamluk HC 3 counter-charges KN 3: DR 2 − 1 = 1 succeeds, KN 3 now shocks', () => {
    const state = toResolution()
    expect(legal(loaded, state)).toEqual([
      { type: 'decline' },
      { type: 'counter-charge', unit: 'e-hc-1', against: 'charge' },
    ])
    const { state: after, entry } = play(loaded, state, {
      type: 'counter-charge',
      unit: 'e-hc-1',
      against: 'charge',
    })
    const record = entry.records[0]
    expect(record?.resolution.id).toBe('counter-charge-vs-charge')
    expect(record?.roll).toEqual({ natural: 2, modifiers: -1, modified: 1, final: 1 })
    expect(record?.outcome).toBe('success')
    expect(after.units['e-hc-1']?.markers).toEqual({ 'counter-charge-used': 1 })
    expect(after.units['w-kn-3']?.markers).toEqual({ shock: 1 })
    expect(promptOf(after)).toEqual({ side: 'west', kind: 'shock-resolution' })
    expect(legal(loaded, after)).toEqual(
      [1, 2, 3, 4].map((index) => ({ type: 'resolve-attack', index })),
    )
  })

  function resolving(): GameState {
    const state = toResolution()
    return play(loaded, state, { type: 'counter-charge', unit: 'e-hc-1', against: 'charge' }).state
  }

  it('step 3 (12.3, 13.4, 14.7): KN 1 charges MC 2: Charge table, Disordered, +2 +1, 3 → 6: DE, CA; KN 1 advances into 2720', () => {
    const { state, entry } = play(loaded, resolving(), { type: 'resolve-attack', index: 1 })
    const record = entry.records[0]
    expect(reading(record)).toEqual({
      table: 'inf-charge-crt',
      column: 'disordered',
      natural: 3,
      final: 6,
      codes: ['DE', 'CA'],
    })
    expect(drms(record)).toEqual({ 'weapons-matrix': 2, 'shock-defense': 1 })
    expect(state.units['e-mc-2']?.status).toBe('eliminated')
    expect(flightPoints(state, 'east')).toBe(2)
    expect(where(state, 'w-kn-1')).toBe('2720')
    // No facing change after an advance with a continued attack.
    expect(state.units['w-kn-1']?.facing).toBe(resolving().units['w-kn-1']?.facing)
    expect(state.units['w-kn-1']?.markers).toEqual({ 'continued-attack': 1 })
  })

  it('step 3 (12.3-1, 14.1): MA 1 rolls against both pikes before either result applies: AD AR and DRT; it retreats, nobody advances', () => {
    let state = play(loaded, resolving(), { type: 'resolve-attack', index: 1 }).state
    const { state: after, entry } = play(loaded, state, { type: 'resolve-attack', index: 2 })
    expect(entry.records.map(reading)).toEqual([
      { table: 'inf-shock-crt', column: 'normal', natural: 0, final: 1, codes: ['AD', 'AR'] },
      { table: 'inf-shock-crt', column: 'disordered', natural: 6, final: 7, codes: ['DRT'] },
    ])
    // The second roll still has MA 1 in good order: both read +1.
    for (const record of entry.records)
      expect(drms(record)).toEqual({ strength: -1, 'weapons-matrix': 1, 'shock-defense': 1 })
    expect(after.units['w-ma-1']?.status).toBe('disordered')
    expect(after.units['e-pk-2']?.status).toBe('retired')
    expect(flightPoints(after, 'east')).toBe(3)
    expect(entry.effects.map((e) => e.text)).toContain(
      'the attacker retreats, so nobody advances into the emptied hex',
    )
    // The retired pike is placed by its standard, then MA 1 retreats (to 2521, the owner's choice).
    expect(promptOf(after)).toEqual({ side: 'east', kind: 'relocate' })
    state = play(loaded, after, legal(loaded, after)[0] as never).state
    expect(promptOf(state)).toEqual({ side: 'west', kind: 'retreat' })
    const retreat = legal(loaded, state).find((a) => a.hex === '2521')
    expect(retreat).toBeDefined()
    state = play(loaded, state, retreat as never).state
    expect(where(state, 'w-ma-1')).toBe('2521')
    expect(where(state, 'w-ma-1')).not.toBe('2722')
    expect(promptOf(state)).toEqual({ side: 'west', kind: 'shock-resolution' })
  })

  function afterMa(): GameState {
    let state = play(loaded, resolving(), { type: 'resolve-attack', index: 1 }).state
    state = play(loaded, state, { type: 'resolve-attack', index: 2 }).state
    state = play(loaded, state, legal(loaded, state)[0] as never).state
    const retreat = legal(loaded, state).find((a) => a.hex === '2521')
    return play(loaded, state, retreat as never).state
  }

  it('step 3: KN 2 charges PK 3 (+2 +1 −1 moved, 3 → 5: DE, CA, into 2723); KN 3, counter-charged, shocks HC 3 (+1 −1, 3: AD)', () => {
    const { state, entry } = play(loaded, afterMa(), { type: 'resolve-attack', index: 3 })
    const [kn2, kn3] = entry.records
    expect(reading(kn2)).toEqual({
      table: 'inf-charge-crt',
      column: 'disordered',
      natural: 3,
      final: 5,
      codes: ['DE', 'CA'],
    })
    expect(drms(kn2)).toEqual({ 'weapons-matrix': 2, 'shock-defense': 1, 'charger-moved': -1 })
    // The last attack is resolved at once: the order is no longer a choice.
    expect(reading(kn3)).toEqual({
      table: 'inf-shock-crt',
      column: 'normal',
      natural: 3,
      final: 3,
      codes: ['AD'],
    })
    // No −1 for moving (no longer charging), no −2 (that is a counter-charge against a shock).
    expect(drms(kn3)).toEqual({ 'weapons-matrix': 1, 'shock-defense': -1 })
    expect(where(state, 'w-kn-2')).toBe('2723')
    // It got its marker (taken off again at once in the continued attacks: nothing in front).
    expect(entry.effects.map((e) => e.text)).toContain('unit w-kn-2: marker continued-attack 0 → 1')
    expect(state.units['w-kn-3']?.status).toBe('disordered')
    expect(state.units['e-pk-3']?.status).toBe('eliminated')
    // MC 2 (2) + PK 2 retired (1) + PK 3 (1).
    expect(flightPoints(state, 'east')).toBe(4)
    expect(promptOf(state)).toEqual({ side: 'west', kind: 'shock-declaration' })
  })

  it('step 4 (14.7): KN 1 must shock MC 1 (−1 for the continued attack); KN 2, nothing in front, loses its marker', () => {
    const { state, entry } = play(loaded, afterMa(), { type: 'resolve-attack', index: 3 })
    expect(entry.effects.map((e) => e.text)).toContain(
      'w-kn-2 has no enemy in its frontal hexes and loses its continued attack marker',
    )
    expect(state.units['w-kn-2']?.markers).toEqual({})
    expect(legal(loaded, state)).toEqual([
      { type: 'declare', attackers: ['w-kn-1'], defenders: ['e-mc-1'] },
    ])
    expect(refusal(loaded, state, { type: 'declare-done' })).toEqual({
      message: 'unit w-kn-1 must attack e-mc-1: it carries a continued attack marker',
      rule: '14.7',
    })
    expect(
      refusal(loaded, state, {
        type: 'declare',
        attackers: ['w-kn-1'],
        defenders: ['e-mc-1'],
        charge: true,
      }),
    ).toEqual({ message: 'a continued attack is a shock: no charges', rule: '14.7' })
    let now = play(loaded, state, {
      type: 'declare',
      attackers: ['w-kn-1'],
      defenders: ['e-mc-1'],
    }).state
    const { state: done, entry: rolled } = play(loaded, now, { type: 'declare-done' })
    expect(reading(rolled.records[0])).toEqual({
      table: 'inf-shock-crt',
      column: 'normal',
      natural: 4,
      final: 5,
      codes: ['-'],
    })
    expect(drms(rolled.records[0])).toEqual({ 'weapons-matrix': 2, 'continued-attack': -1 })
    // No further continued attack: the marker goes and the loop ends.
    expect(done.units['w-kn-1']?.markers).toEqual({})
    expect(promptOf(done)).toBeNull()
    now = done
    expect(flightPoints(now, 'east')).toBe(4)
  })
})
