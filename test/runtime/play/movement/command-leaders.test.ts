/**
 * Command and leaders in movement (004 5.2, 5.3, 5.4, 6.4, 7.2) on the Men of Iron test
 * scenario: the command check marking units out of command, what out-of-command units may not
 * do, leaders riding with a unit or moving alone, the overall commander's free activations.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../../../src/runtime/play'
import {
  activate,
  destinations,
  loadMovement,
  moves,
  notes,
  play,
  refusal,
  setUp,
  spent,
} from './helpers'

const loaded = loadMovement('move-moi')
const ooc = (state: { units: Record<string, { markers: Record<string, number> }> }, id: string) =>
  state.units[id]?.markers['out-of-command'] ?? 0

describe('5.2, 5.3 the command check', () => {
  it('marks the units of the activated command outside the range and its chain, and only them', () => {
    // red-captain (range 3) in 0212 with red-lb-1; red-lb-2 next to it; red-pk-1 far off.
    const start = setUp(loaded, { 'red-pk-1': { hex: '0705', facing: 'E' } })
    const { state, entry } = play(loaded, start, {
      type: 'activate',
      kind: 'battle',
      command: 'red-foot',
    })
    expect(ooc(state, 'red-pk-1')).toBe(1)
    expect(ooc(state, 'red-lb-1')).toBe(0)
    expect(ooc(state, 'red-lb-2')).toBe(0)
    expect(ooc(state, 'red-mm-1')).toBe(0) // not activated
    expect(entry.effects.filter((e) => e.kind === 'marker').map((e) => e.unit)).toEqual([
      'red-pk-1',
    ])
  })

  it('marks every unit of a command whose leader is not on the map (6.4)', () => {
    const start = setUp(loaded, { 'red-captain': 'removed' })
    const { state } = play(loaded, start, { type: 'activate', kind: 'battle', command: 'red-foot' })
    for (const id of ['red-lb-1', 'red-lb-2', 'red-pk-1', 'red-cb-1'])
      expect(ooc(state, id)).toBe(1)
  })

  it('lifts the marker when the activation ends', () => {
    const start = setUp(loaded, { 'red-pk-1': { hex: '0705', facing: 'E' } }, [0, 0])
    const state = activate(loaded, start, 'red-foot')
    // Ending the phase runs the loss checks (two dice) and asks for a continuation.
    const { state: asked } = play(loaded, state, { type: 'done' })
    expect(openPrompt(asked)?.kind).toBe('continuation')
    expect(ooc(asked, 'red-pk-1')).toBe(1)
    const { state: after } = play(loaded, asked, { type: 'pass' })
    expect(openPrompt(after)).toMatchObject({ side: 'blue', kind: 'activation-choice' })
    expect(ooc(after, 'red-pk-1')).toBe(0)
  })
})

describe('5.3 out-of-command units', () => {
  const far = {
    'red-pk-1': { hex: '0705', facing: 'E' },
    'blue-pk-1': { hex: '0905', facing: 'W' },
  }

  it('may not move next to an enemy unit', () => {
    const state = activate(loaded, setUp(loaded, far), 'red-foot')
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-pk-1', path: ['0805'], facing: 'E' }),
    ).toEqual({
      message:
        'red-pk-1 cannot move on from 0705: it is out of command, so it may not move next to the enemy (0805)',
      rule: '5.3',
    })
    expect(destinations(loaded, state, 'red-pk-1')).not.toContain('0805')
    expect(destinations(loaded, state, 'red-pk-1')).toContain('0704')
    // In command (its leader near), the same move is allowed.
    const near = activate(loaded, setUp(loaded, { ...far, 'red-captain': '0605' }), 'red-foot')
    expect(destinations(loaded, near, 'red-pk-1')).toContain('0805')
  })

  it('may not enter a hex holding an enemy leader', () => {
    const placed = { 'red-pk-1': { hex: '0705', facing: 'E' }, 'blue-lord': '0704' }
    const state = activate(loaded, setUp(loaded, placed), 'red-foot')
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-pk-1', path: ['0704'], facing: 'E' })
        .message,
    ).toBe(
      'red-pk-1 cannot move on from 0705: it is out of command, so it may not enter 0704, which holds an enemy leader or standard',
    )
  })

  it('may not move at all when it began the activation next to an enemy', () => {
    const placed = {
      'red-pk-1': { hex: '0705', facing: 'E' },
      'blue-pk-1': { hex: '0805', facing: 'W' },
    }
    const state = activate(loaded, setUp(loaded, placed), 'red-foot')
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-pk-1', path: ['0704'], facing: 'E' })
        .message,
    ).toBe(
      'red-pk-1 is out of command and began the activation next to the enemy, so it may not move',
    )
    expect(moves(loaded, state, 'red-pk-1')).toEqual([])
    // It may still turn one vertex in place (8.0, regardless of command status).
    expect(
      legalActions(loaded, state).filter((a) => a.type === 'turn' && a.unit === 'red-pk-1'),
    ).toHaveLength(2)
  })
})

describe('5.4 an enemy unit entering a hex held only by leaders', () => {
  it('displaces them (the results mechanic places them with the nearest unit of their command)', () => {
    const placed = { 'red-mm-1': '0705', 'red-lord': '0705', 'blue-lord': '0704' }
    const state = activate(loaded, setUp(loaded, placed), 'red-horse')
    const { state: after, entry } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0704'],
      facing: 'E',
    })
    expect(after.units['red-mm-1']?.hex).toBe('0704')
    // blue-pk-1 in 1402 is the nearest unit of the blue host.
    expect(after.units['blue-lord']?.hex).toBe('1402')
    expect(notes(entry)).toContain('unit blue-lord is displaced in 1402')
    expect(openPrompt(after)).toMatchObject({ side: 'red', kind: 'move-and-fire' })
  })
})

describe('7.2 leaders moving with a unit', () => {
  it('lets the unit own leader go along, and keeps him with it for the rest of its move', () => {
    const state = activate(
      loaded,
      setUp(loaded, { 'red-mm-1': '0505', 'red-lord': '0505' }),
      'red-horse',
    )
    const listed = moves(loaded, state, 'red-mm-1').filter(
      (a) => (a.path as string[]).join() === '0605',
    )
    expect(listed.map((a) => a.with ?? [])).toContainEqual(['red-lord'])
    expect(listed.map((a) => a.with ?? [])).toContainEqual([])
    const { state: one } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0605'],
      facing: 'E',
      with: ['red-lord'],
    })
    expect(one.units['red-lord']?.hex).toBe('0605')
    expect(refusal(loaded, one, { type: 'move', unit: 'red-lord', path: ['0705'] }).message).toBe(
      'red-lord moved with red-mm-1 and stays with it',
    )
    expect(
      refusal(loaded, one, { type: 'move', unit: 'red-mm-1', path: ['0705'], facing: 'E' }).message,
    ).toBe('red-lord began to move with red-mm-1 and must stay with it')
    const { state: two } = play(loaded, one, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0705'],
      facing: 'E',
      with: ['red-lord'],
    })
    expect(two.units['red-lord']?.hex).toBe('0705')
  })

  it('lets the overall commander ride along, but not another command leader (Tri-Pack)', () => {
    const placed = {
      'red-mm-1': '0505',
      'red-captain': '0505',
      'red-king': '0505',
      'red-lord': '0303',
    }
    const state = activate(loaded, setUp(loaded, placed), 'red-horse')
    expect(
      refusal(loaded, state, {
        type: 'move',
        unit: 'red-mm-1',
        path: ['0605'],
        facing: 'E',
        with: ['red-captain'],
      }).message,
    ).toBe(
      'red-captain may not move with red-mm-1: only a leader stacked with it, who has not moved, may go along',
    )
    const { state: after } = play(loaded, state, {
      type: 'move',
      unit: 'red-mm-1',
      path: ['0605'],
      facing: 'E',
      with: ['red-king'],
    })
    expect(after.units['red-king']?.hex).toBe('0605')
    expect(after.units['red-captain']?.hex).toBe('0505')
  })
})

describe('7.2 leaders moving alone', () => {
  it('pay the cheaper of the foot and mounted columns', () => {
    const state = activate(loaded, setUp(loaded, { 'red-lord': '0705' }), 'red-horse')
    // Woods: foot 2, mounted 3.
    const { state: after } = play(loaded, state, {
      type: 'move',
      unit: 'red-lord',
      path: ['0805', '0806'],
    })
    expect(spent(after, 'red-lord')).toBe(3)
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-lord', path: ['0805'], facing: 'E' })
        .message,
    ).toBe('red-lord has no facing: leave out "facing"')
  })

  it('keep out of hexes next to an enemy unit unless a friendly unit is there, and of enemy leaders', () => {
    const placed = {
      'red-lord': '0705',
      'blue-pk-1': { hex: '0905', facing: 'W' },
      'blue-lord': '0704',
    }
    const state = activate(loaded, setUp(loaded, placed), 'red-horse')
    expect(refusal(loaded, state, { type: 'move', unit: 'red-lord', path: ['0805'] }).message).toBe(
      'red-lord cannot move on from 0705: a leader on his own may not enter 0805, next to the enemy, unless a friendly unit is there',
    )
    expect(refusal(loaded, state, { type: 'move', unit: 'red-lord', path: ['0704'] }).message).toBe(
      'red-lord cannot move on from 0705: a leader on his own may not enter 0704, which holds an enemy leader or standard',
    )
    const covered = activate(
      loaded,
      setUp(loaded, { ...placed, 'red-mm-2': { hex: '0805', facing: 'E' } }),
      'red-horse',
    )
    expect(
      play(loaded, covered, { type: 'move', unit: 'red-lord', path: ['0805'] }).state.units[
        'red-lord'
      ]?.hex,
    ).toBe('0805')
  })

  it('lets an overall commander who leads no command move in a free activation of his side', () => {
    const state = activate(loaded, setUp(loaded, { 'red-king': '0705' }), 'red-horse')
    expect(destinations(loaded, state, 'red-king')).toContain('0805')
    expect(
      play(loaded, state, { type: 'move', unit: 'red-king', path: ['0805'] }).state.units[
        'red-king'
      ]?.hex,
    ).toBe('0805')
  })

  it('but not in an activation won by continuation', () => {
    // Loss checks after the free activation (0, 0), then the continuation roll 0 (success).
    let state = activate(loaded, setUp(loaded, { 'red-king': '0705' }, [0, 0, 0]), 'red-horse')
    state = play(loaded, state, { type: 'done' }).state
    state = play(loaded, state, { type: 'continue', kind: 'battle', command: 'red-foot' }).state
    expect(state.flow?.activation).toMatchObject({ free: false, commands: ['red-foot'] })
    expect(refusal(loaded, state, { type: 'move', unit: 'red-king', path: ['0805'] }).message).toBe(
      'red-king is not part of the activated command',
    )
  })

  it('never enter a hex holding an enemy standard', () => {
    const placed = {
      'red-lord': '1403',
      'blue-pk-1': { hex: '1210', facing: 'W' },
      'blue-lb-1': { hex: '1110', facing: 'W' },
      'blue-mm-1': { hex: '1010', facing: 'W' },
    }
    const state = activate(loaded, setUp(loaded, placed), 'red-horse')
    // The blue host's standard stands in 1603.
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-lord', path: ['1503', '1603'] }).message,
    ).toBe(
      'red-lord cannot move on from 1503: a leader on his own may not enter 1603, which holds an enemy leader or standard',
    )
  })

  it('does not move a leader whose command is not activated', () => {
    const state = activate(loaded, setUp(loaded, { 'red-captain': '0705' }), 'red-horse')
    expect(
      refusal(loaded, state, { type: 'move', unit: 'red-captain', path: ['0805'] }).message,
    ).toBe('red-captain is not part of the activated command')
  })
})
