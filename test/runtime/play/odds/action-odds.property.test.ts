/**
 * The exact odds of a legal action against brute force (issue 5, "exact odds before a combat"):
 * in games of the bundled scenarios reached by seeded random play, a legal action that rolls is
 * picked — a shot, an attack, a declaration closing the shock phase, a continuation or seizure
 * attempt, whatever the open prompt offers — and its first roll's odds are compared with the
 * action played once for every face combination of that roll's dice. The odds never change the
 * game they are worked out on.
 */
import { fc, test as prop } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { actionOdds, legalActions, whatIfOdds } from '../../../../src/runtime/play'
import type { RollOdds } from '../../../../src/runtime/play'
import { outcomeKey } from '../../../../src/runtime/rules'
import type { Action, GameState } from '../../../../src/runtime/state'
import { stateHash } from '../../../../src/runtime/state'
import { bruteForce, bundledScenario, firstRecord, observedAndRecorded, playedTo } from './helpers'

const SCENARIOS = ['agincourt-1415', 'arsuf-1191', 'tewkesbury-1471', 'ascalon-1099']

interface Candidate {
  action: Action
  rolls: RollOdds[]
}

const listed = new Map<string, Candidate[]>()

/** Actions of each type tried: a prompt may offer a thousand moves, which seldom roll. */
const PER_TYPE = 6

/** Up to PER_TYPE legal actions of each type, spread over the listing. */
function sampled(actions: readonly Action[]): Action[] {
  const byType = new Map<string, Action[]>()
  for (const a of actions) byType.set(a.type, [...(byType.get(a.type) ?? []), a])
  return [...byType.values()].flatMap((all) => {
    const every = Math.max(1, Math.ceil(all.length / PER_TYPE))
    return all.filter((_, i) => i % every === 0)
  })
}

/**
 * Legal actions of the open prompt (a sample of each type) whose first roll is a roll of its
 * own (not the faces of an earlier one).
 */
function rollingActions(loaded: LoadedScenario, state: GameState, key: string): Candidate[] {
  const known = listed.get(key)
  if (known !== undefined) return known
  const found: Candidate[] = []
  for (const action of sampled(legalActions(loaded, state))) {
    const odds = actionOdds(loaded, state, action)
    // A legal action is never refused, with any dice.
    expect(odds, JSON.stringify(action)).toMatchObject({ ok: true })
    if (odds.ok && odds.rolls.length > 0 && odds.rolls[0]?.forced !== true)
      found.push({ action, rolls: odds.rolls })
  }
  listed.set(key, found)
  return found
}

/** Picks one candidate, each resolution first rolled as likely as the others. */
function choose(candidates: readonly Candidate[], pick: number): Candidate {
  const groups = new Map<string, Candidate[]>()
  for (const c of candidates) {
    const id = c.rolls[0]?.resolution ?? ''
    groups.set(id, [...(groups.get(id) ?? []), c])
  }
  const group = [...groups.values()][pick % groups.size] as Candidate[]
  return group[Math.floor(pick / groups.size) % group.length] as Candidate
}

const attack = fc.record({
  scenario: fc.constantFrom(...SCENARIOS),
  seed: fc.integer({ min: 1, max: 3 }),
  step: fc.integer({ min: 0, max: 80 }),
  pick: fc.nat(),
})

describe('actionOdds against brute-force enumeration (property)', () => {
  prop.prop([attack], { numRuns: 50 })(
    "the first roll's odds count exactly the face combinations giving each result",
    ({ scenario, seed, step, pick }) => {
      const loaded = bundledScenario(scenario)
      let state: GameState | null = null
      let candidates: Candidate[] = []
      // The first state from `step` on with an action that rolls (most have one).
      for (let s = step; s < step + 8 && candidates.length === 0; s++) {
        state = playedTo(scenario, seed, s)
        candidates = rollingActions(loaded, state, `${scenario}:${seed}:${s}`)
      }
      fc.pre(state !== null && candidates.length > 0)
      const game = state as GameState
      const { action } = choose(candidates, pick)

      const hash = stateHash(game)
      const dice = structuredClone(game.dice)
      const odds = actionOdds(loaded, game, action)
      expect(stateHash(game)).toBe(hash)
      expect(game.dice).toEqual(dice)
      if (!odds.ok) throw new Error(odds.message)
      const [first, ...later] = odds.rolls as [RollOdds, ...RollOdds[]]
      expect(first.afterFirst).toBeUndefined()
      expect(later.every((r) => r.afterFirst === true)).toBe(true)
      // Every roll the action makes is weighed, however deep in the sequence of play.
      const seen = observedAndRecorded(loaded, game, action)
      expect(seen.observed).toEqual(seen.recorded)
      expect(odds.rolls.map((r) => r.resolution)).toEqual(seen.observed)

      const dist = first.distribution
      const ways = new Map(dist.outcomes.map((o) => [o.key, o.ways]))
      const what = `${JSON.stringify(action)}: ${first.label}, ${first.who}`
      if (dist.dice === undefined) {
        // Certain (an automatic result): whatever the dice, the one outcome.
        expect(ways).toEqual(new Map([[dist.outcomes[0]?.key, 1]]))
        const record = firstRecord(loaded, game, action, [])
        expect(outcomeKey(record), what).toBe(dist.outcomes[0]?.key)
        return
      }
      const brute = bruteForce(loaded, game, action, dist.dice.id)
      expect(brute.mismatched, what).toEqual([])
      expect(brute.counts, what).toEqual(ways)
      expect(brute.total).toBe(dist.dice.outcomes)
      expect(dist.outcomes.reduce((sum, o) => sum + o.ways, 0)).toBe(dist.dice.outcomes)

      // A shot weighed in the panel, set up as the game would roll it, has the same odds.
      if (action.type === 'fire') {
        const panel = whatIfOdds(loaded, game, first.request)
        expect(panel, what).toMatchObject({ ok: true, resolution: first.resolution })
        if (panel.ok) {
          expect(panel.distribution.record.rollModifiers).toEqual(dist.record.rollModifiers)
          expect(panel.distribution.outcomes).toEqual(dist.outcomes)
        }
      }
    },
  )
})
