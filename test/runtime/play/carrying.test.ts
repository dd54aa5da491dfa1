/**
 * Carrying the stunned (movement phase setting `carrying`, movement/carrying.ts) as Croisades
 * tactical plays it (B.1.53): a man on foot passing through a stunned friend's hex picks him up,
 * keeps half the movement points he has left (rounded down), and sets him down next to him where
 * his move ends. Passing through friends is B.1.6.
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState } from '../../../src/runtime'
import { legalActions } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import type { Character } from './move-steps'
import { act, croisades, crusadersMove, lines, refused } from './move-steps'

const carrier = (type = 'spearman'): Character => ({ id: 'carrier', type, hex: 'D10', facing: 'N' })
const friend: Character = { id: 'friend', type: 'sergeant', hex: 'F10', facing: 'N' }
const far: Character = { id: 'far', type: 'fatimid-spearman', hex: 'X1', facing: 'S' }

/** The crusaders' movement phase with `friend` stunned. */
function stunnedFriend(loaded: ReturnType<typeof croisades>): GameState {
  const state = crusadersMove(loaded)
  const units = structuredClone(state.units)
  ;(units.friend as { status: string }).status = 'stunned'
  return { ...state, units }
}

const carry = (path: string[], drop: string, unit = 'carrier'): Action => ({
  type: 'move',
  unit,
  path,
  facing: 'N',
  carry: { unit: 'friend', drop },
})

