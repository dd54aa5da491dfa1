/**
 * What the playtest view shows for a selected unit in a movement phase (Tri-Pack 7.2): the
 * hexes it can reach with their movement point cost and the hexes where it must stop, read off
 * the legal move actions; and why a unit that may not act has nothing to show. Agincourt as
 * shipped, the Duke of York's battle activated.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt } from '../../../../src/runtime/play'
import { unitOptions } from '../../../../src/runtime/play/inspect'
import { boardOf } from '../../../../src/runtime/state/board'
import type { Action, GameState } from '../../../../src/runtime/state'
import { bundled, lastOf, legalOf, played } from './helpers'

const agincourt = bundled('agincourt-1415')
const board = boardOf(agincourt)
const york = played(agincourt, [{ type: 'activate', kind: 'battle', command: 'york' }])

/** Whether an enemy combat unit of `side` stands next to the hex. */
function enemyNextTo(state: GameState, side: string, hex: string): boolean {
  const leaders = new Set(
    agincourt.scenario.sides.flatMap((s) => s.commands ?? []).map((c) => c.leader),
  )
  return board
    .neighbors(hex)
    .some((n) =>
      Object.entries(state.units).some(
        ([id, u]) => u.hex === n && u.location === 'map' && u.side !== side && !leaders.has(id),
      ),
    )
}

describe('moves of the selected unit', () => {
  it('are the legal move actions of that unit, by destination, with their paths and facings', () => {
    expect(openPrompt(york)?.kind).toBe('move-and-fire')
    for (const id of ['york-lb-1', 'york-dm-1', 'york-dm-2', 'duke-of-york']) {
      const options = unitOptions(agincourt, york, id)
      const legal = legalOf(agincourt, york, 'move', id)
      expect(legal.length).toBeGreaterThan(0)
      expect(options.moves.map((m) => m.hex).sort()).toEqual(
        [...new Set(legal.map((a) => lastOf(a.path)))].sort(),
      )
      expect(options.moves.flatMap((m) => m.actions)).toHaveLength(legal.length)
      for (const move of options.moves) {
        const to = legal.filter((a) => lastOf(a.path) === move.hex)
        expect(move.actions).toEqual(to)
        expect(move.path).toEqual(to[0]?.path)
        expect(move.cost).toBeLessThanOrEqual(options.budget as number)
        expect(move.facings.sort()).toEqual(
          [
            ...new Set(to.flatMap((a) => (a.facing === undefined ? [] : [String(a.facing)]))),
          ].sort(),
        )
      }
    }
  })

  it('a leader has no facing to end with; a unit may end facing any of the six vertices (8.0)', () => {
    const leader = unitOptions(agincourt, york, 'duke-of-york')
    expect(leader.moves.every((m) => m.facings.length === 0)).toBe(true)
    const unit = unitOptions(agincourt, york, 'york-lb-1')
    expect(unit.moves.every((m) => m.facings.length === 6)).toBe(true)
  })

  it('7.2 costs come from the Terrain Chart: clear 1, a hedge hexside +1 for foot, light woods 2 for foot', () => {
    const options = unitOptions(agincourt, york, 'york-lb-1')
    expect(options.costUnit).toBe('mp')
    expect(options.budget).toBe(4)
    const at = (hex: string) => options.moves.find((m) => m.hex === hex)
    // 1718 → 1618: clear (Terrain Chart, Clear: 1 MP).
    expect(board.hex('1618').terrain).toBe('clear')
    expect(at('1618')).toMatchObject({ cost: 1, path: ['1618'], stop: false })
    // 1718 → 1817: clear, across the hedge on the 1718/1817 hexside (Hedge: +1 MP foot).
    expect(board.hexside('1718', '1817').types).toContain('hedge')
    expect(at('1817')).toMatchObject({ cost: 2, path: ['1817'], stop: false })
    // Then into 1917, light woods (Light Woods: 2 MP foot): 2 + 2.
    expect(board.hex('1917').terrain).toBe('light-woods')
    expect(at('1917')).toMatchObject({ cost: 4, path: ['1817', '1917'] })
  })

  it('7.2 a hex next to an enemy unit is where the unit must stop; no other hex is', () => {
    const options = unitOptions(agincourt, york, 'york-lb-1')
    const stops = options.moves.filter((m) => m.stop).map((m) => m.hex)
    expect(stops.sort()).toEqual(['1515', '1615', '1715'])
    for (const move of options.moves)
      expect([move.hex, move.stop]).toEqual([move.hex, enemyNextTo(york, 'english', move.hex)])
    // Every hex beyond a forced stop is out of reach through it.
    for (const move of options.moves)
      expect(move.path.slice(0, -1).some((h) => enemyNextTo(york, 'english', h))).toBe(false)
  })

  it('shows what the move spends when it is played, and nothing more to move once it stopped', () => {
    const options = unitOptions(agincourt, york, 'york-lb-1')
    const to1615 = options.moves.find((m) => m.hex === '1615')
    // 1717 across the hedge (2), then 1616 and 1615, clear (1 each).
    expect(to1615).toMatchObject({ cost: 4, stop: true, path: ['1717', '1616', '1615'] })
    const action = to1615?.actions.find((a) => a.facing === 'NW')
    expect(action).toBeDefined()
    const after = played(agincourt, [
      { type: 'activate', kind: 'battle', command: 'york' },
      action as Action,
    ])
    expect(after.flow?.activation?.units['york-lb-1']?.mp).toBe(to1615?.cost)
    const now = unitOptions(agincourt, after, 'york-lb-1')
    expect(now.moves).toEqual([])
    expect(now.budget).toBeNull()
    expect(legalOf(agincourt, after, 'move', 'york-lb-1')).toEqual([])
  })

  it('lists the legal turns of the unit and nothing of the other units', () => {
    const options = unitOptions(agincourt, york, 'york-lb-1')
    expect(options.turns.map((t) => t.action)).toEqual(
      legalOf(agincourt, york, 'turn', 'york-lb-1'),
    )
    expect(options.turns.map((t) => t.facing).sort()).toEqual(['NE', 'NW', 'S', 'SE', 'SW'])
    expect(options.transforms).toEqual([])
    expect(options.other).toEqual([])
    const everything = [
      ...options.moves.flatMap((m) => m.actions),
      ...options.fire.map((f) => f.action),
      ...options.turns.map((t) => t.action),
    ]
    expect(everything.every((a) => a.unit === 'york-lb-1')).toBe(true)
    expect(legalActions(agincourt, york).filter((a) => a.unit === 'york-lb-1')).toHaveLength(
      everything.length,
    )
  })
})

