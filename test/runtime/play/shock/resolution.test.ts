/**
 * Resolving shock attacks through the play path (12.3, 12.3-1 to 12.3-8, 14.1, 14.7): one roll
 * per defending hex, the modifiers the attack context gives the modifier lists, and the results
 * of one attacker against two hexes applied together. Inventory TC-001-08 to 11, TC-004-08,
 * DT-15 to DT-20. The defender stands in 1116 facing W: its front is 1016 and 1017, its flanks
 * 1115 and 1117, its rear 1216 and 1217.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import type { Action, GameState, LogEntry } from '../../../../src/runtime/state'
import type { Place } from './helpers'
import {
  drms,
  inShockPhase,
  play,
  playAll,
  promptOf,
  reading,
  shockScenario,
  where,
} from './helpers'

const inf = shockScenario('shock-inf')
const v12 = shockScenario('shock-v12')

/** Declares one attack, closes the declarations and returns what the roll logged. */
function attack(
  loaded: LoadedScenario,
  places: Record<string, Place>,
  declaration: Omit<Action, 'type'>,
  dice: number[],
  extra: Partial<Parameters<typeof inShockPhase>[1]> = {},
): { state: GameState; entry: LogEntry } {
  const state = inShockPhase(loaded, { places, dice, ...extra })
  const declared = play(loaded, state, { type: 'declare', ...declaration }).state
  return play(loaded, declared, { type: 'declare-done' })
}

const angles = (entry: LogEntry) =>
  Object.fromEntries(
    Object.entries(drms(entry.records[0])).filter(([id]) => id.startsWith('angle')),
  )

describe('12.3-2A angle of attack (DT-15 to DT-17b)', () => {
  const defender = { 'e-pk-1': { hex: '1116', facing: 'W' } }
  const cases: [string, Record<string, Place>, Record<string, number>][] = [
    [
      'DT-15: one attacker through a flank: +2',
      { 'w-pk-1': { hex: '1115', facing: 'SW' } },
      { 'angle-flank': 2 },
    ],
    [
      'DT-15: one attacker through the rear: +3',
      { 'w-pk-1': { hex: '1216', facing: 'SW' } },
      { 'angle-rear': 3 },
    ],
    [
      'DT-16: one through the front, one through a flank: +4 (two sides)',
      { 'w-pk-1': { hex: '1017', facing: 'NE' }, 'w-pk-2': { hex: '1115', facing: 'SW' } },
      { 'angle-several-sides': 4 },
    ],
    [
      'DT-17: through the left and the right flank: +4',
      { 'w-pk-1': { hex: '1115', facing: 'SW' }, 'w-pk-2': { hex: '1117', facing: 'NE' } },
      { 'angle-several-sides': 4 },
    ],
    [
      'DT-17b: both through the two rear hexes: +3 (one side)',
      { 'w-pk-1': { hex: '1216', facing: 'SW' }, 'w-pk-2': { hex: '1217', facing: 'NW' } },
      { 'angle-rear': 3 },
    ],
    ['straight at the front: nothing', { 'w-pk-1': { hex: '1017', facing: 'NE' } }, {}],
  ]
  it.each(cases)('%s', (_name, attackers, expected) => {
    for (const loaded of [inf, v12]) {
      const { entry } = attack(
        loaded,
        { ...defender, ...attackers },
        { attackers: Object.keys(attackers), defenders: ['e-pk-1'] },
        [5],
      )
      expect(angles(entry)).toEqual(expected)
    }
  })
})

