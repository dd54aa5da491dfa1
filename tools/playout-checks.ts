/**
 * A random game checked as the test suite and `npm run soak` check it: played by `randomLegal`
 * from its seed, the invariants a game must keep looked at after every action (no illegal
 * stacking, flight points equal to what the losses are worth, every unit in exactly one place,
 * sound remains and ammunition, two-hex counters on two hexes, led horses of their leader's side),
 * and, when asked, the actions replayed from the seed to the same state hash.
 */
import type { Action, GameState, LoadedScenario, LogEntry, UnitPlacement } from '../src/runtime'
import {
  ammunitionProblems,
  footprintProblems,
  isLeader,
  isRemovedStatus,
  ledHorseProblems,
  piecesInTransit,
  playAction,
  playout,
  randomLegal,
  ratingsFor,
  remainsProblems,
  stackingProblems,
  startGame,
  stateHash,
} from '../src/runtime'

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
 * The flight points a side's losses are worth (the loss track of the activation-chain rulesets):
 * each eliminated unit its flight-point rating, each retired unit one. The track the game keeps
 * must say the same.
 */
function expectedFlightPoints(
  loaded: LoadedScenario,
  state: GameState,
  side: string,
  withoutFlightPoints: ReadonlySet<string>,
): number {
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
    if (unit.status === 'eliminated' && !withoutFlightPoints.has(id))
      total += worth(unit.type, unit.ratings)
    // A named leader lost and back on his replacement side scored when he was lost.
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
 * it is passing through: it is left out of the stacking check until the move is over.
 */
export function invariantProblems(
  loaded: LoadedScenario,
  state: GameState,
  withoutFlightPoints: ReadonlySet<string> = new Set(),
): string[] {
  // Stacking as the ruleset counts it (Croisades B.1.6: one living character a hex; the dead
  // are remains, state.remains, never units), and remains that are sound.
  const problems = stackingProblems({ loaded, state }, piecesInTransit(state)).map((p) => p.message)
  problems.push(...ammunitionProblems({ loaded, state }))
  problems.push(...remainsProblems(loaded, state))
  // A rider always on two neighbouring hexes.
  problems.push(...footprintProblems(loaded, state))
  // Led horses belong to their leader's side, and have one leader each (B.1.58).
  problems.push(...ledHorseProblems({ loaded, state }))
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
    const expected = expectedFlightPoints(loaded, state, side.id, withoutFlightPoints)
    if (track !== expected)
      problems.push(`${side.id} has ${track} flight points for losses worth ${expected}`)
  }
  return problems
}

/**
 * The invariants of one game, action after action: `check` is given each state reached and the
 * log entries that led to it. A leader taken out of play straight away (the log's `eliminate`
 * change, not an event of his status graph) leaves without flight points: one whose units are
 * all gone, or who has nowhere to go when displaced (5.0, 5.4), unlike one killed or captured.
 */
export function invariantChecker(
  loaded: LoadedScenario,
): (state: GameState, entries: readonly LogEntry[]) => string[] {
  const withoutFlightPoints = new Set<string>()
  return (state, entries) => {
    for (const entry of entries)
      for (const change of entry.effects)
        if (change.kind === 'eliminate' && isLeader(loaded, change.unit))
          withoutFlightPoints.add(change.unit)
    return invariantProblems(loaded, state, withoutFlightPoints)
  }
}

export interface CheckedGame {
  seed: number
  /** Actions taken. */
  actions: number
  /** The winners' side ids (empty for a draw or a game not decided). */
  winners: string[]
  draw: boolean
  /** What went wrong, in a sentence; absent for a sound game that ended in a win or a draw. */
  failure?: string
  /** The actions of the game, for a failure to be reproduced and saved. */
  actionList: Action[]
}

export interface CheckOptions {
  /** Replay the actions from the seed and compare the final state hash. */
  replay: boolean
  /** A game not decided after this many actions fails. */
  maxActions: number
}

/** Plays and checks one seeded random game; never throws for a fault of the engine. */
export function checkedGame(
  loaded: LoadedScenario,
  seed: number,
  options: CheckOptions,
): CheckedGame {
  let failure: string | undefined
  let step = 0
  // Kept as the game goes, so a game the engine breaks off can still be saved up to that point.
  const taken: Action[] = []
  const note = (text: string): void => {
    failure ??= text
  }
  let game
  try {
    const invariants = invariantChecker(loaded)
    game = playout(loaded, seed, randomLegal, options.maxActions, (state, action, entries) => {
      if (failure === undefined) {
        const problems = invariants(state, entries)
        if (problems.length > 0)
          note(
            action === null
              ? `at the start: ${problems.join('; ')}`
              : `after action ${step} ${JSON.stringify(action)}: ${problems.join('; ')}`,
          )
      }
      if (action !== null) taken.push(action)
      step += 1
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return {
      seed,
      actions: taken.length,
      winners: [],
      draw: false,
      failure: `the engine failed: ${message}`,
      actionList: taken,
    }
  }
  const outcome = game.outcome
  if (game.stopped !== undefined) note(`the game stopped: ${game.stopped}`)
  else if (!game.ended) note(`the game was not decided after ${options.maxActions} actions`)
  if (failure === undefined && options.replay) {
    const replayed = replayHash(loaded, seed, game.actions)
    if (replayed.failure !== undefined) note(replayed.failure)
    else if (replayed.hash !== stateHash(game.state))
      note(
        `the actions replayed from the seed reach another state (${replayed.hash}, not ${stateHash(game.state)})`,
      )
  }
  return {
    seed,
    actions: game.actions.length,
    winners: outcome === null || outcome.draw ? [] : [...outcome.winners],
    draw: outcome?.draw === true,
    ...(failure === undefined ? {} : { failure }),
    actionList: game.actions,
  }
}

/** The state hash the actions reach when replayed from the seed, or why they could not be. */
export function replayHash(
  loaded: LoadedScenario,
  seed: number,
  actions: readonly Action[],
): { hash: string; failure?: undefined } | { hash?: undefined; failure: string } {
  let state = startGame(loaded, { seed }).state
  for (const [i, action] of actions.entries()) {
    const result = playAction(loaded, state, action)
    if (!result.ok)
      return {
        failure: `replayed, action ${i + 1} ${JSON.stringify(action)} was refused: ${result.error.message}`,
      }
    state = result.state
  }
  return { hash: stateHash(state) }
}
