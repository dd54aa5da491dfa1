/**
 * Where the horses a move leads (its `lead`) would stand once the move is over, for a view that
 * draws the move before it is taken. The move is played on a copy of the state whose dice are
 * scripted (as the odds are), the other side's reactions on the way answered passively, so the
 * game's own dice are never read; the horses are where the engine sets them down.
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { Action } from '../../state/actions'
import { isTwoHex, rearHex } from '../../state/footprints'
import type { GameState } from '../../state/game-state'
import { openPrompt } from '../game'
import { passiveAnswer } from '../odds-reactions'
import { ledBy } from '../movement/horses'
import { scriptedOdds } from '../odds'

/** Where a led horse ends: its front hex and the hex behind it (null off the map). */
export interface LedHorseEnd {
  horse: string
  hex: string
  rear: string | null
  /** Its leader still holds its bridle (false: let go, or not taken, on the scripted dice). */
  led: boolean
}

/**
 * The horses `action` leads, where each stands after it (on middle dice, the other side not
 * reacting); empty when the action leads none or is refused. `state` is not changed.
 */
export function ledHorsesAfter(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  maxSteps = 6,
): LedHorseEnd[] {
  const lead = action.lead
  const leader = action.unit
  if (!Array.isArray(lead) || lead.length === 0 || typeof leader !== 'string') return []
  const side = openPrompt(state)?.side
  let at = scriptedOdds(loaded, state, action).after
  // A reaction on the way (fire at a step) holds the move open: let it pass, so the move ends.
  for (let step = 0; step < maxSteps && at !== null; step++) {
    const answer = passiveAnswer(loaded, at, side)
    if (answer === undefined) break
    at = scriptedOdds(loaded, at, answer).after
  }
  if (at === null) return []
  const after = at
  const held = new Set(ledBy({ loaded, state: after }, leader))
  const out: LedHorseEnd[] = []
  for (const horse of lead) {
    const u = typeof horse === 'string' ? after.units[horse] : undefined
    if (u?.location !== 'map' || u.hex === null) continue
    const rear =
      u.facing === null || !isTwoHex(loaded, u.type) ? null : rearHex(loaded, u.hex, u.facing)
    out.push({ horse: horse as string, hex: u.hex, rear, led: held.has(horse as string) })
  }
  return out
}
