/**
 * The odds to show before an action. Most actions roll at once; a shot at the enemy or an attack
 * may first give the other side a reaction (return fire, a counter-charge, retreat before
 * combat). Then the odds shown are those of the roll that follows when the other side lets it
 * be (its passive answer), said as such: the player sees the combat's odds before committing.
 */
import type { LoadedScenario } from '../../runtime'
import { actionOdds, legalActions, openPrompt, playAction } from '../../runtime/play'
import type { ActionOdds } from '../../runtime/play'
import type { Action, GameState } from '../../runtime/state'

const PASSIVE = new Set(['decline', 'done', 'pass', 'declare-done'])
/** Reactions followed at most, so a long exchange is not played out for a preview. */
const MAX_STEPS = 4

export interface Weighed {
  odds: ActionOdds
  /** The passive answers assumed before the roll, when the roll waits for them. */
  assumed: Action[]
}

export function weigh(loaded: LoadedScenario, state: GameState, action: Action): Weighed {
  const first = actionOdds(loaded, state, action)
  if (!first.ok || first.rolls.length > 0) return { odds: first, assumed: [] }
  const side = openPrompt(state)?.side
  let at = state
  let next: Action = action
  const assumed: Action[] = []
  for (let i = 0; i < MAX_STEPS; i++) {
    // The action rolls nothing, so playing it on the real dice reveals none of them.
    const r = playAction(loaded, at, next)
    if (!r.ok) break
    at = r.state
    const p = openPrompt(at)
    if (!p || p.side === side) break
    const passive = legalActions(loaded, at).find((a) => PASSIVE.has(a.type))
    if (!passive) break
    const odds = actionOdds(loaded, at, passive)
    assumed.push(passive)
    if (odds.ok && odds.rolls.length > 0) return { odds, assumed }
    next = passive
  }
  return { odds: first, assumed: [] }
}
