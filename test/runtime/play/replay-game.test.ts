/**
 * Saved games of games played under the sequence of play replay through the play engine to the
 * same state hash (DESIGN: same scenario + seed + actions → same hash), and a tampered save says so.
 */
import { describe, expect, it } from 'vitest'
import { replayGame } from '../../../src/runtime/play'
import { playout, randomLegal } from '../../../src/runtime/play/ai'
import { replay, saveGame, stateHash } from '../../../src/runtime/state'
import { bundledScenario } from './playouts/harness'

const loaded = bundledScenario('sample-skirmish')

describe('replayGame', () => {
  const game = playout(loaded, 21, randomLegal, 120)
  const save = saveGame(loaded, { seed: 21 }, game.actions, game.state)

  it('replays a played game to the saved state hash', () => {
    const replayed = replayGame(loaded, JSON.parse(JSON.stringify(save)))
    expect(replayed.ok).toBe(true)
    if (replayed.ok) {
      expect(replayed.hashMatches).toBe(true)
      expect(replayed.hash).toBe(stateHash(game.state))
      // The start of the game is logged too, before the actions.
      expect(replayed.entries.length).toBe(game.actions.length + 1)
    }
  })

  it('does not replay a played game in the sandbox, where its actions mean nothing', () => {
    const sandbox = replay(loaded, save)
    expect(sandbox.ok).toBe(false)
  })

  it('reports a save whose actions were changed', () => {
    const changed = { ...save, actions: save.actions.slice(0, -1) }
    const replayed = replayGame(loaded, changed)
    expect(replayed.ok && replayed.hashMatches).toBe(false)
  })
})
