/**
 * Advance after combat (Tri-Pack 12.4, 14.7; Infidel 1.2 12.4) carried out by effect:advance with
 * the bundled Infidel result codes: mandatory advance, eligibility, the priority order, the facing
 * lock after a continued attack, the continued attack marker going to the advancing unit, the
 * single attacker against two hexes, leaders going along, prohibited terrain.
 */
import { describe, expect, it } from 'vitest'
import type { GameState } from '../../../../src/runtime/state'
import {
  CLOCK,
  applyCodes,
  arrange,
  asking,
  at,
  carryOut,
  field,
  hexesOf,
  legal,
  play,
  refusal,
} from './harness'
import type { Layout } from './harness'

const loaded = field()
const v12 = field(['infidel-v1-2'])

function attack(
  attackers: string[],
  codes: string[],
  layout: Layout,
  rules = loaded,
  tweak?: (s: GameState) => void,
) {
  const state = arrange(rules, { 'pk-s1': ['0505', 'W'], ...layout }, tweak)
  return carryOut(rules, state, (run) => applyCodes(run, codes, attackers, ['pk-s1']), {
    dice: [0],
  })
}

const units = (state: GameState) =>
  [...new Set(legal(loaded, state).map((a) => a.unit as string))].sort()

describe('12.4 advance after combat', () => {
  it('12.4 is mandatory when the hex is emptied: no decline, any facing', () => {
    const { state } = attack(['kn-1'], ['DE'], { 'kn-1': ['0605', 'NW'] })
    expect(asking(state)).toBe('franks:advance')
    const options = legal(loaded, state)
    expect(options).toHaveLength(6)
    expect(options[0]).toEqual({ type: 'advance', unit: 'kn-1', hex: '0505', facing: CLOCK.NW })
    expect(refusal(loaded, state, { type: 'decline' }).message).toContain(
      '"decline" does not answer that',
    )
    const after = play(loaded, state, { type: 'advance', unit: 'kn-1', hex: '0505', facing: 9 })
    expect(after.state.units['kn-1']).toMatchObject({ hex: '0505', facing: 9 })
    expect(asking(after.state)).toBe('none')
  })

  it('12.4 priority 1: a charging unit goes before another mounted one', () => {
    const layout: Layout = { 'kn-1': ['0605', 'NW'], 'kn-2': ['0504', 'SE'] }
    const charging = attack(['kn-1', 'kn-2'], ['DE'], layout, loaded, (s) => {
      s.units['kn-2']!.markers.charge = 1
    })
    expect(units(charging.state)).toEqual(['kn-2'])
    // Same category: the attacker chooses.
    expect(units(attack(['kn-1', 'kn-2'], ['DE'], layout).state)).toEqual(['kn-1', 'kn-2'])
  })

  it('12.4 priority 2: mounted before foot; a Disordered unit without a continued attack may not advance', () => {
    const layout: Layout = { 'kn-1': ['0605', 'NW'], 'ma-1': ['0504', 'SE'] }
    expect(units(attack(['kn-1', 'ma-1'], ['DE'], layout).state)).toEqual(['kn-1'])
    const disordered = attack(['kn-1', 'ma-1'], ['DE'], layout, loaded, (s) => {
      s.units['kn-1']!.status = 'disordered'
    })
    expect(units(disordered.state)).toEqual(['ma-1'])
  })

  it('14.7 with a continued attack the Disordered horse advances, without turning, and takes the marker', () => {
    const layout: Layout = { 'kn-1': ['0605', 'NW'], 'ma-1': ['0504', 'SE'] }
    const { state } = attack(['kn-1', 'ma-1'], ['DE', 'CA'], layout, loaded, (s) => {
      s.units['kn-1']!.status = 'disordered'
    })
    // One unit, one hex, no facing to choose: nothing to ask.
    expect(asking(state)).toBe('none')
    expect(state.units['kn-1']).toMatchObject({ hex: '0505', facing: CLOCK.NW })
    expect(state.units['kn-1']?.markers['continued-attack']).toBe(1)
    expect(state.units['ma-1']?.markers['continued-attack']).toBeUndefined()
  })

  it('14.7 when the hex is not emptied the marker goes to the unit that would have advanced; a tie is asked', () => {
    const mixed = attack(['kn-1', 'ma-1'], ['DD', 'CA'], {
      'kn-1': ['0605', 'NW'],
      'ma-1': ['0504', 'SE'],
    })
    expect(asking(mixed.state)).toBe('none')
    expect(mixed.state.units['kn-1']?.markers['continued-attack']).toBe(1)
    expect(at(mixed.state, 'kn-1')).toBe('0605')

    const tie = attack(['kn-1', 'kn-2'], ['DD', 'CA'], {
      'kn-1': ['0605', 'NW'],
      'kn-2': ['0504', 'SE'],
    })
    expect(asking(tie.state)).toBe('franks:pick-unit')
    expect(legal(loaded, tie.state)).toEqual([
      { type: 'pick', unit: 'kn-1' },
      { type: 'pick', unit: 'kn-2' },
    ])
    const after = play(loaded, tie.state, { type: 'pick', unit: 'kn-2' }).state
    expect(after.units['kn-2']?.markers['continued-attack']).toBe(1)
  })

  it('12.4 a unit may not advance into terrain it could not enter; a foot unit goes instead', () => {
    const state = arrange(loaded, {
      'pk-s1': ['0704', 'W'],
      'kn-1': ['0604', 'SE'],
      'ma-1': ['0603', 'SE'],
    })
    const { state: after } = carryOut(loaded, state, (run) =>
      applyCodes(run, ['DE'], ['kn-1', 'ma-1'], ['pk-s1']),
    )
    expect(units(after)).toEqual(['ma-1'])
    expect(hexesOf(legal(loaded, after))).toEqual(['0704'])
  })

  it('12.4 stacked leaders may go along, or stay', () => {
    const { state } = attack(['kn-1'], ['DE'], { 'kn-1': ['0605', 'NW'], count: '0605' })
    const options = legal(loaded, state)
    expect(options).toHaveLength(12)
    expect(options[0]).toMatchObject({ leaders: ['count'] })
    const alone = play(loaded, state, {
      type: 'advance',
      unit: 'kn-1',
      hex: '0505',
      facing: 9,
      leaders: [],
    }).state
    expect(at(alone, 'count')).toBe('0605')
    const along = play(loaded, state, {
      type: 'advance',
      unit: 'kn-1',
      hex: '0505',
      facing: 9,
      leaders: ['count'],
    }).state
    expect(at(along, 'count')).toBe('0505')
  })

  it("5.4 the defender's surviving leader, left alone, is displaced before the attacker advances", () => {
    const { state } = attack(['kn-1'], ['DE'], { 'kn-1': ['0605', 'NW'], sarim: '0505' })
    expect(asking(state)).toBe('franks:advance')
    expect(at(state, 'sarim')).toBe('1001')
  })
})

