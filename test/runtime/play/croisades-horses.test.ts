/**
 * Mounting, dismounting and leading riderless horses (movement phase settings `mounting` and
 * `leading`, movement/mounting.ts and movement/leading.ts) as Croisades tactical plays them:
 * B.1.57 (a whole turn, two when wounded, taking effect in phase 5) and its Annex version (2 or
 * 3 MP, the points left doubled after mounting, halved or quartered after dismounting, the cost
 * paid first: Q-CH-18), B.1.58 and its Annex version (bridles; a rider's roll in passing, always
 * a success in the revised rules), on the olive grove with the crusaders moving.
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { boardOf, legalActions, openPrompt } from '../../../src/runtime'
import { hexesOf } from '../../../src/runtime/state/footprints'
import type { Character } from './move-steps'
import { act, croisades, crusadersMove, lines, refused, rolls, until } from './move-steps'

const REVISED = { base: 'croisades-tactical-revised' }
const far: Character = { id: 'far', type: 'fatimid-spearman', hex: 'X1', facing: 'S' }
/** A riderless horse heading south: front `hex`, rear the hex north of it. */
const horse = (id: string, hex: string, facing = 'S'): Character => ({
  id,
  type: 'riderless-horse',
  hex,
  facing,
})

/** The state with some units' statuses changed (as a result earlier in the game would). */
function withStatus(state: GameState, statuses: Record<string, string>): GameState {
  const units = structuredClone(state.units)
  for (const [id, status] of Object.entries(statuses))
    (units[id] as { status: string }).status = status
  return { ...state, units }
}

/** The movement points the unit may still spend: the longest move listed for it. */
function longest(loaded: LoadedScenario, state: GameState, unit: string): number {
  const moves = legalActions(loaded, state).filter(
    (a) => a.type === 'move' && a.unit === unit && a.lead === undefined,
  )
  const board = boardOf(loaded)
  const from = state.units[unit]?.hex as string
  return Math.max(0, ...moves.map((a) => board.distance(from, (a.path as string[]).at(-1)!)))
}

/** Whether a hex of unit `a` is next to a hex of unit `b`. */
function touches(loaded: LoadedScenario, state: GameState, a: string, b: string): boolean {
  const board = boardOf(loaded)
  const ctx = { loaded, state }
  return hexesOf(ctx, a).some((x) => hexesOf(ctx, b).some((y) => board.distance(x, y) === 1))
}

const mount = (unit: string, horse: string): Action => ({ type: 'mount', unit, horse })
const dismount = (unit: string, hex: string): Action => ({ type: 'dismount', unit, hex })

