/**
 * Seeded random playouts of the bundled scenarios (tools/playout-checks.ts): every game must end
 * in a win or a draw and keep the invariants after every action, and a fixed share of them is
 * replayed from the seed to the same state hash. The golden games (seeds 1–50, golden.ts) are
 * random playouts too, each checked for the invariants and held to its recorded hash; these play
 * the seeds after them.
 *
 * How many: PLAYOUTS per scenario from the environment, else 50 (`npm test`), so that every
 * scenario plays 100 random games counting the golden ones; `npm run soak` plays thousands on a
 * worker pool. The seeds are dealt over several test files
 * (playouts-N-of-M.test.ts) so that the test workers share the work evenly.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { checkedGame } from '../../../../tools/playout-checks'
import { GOLDEN_SEEDS } from '../../../../tools/golden'
import { bundledLibrary } from '../../../content/bundled'

export function bundledScenario(id: string): LoadedScenario {
  const loaded = bundledLibrary().scenario(id)
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'))
  return loaded.value
}

/** The scenarios played: every bundled scenario. */
export const PLAYED_SCENARIOS = bundledLibrary().report.store.ids(['scenario']).sort()

/**
 * Playouts per scenario in `npm test` after the golden games: with the golden seeds, 100 random
 * games per scenario, never fewer unless PLAYOUTS asks for fewer.
 */
export const DEFAULT_PLAYOUTS = 100 - GOLDEN_SEEDS.length

/** One playout in this many is replayed to its hash (the others are checked for the invariants). */
export const REPLAY_EVERY = 4

/** Playouts per scenario: PLAYOUTS from the environment, else DEFAULT_PLAYOUTS. */
export function playoutCount(): number {
  const wanted = Number(process.env.PLAYOUTS ?? '')
  return Number.isInteger(wanted) && wanted > 0 ? wanted : DEFAULT_PLAYOUTS
}

/** The seeds of the playouts: those after the golden games. */
export function playoutSeeds(): number[] {
  const first = Math.max(...GOLDEN_SEEDS) + 1
  return Array.from({ length: playoutCount() }, (_, i) => first + i)
}

/**
 * Declares part `part` of `parts` of the playouts: of every scenario, the i-th seed for every
 * i with i mod parts = part - 1, one test each.
 */
export function playoutSuite(part: number, parts: number): void {
  const seeds = playoutSeeds().filter((_, i) => i % parts === part - 1)
  if (part === 1 && process.env.PLAYOUTS === undefined)
    it('plays 100 random games of every scenario, counting the golden ones', () => {
      expect(GOLDEN_SEEDS.length + playoutSeeds().length).toBeGreaterThanOrEqual(100)
    })
  for (const id of PLAYED_SCENARIOS) {
    describe(`random playouts of ${id} (part ${part} of ${parts}) end in a win or a draw and keep the invariants; one in ${REPLAY_EVERY} replays to the same hash`, () => {
      const loaded = bundledScenario(id)
      it.each(seeds)('seed %i', (seed) => {
        const game = checkedGame(loaded, seed, {
          replay: seed % REPLAY_EVERY === 0,
          maxActions: 5000,
        })
        expect(game.failure, `seed ${seed}`).toBeUndefined()
      })
    })
  }
}
