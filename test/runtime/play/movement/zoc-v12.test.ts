/**
 * Movement under the Infidel living rules 1.2 (001 7.1, 8.0, 9.0, 5.3; inventory Part 2 rows
 * 2–6, 14, 21, 24), on the 1.2 test scenario: frontal zones of control instead of adjacency,
 * the costs of leaving them, mounted missile units riding in and out, the memory of zones
 * entered, out-of-command foot held in a zone, turning inside a zone, leaders.
 *
 * TC-001-05 (the Turcoman LC/A, 001 11.2): Crusader knights in 3419, 3519 (Disordered) and
 * 3421, all facing W, so that 3319 is in the zone of KN 3419 only, 3420 in that of KN 3519
 * only, 3320 in that of KN 3421 only and 3220 in none (the inventory's fixture assumptions).
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../../../src/runtime/play'
import type { GameState } from '../../../../src/runtime/state'
import { activate, destinations, loadMovement, play, refusal, setUp, spent } from './helpers'

const loaded = loadMovement('move-v12')
const move = (state: GameState, unit: string, path: string[], facing = 'E') =>
  play(loaded, state, { type: 'move', unit, path, facing }).state

/** Knights parked out of the way, for tests that need other zones. */
const knightsAway = {
  'kn-3419': { hex: '3724', facing: 'W' },
  'kn-3519': { hex: '3722', facing: 'W' },
  'kn-3421': { hex: '3720', facing: 'W' },
}

describe('TC-001-05 Turcoman LC/A: the movement costs 1, 2, 2, 2 (001 11.2, 9.0)', () => {
  it('enters KN 3419 zone without stopping (1), leaves it (1 + 1), and so on to 7 MP without the shot', () => {
    let state = activate(loaded, setUp(loaded), 'turk-horse')
    state = move(state, 'turcoman', ['3319'])
    expect(spent(state, 'turcoman')).toBe(1)
    state = move(state, 'turcoman', ['3420'])
    expect(spent(state, 'turcoman')).toBe(3)
    state = move(state, 'turcoman', ['3320'])
    expect(spent(state, 'turcoman')).toBe(5)
    state = move(state, 'turcoman', ['3220'])
    expect(spent(state, 'turcoman')).toBe(7)
    expect(state.flow?.activation?.units.turcoman?.touched.sort()).toEqual([
      'kn-3419',
      'kn-3421',
      'kn-3519',
    ])
  })

  it('takes the same path in one move for the same 7 MP', () => {
    const state = activate(loaded, setUp(loaded), 'turk-horse')
    const after = move(state, 'turcoman', ['3319', '3420', '3320', '3220'])
    expect(spent(after, 'turcoman')).toBe(7)
    expect(after.units.turcoman?.hex).toBe('3220')
  })

  it('refuses any step into the zone of a knight whose zone it has already entered', () => {
    let state = activate(loaded, setUp(loaded), 'turk-horse')
    // 3318 is KN 3419's other frontal hex.
    state = move(state, 'turcoman', ['3319'])
    expect(
      refusal(loaded, state, { type: 'move', unit: 'turcoman', path: ['3318'], facing: 'E' }),
    ).toEqual({
      message:
        'turcoman cannot move on from 3319: it may not enter 3318: it has already been under the influence of kn-3419 this activation',
      rule: '7.1, 9.0',
    })
    state = move(state, 'turcoman', ['3420', '3320'])
    // 3321 is KN 3421's other frontal hex.
    expect(
      refusal(loaded, state, { type: 'move', unit: 'turcoman', path: ['3321'], facing: 'E' })
        .message,
    ).toContain('already been under the influence of kn-3421')
    expect(destinations(loaded, state, 'turcoman')).not.toContain('3321')
  })

  it('TC-001-05 full sequence: move, move, fire at KN 3519 (DR 2: no result, 1 MP in a zone), move, move = 8 MP', () => {
    let state = activate(loaded, setUp(loaded, {}, [2]), 'turk-horse')
    state = move(state, 'turcoman', ['3319'])
    state = move(state, 'turcoman', ['3420'])
    expect(spent(state, 'turcoman')).toBe(3)
    const fired = play(loaded, state, { type: 'fire', unit: 'turcoman', target: 'kn-3519' })
    const [record] = fired.entry.records
    // +1 range 1, -1 knight target, -1 mounted archer: 2 - 1 = 1, Mounted-Disordered column: no result.
    expect(record?.resolution.id).toBe('fire')
    expect(record?.roll).toMatchObject({ natural: 2, modifiers: -1, final: 1 })
    expect(record?.codes.map((c) => c.code)).toEqual(['-'])
    state = fired.state
    expect(spent(state, 'turcoman')).toBe(4)
    expect(openPrompt(state)).toMatchObject({ side: 'turks', kind: 'move-and-fire' })
    state = move(state, 'turcoman', ['3320'])
    expect(spent(state, 'turcoman')).toBe(6)
    state = move(state, 'turcoman', ['3220'])
    expect(spent(state, 'turcoman')).toBe(8)
    expect(destinations(loaded, state, 'turcoman')).toEqual([])
    // It fired once: no second shot.
    expect(legalActions(loaded, state).filter((a) => a.type === 'fire')).toEqual([])
  })
})

