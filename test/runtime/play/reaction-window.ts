/**
 * The game as it would be when another mechanic reports an event: the phase's reaction window
 * for it opened on top of the stack and run to its first decision. For the tests of reactions
 * that no whole move or charge need be played to reach.
 */
import { advance } from '../../../src/runtime/play/driver'
import type { PlayContext } from '../../../src/runtime/play/procedure'
import { reactionWindow } from '../../../src/runtime/play/reactions'
import type { ReactionEvent } from '../../../src/runtime/play/reactions'
import { PROCEDURES } from '../../../src/runtime/play/registry'
import type { LoadedScenario } from '../../../src/runtime/rules/loaded'
import type { GameState } from '../../../src/runtime/state'

export function afterReactionEvent(
  loaded: LoadedScenario,
  state: GameState,
  event: ReactionEvent,
): { state: GameState; lines: string[] } {
  const next = structuredClone(state)
  const flow = next.flow
  if (flow === null) throw new Error('no flow')
  const ctx: PlayContext = { loaded, state: next, applied: [], pending: [], records: [] }
  const window = reactionWindow(ctx, event)
  if (window === null) throw new Error(`no reaction watches the event "${event.trigger}"`)
  flow.prompt = null
  flow.stack.push({
    id: flow.nextId,
    proc: window.proc,
    phase: null,
    step: 'start',
    data: window.data ?? {},
  })
  flow.nextId += 1
  advance(ctx, PROCEDURES)
  return { state: next, lines: ctx.applied.map((e) => e.text) }
}
