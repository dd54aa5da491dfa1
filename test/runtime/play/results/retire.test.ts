/**
 * Retire (Tri-Pack 14.5, Infidel 1.2 14.4) carried out by effect:relocate, which the status
 * graph's retire transition leaves pending: placement in or next to the standard (Tri-Pack) or as
 * close as possible (1.2), and each case in which the unit is eliminated instead.
 */
import { describe, expect, it } from 'vitest'
import { reachable } from '../../../../src/runtime/play/results/places'
import { boardOf } from '../../../../src/runtime/state'
import type { GameState } from '../../../../src/runtime/state'
import {
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
import type { Layout } from './harness'

const loaded = field()
const v12 = field(['infidel-v1-2'])

function retire(
  defender: string,
  attackers: string[],
  layout: Layout,
  rules = loaded,
  tweak?: (s: GameState) => void,
) {
  const state = arrange(rules, layout, tweak)
  return carryOut(rules, state, (run) => applyCodes(run, ['DRT'], attackers, [defender]), {
    dice: [0, 0],
  })
}

describe('14.5 retire: placement at the standard', () => {
  it('14.5 in or next to the standard, in an empty hex; the owner picks hex and facing; 1 FP', () => {
    const { state } = retire('pk-s1', ['kn-1'], { 'pk-s1': ['0505', 'W'], 'kn-1': ['0605', 'NW'] })
    expect(state.units['pk-s1']?.status).toBe('retired')
    expect(fp(state, 'saracens')).toBe(1)
    expect(asking(state)).toBe('saracens:relocate')
    // Standard 1206; 1205 holds the parked light horse; 1207 only the Saracen leader.
    expect(hexesOf(legal(loaded, state))).toEqual(['1106', '1107', '1206', '1207'])
    const error = refusal(loaded, state, { type: 'place', unit: 'pk-s1', hex: '1205', facing: 9 })
    expect(error.rule).toBe('14.5')
    const after = play(loaded, state, { type: 'place', unit: 'pk-s1', hex: '1107', facing: 9 })
    expect(after.state.units['pk-s1']).toMatchObject({ hex: '1107', facing: 9, status: 'retired' })
    // Then the emptied hex is advanced into (12.4).
    expect(asking(after.state)).toBe('franks:advance')
  })

  it('14.5 a unit stacked with its own standard is eliminated (flight points as eliminated)', () => {
    const { state } = retire(
      'pk-s1',
      ['kn-1'],
      { 'pk-s1': ['0505', 'W'], 'kn-1': ['0605', 'NW'] },
      loaded,
      (s) => {
        s.flow!.standards['emir-foot'] = '0505'
      },
    )
    expect(state.units['pk-s1']?.status).toBe('eliminated')
    expect(fp(state, 'saracens')).toBe(1)
    expect(asking(state)).toBe('franks:advance')
  })

  it('14.5 eliminated when every hex at the standard touches the units that caused it', () => {
    // Horse in 0505 struck from 0605 and 0504, standard between them in 0604; 0704 is a bog.
    const { state } = retire(
      'mc-1',
      ['kn-1', 'kn-2'],
      { 'mc-1': ['0505', 'W'], 'kn-1': ['0605', 'NW'], 'kn-2': ['0504', 'SE'] },
      loaded,
      (s) => {
        s.flow!.standards['emir-horse'] = '0604'
      },
    )
    expect(state.units['mc-1']?.status).toBe('eliminated')
    // Retired 1, then eliminated: medium cavalry are worth 2 in all.
    expect(fp(state, 'saracens')).toBe(2)
  })

  it('14.5 eliminated when every hex in or next to the standard is full, even of friends', () => {
    const { state } = retire(
      'a-1',
      ['hc-1'],
      {
        'a-1': ['0505', 'E'],
        'hc-1': ['0605', 'NW'],
        'pk-1': '0102',
        'cb-1': '0201',
      },
      loaded,
      (s) => {
        s.flow!.standards['franks-foot'] = '0101'
      },
    )
    expect(state.units['a-1']?.status).toBe('eliminated')
    expect(fp(state, 'franks')).toBe(1)
  })

  it('14.5 eliminated when no route free of enemy units reaches the standard; its surrounded leader is lost too', () => {
    const { state } = retire('a-1', ['hc-1'], {
      'a-1': ['0505', 'E'],
      odo: '0505',
      'hc-1': ['0605', 'NW'],
      'mc-1': '0504',
      'lc-1': '0604',
      'pk-s1': '0506',
      'pk-s2': '0405',
      'a-s1': '0404',
    })
    expect(state.units['a-1']?.status).toBe('eliminated')
    // The leader survived his check (a 0) but, alone and surrounded, is captured (5.4).
    expect(state.units.odo).toMatchObject({ location: 'removed', status: 'eliminated' })
    expect(fp(state, 'franks')).toBe(1 + 2)
  })
})

describe('Infidel 1.2 14.4 retire', () => {
  it('Infidel 1.2 14.4: as close to the standard as possible; not eliminated with its standard', () => {
    const { state } = retire(
      'pk-s1',
      ['kn-1'],
      { 'pk-s1': ['0505', 'W'], 'kn-1': ['0605', 'NW'] },
      v12,
      (s) => {
        s.flow!.standards['emir-foot'] = '0505'
      },
    )
    expect(state.units['pk-s1']?.status).toBe('retired')
    // Its own hex touches the knights: the nearest hexes that do not.
    expect(hexesOf(legal(v12, state))).toEqual(['0404', '0405', '0504'])
  })

  it('Infidel 1.2 14.4: where the Tri-Pack eliminates (every hex at the standard touches the attackers), it goes farther', () => {
    const { state } = retire(
      'mc-1',
      ['kn-1', 'kn-2'],
      { 'mc-1': ['0505', 'W'], 'kn-1': ['0605', 'NW'], 'kn-2': ['0504', 'SE'] },
      v12,
      (s) => {
        s.flow!.standards['emir-horse'] = '0604'
      },
    )
    expect(asking(state)).toBe('saracens:relocate')
    const board = boardOf(v12)
    const hexes = hexesOf(legal(v12, state))
    expect(hexes.length).toBeGreaterThan(0)
    for (const hex of hexes) {
      expect(board.distance(hex, '0604')).toBe(2)
      expect(board.distance(hex, '0605')).toBeGreaterThan(1)
      expect(board.distance(hex, '0504')).toBeGreaterThan(1)
    }
    const placed = play(v12, state, legal(v12, state)[0] as never).state
    expect(hexes).toContain(at(placed, 'mc-1'))
  })
})

describe('14.6 eliminated', () => {
  it('14.6 the unit leaves the map and counts its flight points; a Retired unit hit again adds the rest', () => {
    const state = arrange(loaded, { 'hc-1': ['0505', 'W'], 'kn-1': ['0605', 'NW'] })
    const { state: after } = carryOut(loaded, state, (run) =>
      applyCodes(run, ['DE'], ['kn-1'], ['hc-1']),
    )
    expect(after.units['hc-1']).toMatchObject({
      location: 'removed',
      hex: null,
      status: 'eliminated',
    })
    expect(fp(after, 'saracens')).toBe(3)
  })
})

describe('where a retiring unit can get to (14.5)', () => {
  it('is remembered by the enemy units in the way, so a copy of the state asks again for nothing', () => {
    const before = arrange(loaded, { 'pk-s1': ['0505', 'W'], 'kn-1': ['0605', 'NW'] })
    const area = reachable({ loaded, state: before }, 'pk-s1', '0505')
    expect(area.has('0605')).toBe(false)
    expect(area.has('0604')).toBe(true)
    expect(reachable({ loaded, state: structuredClone(before) }, 'pk-s1', '0505')).toBe(area)
    // The enemy knight moves: its old hex opens and its new one closes.
    const after = arrange(loaded, { 'pk-s1': ['0505', 'W'], 'kn-1': ['0604', 'NW'] })
    const moved = reachable({ loaded, state: after }, 'pk-s1', '0505')
    expect(moved).not.toBe(area)
    expect(moved.has('0605')).toBe(true)
    expect(moved.has('0604')).toBe(false)
  })
})
