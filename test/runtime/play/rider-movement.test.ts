/**
 * Riders on the move (B.1.55, T-CH-7; B.1.56; B.1.6): a two-hex counter's front enters hexes and
 * its rear follows, each step paying the terrain plus the turn it makes; a half-turn in place;
 * a charger moving along his declared route and nowhere else; no rider ends on another unit.
 * Played in Croisades tactical's movement phase on the olive grove, the rider in the open
 * ground around N10 heading south (his rear in N9).
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { boardOf, legalActions, openPrompt, startGame } from '../../../src/runtime'
import { hexesOf } from '../../../src/runtime/state/footprints'
import type { Placement } from './croisades-fixture'
import { lastEntries, passUntil, play, refusal, scenarioWith } from './croisades-fixture'

const rider = (hex = 'N10', facing = 'S'): Placement => ({
  id: 'rider',
  type: 'average-knight',
  hex,
  facing,
  side: 'crusaders',
})

function atMovement(units: Placement[]): { loaded: LoadedScenario; state: GameState } {
  const loaded = scenarioWith(units, { ruleset: 'croisades-tactical' })
  const { state } = startGame(loaded, { seed: 1 })
  return { loaded, state: passUntil(loaded, state, 'movement') }
}

const moves = (loaded: LoadedScenario, state: GameState, unit: string): Action[] =>
  legalActions(loaded, state)
    .filter((a) => a.type === 'move' && a.unit === unit)
    .map(({ side: _side, ...a }) => a as Action)

/** What a one-hex move of the rider into `hex` costs, as the log tells it. */
function stepCost(loaded: LoadedScenario, state: GameState, hex: string): number {
  const move = moves(loaded, state, 'rider').find(
    (a) => (a.path as string[]).length === 1 && (a.path as string[])[0] === hex,
  )
  if (move === undefined) throw new Error(`no one-hex move into ${hex}`)
  play(loaded, state, move)
  const logged = lastEntries.flatMap((e) => e.effects).find((e) => e.kind === 'move')
  return (logged as { cost: number }).cost
}

describe('a rider moves front first, his rear following (B.1.55, T-CH-7)', () => {
  it('CH-68: ahead and front diagonals cost the terrain, a flank +1, a rear diagonal +2, straight behind +3', () => {
    const { loaded, state } = atMovement([rider()])
    const board = boardOf(loaded)
    const around = (hex: string) => board.neighbors(hex)
    const front = 'N10'
    const rear = 'N9'
    const ahead = 'N11'
    const flanks = around(front).filter((h) => around(rear).includes(h))
    const diagonals = around(front).filter((h) => h !== ahead && h !== rear && !flanks.includes(h))
    const behind = 'N8'
    const rearDiagonals = around(rear).filter(
      (h) => h !== front && h !== behind && !flanks.includes(h),
    )
    for (const h of [ahead, ...flanks, ...diagonals, behind, ...rearDiagonals])
      expect(board.hex(h).terrain).toBe('flat')
    expect(stepCost(loaded, state, ahead)).toBe(1)
    for (const h of diagonals) expect(stepCost(loaded, state, h)).toBe(1)
    for (const h of flanks) expect(stepCost(loaded, state, h)).toBe(2)
    for (const h of rearDiagonals) expect(stepCost(loaded, state, h)).toBe(3)
    expect(stepCost(loaded, state, behind)).toBe(4)
  })

  it('the rear follows: into the front diagonal the old front becomes the rear', () => {
    const { loaded, state } = atMovement([rider()])
    const board = boardOf(loaded)
    const diagonal = board
      .neighbors('N10')
      .find((h) => h !== 'N11' && h !== 'N9' && !board.neighbors('N9').includes(h)) as string
    const after = play(
      loaded,
      state,
      moves(loaded, state, 'rider').find((a) => (a.path as string[]).join() === diagonal) as Action,
    )
    expect(hexesOf({ loaded, state: after }, 'rider')).toEqual([diagonal, 'N10'])
  })

  it('a half-turn in place costs 3 and swaps front and rear; no other turn in place', () => {
    const { loaded, state } = atMovement([rider()])
    const turns = legalActions(loaded, state).filter((a) => a.type === 'turn' && a.unit === 'rider')
    expect(turns.map((t) => t.facing)).toEqual(['N'])
    expect(refusal(loaded, state, { type: 'turn', unit: 'rider', facing: 'SE' })).toBe(
      'rider fills two hexes: in place he may only turn about, to face N',
    )
    const after = play(loaded, state, { type: 'turn', unit: 'rider', facing: 'N' })
    expect(hexesOf({ loaded, state: after }, 'rider')).toEqual(['N9', 'N10'])
    expect(after.flow?.activation?.units.rider?.mp).toBe(3)
  })

  it('a rider may not go into trees, nor end his move on another unit (B.1.51, B.1.6)', () => {
    const { loaded, state } = atMovement([
      rider(),
      { id: 'friend', type: 'sergeant', hex: 'N12', side: 'crusaders' },
    ])
    const board = boardOf(loaded)
    for (const move of moves(loaded, state, 'rider')) {
      const path = move.path as string[]
      for (const hex of path) expect(board.hex(hex).terrain).not.toBe('tree')
      const after = play(loaded, state, move)
      const mine = hexesOf({ loaded, state: after }, 'rider')
      expect(mine).toHaveLength(2)
      expect(mine).not.toContain('N12')
      expect(board.distance(mine[0] as string, mine[1] as string)).toBe(1)
    }
    // Through the friend is allowed, onto him is not.
    expect(moves(loaded, state, 'rider').some((m) => (m.path as string[]).includes('N12'))).toBe(
      true,
    )
    expect(refusal(loaded, state, { type: 'move', unit: 'rider', path: ['N11', 'N12'] })).toBe(
      'rider cannot move so: rider may not end his move on other units',
    )
  })
})

describe('a charger follows his declared route (B.1.56)', () => {
  it('moves along it and nowhere else, marked as charging', () => {
    const loaded = scenarioWith(
      [rider('I8'), { id: 'b', type: 'peasant', hex: 'I19', side: 'saracens' }],
      { ruleset: 'croisades-tactical' },
    )
    let state = passUntil(loaded, startGame(loaded, { seed: 1 }).state, 'charge-declaration')
    const route = ['I9', 'I10', 'I11', 'I12', 'I13', 'I14', 'I15', 'I16', 'I17', 'I18']
    state = play(loaded, state, { type: 'charge', unit: 'rider', target: 'b', route })
    state = passUntil(loaded, state, 'movement')
    expect(openPrompt(state)?.side).toBe('crusaders')
    expect(moves(loaded, state, 'rider')).toEqual([
      { type: 'move', unit: 'rider', path: route, facing: 'S' },
    ])
    expect(refusal(loaded, state, { type: 'move', unit: 'rider', path: ['I9'] })).toBe(
      `rider cannot move so: rider charges and must follow his route: ${route.join(', ')}`,
    )
    const after = play(loaded, state, { type: 'move', unit: 'rider', path: route })
    expect(hexesOf({ loaded, state: after }, 'rider')).toEqual(['I18', 'I17'])
    expect(after.units.rider?.markers.charge).toBe(1)
  })
})