describe('12.3-1 strength (DT-18, TC-001-08)', () => {
  it('2 against 1: +1; 3 against 1: +2', () => {
    const places = {
      'e-pk-1': { hex: '1116', facing: 'W' },
      'w-pk-1': { hex: '1016', facing: 'E' },
      'w-pk-2': { hex: '1017', facing: 'NE' },
      'w-pk-3': { hex: '1115', facing: 'SW' },
      // Beside PK 1, in front of PK 3: another enemy attacked by nobody would oblige them.
    }
    const two = attack(inf, places, { attackers: ['w-pk-1', 'w-pk-2'], defenders: ['e-pk-1'] }, [5])
    expect(drms(two.entry.records[0]).strength).toBe(1)
    const three = attack(
      inf,
      places,
      { attackers: ['w-pk-1', 'w-pk-2', 'w-pk-3'], defenders: ['e-pk-1'] },
      [5],
    )
    expect(drms(three.entry.records[0]).strength).toBe(2)
  })

  it('TC-001-08: one HC against two infantry units: two rolls, −1 on each', () => {
    const { entry } = attack(
      v12,
      {
        'w-hc-1': { hex: '1016', facing: 'E' },
        'e-pk-1': { hex: '1115', facing: 'W' },
        'e-pk-2': { hex: '1116', facing: 'W' },
      },
      { attackers: ['w-hc-1'], defenders: ['e-pk-1', 'e-pk-2'] },
      [5, 5],
    )
    expect(entry.records.map((r) => r.resolution.id)).toEqual(['shock', 'shock'])
    expect(entry.records.map((r) => drms(r).strength)).toEqual([-1, -1])
  })
})

describe('12.3-3, 12.3-5 defence and the weapons matrix (TC-001-10, TC-001-11)', () => {
  it('TC-001-10: two MC at the front of a Templar knight: strength +1 and Shock Defense −3', () => {
    const state = inShockPhase(v12, {
      places: {
        'e-kn-1': { hex: '1116', facing: 'W' },
        'w-mc-1': { hex: '1016', facing: 'E' },
        'w-mc-2': { hex: '1017', facing: 'NE' },
      },
      dice: [5],
    })
    let now = play(v12, state, {
      type: 'declare',
      attackers: ['w-mc-1', 'w-mc-2'],
      defenders: ['e-kn-1'],
    }).state
    now = play(v12, now, { type: 'declare-done' }).state
    // The knight could counter-charge the shock; it does not.
    expect(promptOf(now)).toEqual({ side: 'east', kind: 'counter-charge' })
    const { entry } = play(v12, now, { type: 'decline' })
    const terms = drms(entry.records[0])
    expect(terms.strength).toBe(1)
    expect(terms['shock-defense']).toBe(-3)
    expect((terms.strength ?? 0) + (terms['shock-defense'] ?? 0)).toBe(-2)
  })

  it('TC-001-11: a pike (0) and flail archers (+1) against a pike: the best, +1, not their sum', () => {
    const { entry } = attack(
      v12,
      {
        'e-pk-1': { hex: '1116', facing: 'W' },
        'w-pk-1': { hex: '1016', facing: 'E' },
        'w-af-1': { hex: '1017', facing: 'NE' },
      },
      { attackers: ['w-pk-1', 'w-af-1'], defenders: ['e-pk-1'] },
      [5],
    )
    expect(drms(entry.records[0])['weapons-matrix']).toBe(1)
  })
})

describe('12.3-7, 12.3-8 retired defender and continued attacks (DT-19, DT-20)', () => {
  it('DT-20: a Retired defender gives +2 and is read on the Disordered column', () => {
    const { entry } = attack(
      inf,
      {
        'e-pk-1': { hex: '1116', facing: 'W', status: 'retired' },
        'w-pk-1': { hex: '1017', facing: 'NE' },
      },
      { attackers: ['w-pk-1'], defenders: ['e-pk-1'] },
      [5],
    )
    expect(drms(entry.records[0])['retired-defender']).toBe(2)
    expect(entry.records[0]?.column?.id).toBe('disordered')
  })

  it('DT-19: a unit in its second continued attack phase (markers −2) takes −2', () => {
    const state = inShockPhase(inf, {
      phase: 'continued-attack',
      places: {
        'e-pk-1': { hex: '1116', facing: 'W' },
        'w-pk-1': { hex: '1017', facing: 'NE', markers: { 'continued-attack': 2 } },
      },
      dice: [5],
    })
    expect(promptOf(state)).toEqual({ side: 'west', kind: 'shock-declaration' })
    const { entries } = playAll(inf, state, [
      { type: 'declare', attackers: ['w-pk-1'], defenders: ['e-pk-1'] },
      { type: 'declare-done' },
    ])
    expect(drms(entries[1]?.records[0])['continued-attack']).toBe(-2)
  })
})

