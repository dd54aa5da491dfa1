/**
 * Retreat (Tri-Pack 14.4; Infidel 1.2 14.3) carried out by effect:retreat on the results field
 * with the bundled Infidel result codes: the hexes offered, the blocking cases, passing through a
 * friendly missile unit and what it does to that unit, elimination when no retreat is possible,
 * leaders going along, enemy leaders and standards in the hex entered, closed entry hexes.
 */
import { describe, expect, it } from 'vitest'
import {
  CLOCK,
  applyCodes,
  arrange,
  asking,
  at,
  carryOut,
  field,
  fp,
  hexesOf,
  legal,
  play,
  refusal,
} from './harness'

const loaded = field()
const v12 = field(['infidel-v1-2'])

/** Knights in 0605 strike the pikes in 0505, result `codes`. */
function struck(codes: string[], layout = {}, options: { dice?: number[] } = {}, rules = loaded) {
  const state = arrange(rules, { 'pk-s1': ['0505', 'W'], 'kn-1': ['0605', 'NW'], ...layout })
  return carryOut(rules, state, (run) => applyCodes(run, codes, ['kn-1'], ['pk-s1']), options)
}

describe('14.4 retreat: where a unit may go', () => {
  it('14.4 exactly one hex, ending farther from the attacker; any facing, its own listed first', () => {
    const { state } = struck(['DR'])
    expect(asking(state)).toBe('saracens:retreat')
    const options = legal(loaded, state)
    expect(hexesOf(options)).toEqual(['0404', '0405', '0504'])
    expect(options).toHaveLength(3 * 6)
    expect(options[0]).toEqual({ type: 'retreat', unit: 'pk-s1', hex: '0404', facing: CLOCK.W })
    const after = play(loaded, state, {
      type: 'retreat',
      unit: 'pk-s1',
      hex: '0405',
      facing: CLOCK.NE,
    }).state
    expect(after.units['pk-s1']).toMatchObject({ hex: '0405', facing: CLOCK.NE })
    // The defender's hex is empty: the knights must advance (12.4).
    expect(asking(after)).toBe('franks:advance')
  })

  it('14.4 refuses a hex next to the attacker, naming the rule', () => {
    const { state } = struck(['DR'])
    const error = refusal(loaded, state, { type: 'retreat', unit: 'pk-s1', hex: '0604', facing: 9 })
    expect(error.rule).toBe('14.4')
    expect(error.message).toContain('farther from every unit that attacked it')
    expect(
      refusal(loaded, state, { type: 'retreat', unit: 'pk-s1', hex: '0303' }).message,
    ).toContain('exactly one hex')
  })

  it('14.4 ends farther from every unit of the attack: two attackers leave no way out', () => {
    const state = arrange(loaded, {
      'pk-s1': ['0505', 'W'],
      'kn-1': ['0605', 'NW'],
      'kn-2': ['0404', 'SE'],
    })
    const { state: after, texts } = carryOut(
      loaded,
      state,
      (run) => applyCodes(run, ['DR'], ['kn-1', 'kn-2'], ['pk-s1']),
      { dice: [] },
    )
    expect(texts).toContain('unit pk-s1 cannot retreat')
    expect(after.units['pk-s1']?.status).toBe('eliminated')
    expect(fp(after, 'saracens')).toBe(1)
  })

  it('14.4 may not enter an enemy unit, may end next to uninvolved enemies, and never stacks', () => {
    const { state } = struck(['DR'], { 'kn-2': '0504', 'pk-s2': '0405', 'mc-1': '0303' })
    // 0504 holds an enemy unit, 0405 a friend; 0404 touches the uninvolved horse in 0303.
    expect(hexesOf(legal(loaded, state))).toEqual(['0404'])
  })

  it('7.3 the enemy reinforcement entry hexes are closed to a retreat', () => {
    const state = arrange(loaded, { 'kn-2': ['0707', 'NE'], 'hc-1': ['0706', 'SE'] })
    const { state: after } = carryOut(loaded, state, (run) =>
      applyCodes(run, ['DR'], ['hc-1'], ['kn-2']),
    )
    // 0708 is farther from the attacker too, but the Saracen reinforcements enter there.
    expect(hexesOf(legal(loaded, after))).toEqual(['0607', '0807'])
  })

  it('14.4 stacked leaders go along; a retired unit told to retreat is eliminated instead (14.5)', () => {
    const { state } = struck(['DR'], { sarim: '0505' })
    const after = play(loaded, state, { type: 'retreat', unit: 'pk-s1', hex: '0504', facing: 9 })
    expect(at(after.state, 'sarim')).toBe('0504')
    expect(after.texts).toContain('unit sarim retreats with pk-s1 to 0504')

    const retired = arrange(loaded, { 'pk-s1': ['0505', 'W'], 'kn-1': ['0605', 'NW'] }, (s) => {
      ;(s.units['pk-s1'] as { status: string }).status = 'retired'
    })
    const { state: gone } = carryOut(loaded, retired, (run) =>
      applyCodes(run, ['DR'], ['kn-1'], ['pk-s1']),
    )
    expect(gone.units['pk-s1']?.status).toBe('eliminated')
    expect(asking(gone)).toBe('franks:advance')
  })
})

