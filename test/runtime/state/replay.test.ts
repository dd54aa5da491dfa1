/**
 * Determinism: the state hash, saved games, and replay. Same scenario + dice + actions must give
 * the same state hash, every time.
 */
import { fc, test as propertyTest } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import {
  applyAction,
  canonicalJson,
  createInitialState,
  extraVariants,
  hashText,
  migrateSavedGame,
  replay,
  saveGame,
  stateHash,
} from '../../../src/runtime/state'
import type { Action, DiceChoice, GameState } from '../../../src/runtime/state'
import { loadScenario } from './helpers'
import { replayGame } from '../../../src/runtime/play'
import { playout as playGame, randomLegal } from '../../../src/runtime/play/ai'
import { bundledLibrary } from '../../content/bundled'

const loaded = loadScenario('state', 'kernel-skirmish')

describe('canonicalJson and hashText', () => {
  it('writes object keys in sorted order at every depth, arrays in their order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    )
    expect(stateHash({ a: 1, b: 2 })).toBe(stateHash({ b: 2, a: 1 }))
    expect(stateHash([1, 2])).not.toBe(stateHash([2, 1]))
  })

  it('refuses what JSON cannot carry instead of hashing it silently', () => {
    expect(() => canonicalJson({ a: undefined })).toThrow('state field "a" is undefined')
    expect(() => canonicalJson({ a: Number.NaN })).toThrow('NaN')
    expect(() => canonicalJson({ a: () => 1 })).toThrow('function')
  })

  it('keeps its golden values (the first half is FNV-1a over UTF-16LE, computed independently)', () => {
    expect(hashText('')).toBe('811c9dc5ebb6c228')
    expect(hashText('a')).toBe('2b24d04411caa9f5')
    expect(hashText('hexwright')).toBe('ad4c2077c9db305e')
    expect(hashText('é€')).toBe('3a92d64004d50123')
  })
})

/** Actions chosen by `picks` among those the game can take; refused ones are left out. */
function playout(
  dice: DiceChoice,
  picks: readonly number[],
): { actions: Action[]; state: GameState } {
  let state = createInitialState(loaded, dice)
  const actions: Action[] = []
  for (const pick of picks) {
    const units = Object.entries(state.units).filter(([, u]) => u.location === 'map')
    const north = units.filter(([, u]) => u.side === 'north').map(([id]) => id)
    const south = units.filter(([, u]) => u.side === 'south').map(([id]) => id)
    const candidates: Action[] = [{ type: 'end-phase' }]
    if (north.length > 0 && south.length > 0) {
      const a = north[pick % north.length] as string
      const d = south[(pick >> 3) % south.length] as string
      candidates.push({ type: 'resolve', resolution: 'clash', attackers: [a], defenders: [d] })
      candidates.push({ type: 'resolve', resolution: 'clash', attackers: [d], defenders: [a] })
      candidates.push({ type: 'resolve', resolution: 'volley', firer: a, target: d })
      candidates.push({ type: 'resolve', resolution: 'nerve', unit: d })
    }
    const action = candidates[(pick >> 6) % candidates.length] as Action
    const result = applyAction(loaded, state, action)
    if (!result.ok) continue
    state = result.state
    actions.push(action)
  }
  return { actions, state }
}

describe('determinism', () => {
  it('gives the same state hash for the same seed and actions, and another for another seed', () => {
    const picks = Array.from({ length: 60 }, (_, i) => (i * 7919) % 1024)
    const a = playout({ seed: 42 }, picks)
    const b = playout({ seed: 42 }, picks)
    expect(a.actions.length).toBeGreaterThan(20)
    expect(stateHash(a.state)).toBe(stateHash(b.state))
    // The same actions with other dice: at least the generator state differs.
    let other = createInitialState(loaded, { seed: 43 })
    for (const action of a.actions) {
      const step = applyAction(loaded, other, action)
      if (step.ok) other = step.state
    }
    expect(stateHash(other)).not.toBe(stateHash(a.state))
  })

  propertyTest.prop(
    [fc.nat({ max: 0xffffffff }), fc.array(fc.nat({ max: 1023 }), { maxLength: 40 })],
    { numRuns: 40 },
  )('a saved game replays to the state it was saved from', (seed, picks) => {
    const { actions, state } = playout({ seed }, picks)
    const save = saveGame(loaded, { seed }, actions, state)
    const replayed = replay(loaded, JSON.parse(JSON.stringify(save)))
    expect(replayed.ok).toBe(true)
    if (replayed.ok) {
      expect(replayed.hash).toBe(stateHash(state))
      expect(replayed.hashMatches).toBe(true)
      expect(replayed.entries.length).toBe(actions.length)
    }
  })
})