describe('9.0 zones of control', () => {
  it('stops a mounted unit that is not a missile unit on entering a zone', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'turk-mc-1': { hex: '3219', facing: 'E' }, 'turk-emir': '3219' }),
      'turk-horse',
    )
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'turk-mc-1',
        path: ['3319', '3320'],
        facing: 'E',
      }).message,
    ).toBe('turk-mc-1 must stop in 3319, having come under enemy influence there')
  })

  it('does not stop a unit next to a knight outside its frontal hexes', () => {
    // 3418 is on KN 3419's flank: next to it, not in its zone.
    const state = activate(
      loaded,
      setUp(loaded, { 'turk-mc-1': { hex: '3317', facing: 'E' }, 'turk-emir': '3317' }),
      'turk-horse',
    )
    const after = move(state, 'turk-mc-1', ['3418', '3417'])
    expect(after.units['turk-mc-1']?.hex).toBe('3417')
    expect(spent(after, 'turk-mc-1')).toBe(2)
  })

  it('charges a foot unit 2 more to leave the zone of a mounted unit', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'turk-ma-1': { hex: '3319', facing: 'E' }, 'turk-bey': '3219' }),
      'turk-foot',
    )
    expect(spent(move(state, 'turk-ma-1', ['3219']), 'turk-ma-1')).toBe(3)
  })

  it('charges any unit 1 more to leave the zone of a missile unit', () => {
    const placed = {
      ...knightsAway,
      'crusader-a-1': { hex: '3418', facing: 'W' },
      'turk-mc-1': { hex: '3318', facing: 'E' },
      'turk-emir': '3218',
    }
    const state = activate(loaded, setUp(loaded, placed), 'turk-horse')
    expect(spent(move(state, 'turk-mc-1', ['3218']), 'turk-mc-1')).toBe(2)
  })

  it('adds both for foot leaving the zone of a mounted missile unit (+3)', () => {
    const placed = {
      ...knightsAway,
      'crusader-mc-a': { hex: '3418', facing: 'W' },
      'turk-ma-1': { hex: '3318', facing: 'E' },
      'turk-bey': '3218',
    }
    const state = activate(loaded, setUp(loaded, placed), 'turk-foot')
    expect(spent(move(state, 'turk-ma-1', ['3218']), 'turk-ma-1')).toBe(4)
  })
})

describe('5.3 (1.2) out of command', () => {
  it('holds a foot unit that starts in an enemy zone, but not a mounted one', () => {
    const placed = {
      'turk-ma-1': { hex: '3319', facing: 'E' },
      'turk-mc-1': { hex: '3318', facing: 'E' },
      'turk-bey': 'removed',
      'turk-emir': 'removed',
    } as const
    const foot = activate(loaded, setUp(loaded, placed), 'turk-foot')
    expect(
      refusal(loaded, foot, { type: 'move', unit: 'turk-ma-1', path: ['3219'], facing: 'E' })
        .message,
    ).toBe(
      'turk-ma-1 is out of command and began the activation next to the enemy, so it may not move',
    )
    const horse = activate(loaded, setUp(loaded, placed), 'turk-horse')
    expect(horse.units['turk-mc-1']?.markers['out-of-command']).toBe(1)
    // Out of its zone, away from the enemy: allowed; next to an enemy: not.
    expect(destinations(loaded, horse, 'turk-mc-1')).toContain('3218')
    expect(destinations(loaded, horse, 'turk-mc-1')).not.toContain('3418')
  })
})

describe('8.0 (1.2) turning inside a zone', () => {
  it('limits a unit in an enemy zone to one vertex, but not one merely next to the enemy', () => {
    const inZone = activate(
      loaded,
      setUp(loaded, { 'turk-ma-1': { hex: '3319', facing: 'E' }, 'turk-bey': '3219' }),
      'turk-foot',
    )
    const turns = (state: GameState) =>
      legalActions(loaded, state).filter((a) => a.type === 'turn' && a.unit === 'turk-ma-1')
    expect(
      turns(inZone)
        .map((a) => a.facing)
        .sort(),
    ).toEqual(['NE', 'SE'])
    const flank = activate(
      loaded,
      setUp(loaded, { 'turk-ma-1': { hex: '3418', facing: 'E' }, 'turk-bey': '3318' }),
      'turk-foot',
    )
    expect(turns(flank)).toHaveLength(5)
  })
})

describe('7.1 (1.2) leaders', () => {
  it('lets any leader stacked with a unit ride along, even of another command', () => {
    const state = activate(loaded, setUp(loaded, { 'turk-bey': '3220' }), 'turk-horse')
    const after = play(loaded, state, {
      type: 'move',
      unit: 'turcoman',
      path: ['3120'],
      facing: 'E',
      with: ['turk-bey', 'turk-emir'],
    }).state
    expect(after.units['turk-bey']?.hex).toBe('3120')
    expect(after.units['turk-emir']?.hex).toBe('3120')
  })

  it('keeps a leader on his own out of enemy zones, not out of hexes merely next to the enemy', () => {
    const state = activate(loaded, setUp(loaded, { 'turk-emir': '3317' }), 'turk-horse')
    expect(
      play(loaded, state, { type: 'move', unit: 'turk-emir', path: ['3418'] }).state.units[
        'turk-emir'
      ]?.hex,
    ).toBe('3418')
    expect(
      refusal(loaded, state, { type: 'move', unit: 'turk-emir', path: ['3318'] }).message,
    ).toContain('a leader on his own may not enter 3318')
    expect(openPrompt(state)?.kind).toBe('move-and-fire')
  })
})
