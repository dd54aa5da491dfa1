/**
 * The odds to show before an action that rolls nothing itself but hands the other side a
 * reaction first (return fire, a counter-charge, retreat before combat): those of the roll that
 * follows when the other side lets it be, with the answers assumed, so a player sees a combat's
 * odds before committing to it. The game is followed on a copy whose dice are scripted, as
 * actionOdds does: the game's own dice are never read, whatever the answers roll.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { Action } from '../state/actions'
import type { GameState } from '../state/game-state'
import { legalActions, openPrompt } from './game'
import { scriptedOdds } from './odds'
import type { ActionOdds } from './odds'

/** The answers that let the action go on: the other side reacts in no way. */
const PASSIVE = new Set(['decline', 'done', 'pass', 'declare-done'])

/**
 * The answer by which the other side lets the prompt open in `at` pass (declines a reaction,
 * ends a window); undefined when the prompt is `side`'s own, or none, or cannot be let pass.
 */
export function passiveAnswer(
  loaded: LoadedScenario,
  at: GameState,
  side: string | undefined,
): Action | undefined {
  const prompt = openPrompt(at)
  if (prompt === null || prompt.side === side) return undefined
  // Listing every action of a side's whole turn costs more than asking the prompt first.
  if (!prompt.actions.some((type) => PASSIVE.has(type))) return undefined
  return legalActions(loaded, at).find((a) => PASSIVE.has(a.type))
}

export interface OddsThroughReactions {
  /** The odds of the first roll reached: the action's own, or the one after the answers. */
  odds: ActionOdds
  /** The other side's answers assumed before that roll, in order; empty for the action's own. */
  assumed: Action[]
}

/** The action reads no dice at all, so the game after it does not depend on a roll. */
function readsNoDice(odds: ActionOdds): boolean {
  return odds.ok && odds.rolls.length === 0 && odds.otherDice === 0
}

/**
 * The odds of `action` in `state` as actionOdds gives them; but when the action reads no dice
 * and the next decision belongs to the other side, that side's passive answer (decline, done,
 * pass, declare-done) is assumed, again and again up to `maxSteps` answers, until one of them
 * rolls: its odds are returned with the answers. When no roll comes that way (the decision
 * comes back to the acting side, the other side has no passive answer, or an answer reads dice
 * outside any resolution, which the game after it depends on), the action's own odds are
 * returned with no answers. `state` is not changed and its dice are not read.
 */
export function actionOddsThroughReactions(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  maxSteps = 4,
): OddsThroughReactions {
  const first = scriptedOdds(loaded, state, action)
  const own: OddsThroughReactions = { odds: first.odds, assumed: [] }
  if (!readsNoDice(first.odds)) return own
  const side = openPrompt(state)?.side
  const assumed: Action[] = []
  let at = first.after
  for (let step = 0; step < maxSteps && at !== null; step++) {
    const answer = passiveAnswer(loaded, at, side)
    if (answer === undefined) break
    assumed.push(answer)
    const next = scriptedOdds(loaded, at, answer)
    if (next.odds.ok && next.odds.rolls.length > 0) return { odds: next.odds, assumed }
    if (!readsNoDice(next.odds)) break
    at = next.after
  }
  return own
}