describe('saved games', () => {
  const dice = { seed: 9 }
  const { actions, state } = playout(dice, [64, 65, 3, 130, 200, 0, 77, 512])

  it('follow the saved-game schema and carry scenario, dice, options, actions and the hash', () => {
    const save = saveGame(loaded, dice, actions, state, {
      savedAt: '2026-11-22T10:00:00Z',
      name: 'Test game',
    })
    expect(migrateSavedGame(save)).toEqual({ ok: true, save })
    expect(save).toMatchObject({
      format: 'hexwright-saved-game',
      schemaVersion: 1,
      scenario: 'kernel-skirmish',
      options: { 'hard-ground': false },
      dice: { kind: 'seeded', seed: 9 },
      stateHash: stateHash(state),
      savedAt: '2026-11-22T10:00:00Z',
    })
    expect(save.actions).toEqual(actions)
  })

  it('replay a game played with physical dice from the faces read', () => {
    const forced = { forced: [6, 1, 4, 4, 2, 5, 3, 6] }
    const played = playout(forced, [64, 65, 66, 67, 64, 65])
    const replayed = replay(loaded, saveGame(loaded, forced, played.actions, played.state))
    expect(replayed.ok && replayed.hashMatches).toBe(true)
  })

  it('report a replay that does not reach the saved hash', () => {
    const save = { ...saveGame(loaded, dice, actions, state), stateHash: '0000000000000000' }
    const replayed = replay(loaded, save)
    expect(replayed.ok && replayed.hashMatches).toBe(false)
  })

  it('name the action a replay refuses, counting from 1', () => {
    const save = saveGame(
      loaded,
      dice,
      [{ type: 'end-phase' }, { type: 'place', unit: 'nobody', hex: '0101' }],
      state,
    )
    expect(replay(loaded, save)).toEqual({
      ok: false,
      error: {
        message: 'action 2 (Place nobody in 0101) is not allowed: there is no unit "nobody"',
        actionIndex: 1,
      },
    })
  })

  it('name the first action whose state is not the one saved with it', () => {
    const save = saveGame(loaded, dice, actions, state)
    const right = replay(loaded, save)
    if (!right.ok) throw new Error(right.error.message)
    // The hashes of the states after each action, the second one changed.
    const hashes = actions.map(() => '')
    let s = createInitialState(loaded, dice)
    actions.forEach((action, i) => {
      const next = applyAction(loaded, s, action)
      if (!next.ok) throw new Error(next.error.message)
      s = next.state
      hashes[i] = stateHash(s)
    })
    expect(hashes.at(-1)).toBe(save.stateHash)
    expect(replay(loaded, { ...save, stateHashes: hashes })).toMatchObject({ ok: true })
    const wrong = [...hashes]
    wrong[1] = '0123456789abcdef'
    const parted = replay(loaded, { ...save, stateHashes: wrong })
    expect(parted).toMatchObject({ ok: false, error: { actionIndex: 1, diverged: true } })
    if (parted.ok) return
    expect(parted.error.message).toMatch(
      /^action 2 \(.+\) is the first to part from the game saved: it leads to state [0-9a-f]{16}, not 0123456789abcdef as when it was saved/,
    )
    // A list of hashes that does not fit the actions is refused before any replay.
    const short = replay(loaded, { ...save, stateHashes: hashes.slice(1) })
    expect(short).toMatchObject({ ok: false, error: { actionIndex: null } })
  })

  it('refuse to replay on another scenario, variant or option setting', () => {
    const save = saveGame(loaded, dice, actions, state)
    const chain = loadScenario('state', 'kernel-skirmish', { variants: ['kernel-chain'] })
    expect(replay(chain, save)).toEqual({
      ok: false,
      error: {
        message:
          'the game was saved with no variants, but the scenario is loaded with "kernel-chain"',
        actionIndex: null,
      },
    })
    const hard = loadScenario('state', 'kernel-skirmish', { options: { 'hard-ground': true } })
    expect(replay(hard, save)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('optional rule "hard-ground" off') },
    })
    expect(replay(loaded, { ...save, scenario: 'other' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('saved for scenario "other"') },
    })
  })

  it.each([
    ['{ not json', 'the saved game is not JSON'],
    [[], 'a saved game must be a JSON object'],
    [{ format: 'chess' }, '"format" must be "hexwright-saved-game"'],
    [
      { format: 'hexwright-saved-game', schemaVersion: 0 },
      '"schemaVersion" of a saved game must be a whole number from 1',
    ],
    [
      { format: 'hexwright-saved-game', schemaVersion: 99 },
      'saved by a newer Hexwright (saved-game version 99',
    ],
    [
      { format: 'hexwright-saved-game', schemaVersion: 1, scenario: 'x' },
      'the saved game is malformed',
    ],
  ])('refuse a malformed save %j with a sentence', (input, message) => {
    const result = migrateSavedGame(input)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toContain(message)
  })
})

describe('a game played with a variant, of a scenario that changes its victory conditions', () => {
  it('saves the variant, so it replays under the same rules (Infidel v1.2 over Tri-Pack Infidel)', () => {
    const library = bundledLibrary()
    const played = library.scenario('sample-skirmish', { variants: ['infidel-v1-2'] })
    if (!played.ok) throw new Error('the sample does not load with the 1.2 rules')
    // The scenario's own victory section is a layer over the variant: the chain must survive it.
    expect(played.value.rules.ruleset.chain.at(-1)).toBe('infidel-v1-2')
    expect(extraVariants(played.value)).toEqual(['infidel-v1-2'])
    const game = playGame(played.value, 5, randomLegal, 60)
    const save = saveGame(played.value, { seed: 5 }, game.actions, game.state)
    expect(save.variants).toEqual(['infidel-v1-2'])
    expect(replayGame(played.value, save)).toMatchObject({ ok: true, hashMatches: true })
  })
})
