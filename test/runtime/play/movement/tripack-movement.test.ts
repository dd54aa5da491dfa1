/**
 * Movement under the Tri-Pack rules (004 7.1, 7.2, 8.0, 10.0, 14.5), played on the Men of Iron
 * test scenario (test/fixtures/movement): terrain costs per movement class, the movement
 * allowance (Disordered from the counter's back), enemy-occupied hexes, stopping next to the
 * enemy, leaving an enemy's side, facing, stacking, units one at a time, mounted archers that
 * ride on, the reaction window of every hex entered, Retired units.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../../../src/runtime/play'
import { activate, destinations, loadMovement, notes, play, refusal, setUp, spent } from './helpers'

const loaded = loadMovement('move-moi')

describe('7.2 terrain costs per movement class', () => {
  it('charges a mounted unit 3 for woods and a foot unit 2 (the Terrain Chart columns)', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': '0705', 'red-lord': '0705' }),
      'red-horse',
    )
    const { state: after, entry } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0805', '0806'],
      facing: 'E',
    })
    expect(spent(after, 'red-mm-1')).toBe(4)
    expect(notes(entry)).toEqual([
      'red-mm-1 moves 0705 → 0805 (1 MP)',
      'red-mm-1 moves 0805 → 0806 (3 MP)',
      'red-mm-1 ends its move facing E',
    ])
    const foot = activate(
      loaded,
      setUp(loaded, { 'red-pk-1': '0705', 'red-captain': '0705' }),
      'red-foot',
    )
    const moved = play(loaded, foot, {
      type: 'move',
      unit: 'red-pk-1',
      path: ['0805', '0806'],
      facing: 'E',
    })
    expect(spent(moved.state, 'red-pk-1')).toBe(3)
  })

  it('keeps a unit out of terrain its class may not enter, and off a hexside it may not cross', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': '0805', 'red-lord': '0805' }),
      'red-horse',
    )
    // Castle: NA for mounted units.
    expect(destinations(loaded, state, 'red-mm-1')).not.toContain('0906')
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-mm-1', path: ['0906'], facing: 'E' })
        .message,
    ).toBe(
      'red-mm-1 cannot move on from 0805: it may not enter 0906 from 0805: the terrain forbids it',
    )
    const river = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': '1004', 'red-lord': '1004' }),
      'red-horse',
    )
    expect(
      refusal(loaded, river, { type: 'move', unit: 'red-mm-1', path: ['1005'], facing: 'E' })
        .message,
    ).toContain('the terrain forbids it')
    // The long way round is open: 1004 → 1104 → 1105 → 1005 would do, for 3 MP.
    expect(destinations(loaded, river, 'red-mm-1')).toContain('1005')
  })
})

describe('7.2 movement allowance', () => {
  it('spends at most the allowance, 6 for mounted men-at-arms', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': '0304', 'red-lord': '0304' }),
      'red-horse',
    )
    const path = ['0404', '0504', '0604', '0704', '0804', '0904']
    expect(
      spent(
        play(loaded, state, { type: 'move', unit: 'red-mm-1', path, facing: 'E' }).state,
        'red-mm-1',
      ),
    ).toBe(6)
    const error = refusal(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: [...path, '1004'],
      facing: 'E',
    })
    expect(error.message).toBe('red-mm-1 has 6 movement points left; the path to 1004 needs 7')
  })

  it('reads a Disordered unit allowance from the back of the counter (14.2): 5', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': { hex: '0304', status: 'disordered' }, 'red-lord': '0304' }),
      'red-horse',
    )
    const path = ['0404', '0504', '0604', '0704', '0804', '0904']
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-mm-1', path, facing: 'E' }).message,
    ).toBe('red-mm-1 has 5 movement points left; the path to 0904 needs 6')
    expect(destinations(loaded, state, 'red-mm-1')).toContain('0804')
    expect(destinations(loaded, state, 'red-mm-1')).not.toContain('0904')
  })

  it('lets a unit go on in several legs while it is the one moving, the points adding up', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': '0304', 'red-lord': '0304' }),
      'red-horse',
    )
    const one = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0404', '0504'],
      facing: 'E',
    }).state
    const two = play(loaded, one, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0604'],
      facing: 'E',
    }).state
    expect(spent(two, 'red-mm-1')).toBe(3)
    expect(two.units['red-mm-1']?.hex).toBe('0604')
  })
})

describe('7.2 units move one at a time', () => {
  it('ends a unit move and fire once another unit has acted', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': '0304', 'red-mm-2': '0306', 'red-lord': '0305' }),
      'red-horse',
    )
    const one = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0404'],
      facing: 'E',
    }).state
    const two = play(loaded, one, {
      type: 'move',
      unit: 'red-mm-2',
      path: ['0406'],
      facing: 'E',
    }).state
    expect(
      refusal(loaded, two, { type: 'move', unit: 'red-mm-1', path: ['0504'], facing: 'E' }).message,
    ).toBe('red-mm-1 has finished its move: another piece has acted since')
    expect(destinations(loaded, two, 'red-mm-1')).toEqual([])
    expect(refusal(loaded, two, { type: 'turn', unit: 'red-mm-1', facing: 'W' }).message).toBe(
      'red-mm-1 has finished its move: another piece has acted since',
    )
  })

  it('moves only units of the activated command (6.1)', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': '0304', 'red-lord': '0304' }),
      'red-horse',
    )
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-pk-1', path: ['0411'], facing: 'E' })
        .message,
    ).toBe('red-pk-1 is not part of the activated command')
    expect(legalActions(loaded, state).filter((a) => a.unit === 'red-pk-1')).toEqual([])
  })
})

describe('7.2 enemy units', () => {
  const placed = {
    'red-mm-1': '0705',
    'red-lord': '0705',
    'blue-pk-1': { hex: '0905', facing: 'W' },
  }

  it('never enters a hex an enemy unit holds', () => {
    const state = activate(
      loaded,
      setUp(loaded, { ...placed, 'red-mm-1': '0804', 'red-lord': '0804' }),
      'red-horse',
    )
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-mm-1', path: ['0905'], facing: 'E' })
        .message,
    ).toBe('red-mm-1 cannot move on from 0804: 0905 holds enemy unit blue-pk-1')
  })

  it('stops a unit that comes next to an enemy unit', () => {
    const state = activate(loaded, setUp(loaded, placed), 'red-horse')
    const error = refusal(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0805', '0804'],
      facing: 'E',
    })
    expect(error).toEqual({
      message: 'red-mm-1 must stop in 0805, having come under enemy influence there',
      rule: '7.2, 11.2',
    })
    const { state: after } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0805'],
      facing: 'E',
    })
    expect(
      refusal(loaded, after, { type: 'move', unit: 'red-mm-1', path: ['0804'], facing: 'E' })
        .message,
    ).toBe('red-mm-1 has stopped for this activation')
    // The legal moves end where the unit comes next to the enemy.
    const through0805 = legalActions(loaded, state).filter(
      (a) =>
        a.type === 'move' &&
        a.unit === 'red-mm-1' &&
        (a.path as string[]).slice(0, -1).includes('0805'),
    )
    expect(through0805).toEqual([])
  })

  it('does not stop next to an enemy across a hexside that enemy cannot cross', () => {
    // blue-pk-1 in 1005; the river runs between 1004 and 1005.
    const state = activate(
      loaded,
      setUp(loaded, {
        'red-mm-1': '0903',
        'red-lord': '0903',
        'blue-pk-1': { hex: '1005', facing: 'NW' },
      }),
      'red-horse',
    )
    const { state: after } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['1003', '1004', '1104'],
      facing: 'E',
    })
    expect(after.units['red-mm-1']?.hex).toBe('1104')
  })

  it('lets a unit that starts next to an enemy leave for 1 MP more, not into another hex next to that enemy', () => {
    const start = setUp(loaded, {
      'red-pk-1': { hex: '0705', facing: 'E' },
      'red-captain': '0605',
      'blue-pk-1': { hex: '0805', facing: 'W' },
    })
    const state = activate(loaded, start, 'red-foot')
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-pk-1', path: ['0706'], facing: 'E' })
        .message,
    ).toBe(
      'red-pk-1 cannot move on from 0705: it may not enter 0706: it has already been under the influence of blue-pk-1 this activation',
    )
    const { state: after } = play(loaded, state, {
      type: 'move',
      unit: 'red-pk-1',
      path: ['0704', '0604'],
      facing: 'W',
    })
    expect(spent(after, 'red-pk-1')).toBe(3)
  })

  it('stops a unit leaving an enemy when the hex it enters is next to another enemy', () => {
    const start = setUp(loaded, {
      'red-pk-1': { hex: '0705', facing: 'E' },
      'red-captain': '0605',
      'blue-pk-1': { hex: '0805', facing: 'W' },
      'blue-pk-2': { hex: '0603', facing: 'SE' },
    })
    const state = activate(loaded, start, 'red-foot')
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'red-pk-1',
        path: ['0704', '0703'],
        facing: 'E',
      }).message,
    ).toBe('red-pk-1 must stop in 0704, having come under enemy influence there')
    expect(
      spent(
        play(loaded, state, { type: 'move', unit: 'red-pk-1', path: ['0704'], facing: 'NE' }).state,
        'red-pk-1',
      ),
    ).toBe(2)
  })
})

describe('11.2, 7.2 mounted archers ride on next to the enemy (inventory Q11)', () => {
  const placed = {
    'red-ge-1': { hex: '0704', facing: 'E' },
    'red-lord': '0604',
    'blue-pk-1': { hex: '0905', facing: 'W' },
  }

  it('does not stop a genitor next to the enemy, and charges 1 MP to leave it', () => {
    const state = activate(loaded, setUp(loaded, placed), 'red-horse')
    const { state: after } = play(loaded, state, {
      type: 'move',
      unit: 'red-ge-1',
      path: ['0804', '0803'],
      facing: 'E',
    })
    expect(after.units['red-ge-1']?.hex).toBe('0803')
    expect(spent(after, 'red-ge-1')).toBe(3)
  })

  it('keeps it out of a second hex next to the same enemy', () => {
    const state = activate(loaded, setUp(loaded, placed), 'red-horse')
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'red-ge-1',
        path: ['0804', '0904'],
        facing: 'E',
      }).message,
    ).toBe(
      'red-ge-1 cannot move on from 0804: it may not enter 0904: it has already been under the influence of blue-pk-1 this activation',
    )
    // The memory lasts the activation, across legs of the move.
    const one = play(loaded, state, {
      type: 'move',
      unit: 'red-ge-1',
      path: ['0804'],
      facing: 'E',
    }).state
    const two = play(loaded, one, {
      type: 'move',
      unit: 'red-ge-1',
      path: ['0803'],
      facing: 'E',
    }).state
    expect(
      refusal(loaded, two, { type: 'move', unit: 'red-ge-1', path: ['0903', '0904'], facing: 'E' })
        .message,
    ).toContain('already been under the influence of blue-pk-1')
  })
})

describe('11.2 reaction window: every hex entered', () => {
  it('lets the enemy react when a unit enters its frontal hex, then the move goes on', () => {
    const state = activate(
      loaded,
      setUp(loaded, {
        'red-ge-1': { hex: '0704', facing: 'E' },
        'red-lord': '0604',
        'blue-lb-1': { hex: '0905', facing: 'W' },
      }),
      'red-horse',
    )
    const { state: paused } = play(loaded, state, {
      type: 'move',
      unit: 'red-ge-1',
      path: ['0804', '0803'],
      facing: 'E',
    })
    expect(openPrompt(paused)).toMatchObject({ side: 'blue', kind: 'reaction-fire' })
    expect(paused.units['red-ge-1']?.hex).toBe('0804')
    const { state: after } = play(loaded, paused, { type: 'decline' })
    expect(after.units['red-ge-1']?.hex).toBe('0803')
    expect(openPrompt(after)).toMatchObject({ side: 'red', kind: 'move-and-fire' })
  })
})

describe('7.1 movement is spending movement points', () => {
  it('records the move (moved, points) but not a turn in place', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': '0304', 'red-mm-2': '0306', 'red-lord': '0305' }),
      'red-horse',
    )
    const turned = play(loaded, state, { type: 'turn', unit: 'red-mm-2', facing: 'E' }).state
    expect(turned.flow?.activation?.units['red-mm-2']).toMatchObject({
      moved: false,
      mp: 0,
      turned: 1,
    })
    const moved = play(loaded, turned, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0404'],
      facing: 'E',
    }).state
    expect(moved.flow?.activation?.units['red-mm-1']).toMatchObject({ moved: true, mp: 1 })
  })
})