describe('14.1 one attacker against two hexes: both results together (TC-001-09, TC-004-08)', () => {
  it('TC-001-09: a knight against two light cavalry: CA from one, AD from the other: Disordered and still continuing (−2 −1)', () => {
    const places = {
      'w-kn-1': { hex: '1016', facing: 'E' },
      'e-lc-a-1': { hex: '1115', facing: 'W', status: 'disordered' },
      'e-lc-a-2': { hex: '1116', facing: 'W' },
      'e-pk-1': { hex: '1215', facing: 'W' },
    }
    let state = inShockPhase(inf, { places, dice: [5, 0, 5] })
    state = play(inf, state, {
      type: 'declare',
      attackers: ['w-kn-1'],
      defenders: ['e-lc-a-1', 'e-lc-a-2'],
    }).state
    state = play(inf, state, { type: 'declare-done' }).state
    // The light cavalry in good order may evade the knight (12.2); it stays.
    expect(promptOf(state)).toEqual({ side: 'east', kind: 'retreat-before-combat' })
    const { state: after, entry } = play(inf, state, { type: 'decline' })
    expect(entry.records.slice(0, 2).map(reading)).toEqual([
      { table: 'inf-shock-crt', column: 'disordered', natural: 5, final: 8, codes: ['DE', 'CA'] },
      { table: 'inf-shock-crt', column: 'normal', natural: 0, final: 2, codes: ['AD'] },
    ])
    // Both read the knight in good order: the results came after both rolls.
    expect(drms(entry.records[1])['disordered-attacker']).toBeUndefined()
    expect(where(after, 'w-kn-1')).toBe('1115')
    // The continued attack on the pike now in front: −2 Disordered, −1 continued.
    const ca = entry.records[2]
    expect(ca).toBeUndefined()
    expect(promptOf(after)).toEqual({ side: 'west', kind: 'shock-declaration' })
    expect(after.units['w-kn-1']?.status).toBe('disordered')
    expect(after.units['w-kn-1']?.markers).toEqual({ 'continued-attack': 1 })
    const { entries } = playAll(inf, after, [
      { type: 'declare', attackers: ['w-kn-1'], defenders: ['e-pk-1'] },
      { type: 'declare-done' },
    ])
    const terms = drms(entries[1]?.records[0])
    expect(terms['disordered-attacker']).toBe(-2)
    expect(terms['continued-attack']).toBe(-1)
  })

  it('TC-004-08: one MM against two pikes: −1 on each roll; CA and AD together: Disordered, advances, marked', () => {
    const moi = shockScenario('shock-moi')
    const { state, entry } = attack(
      moi,
      {
        'w-mm-1': { hex: '1016', facing: 'E' },
        'e-pk-1': { hex: '1115', facing: 'W', status: 'disordered' },
        'e-pk-2': { hex: '1116', facing: 'W' },
      },
      { attackers: ['w-mm-1'], defenders: ['e-pk-1', 'e-pk-2'] },
      [8, 3],
    )
    expect(entry.records.map((r) => drms(r).strength)).toEqual([-1, -1])
    expect(entry.records.map((r) => reading(r).codes)).toEqual([['DE', 'CA'], ['AD']])
    expect(state.units['w-mm-1']?.status).toBe('disordered')
    expect(where(state, 'w-mm-1')).toBe('1115')
    // Marked (14.7), then unmarked at once: nothing stands in its front for a continued attack.
    const texts = entry.effects.map((e) => e.text)
    expect(texts).toContain('unit w-mm-1: marker continued-attack 0 → 1')
    expect(texts).toContain(
      'w-mm-1 has no enemy in its frontal hexes and loses its continued attack marker',
    )
  })
})