describe('carrying the stunned (B.1.53)', () => {
  const loaded = croisades([carrier(), friend], [far])

  it('CH-60: a man with 6 MP left picks up a stunned friend and has 3 left (B.1.53)', () => {
    const start = stunnedFriend(loaded)
    // D10 → E10 → F10 costs 2 of his 8: 6 left, halved to 3: three more hexes, not four.
    const { state, entries } = act(loaded, start, carry(['E10', 'F10', 'G10', 'H10', 'I10'], 'I9'))
    expect(lines(entries)).toEqual(
      expect.arrayContaining([
        'carrier picks up friend in F10: of his 6 movement points left he keeps 3',
        'carrier moves E10 → F10 (1 MP)',
        'carrier with friend moves H10 → I10 (1 MP)',
        'carrier sets friend down in I9',
      ]),
    )
    expect(state.units.carrier?.hex).toBe('I10')
    expect(state.units.friend).toMatchObject({ hex: 'I9', status: 'stunned' })
    expect(entries.flatMap((e) => e.effects).find((x) => x.text.includes('picks up'))?.rule).toBe(
      'B.1.53',
    )
    expect(refused(loaded, start, carry(['E10', 'F10', 'G10', 'H10', 'I10', 'J10'], 'J9'))).toEqual(
      {
        message: 'carrier has not the movement points to enter J10 carrying friend',
        rule: 'B.1.53',
      },
    )
  })

  it('the carrying moves are listed, and each listed one is played as listed', () => {
    const start = stunnedFriend(loaded)
    const moves = legalActions(loaded, start).filter(
      (a) => a.type === 'move' && a.carry !== undefined,
    )
    expect(moves.length).toBeGreaterThan(0)
    const ends = (a: Action) => (a.path as string[])[(a.path as string[]).length - 1]
    expect(moves.every((a) => (a.path as string[]).includes('F10'))).toBe(true)
    expect(moves.some((a) => ends(a) === 'I10')).toBe(true)
    expect(moves.some((a) => ends(a) === 'J10')).toBe(false)
    const { state } = act(loaded, start, moves[moves.length - 1] as Action)
    expect(state.units.friend?.hex).toBe((moves[moves.length - 1]?.carry as { drop: string }).drop)
  })

  it('a man entered from the far side is picked up where the path first enters his hex', () => {
    // Beside an enemy in I7, the longbowman in H7 may not step from H8 (a friend's hex) into I8
    // and must come at the man from J8, through I8: a way that crossed his hex first would
    // pick him up on that first pass and lack the points after.
    const slope = croisades(
      [
        { id: 'carrier', type: 'welsh-longbowman', hex: 'H7' },
        { ...friend, hex: 'I8' },
        { id: 'bryn', type: 'sergeant', hex: 'H8' },
        { id: 'other', type: 'sergeant', hex: 'H9' },
        { id: 'bowman', type: 'welsh-longbowman', hex: 'J7' },
      ],
      [far, { id: 'foe', type: 'syrian-infantry', hex: 'I7' }],
    )
    // Every infiltration roll a 1: nobody is hurt on the way.
    const start = { ...stunnedFriend(slope), dice: forcedSource(new Array(20).fill(1)) }
    const moves = legalActions(slope, start).filter(
      (a) => a.type === 'move' && a.carry !== undefined,
    )
    // Others may carry him (the bowman in J7); no way offered crosses his hex before the pick-up.
    expect(moves.some((a) => a.unit === 'bowman')).toBe(true)
    const roundabout = (a: Action) => (a.path as string[]).slice(0, 3).join() === 'H8,I8,J8'
    expect(moves.filter((a) => a.unit === 'carrier' && roundabout(a))).toEqual([])
    for (const move of moves) expect(() => act(slope, start, move)).not.toThrow()
  })

  it('a carrier killed in a hex he was passing through: the man is set down in the nearest free hex', () => {
    // The longbowman carries the stunned friend through F8, the rear hex of a loose horse, and
    // is shot dead there: the friend may not stay under the horse (soak, battle seed 317).
    const passing = croisades(
      [
        { id: 'carrier', type: 'welsh-longbowman', hex: 'H7' },
        { ...friend, hex: 'G7' },
        { id: 'horse', type: 'riderless-horse', hex: 'F7', facing: 'N' },
      ],
      [{ id: 'archer', type: 'saracen-foot-archer', hex: 'C8' }],
    )
    const start = stunnedFriend(passing)
    const move = carry(['G7', 'F8', 'E8', 'D8'], 'E8')
    let now = act(passing, start, { ...move, facing: undefined }).state
    // Defensive fire at each step until the one into F8: declined, then a 1 there.
    for (let i = 0; i < 6 && now.units.carrier?.hex !== 'F8'; i++)
      now = act(passing, now, { type: 'decline' }).state
    expect(now.units.carrier?.hex).toBe('F8')
    const shot = act(
      passing,
      { ...now, dice: forcedSource([1]) },
      { type: 'fire', unit: 'archer', target: 'carrier' },
    )
    expect(shot.state.units.carrier?.status).toBe('dead')
    expect(lines(shot.entries)).toContain('carrier sets friend down in G7')
    expect(shot.state.units.friend?.hex).toBe('G7')
  })

  it('refused: a friend who is not stunned, a path that misses him, a drop that is not free or not next to the end', () => {
    const start = stunnedFriend(loaded)
    const healthy = crusadersMove(loaded)
    expect(refused(loaded, healthy, carry(['E10', 'F10', 'G10'], 'G9')).message).toBe(
      'friend is healthy: only a unit that is stunned may be carried',
    )
    expect(refused(loaded, start, carry(['E10', 'E11'], 'E12')).message).toBe(
      'carrier does not pass through F10, where friend lies',
    )
    expect(refused(loaded, start, carry(['E10', 'F10', 'G10'], 'J10')).message).toBe(
      'friend cannot be set down in J10: it must be a free hex next to G10 that he could enter',
    )
  })

  it('a rider may not carry anyone', () => {
    const riders = croisades(
      [
        { id: 'carrier', type: 'average-knight', hex: 'F6', facing: 'S' },
        { ...friend, hex: 'F8' },
      ],
      [far],
    )
    const start = stunnedFriend(riders)
    expect(refused(riders, start, { ...carry(['F7', 'F8', 'F9'], 'G9'), facing: 'S' })).toEqual({
      message: 'carrier fills two hexes and cannot carry anyone',
      rule: 'B.1.53',
    })
  })
})