describe('14.4 retreat through a friendly foot missile unit', () => {
  // 0504 holds an uninvolved enemy, 0405 friendly pikes: the archers in 0404 are the only way.
  const blocked = { 'kn-2': '0504', 'pk-s2': '0405', 'a-s1': ['0404', 'W'] as [string, string] }

  it('14.4 only when no other hex is open: one hex beyond, farther again', () => {
    const { state } = struck(['DR'], blocked)
    const options = legal(loaded, state)
    expect(hexesOf(options)).toEqual(['0304', '0305', '0403'])
    expect(options.every((o) => o.through === '0404')).toBe(true)
    const open = struck(['DR'], { 'pk-s2': '0405', 'a-s1': ['0404', 'W'] }).state
    expect(legal(loaded, open).some((o) => o.through !== undefined)).toBe(false)
  })

  it('14.4 the unit passed through is Disordered, then Retired (sent to its standard), then Eliminated', () => {
    const { state } = struck(['DR'], blocked)
    const through = { type: 'retreat', unit: 'pk-s1', hex: '0304', facing: 9, through: '0404' }
    const once = play(loaded, state, through).state
    expect(at(once, 'pk-s1')).toBe('0304')
    expect(once.units['a-s1']?.status).toBe('disordered')

    const disordered = struck(['DR'], blocked).state
    disordered.units['a-s1']!.status = 'disordered'
    const twice = play(loaded, disordered, through).state
    expect(twice.units['a-s1']?.status).toBe('retired')
    expect(fp(twice, 'saracens')).toBe(1)
    // Its relocation to the standard (1206) is its owner's choice.
    expect(asking(twice)).toBe('saracens:relocate')
    expect(hexesOf(legal(loaded, twice))).toEqual(['1106', '1107', '1206', '1207'])

    const retired = struck(['DR'], blocked).state
    retired.units['a-s1']!.status = 'retired'
    const thrice = play(loaded, retired, through).state
    expect(thrice.units['a-s1']?.status).toBe('eliminated')
    // Already counted 1 as retired; archers are worth 1, so nothing more.
    expect(fp(thrice, 'saracens')).toBe(0)
  })

  it('Infidel 1.2 14.3: only foot archers and crossbowmen, and a Retired one stays Retired', () => {
    const state = struck(['DR'], blocked, {}, v12).state
    expect(hexesOf(legal(v12, state))).toEqual(['0304', '0305', '0403'])
    const crossbows = struck(['DR'], { ...blocked, 'a-s1': null, 'pk-s2': ['0404', 'W'] }, {}, v12)
    // Pikes are no missile unit: with 0405 free now, that is the only hex.
    expect(hexesOf(legal(v12, crossbows.state))).toEqual(['0405'])
    const retired = struck(['DR'], blocked, {}, v12).state
    retired.units['a-s1']!.status = 'retired'
    const after = play(v12, retired, {
      type: 'retreat',
      unit: 'pk-s1',
      hex: '0304',
      facing: 9,
      through: '0404',
    }).state
    expect(after.units['a-s1']?.status).toBe('retired')
  })
})

