/**
 * Complete random playouts of each bundled scenario: `playout` with `randomLegal` for every
 * side, from the start until the game is decided (the scenarios' activation limits end every
 * game). One operation is one whole game; a few seeded games each, timed one by one, after one
 * warm-up game on a seed outside the timed ones.
 */
import type { ContentLibrary, LoadedScenario } from '../../src/runtime'
import { playout, randomLegal } from '../../src/runtime'
import { unwrap } from './checks'
import { BenchError } from './harness'
import type { AnyCase, BenchResult } from './harness'

const SCENARIOS = [
  'sample-skirmish',
  'arsuf-1191',
  'agincourt-1415',
  'tewkesbury-1471',
  'ascalon-1099',
] as const
/** Seeds 1…GAMES are timed; the warm-up game uses seed 0. */
const GAMES = 4
/** Far above any game's length: a playout that reaches it has not ended, and fails the case. */
const MAX_ACTIONS = 5000

const caseName = (id: string): string => `playout: ${id}`
export const PLAYOUT_CASES = SCENARIOS.map(caseName)

function scenarioCase(loaded: LoadedScenario, id: string): AnyCase {
  const actions = new Map<number, number>()
  let next = 0
  const play = () => {
    const seed = next
    next = next >= GAMES ? 1 : next + 1
    const game = playout(loaded, seed, randomLegal, MAX_ACTIONS)
    // Checked on every game: a bench of games that stall or break would time the wrong thing.
    if (game.stopped !== undefined) throw new BenchError(`${id} seed ${seed}: ${game.stopped}`)
    if (!game.ended)
      throw new BenchError(`${id} seed ${seed}: not decided after ${MAX_ACTIONS} actions`)
    actions.set(seed, game.actions.length)
    return game
  }
  const describe = (r: BenchResult) => {
    let total = 0
    for (let seed = 1; seed <= GAMES; seed++) total += actions.get(seed) ?? 0
    const perSecond = (total * 1000) / r.totalMs
    const perGame = total / GAMES
    return {
      notes: `${r.opsPerSec.toFixed(2)} games/s, ${Math.round(perSecond).toLocaleString('en-US')} actions/s, ${Math.round(perGame)} actions/game (seeds 1–${GAMES})`,
      figures: { games: GAMES, actionsPerGame: perGame, actionsPerSec: perSecond },
    }
  }
  return {
    name: caseName(id),
    notes: '',
    run: play,
    fixed: { warmup: 1, iterations: GAMES },
    describe,
  }
}

export function playoutCases(library: ContentLibrary): AnyCase[] {
  return SCENARIOS.map((id) => scenarioCase(unwrap(`scenario "${id}"`, library.scenario(id)), id))
}
