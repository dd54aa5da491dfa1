/**
 * A move the engine has just listed as legal is played without its path being checked a second
 * time (movement/moves.ts, MoveListing), on the Men of Iron test scenario (test/fixtures/movement):
 * such a move must give exactly what the same move checked afresh gives, and a listing must never
 * vouch for a move on any other state, or for a path it did not list.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, playAction, playActionInPlace } from '../../../../src/runtime/play'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import type { PlayContext } from '../../../../src/runtime/play'
import { moveChoices } from '../../../../src/runtime/play/movement/moves'
import type { Frame } from '../../../../src/runtime/state/flow-types'
import type { Action, GameState } from '../../../../src/runtime/state'
import { stateHash } from '../../../../src/runtime/state'
import { cloneGameState } from '../../../../src/runtime/state/game-state'
import { setPlace } from '../../../../src/runtime/state/occupancy'
import { activate, loadMovement, play, setUp } from './helpers'
import type { Placement } from './helpers'

const loaded = loadMovement('move-moi')
/**
 * Six clear hexes from 0304 to 0904, 1 MP each for mounted men-at-arms (7.2): its whole
 * allowance, and the cheapest path the listing gives to 0904.
 */
const EAST = ['0403', '0503', '0602', '0703', '0803', '0904']

/** red-mm-1 one hex on, 1 MP: a first leg of its move. */
const ONE_HEX: Action = { type: 'move', unit: 'red-mm-1', path: ['0404'], facing: 'E' }

function horseActivated(): GameState {
  return activate(loaded, setUp(loaded, { 'red-mm-1': '0304', 'red-lord': '0304' }), 'red-horse')
}

function listedMove(state: GameState, path: readonly string[]): Action {
  const found = legalActions(loaded, state).find(
    (a) =>
      a.type === 'move' &&
      a.unit === 'red-mm-1' &&
      a.facing === 'E' &&
      a.with === undefined &&
      JSON.stringify(a.path) === JSON.stringify(path),
  )
  if (found === undefined) throw new Error(`no listed move of red-mm-1 along ${path.join(' ')}`)
  return found
}

describe('a move just listed is not checked again (7.1, 7.2)', () => {
  it('gives the state and the log line of the same move checked afresh', () => {
    const state = horseActivated()
    const listed = listedMove(state, EAST)
    // A copy of the state was never listed: the same move there has its path checked.
    const unlisted = cloneGameState(state)
    const trusted = play(loaded, state, listed)
    const checked = play(loaded, unlisted, JSON.parse(JSON.stringify(listed)) as Action)
    expect(trusted.entry.text).toBe(checked.entry.text)
    expect(trusted.entry.text).toContain('(6 MP)')
    expect(stateHash(trusted.state)).toBe(stateHash(checked.state))
  })

  it('keeps the paths it lists frozen, so a listed move cannot be bent afterwards', () => {
    const listed = listedMove(horseActivated(), EAST)
    expect(Object.isFrozen(listed.path)).toBe(true)
    expect(() => (listed.path as string[]).push('1004')).toThrow(TypeError)
  })

  it('checks a path the listing did not give, even in a move object it listed', () => {
    const state = horseActivated()
    const listed = listedMove(state, EAST)
    const result = playAction(loaded, state, { ...listed, path: [...EAST, '1004'] })
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(result.error.message).toBe(
        'red-mm-1 has 6 movement points left; the path to 1004 needs 7',
      )
  })

  it('does not vouch for a move once the state it listed has been played on in place', () => {
    const state = horseActivated()
    const listed = listedMove(state, EAST)
    // The same object, one action on: the unit has spent 1 MP and stands in 0404.
    const first = playActionInPlace(loaded, state, ONE_HEX)
    expect(first.ok).toBe(true)
    const again = playActionInPlace(loaded, state, listed)
    expect(again.ok).toBe(false)
  })

  it('does not vouch for a move once a unit of the state it listed has been moved', () => {
    const state = horseActivated()
    const listed = listedMove(state, EAST)
    // The same state object at the same action count, but an enemy now stands on the path.
    setPlace(state, 'blue-pk-1', '0602', 'map')
    const result = playAction(loaded, state, listed)
    expect(result.ok).toBe(false)
    // Checked afresh: the enemy's influence now stops the unit before it.
    if (!result.ok)
      expect(result.error.message).toBe(
        'red-mm-1 must stop in 0503, having come under enemy influence there',
      )
  })

  it('does not vouch for a move on another state of the same game', () => {
    const state = horseActivated()
    const listed = listedMove(state, EAST)
    const after = play(loaded, state, ONE_HEX).state
    expect(playAction(loaded, after, listed).ok).toBe(false)
    // The state it was listed on still takes it.
    expect(playAction(loaded, state, listed).ok).toBe(true)
  })
})

describe('a listing of many pieces (7.1, 7.2, 11.2, 14.5)', () => {
  /**
   * One listing shares what entering an empty hex means between pieces alike (reach.ts,
   * sharedPlains): each piece must still get the very moves a listing of it alone gives, which
   * works out fresh facts for that piece (a context without a memo shares nothing).
   */
  function eachAsAlone(loaded: LoadedScenario, state: GameState, pieceCount: number): void {
    const frame = state.flow?.stack[state.flow.stack.length - 1] as Frame
    const all = legalActions(loaded, state).filter((a) => a.type === 'move')
    const pieces = [...new Set(all.map((a) => a.unit as string))]
    expect(pieces.length).toBe(pieceCount)
    for (const id of pieces) {
      const ctx: PlayContext = { loaded, state, applied: [], pending: [], records: [] }
      const alone = moveChoices(ctx, frame, [id])
      expect(JSON.stringify(all.filter((a) => a.unit === id)), id).toBe(JSON.stringify(alone))
    }
  }

  it('gives each piece the moves it has alone, its leader, a genitor and the enemy near', () => {
    // The horse next to the blue host: enemy influence, stops, a genitor exempt from stopping,
    // a leader who may not enter a hex next to the enemy on his own.
    const near: Record<string, Placement> = {
      'red-lord': '1104',
      'red-mm-1': '1104',
      'red-mm-2': '1105',
      'red-ge-1': { hex: '1203', facing: 'E' },
      'red-mh-1': '1005',
      'red-dh-1': '1003',
      'blue-pk-1': { hex: '1403', facing: 'W' },
      'blue-pk-2': { hex: '1405', facing: 'W' },
      'blue-lord': '1504',
    }
    eachAsAlone(loaded, activate(loaded, setUp(loaded, near), 'red-horse'), 7)
  })

  it('gives each piece the moves it has alone on a 64 by 48 map', () => {
    const large = loadMovement('move-large')
    eachAsAlone(large, activate(large, setUp(large), 'l-red'), 21)
  })
})
