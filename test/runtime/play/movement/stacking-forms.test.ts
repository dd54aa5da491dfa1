/**
 * Stacking while moving (004 10.0, Men of Iron box), facing (8.0), dismounting and remounting
 * (7.4), reinforcements (7.3, 7.5) and Retired units (14.5), on the Men of Iron test scenario.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../../../src/runtime/play'
import { activate, destinations, loadMovement, moves, play, refusal, setUp, spent } from './helpers'

const loaded = loadMovement('move-moi')

describe('10.0 stacking', () => {
  it('never ends a move on a friendly unit, nor passes through one', () => {
    const placed = {
      'red-pk-1': { hex: '0705', facing: 'E' },
      'red-captain': '0705',
      'red-lb-1': { hex: '0805', facing: 'E' },
    }
    const state = activate(loaded, setUp(loaded, placed), 'red-foot')
    expect(destinations(loaded, state, 'red-pk-1')).not.toContain('0805')
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'red-pk-1',
        path: ['0805', '0905'],
        facing: 'E',
      }),
    ).toEqual({
      message:
        'red-pk-1 cannot move on from 0705: 0805 holds red-lb-1: units may not stack, even while moving',
      rule: '10.0',
    })
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-pk-1', path: ['0805'], facing: 'E' })
        .message,
    ).toBe(
      'red-pk-1 cannot move on from 0705: 0805 holds red-lb-1: units may not stack, even while moving',
    )
  })

  it('lets leaders share a hex with a unit (they do not count)', () => {
    const placed = {
      'red-pk-1': { hex: '0705', facing: 'E' },
      'red-captain': '0705',
      'red-king': '0805',
    }
    const state = activate(loaded, setUp(loaded, placed), 'red-foot')
    expect(destinations(loaded, state, 'red-pk-1')).toContain('0805')
  })

  it('lets mounted men-at-arms ride through a friendly foot missile unit for 1 MP more, rolling for it (Men of Iron)', () => {
    const placed = {
      'red-mm-1': { hex: '0705', facing: 'E' },
      'red-lord': '0705',
      'red-lb-1': { hex: '0805', facing: 'E' },
    }
    // Trampled Missile Unit chart (provisional): 6 or less, no effect.
    const state = activate(loaded, setUp(loaded, placed, [3]), 'red-horse')
    const { state: after, entry } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0805', '0905'],
      facing: 'E',
    })
    expect(spent(after, 'red-mm-1')).toBe(3)
    expect(after.units['red-mm-1']?.hex).toBe('0905')
    expect(entry.records.map((r) => [r.resolution.id, r.dice?.faces])).toEqual([
      ['trampled-missile-unit', [3]],
    ])
    expect(after.units['red-lb-1']?.status).toBe('normal')
    // Still never ending on it.
    expect(destinations(loaded, state, 'red-mm-1')).not.toContain('0805')
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-mm-1', path: ['0805'], facing: 'E' }),
    ).toEqual({
      message: 'red-mm-1 may not end its move in 0805: units may not stack there',
      rule: '10.0',
    })
    expect(destinations(loaded, state, 'red-mm-1')).toContain('0905')
  })

  it('applies the trampled chart result to the unit ridden through', () => {
    const placed = {
      'red-mm-1': { hex: '0705', facing: 'E' },
      'red-lord': '0705',
      'red-lb-1': { hex: '0805', facing: 'E' },
    }
    // 7 or 8: Disordered (provisional bands).
    const state = activate(loaded, setUp(loaded, placed, [7]), 'red-horse')
    const { state: after } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0805', '0905'],
      facing: 'E',
    })
    expect(after.units['red-lb-1']?.status).toBe('disordered')
  })

  it('does not let them through other friendly units', () => {
    const placed = {
      'red-mm-1': { hex: '0705', facing: 'E' },
      'red-lord': '0705',
      'red-mm-2': { hex: '0805', facing: 'E' },
    }
    const state = activate(loaded, setUp(loaded, placed), 'red-horse')
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'red-mm-1',
        path: ['0805', '0905'],
        facing: 'E',
      }).message,
    ).toContain('0805 holds red-mm-2: units may not stack, even while moving')
  })
})

describe('8.0 facing', () => {
  it('fixes the facing the move action gives when the unit stops', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': { hex: '0505', facing: 'NE' }, 'red-lord': '0505' }),
      'red-horse',
    )
    const { state: after } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0605'],
      facing: 'SW',
    })
    expect(after.units['red-mm-1']?.facing).toBe(7)
    expect(refusal(loaded, state, { type: 'move', unit: 'red-mm-1', path: ['0605'] }).message).toBe(
      'moving red-mm-1 needs "facing": a compass name such as "NE", or a clock position',
    )
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-mm-1', path: ['0605'], facing: 'N' })
        .message,
    ).toContain('is not a corner of a flat-top hex')
    // A clock position is accepted too (3 = E).
    expect(
      play(loaded, state, { type: 'move', unit: 'red-mm-1', path: ['0605'], facing: 3 }).state
        .units['red-mm-1']?.facing,
    ).toBe(3)
  })

  it('lets a unit turn in place freely away from the enemy', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': { hex: '0505', facing: 'NE' }, 'red-lord': '0505' }),
      'red-horse',
    )
    const turns = legalActions(loaded, state).filter(
      (a) => a.type === 'turn' && a.unit === 'red-mm-1',
    )
    expect(turns.map((a) => a.facing).sort()).toEqual(['E', 'NW', 'SE', 'SW', 'W'])
    expect(
      play(loaded, state, { type: 'turn', unit: 'red-mm-1', facing: 'SW' }).state.units['red-mm-1']
        ?.facing,
    ).toBe(7)
  })

  it('limits a unit that began next to an enemy to one vertex, unless it leaves its hex', () => {
    const placed = {
      'red-pk-1': { hex: '0705', facing: 'E' },
      'red-captain': '0605',
      'blue-pk-1': { hex: '0805', facing: 'W' },
    }
    const state = activate(loaded, setUp(loaded, placed), 'red-foot')
    const turns = legalActions(loaded, state).filter(
      (a) => a.type === 'turn' && a.unit === 'red-pk-1',
    )
    expect(turns.map((a) => a.facing).sort()).toEqual(['NE', 'SE'])
    expect(refusal(loaded, state, { type: 'turn', unit: 'red-pk-1', facing: 'W' })).toEqual({
      message: 'red-pk-1 may turn only 1 more step in place now',
      rule: '8.0',
    })
    const once = play(loaded, state, { type: 'turn', unit: 'red-pk-1', facing: 'NE' }).state
    expect(refusal(loaded, once, { type: 'turn', unit: 'red-pk-1', facing: 'NW' }).message).toBe(
      'red-pk-1 may turn only 0 more steps in place now',
    )
    // Leaving the hex, it may face anywhere.
    const left = play(loaded, once, {
      type: 'move',
      unit: 'red-pk-1',
      path: ['0704'],
      facing: 'W',
    }).state
    expect(left.units['red-pk-1']?.facing).toBe(9)
  })
})

describe('7.4 dismounting and remounting', () => {
  it('dismounts mounted hobilars for 3 MP in command range, away from the enemy, in good order', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mh-1': { hex: '0505', facing: 'E' }, 'red-lord': '0505' }),
      'red-horse',
    )
    expect(legalActions(loaded, state)).toContainEqual({
      type: 'transform',
      unit: 'red-mh-1',
      form: 'dismounted',
      side: 'red',
    })
    const { state: after } = play(loaded, state, {
      type: 'transform',
      unit: 'red-mh-1',
      form: 'dismounted',
    })
    expect(after.units['red-mh-1']?.type).toBe('dh')
    expect(spent(after, 'red-mh-1')).toBe(3)
    // Dismounted hobilars have MA 4: one point is left.
    expect(destinations(loaded, after, 'red-mh-1')).toEqual([
      '0404',
      '0405',
      '0504',
      '0506',
      '0604',
      '0605',
    ])
  })

  it('refuses next to an enemy, when Disordered, or out of its leader range', () => {
    const near = activate(
      loaded,
      setUp(loaded, {
        'red-mh-1': { hex: '0505', facing: 'E' },
        'red-lord': '0505',
        'blue-pk-1': { hex: '0605', facing: 'W' },
      }),
      'red-horse',
    )
    expect(
      refusal(loaded, near, { type: 'transform', unit: 'red-mh-1', form: 'dismounted' }),
    ).toEqual({
      message: 'red-mh-1 may not change form next to an enemy unit',
      rule: '7.4',
    })
    const disordered = activate(
      loaded,
      setUp(loaded, {
        'red-mh-1': { hex: '0505', facing: 'E', status: 'disordered' },
        'red-lord': '0505',
      }),
      'red-horse',
    )
    expect(
      refusal(loaded, disordered, { type: 'transform', unit: 'red-mh-1', form: 'dismounted' })
        .message,
    ).toBe('red-mh-1 may not change form while disordered')
    const far = activate(
      loaded,
      setUp(loaded, { 'red-mh-1': { hex: '1005', facing: 'E' }, 'red-lord': '0311' }),
      'red-horse',
    )
    expect(
      refusal(loaded, far, { type: 'transform', unit: 'red-mh-1', form: 'dismounted' }).message,
    ).toBe("red-mh-1 must be within its leader's command range to change form")
  })

  it('remounts dismounted hobilars, which then move on only up to their foot allowance', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-dh-1': { hex: '0505', facing: 'E' }, 'red-lord': '0505' }),
      'red-horse',
    )
    const { state: after } = play(loaded, state, {
      type: 'transform',
      unit: 'red-dh-1',
      form: 'mounted',
    })
    expect(after.units['red-dh-1']?.type).toBe('mh')
    // Foot MA 4, 3 spent: one hex, not the five a fresh MA 8 would give.
    expect(destinations(loaded, after, 'red-dh-1')).toEqual([
      '0404',
      '0405',
      '0504',
      '0506',
      '0604',
      '0605',
    ])
  })

  it('does not let units without the flag change form', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': { hex: '0505', facing: 'E' }, 'red-lord': '0505' }),
      'red-horse',
    )
    // Men of Iron mounted men-at-arms dismount only where a battle allows it.
    expect(
      refusal(loaded, state, { type: 'transform', unit: 'red-mm-1', form: 'dismounted' }).message,
    ).toBe('red-mm-1 may not dismount')
  })
})

describe('7.5 reinforcements', () => {
  it('enter through an entry hex for the first MP, with their full allowance and in command', () => {
    const state = activate(loaded, setUp(loaded), 'red-reserve')
    expect(state.units['red-mm-3']?.markers['out-of-command'] ?? 0).toBe(0)
    const listed = moves(loaded, state, 'red-mm-3')
    expect(new Set(listed.map((a) => (a.path as string[])[0]))).toEqual(new Set(['0105', '0106']))
    const { state: after, entry } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-3',
      path: ['0105', '0205', '0305', '0405', '0505', '0605'],
      facing: 'E',
    })
    expect(after.units['red-mm-3']).toMatchObject({ location: 'map', hex: '0605', facing: 3 })
    expect(spent(after, 'red-mm-3')).toBe(6)
    expect(entry.effects[0]?.text).toBe('red-mm-3 enters the map at 0105 (1 MP)')
  })

  it('place their command standard when the first unit arrives', () => {
    const start = setUp(loaded)
    expect(start.flow?.standards).not.toHaveProperty('red-reserve')
    const state = activate(loaded, start, 'red-reserve')
    const { state: after } = play(loaded, state, {
      type: 'move',
      unit: 'red-pk-2',
      path: ['0106'],
      facing: 'E',
    })
    expect(after.flow?.standards['red-reserve']).toBe('0305')
  })

  it('bring their leader with a unit, and refuse a path that does not start on an entry hex', () => {
    const state = activate(loaded, setUp(loaded), 'red-reserve')
    const { state: after } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-3',
      path: ['0105', '0205'],
      facing: 'E',
      with: ['red-reserve-lord'],
    })
    expect(after.units['red-reserve-lord']).toMatchObject({ location: 'map', hex: '0205' })
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-mm-3', path: ['0205'], facing: 'E' })
        .message,
    ).toBe('red-mm-3 cannot move on from off the map: 0205 is not an entry hex of its group')
  })

  it('keep other units out of the hexes where enemy reinforcements enter (7.3)', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': { hex: '1404', facing: 'E' }, 'red-lord': '1404' }),
      'red-horse',
    )
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'red-mm-1',
        path: ['1505', '1605'],
        facing: 'E',
      }).message,
    ).toBe('red-mm-1 cannot move on from 1505: 1605 is where enemy reinforcements enter')
    expect(destinations(loaded, state, 'red-mm-1')).not.toContain('1605')
  })

  it('wait until their group is due', () => {
    // blue-late arrives from activation 99 on: the blue host activated now moves only its units on the map.
    const start = setUp(loaded, {}, [0, 0])
    const passed = play(loaded, play(loaded, start, { type: 'pass' }).state, {
      type: 'activate',
      kind: 'battle',
      command: 'blue-host',
    }).state
    expect(openPrompt(passed)?.kind).toBe('move-and-fire')
    expect(
      refusal(loaded, passed, { type: 'move', unit: 'blue-pk-3', path: ['1605'], facing: 'W' })
        .message,
    ).toBe('blue-pk-3 is not due to arrive yet')
  })
})

describe('14.5 Retired units', () => {
  it('move one hex per activation, and only toward their standard', () => {
    const placed = {
      'red-pk-1': { hex: '0505', facing: 'E', status: 'retired' },
      'red-captain': '0505',
    }
    const state = activate(loaded, setUp(loaded, placed), 'red-foot')
    // red-foot standard: 0111.
    expect(destinations(loaded, state, 'red-pk-1')).toEqual(['0405', '0506'])
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-pk-1', path: ['0605'], facing: 'E' }),
    ).toEqual({
      message:
        'red-pk-1 cannot move on from 0505: a retired unit moves only toward its standard in 0111',
      rule: '14.5',
    })
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'red-pk-1',
        path: ['0506', '0507'],
        facing: 'E',
      }).message,
    ).toBe('red-pk-1 has 1 hexes left; the path to 0507 needs 2')
  })
})
