/**
 * Playouts: a game played from its start by policies, one per side or one for all, until it is
 * decided or a number of actions has been taken. Reproducible from the seed, which gives both
 * the game's dice and the policies' random choices.
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { RngState } from '../../dice'
import { seedRng } from '../../dice'
import type { Action } from '../../state/actions'
import { expressionFault } from '../../state/failure'
import type { ExpressionFault } from '../../state/failure'
import type { GameState, Outcome } from '../../state/game-state'
import type { LogEntry } from '../../state/log'
import { openPrompt, playAction, playActionInPlace, startGame } from '../game'
import type { Policy } from './policy'
import { actionText, namesOf } from '../../state/words'

export interface PlayoutResult {
  state: GameState
  /** Every action taken, in order: with the scenario and the seed, a saved game. */
  actions: Action[]
  /** The game was decided (won, lost or drawn). */
  ended: boolean
  outcome: Outcome | null
  /**
   * Why the playout stopped before the game was decided and before `maxActions`: the game
   * waits for no decision, no action is legal, or the engine refused an action it listed.
   */
  stopped?: string
  /** The content expression whose failure stopped it, when that was the cause. */
  stoppedBy?: ExpressionFault
}

/** The policies' generator for a game seed: apart from the dice's, so choices do not echo rolls. */
export function policySeed(seed: number): RngState {
  return seedRng(Math.imul(seed ^ 0x5bd1e995, 0x2545f491) ^ 0x6a09e667)
}

/**
 * Told of the game's start (`action` null) and of every action taken, with the state it led to
 * and its log entries: the random playouts check their invariants here, and the golden games
 * hash the log.
 */
export type PlayoutObserver = (
  state: GameState,
  action: Action | null,
  entries: readonly LogEntry[],
) => void

/**
 * Plays `loaded` from the start with the dice seeded by `seed`: `policies` is one policy for
 * every side, or one per side id. Stops when the game is decided, after `maxActions` actions,
 * or when it cannot go on (see PlayoutResult.stopped).
 *
 * The game's state belongs to the playout, so each action changes it in place rather than on a
 * copy (playActionInPlace: the same states, a tenth less work). `observe` sees that one state
 * as it changes: it must not keep it. Should the engine refuse an action it listed, the state
 * before that action is rebuilt from the seed, so the result is what copying would have given.
 */
export function playout(
  loaded: LoadedScenario,
  seed: number,
  policies: Policy | Readonly<Record<string, Policy>>,
  maxActions: number,
  observe?: PlayoutObserver,
): PlayoutResult {
  const begun = startGame(loaded, { seed })
  let state = begun.state
  observe?.(state, null, [begun.entry])
  let rng = policySeed(seed)
  const actions: Action[] = []
  // Words for a stop's message, worked out only when a game stops.
  const names = () => namesOf(loaded)
  const done = (stopped?: string, stoppedBy?: ExpressionFault): PlayoutResult => ({
    state,
    actions,
    ended: state.outcome !== null,
    outcome: state.outcome,
    ...(stopped === undefined ? {} : { stopped }),
    ...(stoppedBy === undefined ? {} : { stoppedBy }),
  })
  while (state.outcome === null && actions.length < maxActions) {
    const prompt = openPrompt(state)
    if (prompt === null) return done('the game waits for no decision')
    const policy = typeof policies === 'function' ? policies : policies[prompt.side]
    if (policy === undefined) return done(`no policy plays ${prompt.side}`)
    let choice: ReturnType<Policy>
    try {
      choice = policy(loaded, state, rng)
    } catch (error) {
      // Listing the legal actions is engine code outside the reducer's safety net: a bug there
      // ends this playout with its message rather than every game of a simulation.
      const message = error instanceof Error ? error.message : String(error)
      return done(
        `the engine failed while ${names().side(prompt.side)} chose (${names().text(prompt.text, prompt.actions)}): ${names().text(message)}`,
        expressionFault(error),
      )
    }
    if (choice === null)
      return done(
        `${names().side(prompt.side)} has no legal action (${names().text(prompt.text, prompt.actions)})`,
      )
    rng = choice.rng
    const result = playActionInPlace(loaded, state, choice.action)
    if (!result.ok) {
      const rule = result.error.rule === undefined ? '' : ` (rule ${result.error.rule})`
      state = replayed(loaded, seed, actions)
      return done(
        `action ${actions.length + 1} (${actionText(choice.action, names())}) was listed as legal but refused: ${names().text(result.error.message)}${rule}`,
        result.error.expression,
      )
    }
    state = result.state
    actions.push(choice.action)
    observe?.(state, choice.action, result.entries)
  }
  return done()
}

/** The state the actions lead to from the start seeded by `seed`, each applied on a copy. */
function replayed(loaded: LoadedScenario, seed: number, actions: readonly Action[]): GameState {
  let state = startGame(loaded, { seed }).state
  for (const action of actions) {
    const result = playAction(loaded, state, action)
    if (!result.ok) break
    state = result.state
  }
  return state
}