describe('mounting and dismounting, a whole turn (B.1.57)', () => {
  const loaded = croisades(
    [{ id: 'knight', type: 'average-knight-on-foot', hex: 'G7', facing: 'N' }, horse('h1', 'F8')],
    [far],
  )

  it("an unwounded man mounts in phase 5 of the same turn, on the horse's two hexes", () => {
    const start = crusadersMove(loaded)
    expect(legalActions(loaded, start)).toContainEqual({
      ...mount('knight', 'h1'),
      side: 'crusaders',
    })
    const { state, entries } = act(loaded, start, mount('knight', 'h1'))
    expect(lines(entries)).toContain(
      'knight begins to mount h1: it takes this turn doing nothing else',
    )
    expect(
      refused(loaded, state, { type: 'move', unit: 'knight', path: ['G8'], facing: 'N' }).message,
    ).toBe('knight may move no further this activation')
    const later = until(loaded, state, 'movement', 'saracens')
    expect(later.units.knight).toMatchObject({ type: 'average-knight', hex: 'F8' })
    expect(hexesOf({ loaded, state: later }, 'knight')).toEqual(['F8', 'F7'])
    expect(later.units.h1?.location).toBe('removed')
  })

  it('CH-76: a wounded character mounting needs 2 full turns, completing in phase 5 of the 2nd (B.1.57)', () => {
    const start = withStatus(crusadersMove(loaded), { knight: 'wounded' })
    const { state, entries } = act(loaded, start, mount('knight', 'h1'))
    expect(lines(entries)).toContain(
      'knight begins to mount h1: it takes 2 turns doing nothing else',
    )
    // His side's next turn: still on foot beside the horse, the change under way.
    const next = until(loaded, act(loaded, state, { type: 'done' }).state, 'movement', 'crusaders')
    expect(next.clock.turn).toBe(2)
    expect(next.units.knight).toMatchObject({ type: 'average-knight-on-foot', hex: 'G7' })
    expect(next.units.h1).toMatchObject({ location: 'map', hex: 'F8' })
    expect(legalActions(loaded, next).some((a) => a.type === 'mount')).toBe(false)
    // He does nothing in it: mounted in its phase 5, still wounded.
    const done = until(loaded, next, 'movement', 'saracens')
    expect(done.units.knight).toMatchObject({
      type: 'average-knight',
      hex: 'F8',
      status: 'wounded',
    })
    expect(done.units.h1?.location).toBe('removed')
  })

  it('a wounded man who moves in his second turn gives the mounting up', () => {
    const start = withStatus(crusadersMove(loaded), { knight: 'wounded' })
    const mounting = act(loaded, start, mount('knight', 'h1')).state
    const next = until(
      loaded,
      act(loaded, mounting, { type: 'done' }).state,
      'movement',
      'crusaders',
    )
    const moved = act(loaded, next, {
      type: 'move',
      unit: 'knight',
      path: ['H7'],
      facing: 'N',
    }).state
    const done = until(loaded, moved, 'movement', 'saracens')
    expect(done.units.knight).toMatchObject({ type: 'average-knight-on-foot', hex: 'H7' })
    expect(done.units.h1).toMatchObject({ location: 'map', hex: 'F8' })
  })

  it('refused: a man who has moved, one not beside the horse, a man with no mounted form', () => {
    const start = crusadersMove(loaded)
    const moved = act(loaded, start, {
      type: 'move',
      unit: 'knight',
      path: ['G8'],
      facing: 'N',
    }).state
    expect(refused(loaded, moved, mount('knight', 'h1'))).toEqual({
      message:
        'knight has already acted this turn: mounting or dismounting takes a whole turn doing nothing else',
      rule: 'B.1.57',
    })
    const away = croisades(
      [
        { id: 'knight', type: 'average-knight-on-foot', hex: 'I7', facing: 'N' },
        { id: 'spear', type: 'spearman', hex: 'E7', facing: 'N' },
        horse('h1', 'F8'),
      ],
      [far],
    )
    const there = crusadersMove(away)
    expect(refused(away, there, mount('knight', 'h1')).message).toBe(
      'knight must stand beside h1, on one of the hexes next to both its halves (E7, G7)',
    )
    expect(refused(away, there, mount('spear', 'h1')).message).toBe(
      'spear is no rider on foot and cannot mount a horse',
    )
  })

  it('a rider dismounts in phase 5, beside the horse he leaves where he stood', () => {
    const riders = croisades(
      [{ id: 'knight', type: 'average-knight', hex: 'M8', facing: 'S' }],
      [far],
    )
    const start = crusadersMove(riders)
    const options = legalActions(riders, start).filter((a) => a.type === 'dismount')
    expect(options.map((a) => a.hex)).toEqual(['L8', 'N8'])
    const { state } = act(riders, start, dismount('knight', 'N8'))
    const done = until(riders, state, 'movement', 'saracens')
    expect(done.units.knight).toMatchObject({ type: 'average-knight-on-foot', hex: 'N8' })
    expect(done.units['knight-horse']).toMatchObject({ location: 'map', hex: 'M8' })
    expect(hexesOf({ loaded: riders, state: done }, 'knight-horse')).toEqual(['M8', 'M7'])
  })
})

describe('mounting and dismounting for movement points (Annex 1.57)', () => {
  it('CH-77: an unarmoured man with 8 MP moves 2 and mounts for 2: (8 - 2 - 2) x 2 = 8 mounted MP (Annex 1.57, Q-CH-18)', () => {
    const loaded = croisades(
      [{ id: 'archer', type: 'horse-archer-on-foot', hex: 'G9', facing: 'N' }, horse('h1', 'F8')],
      [far],
      REVISED,
    )
    const moved = act(loaded, crusadersMove(loaded), {
      type: 'move',
      unit: 'archer',
      path: ['G8', 'G7'],
      facing: 'N',
    }).state
    const { state, entries } = act(loaded, moved, mount('archer', 'h1'))
    expect(lines(entries)).toEqual(
      expect.arrayContaining([
        'archer mounts h1 in F8',
        'archer mounts (2 MP): 4 movement points left become 8',
      ]),
    )
    expect(state.units.archer).toMatchObject({ type: 'horse-archer', hex: 'F8' })
    const south = ['F9', 'F10', 'F11', 'F12', 'F13', 'F14', 'F15', 'F16']
    expect(
      refused(loaded, state, { type: 'move', unit: 'archer', path: [...south, 'F17'] }).message,
    ).toMatch(/has 8 movement points left/)
    const rode = act(loaded, state, { type: 'move', unit: 'archer', path: south }).state
    expect(rode.units.archer?.hex).toBe('F16')
  })

  it('CH-78: an armoured rider with 12 MP moves 4 and dismounts for 3: 2 foot MP, 1 if wounded (Annex 1.57)', () => {
    const loaded = croisades(
      [{ id: 'knight', type: 'average-knight', hex: 'M8', facing: 'S' }],
      [far],
      REVISED,
    )
    const ride = { type: 'move', unit: 'knight', path: ['M9', 'M10', 'M11', 'M12'] }
    for (const [status, left] of [
      ['healthy', 2],
      ['wounded', 1],
    ] as const) {
      const start = withStatus(crusadersMove(loaded), { knight: status })
      const moved = act(loaded, start, ride).state
      const { state, entries } = act(loaded, moved, dismount('knight', 'N12'))
      expect(lines(entries)).toContain(
        `knight dismounts (3 MP): 5 movement points left become ${left}`,
      )
      expect(state.units.knight).toMatchObject({
        type: 'average-knight-on-foot',
        hex: 'N12',
        status,
      })
      expect(state.units['knight-horse']).toMatchObject({ location: 'map', hex: 'M12' })
      expect(longest(loaded, state, 'knight')).toBe(left)
    }
  })
})

