/**
 * Leaders in combat results (Tri-Pack 5.0, 5.4, 5.5; Infidel 1.2 5.5, 5.6): the casualty check in
 * shock (unmodified on the game's chart; 1.2: minus the Activation Rating, 3 or more kills, DT-05),
 * displacement of a leader whose units all went, where he goes (his Battle, a reinforcement group,
 * any friendly unit for the overall commander, out of play with no units left), displacement by
 * fire through the results watch, and replacement leaders coming back.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../../../src/runtime/play'
import type { GameState } from '../../../../src/runtime/state'
import { applyCodes, arrange, asking, at, carryOut, field, fp, legal, play } from './harness'
import type { Layout } from './harness'

const loaded = field()
const v12 = field(['infidel-v1-2'])

function hit(
  codes: string[],
  layout: Layout,
  dice: number[],
  rules = loaded,
  tweak?: (s: GameState) => void,
) {
  const state = arrange(rules, { 'pk-s1': ['0505', 'W'], 'kn-1': ['0605', 'NW'], ...layout }, tweak)
  return carryOut(rules, state, (run) => applyCodes(run, codes, ['kn-1'], ['pk-s1']), { dice })
}

describe('5.4 leader casualty in shock', () => {
  it('5.4 a Disordered result makes the stacked leader roll, unmodified: 7 survives, 8 kills', () => {
    const safe = hit(['DD'], { sarim: '0505' }, [7])
    expect(safe.records).toBe(1)
    expect(at(safe.state, 'sarim')).toBe('0505')
    expect(fp(safe.state, 'saracens')).toBe(0)
    const killed = hit(['DD'], { sarim: '0505' }, [8])
    expect(killed.state.units.sarim).toMatchObject({ location: 'removed', status: 'eliminated' })
    // A named Battle leader is worth 2.
    expect(fp(killed.state, 'saracens')).toBe(2)
  })

  it('Infidel 1.2 5.5 (DT-05): the roll minus the Activation Rating 2: 4 survives, 5 kills', () => {
    expect(at(hit(['DD'], { sarim: '0505' }, [4], v12).state, 'sarim')).toBe('0505')
    expect(hit(['DD'], { sarim: '0505' }, [5], v12).state.units.sarim?.status).toBe('eliminated')
    // The Tri-Pack chart ignores the rating: the same 5 is survived there.
    expect(at(hit(['DD'], { sarim: '0505' }, [5]).state, 'sarim')).toBe('0505')
  })

  it('5.4 no check when no unit with the leader was hit', () => {
    const { records, state } = hit(['DD'], { sarim: '0404' }, [9])
    expect(records).toBe(0)
    expect(at(state, 'sarim')).toBe('0404')
  })
})

describe('5.4 displaced leaders', () => {
  it('5.4 a leader whose unit retired goes to the nearest unit of his Battle', () => {
    const { state } = hit(['DRT'], { sarim: '0505', 'pk-s2': null, 'a-s1': null }, [0])
    const placed = play(loaded, state, { type: 'place', unit: 'pk-s1', hex: '1107', facing: 9 })
    // The check (a 0) is survived; the only unit of his Battle is now the retired pikes.
    expect(at(placed.state, 'sarim')).toBe('1107')
    expect(asking(placed.state)).toBe('franks:advance')
  })

  it('5.4 the owner chooses among equally near units of the Battle', () => {
    const { state } = hit(['DE'], { sarim: '0505', 'pk-s2': '0303', 'a-s1': '0307' }, [0])
    expect(asking(state)).toBe('saracens:leader-displacement')
    expect(legal(loaded, state)).toEqual([
      { type: 'place', unit: 'sarim', hex: '0303' },
      { type: 'place', unit: 'sarim', hex: '0307' },
    ])
    const after = play(loaded, state, { type: 'place', unit: 'sarim', hex: '0307' }).state
    expect(at(after, 'sarim')).toBe('0307')
    expect(asking(after)).toBe('franks:advance')
  })

  it('5.4 with no unit of his Battle on the map he joins its reinforcement group', () => {
    const { state } = hit(['DE'], { sarim: '0505', 'pk-s2': null, 'a-s1': null }, [0])
    expect(state.units.sarim).toMatchObject({ location: 'reinforcements', group: 'late-foot' })
  })

  it('5.4 an overall commander with no Battle left goes to the nearest friendly unit', () => {
    const state = arrange(loaded, {
      'kn-1': ['0505', 'E'],
      count: '0505',
      'kn-2': null,
      'hc-1': ['0605', 'NW'],
      'ma-1': '0303',
    })
    const { state: after } = carryOut(
      loaded,
      state,
      (run) => applyCodes(run, ['DE'], ['hc-1'], ['kn-1']),
      { dice: [0] },
    )
    expect(at(after, 'count')).toBe('0303')
  })

  it('5.0 a Battle leader with no units left leaves play without flight points', () => {
    const state = arrange(loaded, {
      'ma-1': ['0505', 'E'],
      odo: '0505',
      'a-1': null,
      'cb-1': null,
      'pk-1': null,
      'hc-1': ['0605', 'NW'],
    })
    const { state: after } = carryOut(
      loaded,
      state,
      (run) => applyCodes(run, ['DE'], ['hc-1'], ['ma-1']),
      { dice: [0] },
    )
    expect(after.units.odo?.location).toBe('removed')
    // Only the men-at-arms count.
    expect(fp(after, 'franks')).toBe(1)
  })

  it('5.4 by fire: a leader whose unit was eliminated by fire is displaced (results watch)', () => {
    const state = arrange(loaded, { 'pk-s1': ['0505', 'W'], sarim: '0505', 'a-1': ['0305', 'E'] })
    const { state: after } = carryOut(
      loaded,
      state,
      (run) => applyCodes(run, ['E'], ['a-1'], ['pk-s1'], 'fire-results'),
      { watch: ['a-1', 'pk-s1'] },
    )
    expect(after.units['pk-s1']?.status).toBe('eliminated')
    expect(at(after, 'sarim')).toBe('1001')
  })
})

describe('5.5 replacement leaders', () => {
  it("5.5 a killed named leader comes back on his replacement side at the start of his owner's next Battle activation", () => {
    const dice = [9, ...Array<number>(20).fill(0)]
    const { state } = hit(['DD'], { sarim: '0505' }, dice)
    expect(state.units.sarim?.status).toBe('eliminated')
    // The Franks pass; the Saracens activate the dead leader's Battle.
    let s = play(loaded, state, { type: 'pass' }).state
    const choice = legalActions(loaded, s).find(
      (a) => a.type === 'activate' && a.command === 'emir-foot',
    )
    expect(choice).toBeDefined()
    s = play(loaded, s, choice as never).state
    if (openPrompt(s)?.kind === 'replacement-leader') {
      const options = legalActions(loaded, s)
      s = play(loaded, s, options[0] as never).state
    }
    expect(s.units.sarim).toMatchObject({
      location: 'map',
      type: 'replacement-leader',
      status: 'normal',
    })
    expect(['0505', '1209', '1001']).toContain(s.units.sarim?.hex)
  })
})
