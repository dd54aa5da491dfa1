/**
 * 2.3 The die: the Tri-Pack games roll one ten-sided die read 0–9, a "0" being zero, not ten.
 * Checked on the system's dice, on every roll of seeded games played through the play path, and
 * on a loss check (3.0) where only a 0 read as zero keeps a side in the battle.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../src/runtime/rules/loaded'
import { formatProblem } from '../../src/runtime/content/problems'
import { playAction, startGame } from '../../src/runtime/play'
import { policySeed, randomLegal } from '../../src/runtime/play/ai'
import type { ResolutionRecord } from '../../src/runtime/rules'
import type { GameState } from '../../src/runtime/state'
import { bundledLibrary, bundledRuleset } from './bundled'

function battle(id: string): LoadedScenario {
  const loaded = bundledLibrary().scenario(id)
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  return loaded.value
}

/** Every resolution record of a seeded game played by random legal choices. */
function seededRolls(loaded: LoadedScenario, seed: number, actions: number): ResolutionRecord[] {
  let state = startGame(loaded, { seed }).state
  let rng = policySeed(seed)
  const records: ResolutionRecord[] = []
  for (let i = 0; i < actions && state.outcome === null; i++) {
    const choice = randomLegal(loaded, state, rng)
    if (choice === null) break
    rng = choice.rng
    const result = playAction(loaded, state, choice.action)
    if (!result.ok) throw new Error(result.error.message)
    state = result.state
    for (const entry of result.entries) records.push(...entry.records)
  }
  return records
}

describe('2.3 the die is a d10 read 0 to 9', () => {
  it('2.3 the system rolls one ten-sided die with faces 0 to 9, and every game keeps it', () => {
    for (const id of ['men-of-iron-system', 'men-of-iron', 'infidel', 'blood-and-roses']) {
      const ruleset = bundledRuleset(id).ruleset
      expect(ruleset.dice).toEqual([
        { id: 'd10', label: 'd10 (0-9)', count: 1, sides: 10, faces: 'zero-based' },
      ])
      // Every resolution that rolls, rolls that die.
      for (const r of ruleset.resolutions ?? [])
        if ('dice' in r && r.dice !== undefined) expect(r.dice, `${id}: ${r.id}`).toBe('d10')
    }
  })

  it('2.3 every roll of seeded games through the play path is one die from 0 to 9, 0 and 9 among them', () => {
    const records = [
      ...seededRolls(battle('tewkesbury-1471'), 1, 120),
      ...seededRolls(battle('arsuf-1191'), 2, 120),
    ]
    const rolled = records.flatMap((r) => (r.dice === undefined ? [] : [r.dice]))
    expect(rolled.length).toBeGreaterThan(40)
    for (const dice of rolled) {
      expect(dice.notation).toBe('d10z')
      expect(dice.faces).toHaveLength(1)
      expect(dice.natural).toBe(dice.faces[0])
      expect(Number.isInteger(dice.natural)).toBe(true)
      expect(dice.natural).toBeGreaterThanOrEqual(0)
      expect(dice.natural).toBeLessThanOrEqual(9)
    }
    // Both ends of the die come up: 0 (not 10) and 9.
    const faces = new Set(rolled.map((d) => d.natural))
    expect(faces.has(0) && faces.has(9)).toBe(true)
  })

  describe('2.3 a 0 is zero, not ten (loss check, 3.0)', () => {
    // Tewkesbury: the Yorkists lose when the roll plus their flight points exceeds 22. With 22
    // points on the track only a 0 read as zero saves them.
    const loaded = battle('tewkesbury-1471')
    const SEIZURE_DRAWS = [0, 0, 0, 0, 0, 0, 0]

    function lossCheckAfterPass(yorkistDie: number): {
      state: GameState
      record: ResolutionRecord
    } {
      const state = structuredClone(
        startGame(loaded, { forced: [...SEIZURE_DRAWS, yorkistDie, 0] }).state,
      )
      const yorkists = state.sides.yorkists
      if (yorkists === undefined) throw new Error('no yorkists')
      yorkists.tracks['flight-points'] = 22
      const result = playAction(loaded, state, { type: 'pass' })
      if (!result.ok) throw new Error(result.error.message)
      const record = result.entries
        .flatMap((e) => e.records)
        .find((r) => r.resolution.id === 'loss-check')
      if (record === undefined) throw new Error('no loss check')
      return { state: result.state, record }
    }

    it('2.3 a forced 0 adds nothing to the flight points: 22, not 32, and the Yorkists stay', () => {
      const { state, record } = lossCheckAfterPass(0)
      expect(record.dice).toMatchObject({ faces: [0], natural: 0 })
      expect(record.roll).toMatchObject({ natural: 0, final: 22 })
      expect(record.outcome).toBe('success')
      expect(state.outcome).toBeNull()
    })

    it('2.3 a forced 1 is the least roll that loses them the battle', () => {
      const { state, record } = lossCheckAfterPass(1)
      expect(record.roll).toMatchObject({ natural: 1, final: 23 })
      expect(record.outcome).toBe('failure')
      expect(state.outcome?.losers).toEqual(['yorkists'])
    })

    it('2.3 a forced 10 is not a face of the die', () => {
      const state = startGame(loaded, { forced: [...SEIZURE_DRAWS, 10, 0] }).state
      const result = playAction(loaded, state, { type: 'pass' })
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.message).toContain('not a face of d10 (0–9)')
    })
  })
})
