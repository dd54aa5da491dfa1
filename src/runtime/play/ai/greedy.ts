/**
 * The greedy policy: takes the legal action with the best expected result, one decision ahead.
 * Actions that roll are weighed by the exact odds of their rolls (see estimate.ts); among
 * equals it prefers an attack, then the move that brings the side nearest to striking the
 * enemy, then any action over a pass, and a pass over an action that changes nothing but a
 * facing. An idle action (the decision stays open with the board unchanged: turning in place,
 * declaring one attack of several, taking a declaration back) is taken only when it makes the
 * decision strictly better to close, so a run of them never comes back where it was. It knows
 * no game: only the loss tracks, the outcome and the map.
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { RngState } from '../../dice'
import { nextInt } from '../../dice'
import type { Action } from '../../state/actions'
import type { GameState } from '../../state/game-state'
import { legalActions, openPrompt } from '../game'
import type { ActionEstimate } from './estimate'
import {
  ENUMERATION_BUDGET,
  LOOKAHEAD_BUDGET,
  closingWorth,
  compareEstimates,
  estimateAction,
  markFutile,
} from './estimate'
import { enemyHexes, namesEnemy, reachToEnemy } from './standing'
import type { Policy } from './policy'
import { pick } from './policy'

/**
 * Most actions weighed for one decision. Each is tried on a copy of the game (several times when
 * it rolls), and a phase of free movement lists thousands: past this, every attack and every
 * pass is weighed, half the rest are the moves that bring their unit nearest the enemy and the
 * other half a random sample.
 */
export const MAX_CANDIDATES = 24

/**
 * Tries of the game one decision may make over its actions: the combinations of rolls each
 * action enumerates are cut so the decision stays within it (at least a d10 or 2d6 roll each).
 * Up to MAX_CANDIDATES actions, each may also weigh the other side's reply to it (estimate.ts);
 * a longer list (the playtest's suggestion among up to 48 answers) weighs the actions alone.
 */
export const DECISION_BUDGET = 2 * LOOKAHEAD_BUDGET * MAX_CANDIDATES

export interface GreedyOptions {
  maxCandidates?: number
}

function isPassive(action: Action): boolean {
  return Object.keys(action).every((k) => k === 'type' || k === 'side')
}

/**
 * How much nearer to the enemy a move brings its unit, read from the action alone (its unit and
 * the last hex of its path), without trying it: 0 for any other action.
 */
function moveApproach(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  enemies: readonly string[],
): number {
  const path = (action as { path?: unknown }).path
  const unit = state.units[String((action as { unit?: unknown }).unit)]
  if (!Array.isArray(path) || path.length === 0 || unit?.hex == null) return 0
  const to = path[path.length - 1]
  if (typeof to !== 'string') return 0
  return reachToEnemy(loaded, unit.hex, null, enemies) - reachToEnemy(loaded, to, null, enemies)
}

/** Shuffles `items` in place with the policy's generator (Fisher-Yates). */
function shuffle<T>(items: T[], rng: RngState): RngState {
  let next = rng
  for (let n = 0; n < items.length - 1; n++) {
    const drawn = nextInt(next, n, items.length - 1)
    next = drawn.rng
    const chosen = items[drawn.value] as T
    items[drawn.value] = items[n] as T
    items[n] = chosen
  }
  return next
}

/**
 * The legal actions to weigh: all of them up to `max`; past it every action naming an enemy
 * unit or taking no argument, then the moves that bring their unit nearest the enemy (read from
 * the path's end) for half the places left and a random sample of the others for the rest (in
 * the order `legal` lists them).
 */
export function candidates(
  loaded: LoadedScenario,
  state: GameState,
  rng: RngState,
  max: number = MAX_CANDIDATES,
): { actions: Action[]; rng: RngState } {
  const legal = legalActions(loaded, state)
  if (legal.length <= max) return { actions: legal, rng }
  const side = openPrompt(state)?.side ?? ''
  const kept = new Set<number>()
  const others: number[] = []
  legal.forEach((action, i) => {
    if (isPassive(action) || namesEnemy(state, action, side)) kept.add(i)
    else others.push(i)
  })
  const next = shuffle(others, rng)
  const enemies = enemyHexes(state, side)
  const gain = new Map(
    others.map((i) => [i, moveApproach(loaded, state, legal[i] as Action, enemies)]),
  )
  const nearest = [...others].sort((a, b) => (gain.get(b) ?? 0) - (gain.get(a) ?? 0))
  const room = Math.max(0, max - kept.size)
  for (const i of nearest.slice(0, Math.ceil(room / 2))) if ((gain.get(i) ?? 0) > 0) kept.add(i)
  for (const i of others) {
    if (kept.size >= max) break
    kept.add(i)
  }
  return { actions: legal.filter((_, i) => kept.has(i)), rng: next }
}

/**
 * The actions (by default every legal one) estimated, best first; ties keep their order. Idle
 * actions that do not beat closing the decision now are marked futile and come last.
 */
export function rankActions(
  loaded: LoadedScenario,
  state: GameState,
  actions: readonly Action[] = legalActions(loaded, state),
): ActionEstimate[] {
  const prompt = openPrompt(state)
  if (prompt === null) return []
  const budget = Math.max(
    LOOKAHEAD_BUDGET,
    Math.min(ENUMERATION_BUDGET, Math.floor(DECISION_BUDGET / Math.max(1, actions.length))),
  )
  // An attack is weighed with its whole enumeration, its reply's rolls with it: read at a middle
  // face, the second of two rolls (the target's return fire) mostly missed, and a shot that
  // drew a deadly answer looked free.
  const estimates = actions.map((action) =>
    estimateAction(
      loaded,
      state,
      action,
      prompt.side,
      namesEnemy(state, action, prompt.side) ? ENUMERATION_BUDGET : budget,
    ),
  )
  if (estimates.some((e) => e.idle)) markFutile(estimates, closingWorth(loaded, state, prompt.side))
  return estimates.sort(compareEstimates)
}

/** The greedy policy; a tie between best actions is broken by the policy's random generator. */
export function greedy(options: GreedyOptions = {}): Policy {
  return (loaded, state, rng) => {
    const weighed = candidates(loaded, state, rng, options.maxCandidates ?? MAX_CANDIDATES)
    const ranked = rankActions(loaded, state, weighed.actions)
    const best = ranked[0]
    if (best === undefined) return null
    const tied = ranked.filter((e) => compareEstimates(e, best) === 0)
    const chosen = pick(tied, weighed.rng)
    return chosen === null ? null : { action: chosen.item.action, rng: chosen.rng }
  }
}
