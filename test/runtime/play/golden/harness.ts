/**
 * The golden games (tools/golden.ts): seeds 1–50 of every bundled scenario, played by
 * `randomLegal`, must take the recorded actions and reach the recorded final state and log.
 * A refactor keeps them; only a deliberate rule fix records them again
 * (`npm run golden -- --record`), in its own commit saying why. They are random playouts too:
 * the invariants are checked after every action.
 */
import { describe, expect, it } from 'vitest'
import {
  firstDifference,
  GOLDEN_SEEDS,
  playGolden,
  readGoldenActions,
  readGoldenRecord,
} from '../../../../tools/golden'
import { invariantChecker } from '../../../../tools/playout-checks'
import { bundledScenario, PLAYED_SCENARIOS } from '../playouts/harness'

const record = readGoldenRecord()

/** Part `part` of `parts` of the golden games: the i-th seed for every i with i mod parts = part - 1. */
export function goldenSuite(part: number, parts: number): void {
  const seeds = GOLDEN_SEEDS.filter((_, i) => i % parts === part - 1)
  it('covers every bundled scenario', () => {
    expect(Object.keys(record).sort()).toEqual(PLAYED_SCENARIOS)
  })
  for (const id of PLAYED_SCENARIOS) {
    describe(`golden games of ${id} (part ${part} of ${parts}) play as recorded`, () => {
      const loaded = bundledScenario(id)
      const recorded = new Map((record[id] ?? []).map((g) => [g.seed, g]))
      it.each(seeds)('seed %i', (seed) => {
        const expected = recorded.get(seed)
        expect(expected, `${id} seed ${seed} is recorded`).toBeDefined()
        const invariants = invariantChecker(loaded)
        const played = playGolden(loaded, seed, (state, step, action, entries) => {
          const problems = invariants(state, entries)
          if (problems.length > 0)
            throw new Error(
              `after action ${step} ${JSON.stringify(action)}: ${problems.join('; ')}`,
            )
        })
        expect(played.stopped, `seed ${seed}`).toBeUndefined()
        if (played.actionsHash !== expected?.actionsHash) {
          const list = readGoldenActions(id).get(seed) ?? []
          expect.fail(
            `${id} seed ${seed} went another way: ${firstDifference(list, played.actionList) ?? '?'}`,
          )
        }
        expect(played.actions).toBe(expected?.actions)
        expect(played.stateHash, 'the final state').toBe(expected?.stateHash)
        expect(played.logHash, 'the game log').toBe(expected?.logHash)
        expect(played.outcome).toBe(expected?.outcome)
      })
    })
  }
}
