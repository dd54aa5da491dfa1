/**
 * applyAction: the one way the game state changes. Pure: the input state is never touched (the
 * handler works on a private copy), the same state and action always give the same result,
 * and a refused action leaves nothing behind but a message.
 */
import type { LoadedScenario } from '../rules/loaded'
import { didYouMean } from '../content/suggest'
import type { Action, ActionHandlers } from './actions'
import { ACTION_TYPE } from './actions'
import { ActionFailure, expressionFault } from './failure'
import type { ActionError, RefusalCode } from './failure'
import type { GameState } from './game-state'
import { cloneGameState, cloneState } from './game-state'
import { KERNEL_ACTIONS } from './kernel-actions'
import type { LogEntry } from './log'
import { sideOf } from './variables'

export type ActionResult =
  { ok: true; state: GameState; entries: LogEntry[] } | { ok: false; error: ActionError }

function refuse(code: RefusalCode, message: string): ActionResult {
  return { ok: false, error: { code, message } }
}

/** Why `action` is not a well-formed action (before its handler looks at it), or null. */
function malformed(action: unknown): string | null {
  if (action === null || typeof action !== 'object' || Array.isArray(action))
    return `an action must be an object like { "type": "end-phase" }, not ${JSON.stringify(action) ?? 'nothing'}`
  const type = (action as { type?: unknown }).type
  if (typeof type !== 'string')
    return 'an action needs a "type" naming what it does, e.g. "end-phase"'
  if (!ACTION_TYPE.test(type)) return `action type "${type}" must be kebab-case, like "end-phase"`
  let json: string | undefined
  try {
    // Actions are saved and replayed as JSON: anything JSON cannot carry would not replay.
    json = JSON.stringify(action)
  } catch {
    return 'an action must be plain JSON (it could not be serialised)'
  }
  if (json === undefined) return 'an action must be plain JSON'
  // Every action passes here, the computer players' trials too: look for the key in the text
  // first, and walk the action for where it is only when it may be there.
  if (!json.includes('"__proto__"')) return null
  const proto = protoKeyAt(action, '')
  if (proto === '/__proto__') return `action "${type}" takes no argument "__proto__"`
  if (proto !== null) return `action "${type}" cannot carry a field named "__proto__" (at ${proto})`
  return null
}

/**
 * Where a "__proto__" key is in a value (JSON.parse makes it an ordinary key), or null. Copies
 * made by assignment, as every clone of an action is, would turn it into the copy's prototype,
 * and the action would then answer with fields it does not hold, its "side" among them. The
 * value has been serialised already, so it is finite and not too deep to walk.
 */
function protoKeyAt(value: unknown, pointer: string): string | null {
  if (typeof value !== 'object' || value === null) return null
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = protoKeyAt(value[i], `${pointer}/${i}`)
      if (at !== null) return at
    }
    return null
  }
  if (Object.hasOwn(value, '__proto__')) return `${pointer}/__proto__`
  for (const [key, child] of Object.entries(value)) {
    const at = protoKeyAt(child, `${pointer}/${key}`)
    if (at !== null) return at
  }
  return null
}

/**
 * Applies one action. `handlers` maps action types to handlers: the kernel's by default; pass
 * `{ ...KERNEL_ACTIONS, ...mechanics }` to play with more.
 */
export function applyAction(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  handlers: ActionHandlers = KERNEL_ACTIONS,
): ActionResult {
  return apply(loaded, state, action, handlers, false)
}

/**
 * applyAction without the copy: the handler changes `state` itself, which the result hands
 * back. For a caller that owns the state and keeps no other reference to it, such as a playout
 * of thousands of games, where the copy of each state is a tenth of the work. After a refusal
 * the state may be half changed and must be dropped; the same actions applied with
 * applyAction give the same states, hashes and log.
 */
export function applyActionInPlace(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  handlers: ActionHandlers = KERNEL_ACTIONS,
): ActionResult {
  return apply(loaded, state, action, handlers, true)
}

function apply(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  handlers: ActionHandlers,
  inPlace: boolean,
): ActionResult {
  const problem = malformed(action)
  if (problem !== null) return refuse('malformed', problem)
  if (state.scenario !== loaded.scenario.id) {
    return refuse(
      'wrong-scenario',
      `this state is a game of scenario "${state.scenario}", not of "${loaded.scenario.id}"`,
    )
  }
  if (state.outcome !== null)
    return refuse('game-over', `the game is over (${state.outcome.reason}): no more actions`)
  const handler = Object.hasOwn(handlers, action.type) ? handlers[action.type] : undefined
  if (handler === undefined)
    return refuse(
      'unknown-action',
      `unknown action type "${action.type}"${didYouMean(action.type, Object.keys(handlers))}`,
    )
  // The log keeps its own copy, so a caller changing the action later changes neither.
  const logged = cloneState(action)
  try {
    if (action.side !== undefined) sideOf(loaded, action.side, 'the "side" of an action')
    const seq = state.actionCount
    const draft = inPlace ? state : cloneGameState(state)
    const report = handler({ loaded, draft, action: cloneState(action), source: state })
    if ('ok' in report) return { ok: false, error: { ...report.error } }
    draft.actionCount = seq + 1
    const entry: LogEntry = {
      seq,
      action: logged,
      text: report.text,
      records: report.records ?? [],
      effects: report.effects ?? [],
      pending: report.pending ?? [],
    }
    return { ok: true, state: draft, entries: [entry] }
  } catch (error) {
    if (error instanceof ActionFailure) return { ok: false, error: { ...error.error } }
    // A bug in a handler still reaches the player as one line naming the action.
    const reason = error instanceof Error ? error.message : String(error)
    const message = `action "${action.type}" failed: ${reason}`
    const fault = expressionFault(error)
    if (fault === undefined) return refuse('engine-fault', message)
    return { ok: false, error: { code: 'content-fault', message, expression: fault } }
  }
}
