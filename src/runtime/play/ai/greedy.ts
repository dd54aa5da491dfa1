/**
 * The greedy policy: takes the legal action with the best expected result, one decision ahead.
 * Actions that roll are weighed by the exact odds of their rolls (see estimate.ts); among
 * equals it prefers an attack, then the move that brings the side nearest the enemy, then any
 * action over a pass, and a pass over an action that changes nothing but a facing (turning in
 * place could go on forever). It knows no game: only the loss tracks, the outcome and the map.
 */
import type { LoadedScenario } from '../../content/loaded'
import type { RngState } from '../../dice'
import { nextInt } from '../../dice'
import type { Action } from '../../state/actions'
import type { GameState } from '../../state/game-state'
import { legalActions, openPrompt } from '../game'
import type { ActionEstimate } from './estimate'
import { compareEstimates, estimateAction } from './estimate'
import { namesEnemy } from './standing'
import type { Policy } from './policy'
import { pick } from './policy'

/**
 * Most actions weighed for one decision. Each is tried on a copy of the game (several times when
 * it rolls), and a phase of free movement lists thousands: past this, every attack and every
 * pass is weighed and the rest is a random sample.
 */
export const MAX_CANDIDATES = 40

export interface GreedyOptions {
  maxCandidates?: number
}

/**
 * The legal actions to weigh: all of them up to `max`; past it every action naming an enemy
 * unit or taking no argument, and a random sample of the others (in the order `legal` lists them).
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
    const passive = Object.keys(action).every((k) => k === 'type' || k === 'side')
    if (passive || namesEnemy(state, action, side)) kept.add(i)
    else others.push(i)
  })
  // A partial Fisher-Yates shuffle draws the sample without repeats.
  let next = rng
  for (let n = 0; n < others.length && kept.size < max; n++) {
    const drawn = nextInt(next, n, others.length - 1)
    next = drawn.rng
    const chosen = others[drawn.value] as number
    others[drawn.value] = others[n] as number
    others[n] = chosen
    kept.add(chosen)
  }
  return { actions: legal.filter((_, i) => kept.has(i)), rng: next }
}

/** The actions (by default every legal one) estimated, best first; ties keep their order. */
export function rankActions(
  loaded: LoadedScenario,
  state: GameState,
  actions: readonly Action[] = legalActions(loaded, state),
): ActionEstimate[] {
  const prompt = openPrompt(state)
  if (prompt === null) return []
  return actions
    .map((action) => estimateAction(loaded, state, action, prompt.side))
    .sort(compareEstimates)
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