describe('12.4 one unit against two hexes', () => {
  function both(first: string[], second: string[]) {
    const state = arrange(loaded, {
      'kn-1': ['0605', 'NW'],
      'pk-s1': ['0505', 'SE'],
      'pk-s2': ['0705', 'SW'],
    })
    return carryOut(
      loaded,
      state,
      (run) => {
        applyCodes(run, first, ['kn-1'], ['pk-s1'])
        applyCodes(run, second, ['kn-1'], ['pk-s2'])
      },
      { dice: [0, 0] },
    )
  }

  it('12.4 both hexes emptied: the attacker chooses which to enter, and advances once', () => {
    const { state } = both(['DE'], ['DE'])
    expect(hexesOf(legal(loaded, state))).toEqual(['0505', '0705'])
    const after = play(loaded, state, { type: 'advance', unit: 'kn-1', hex: '0705', facing: 9 })
    expect(at(after.state, 'kn-1')).toBe('0705')
    expect(asking(after.state)).toBe('none')
  })

  it('12.4 one hex emptied: it must advance there', () => {
    const { state } = both(['DD'], ['DE'])
    expect(hexesOf(legal(loaded, state))).toEqual(['0705'])
  })

  it('12.4 no advance when its other result makes it retreat (14.1)', () => {
    const { state } = both(['DE'], ['AR'])
    expect(asking(state)).toBe('franks:retreat')
    // Away from the pikes in 0705 (the attack that caused it); 0505 happens to be open too.
    expect(hexesOf(legal(loaded, state))).toEqual(['0505', '0506', '0606'])
    const after = play(loaded, state, { type: 'retreat', unit: 'kn-1', hex: '0606', facing: 11 })
    expect(asking(after.state)).toBe('none')
    expect(at(after.state, 'kn-1')).toBe('0606')
  })
})

describe('Infidel 1.2 12.4', () => {
  it('Infidel 1.2 12.4: foot units advance only with a continued attack; leaders must go along', () => {
    const layout: Layout = { 'ma-1': ['0504', 'SE'], odo: '0504' }
    const plain = attack(['ma-1'], ['DE'], layout, v12)
    expect(asking(plain.state)).toBe('none')
    expect(at(plain.state, 'ma-1')).toBe('0504')
    const continued = attack(['ma-1'], ['DE', 'CA'], layout, v12)
    expect(continued.state.units['ma-1']).toMatchObject({ hex: '0505', facing: CLOCK.SE })
    expect(at(continued.state, 'odo')).toBe('0505')
  })
})