describe('12.5 artillery alone in a defending hex (Blood & Roses)', () => {
  const bnr = shockScenario('shock-bnr')

  it('a shock eliminates it without a roll', () => {
    const { state, entry } = attack(
      bnr,
      { 'w-inf-1': { hex: '1017', facing: 'NE' }, 'e-art-1': { hex: '1116', facing: 'W' } },
      { attackers: ['w-inf-1'], defenders: ['e-art-1'] },
      [],
    )
    expect(entry.records[0]?.status).toBe('automatic')
    expect(entry.records[0]?.dice).toBeUndefined()
    expect(reading(entry.records[0]).codes).toEqual(['DE'])
    expect(state.units['e-art-1']?.status).toBe('eliminated')
  })

  it('a charge eliminates it and continues the attack', () => {
    let state = inShockPhase(bnr, {
      // Facing away, the guns cannot fire at the horse set down behind them.
      places: { 'w-mm-1': { hex: '0917', facing: 'E' }, 'e-art-1': { hex: '1116', facing: 'E' } },
    })
    state = playAll(bnr, state, [
      { type: 'declare', attackers: ['w-mm-1'], defenders: ['e-art-1'], charge: true },
    ]).state
    const { entry } = play(bnr, state, { type: 'declare-done' })
    expect(reading(entry.records[0]).codes).toEqual(['DE', 'CA'])
    expect(entry.records[0]?.status).toBe('automatic')
    expect(entry.effects.map((e) => e.text)).toContain('unit w-mm-1: marker continued-attack 0 → 1')
  })
})

describe('12.4, 14.7 who advances and takes the continued attack; 16.4 knights never retire', () => {
  it('a charging knight and a pike take a hex: the charger advances and is marked', () => {
    let state = inShockPhase(v12, {
      places: {
        'w-kn-1': { hex: '0917', facing: 'E' },
        'w-pk-1': { hex: '1016', facing: 'E' },
        'e-pk-1': { hex: '1116', facing: 'W', status: 'disordered' },
      },
      dice: [1],
    })
    state = playAll(v12, state, [
      { type: 'declare', attackers: ['w-kn-1', 'w-pk-1'], defenders: ['e-pk-1'], charge: true },
    ]).state
    const { state: after, entry } = play(v12, state, { type: 'declare-done' })
    expect(reading(entry.records[0])).toEqual({
      table: 'inf-charge-crt',
      column: 'disordered',
      natural: 1,
      final: 5,
      codes: ['DE', 'CA'],
    })
    expect(where(after, 'w-kn-1')).toBe('1116')
    expect(where(after, 'w-pk-1')).toBe('1016')
    expect(entry.effects.map((e) => e.text)).toContain('unit w-kn-1: marker continued-attack 0 → 1')
  })

  it('a knight given a Retired result retreats instead (its unit type overrides the result)', () => {
    let state = inShockPhase(inf, {
      places: {
        'w-kn-1': { hex: '1016', facing: 'E' },
        'w-kn-2': { hex: '1017', facing: 'NE' },
        'e-kn-1': { hex: '1116', facing: 'W', status: 'disordered' },
      },
      dice: [7],
    })
    state = playAll(inf, state, [
      { type: 'declare', attackers: ['w-kn-1', 'w-kn-2'], defenders: ['e-kn-1'] },
    ]).state
    const { state: after, entry } = play(inf, state, { type: 'declare-done' })
    expect(reading(entry.records[0]).codes).toEqual(['DRT'])
    expect(after.units['e-kn-1']?.status).toBe('disordered')
    expect(promptOf(after)).toEqual({ side: 'east', kind: 'retreat' })
  })
})
