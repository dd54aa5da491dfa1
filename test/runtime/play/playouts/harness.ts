/**
 * Seeded random playouts of the bundled scenarios, checking after every action the invariants a
 * game must keep (no illegal stacking, flight points equal to the losses, every unit in exactly
 * one place), then that the actions replay from the seed to the same state hash.
 *
 * How many playouts: 1,000 per scenario (the acceptance figure), or PLAYOUTS in the environment
 * for a quicker run (`PLAYOUTS=20 npm test`). The seeds are dealt over several test files
 * (playouts-N-of-M.test.ts) so that the test workers share the work evenly.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/content/loaded'
import type { UnitPlacement } from '../../../../src/runtime/generated/content-types'
import { loadLibrary } from '../../../../src/runtime/content/loader'
import { formatProblem } from '../../../../src/runtime/content/problems'
import { playAction, startGame } from '../../../../src/runtime/play'
import { playout, randomLegal } from '../../../../src/runtime/play/ai'
import { stackingProblems } from '../../../../src/runtime/state/stacking'
import { piecesInTransit } from '../../../../src/runtime/play/movement/move-path'
import { ratingsFor } from '../../../../src/runtime/rules'
import type { GameState } from '../../../../src/runtime/state'
import { isRemovedStatus, stateHash } from '../../../../src/runtime/state'
import { readContentFolder } from '../../../helpers/fixtures'

const library = loadLibrary(readContentFolder('content'))

export function bundledScenario(id: string): LoadedScenario {
  const loaded = library.scenario(id)
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  return loaded.value
}

/** The scenarios played: every bundled scenario. */
export const PLAYED_SCENARIOS = library.report.store.ids(['scenario']).sort()

/** Playouts per scenario: PLAYOUTS from the environment, else the acceptance figure of 1,000. */
export function playoutCount(): number {
  const wanted = Number(process.env.PLAYOUTS ?? '')
  return Number.isInteger(wanted) && wanted > 0 ? wanted : 1000
}

/**
 * Declares part `part` of `parts` of the playouts: of every scenario, the seeds s in 1..count
 * with (s - 1) mod parts = part - 1, one test each.
 */
export function playoutSuite(part: number, parts: number): void {
  const seeds = Array.from({ length: playoutCount() }, (_, i) => i + 1).filter(
    (seed) => (seed - 1) % parts === part - 1,
  )
  for (const id of PLAYED_SCENARIOS) {
    describe(`random playouts of ${id} (part ${part} of ${parts}) end in a win or a draw, keep the invariants and replay to the same hash`, () => {
      const loaded = bundledScenario(id)
      it.each(seeds)('seed %i', (seed) => {
        checkPlayout(loaded, seed)
      })
    })
  }
}

const placementCache = new WeakMap<LoadedScenario, Map<string, UnitPlacement>>()

/** Every unit the scenario places or brings in, by id. */
function placementsOf(loaded: LoadedScenario): Map<string, UnitPlacement> {
  let found = placementCache.get(loaded)
  if (found === undefined) {
    found = new Map(
      loaded.scenario.sides
        .flatMap((s) => [...s.units, ...(s.reinforcements ?? []).flatMap((r) => r.units)])
        .map((u) => [u.id, u]),
    )
    placementCache.set(loaded, found)
  }
  return found
}

/**
 * The flight points a side's losses are worth (3.0): each eliminated unit its flight-point
 * rating, each retired unit one. The track the game keeps must say the same.
 */
function expectedFlightPoints(loaded: LoadedScenario, state: GameState, side: string): number {
  const worth = (type: string, ratings: Record<string, unknown> = {}): number => {
    const rating = { ...ratingsFor(loaded.rules, type, 'eliminated'), ...ratings }.flightPoints
    return typeof rating === 'number' ? rating : 0
  }
  const placements = placementsOf(loaded)
  const replacement = loaded.rules.ruleset.mechanics?.activation?.replacementLeaders?.type
  let total = 0
  for (const [id, unit] of Object.entries(state.units)) {
    if (unit.side !== side) continue
    if (unit.status === 'retired') total += 1
    if (unit.status === 'eliminated') total += worth(unit.type, unit.ratings)
    // A named leader lost and back on his replacement side (5.5) scored when he was lost.
    const placed = placements.get(id)
    if (placed !== undefined && unit.type === replacement && placed.type !== replacement) {
      total += worth(placed.type, placed.ratings)
    }
  }
  return total
}

/**
 * Every invariant broken by the state, as sentences (none for a sound state). A piece in the
 * middle of a move (waiting on a decision taken on its way) may stand for now in a friendly hex
 * it is passing through (10.0): it is left out of the stacking check until the move is over.
 */
export function invariantProblems(loaded: LoadedScenario, state: GameState): string[] {
  const problems = stackingProblems({ loaded, state }, piecesInTransit(state)).map((p) => p.message)
  for (const [id, unit] of Object.entries(state.units)) {
    if ((unit.location === 'map') !== (unit.hex !== null))
      problems.push(`unit ${id} is ${unit.location} with hex ${String(unit.hex)}`)
    if (unit.location !== 'map' && unit.facing !== null)
      problems.push(`unit ${id} is off the map with a facing`)
    if (isRemovedStatus(loaded, unit.status) && unit.location !== 'removed')
      problems.push(`unit ${id} is ${unit.status} but ${unit.location}`)
  }
  for (const side of loaded.scenario.sides) {
    const track = state.sides[side.id]?.tracks['flight-points'] ?? 0
    const expected = expectedFlightPoints(loaded, state, side.id)
    if (track !== expected)
      problems.push(`${side.id} has ${track} flight points for losses worth ${expected}`)
  }
  return problems
}

/** Plays one seeded random game, asserting the invariants at every step and the replay at the end. */
export function checkPlayout(
  loaded: LoadedScenario,
  seed: number,
  maxActions = 5000,
): { actions: number; outcome: string } {
  const game = playout(loaded, seed, randomLegal, maxActions)
  expect(game.stopped, `seed ${seed}`).toBeUndefined()
  expect(game.ended, `seed ${seed}: the game must end in a win or a draw`).toBe(true)
  // Replay the actions from the seed: every state along the way must be sound, and the end the same.
  let state = startGame(loaded, { seed }).state
  expect(invariantProblems(loaded, state), `seed ${seed} at the start`).toEqual([])
  game.actions.forEach((action, i) => {
    const result = playAction(loaded, state, action)
    if (!result.ok)
      throw new Error(
        `seed ${seed}, action ${i + 1} ${JSON.stringify(action)}: ${result.error.message}`,
      )
    state = result.state
    const problems = invariantProblems(loaded, state)
    if (problems.length > 0)
      throw new Error(
        `seed ${seed}, after action ${i + 1} ${JSON.stringify(action)}: ${problems.join('; ')}`,
      )
  })
  expect(stateHash(state), `seed ${seed}: the replay reaches the same state`).toBe(
    stateHash(game.state),
  )
  const outcome = game.outcome
  return {
    actions: game.actions.length,
    outcome: outcome === null ? 'none' : outcome.draw ? 'draw' : `${outcome.winners.join('+')} won`,
  }
}