describe('14.4 a unit that cannot retreat', () => {
  const ring = {
    'kn-2': '0504',
    'ma-1': '0604',
    'a-1': '0506',
    'cb-1': '0405',
    'pk-1': '0404',
    sarim: '0505',
  }

  it('14.4 is eliminated and its leader checks; surrounded, the leader is captured (5.4)', () => {
    const { state, records } = struck(['DR'], ring, { dice: [3] })
    expect(records).toBe(1)
    expect(state.units['pk-s1']?.status).toBe('eliminated')
    expect(state.units.sarim).toMatchObject({ location: 'removed', status: 'eliminated' })
    // Pikes 1 + a named Battle leader 2.
    expect(fp(state, 'saracens')).toBe(3)
    expect(asking(state)).toBe('franks:advance')
  })

  it('14.4 the leader who survives the check and is not surrounded is displaced to his Battle', () => {
    const open = { ...ring, 'a-1': null }
    const { state } = struck(['DR'], open, { dice: [3] })
    expect(state.units['pk-s1']?.status).toBe('eliminated')
    // Nearest unit of his Battle: the archers parked in 1001 (the pikes in 1209 are farther).
    expect(at(state, 'sarim')).toBe('1001')
    expect(fp(state, 'saracens')).toBe(1)
  })
})

describe('14.4 entering a hex with only an enemy leader or standard', () => {
  const layout = { 'pk-1': '0404', odo: '0405' }
  const withStandard = (s: ReturnType<typeof arrange>) => {
    s.flow!.standards['franks-foot'] = '0504'
  }

  it('5.4 the lone enemy leader is displaced to the nearest unit of his Battle', () => {
    const state = arrange(
      loaded,
      { 'pk-s1': ['0505', 'W'], 'kn-1': ['0605', 'NW'], ...layout },
      withStandard,
    )
    const { state: s } = carryOut(loaded, state, (run) =>
      applyCodes(run, ['DR'], ['kn-1'], ['pk-s1']),
    )
    expect(hexesOf(legal(loaded, s))).toEqual(['0405', '0504'])
    const after = play(loaded, s, { type: 'retreat', unit: 'pk-s1', hex: '0405', facing: 9 }).state
    expect(at(after, 'odo')).toBe('0404')
  })

  it('15.2 the standard is displaced: its owner moves it as if activated', () => {
    const state = arrange(
      loaded,
      { 'pk-s1': ['0505', 'W'], 'kn-1': ['0605', 'NW'], ...layout },
      withStandard,
    )
    const { state: s } = carryOut(loaded, state, (run) =>
      applyCodes(run, ['DR'], ['kn-1'], ['pk-s1']),
    )
    const moved = play(loaded, s, { type: 'retreat', unit: 'pk-s1', hex: '0504', facing: 9 }).state
    expect(asking(moved)).toBe('franks:standard-displacement')
    const options = legal(loaded, moved)
    // Not where the enemy stands now (0504, the parked Saracens); with friends is fine.
    expect(options.some((o) => o.hex === '0504' || o.hex === '1203')).toBe(false)
    expect(options.some((o) => o.hex === '0605')).toBe(true)
    const placed = play(loaded, moved, {
      type: 'place',
      standard: 'franks-foot',
      hex: '0203',
    }).state
    expect(placed.flow!.standards['franks-foot']).toBe('0203')
  })

  it('Infidel 1.2 15.2: the standard is captured, its Retired units eliminated, and later retires fail', () => {
    const state = arrange(
      v12,
      { 'pk-s1': ['0505', 'W'], 'kn-1': ['0605', 'NW'], ...layout },
      (s) => {
        withStandard(s)
        s.units['cb-1']!.status = 'retired'
        s.sides.franks!.tracks['flight-points'] = 1
      },
    )
    const { state: s } = carryOut(v12, state, (run) => applyCodes(run, ['DR'], ['kn-1'], ['pk-s1']))
    const taken = play(v12, s, { type: 'retreat', unit: 'pk-s1', hex: '0504', facing: 9 }).state
    expect(taken.flow!.standards['franks-foot']).toBeNull()
    expect(taken.units['cb-1']?.status).toBe('eliminated')
    expect(fp(taken, 'franks')).toBe(1)
    // A Frankish foot unit retired later has no standard to go to.
    const later = arrange(v12, { 'a-1': ['0905', 'E'], 'hc-1': ['1005', 'W'] }, (x) => {
      x.flow!.standards['franks-foot'] = null
    })
    const { state: lost } = carryOut(v12, later, (run) =>
      applyCodes(run, ['DRT'], ['hc-1'], ['a-1']),
    )
    expect(lost.units['a-1']?.status).toBe('eliminated')
    expect(fp(lost, 'franks')).toBe(1)
  })
})