describe('riderless horses led by the bridle (B.1.58)', () => {
  const rider = (): Character => ({ id: 'knight', type: 'average-knight', hex: 'H8', facing: 'S' })
  const ride: Action = {
    type: 'move',
    unit: 'knight',
    path: ['H9', 'H10', 'H11', 'H12', 'H13', 'H14', 'H15'],
    lead: ['h1'],
  }

  it('CH-79: a rider grabbing a bridle in passing with a 7 fails under CH, succeeds under the revision (B.1.58, Annex 1.58)', () => {
    const original = croisades([rider(), horse('h1', 'I11')], [far])
    const failed = act(original, crusadersMove(original, [7]), ride)
    expect(rolls(failed.entries)).toEqual([['bridle-grab', 7, 7]])
    expect(lines(failed.entries)).toContain('knight misses the bridle of h1')
    expect(failed.state.units.h1?.hex).toBe('I11')
    expect(legalActions(original, failed.state).some((a) => a.lead !== undefined)).toBe(false)

    const revised = croisades([rider(), horse('h1', 'I11')], [far], REVISED)
    const taken = act(revised, crusadersMove(revised, [7]), ride)
    expect(lines(taken.entries)).toContain('knight takes the bridle of h1')
    expect(touches(revised, taken.state, 'h1', 'knight')).toBe(true)
  })

  it('a man on foot takes the bridle as he passes, and the horse follows him', () => {
    const loaded = croisades(
      [{ id: 'groom', type: 'spearman', hex: 'H8', facing: 'S' }, horse('h1', 'I11')],
      [far],
    )
    const path = ['H9', 'H10', 'H11', 'H12', 'H13']
    const { state, entries } = act(loaded, crusadersMove(loaded), {
      type: 'move',
      unit: 'groom',
      path,
      facing: 'S',
      lead: ['h1'],
    })
    expect(rolls(entries)).toEqual([])
    expect(lines(entries)).toContain('groom takes the bridle of h1')
    expect(state.units.h1?.hex).not.toBe('I11')
    expect(lines(entries)).toContain(`h1 follows groom to ${state.units.h1?.hex ?? ''}`)
    expect(touches(loaded, state, 'h1', 'groom')).toBe(true)
  })

  it('CH-80: a man on foot may not lead a 4th horse, nor a rider a 2nd (B.1.58)', () => {
    const loaded = croisades(
      [
        { id: 'groom', type: 'spearman', hex: 'C10', facing: 'S' },
        { id: 'knight', type: 'average-knight', hex: 'M8', facing: 'S' },
        horse('h1', 'D8', 'N'),
        horse('h2', 'D12'),
        horse('h3', 'F8', 'N'),
        horse('h4', 'F12'),
        horse('h5', 'N10'),
        horse('h6', 'L11'),
      ],
      [far],
    )
    const start = crusadersMove(loaded)
    const path = ['D10', 'E10', 'F10']
    const walk = (lead: string[]): Action => ({
      type: 'move',
      unit: 'groom',
      path,
      facing: 'S',
      lead,
    })
    expect(refused(loaded, start, walk(['h1', 'h2', 'h3', 'h4']))).toEqual({
      message: 'groom may lead at most 3 horses',
      rule: 'B.1.58',
    })
    const three = act(loaded, start, walk(['h1', 'h2', 'h3'])).state
    expect(openPrompt(three)?.kind).toBe('movement')
    for (const h of ['h1', 'h2', 'h3']) expect(touches(loaded, three, h, 'groom')).toBe(true)
    const onward = { type: 'move', unit: 'groom', path: ['G10'], facing: 'S', lead: ['h4'] }
    expect(refused(loaded, three, onward).message).toBe(
      'groom may lead at most 3 horses and already leads 3',
    )
    const ridden = { type: 'move', unit: 'knight', path: ['M9', 'M10', 'M11'], lead: ['h5', 'h6'] }
    expect(refused(loaded, start, ridden)).toEqual({
      message: 'knight may lead at most 1 horse',
      rule: 'B.1.58',
    })
  })
})