describe('a unit that may not act', () => {
  it('of the side not deciding: nothing to show, and the side deciding named', () => {
    const options = unitOptions(agincourt, york, 'vanguard-dm-6')
    expect(options).toMatchObject({
      side: 'french',
      prompt: 'move-and-fire',
      budget: null,
      moves: [],
      fire: [],
      shock: [],
      turns: [],
      transforms: [],
      other: [],
    })
    expect(options.why).toBe(
      'Vanguard men-at-arms 6 belongs to French royal army, and English army of Henry V is the side deciding now (move-and-fire)',
    )
  })

  it('6.1 of a battle not activated: the movement rules say why', () => {
    const camoys = Object.keys(york.units).find((id) => york.units[id]?.command === 'camoys')
    expect(camoys).toBeDefined()
    const options = unitOptions(agincourt, york, camoys as string)
    expect(options.moves).toEqual([])
    expect(options.turns).toEqual([])
    expect(options.why).toBe(`${camoys} is not part of the activated command`)
  })

  it('while the side chooses an activation, a unit has no part in the decision', () => {
    const start = played(agincourt, [])
    expect(openPrompt(start)?.kind).toBe('activation-choice')
    const options = unitOptions(agincourt, start, 'york-lb-1')
    expect(options.moves).toEqual([])
    expect(options.why).toMatch(/^york-lb-1 has no part in this decision: choose a free activation/)
  })
})
