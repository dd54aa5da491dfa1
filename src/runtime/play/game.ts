/**
 * Playing a scenario under its rules: start a game, apply a player's action (it answers the open
 * prompt, then the engine runs on to the next decision), list the legal actions. Built on the
 * state kernel's pure reducer, so every action is logged, refusals leave nothing behind, and a
 * saved game replays to the same state hash.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { Action, ActionHandler, ActionHandlers } from '../state/actions'
import type { ObservedRoll } from '../state/effects'
import { reject } from '../state/failure'
import type { DiceChoice, GameState } from '../state/game-state'
import { createInitialState } from '../state/game-state'
import type { Prompt } from '../state/flow-types'
import type { LogEntry } from '../state/log'
import type { ActionResult } from '../state/reducer'
import type { ReplayEngine, ReplayResult } from '../state/replay'
import { replay } from '../state/replay'
import { stateHash } from '../state/hash'
import { applyAction, applyActionInPlace } from '../state/reducer'
import { advance, answering, flowOf, procedureOf, pushFrame } from './driver'
import type { LegalGroup, PlayContext } from './procedure'
import { PLAY_ACTION_TYPES, PROCEDURES, SLICES } from './registry'
import { startingFlow } from './slices'

/**
 * The handler answering the open prompt with the action, then running the game on to the next
 * decision; `observe` is told of every resolution rolled on the way (see EffectRun.observeRoll).
 */
function answerWith(observe?: (roll: ObservedRoll) => void): ActionHandler {
  return (hctx) => {
    const { loaded, draft, action, source } = hctx
    const flow = flowOf(draft)
    const { frame } = answering(flow, action)
    const procedure = procedureOf(PROCEDURES, frame.proc)
    if (procedure.act === undefined) return reject(`procedure "${frame.proc}" takes no decisions`)
    const ctx: PlayContext = {
      loaded,
      state: draft,
      source,
      applied: [],
      pending: [],
      records: [],
      ...(observe === undefined ? {} : { observeRoll: observe }),
    }
    flow.prompt = null
    const text = procedure.act(ctx, frame, action)
    advance(ctx, PROCEDURES)
    return { text, records: ctx.records, effects: ctx.applied, pending: ctx.pending }
  }
}

function playHandlers(observe?: (roll: ObservedRoll) => void): ActionHandlers {
  const answer = answerWith(observe)
  return Object.fromEntries(PLAY_ACTION_TYPES.map((t) => [t, answer]))
}

/** One handler per action type the procedures take: each answers the open prompt. */
export const PLAY_ACTIONS: ActionHandlers = playHandlers()

/**
 * Applies an action as playAction does, telling `observe` of every resolution before it is
 * rolled, with the variables it is rolled with: what the odds preview reads. The roll itself
 * comes from `state.dice` as usual, so a caller that must not see the game's dice passes a
 * state whose dice are scripted.
 */
export function probeAction(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  observe: (roll: ObservedRoll) => void,
): ActionResult {
  return applyAction(loaded, state, action, playHandlers(observe))
}

/** The game's start: the initial state, the sequence of play begun and run to the first decision. */
export function startGame(
  loaded: LoadedScenario,
  dice: DiceChoice,
): { state: GameState; entry: LogEntry } {
  const state = createInitialState(loaded, dice)
  const flow = startingFlow(loaded, state, SLICES)
  state.flow = flow
  pushFrame(flow, { proc: loaded.rules.ruleset.sequence.structure === 'turns' ? 'turns' : 'game' })
  const ctx: PlayContext = { loaded, state, applied: [], pending: [], records: [] }
  advance(ctx, PROCEDURES)
  const entry: LogEntry = {
    seq: -1,
    action: { type: 'start' },
    text: `${loaded.scenario.name}: the game begins`,
    records: ctx.records,
    effects: ctx.applied,
    pending: ctx.pending,
  }
  return { state, entry }
}

/** Applies a player's action to a game in progress (see applyAction for the guarantees). */
export function playAction(loaded: LoadedScenario, state: GameState, action: Action): ActionResult {
  return applyAction(loaded, state, action, PLAY_ACTIONS)
}

/**
 * playAction on the state itself, without a copy (see applyActionInPlace): for a caller that
 * owns the state and drops it after a refusal.
 */
export function playActionInPlace(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
): ActionResult {
  return applyActionInPlace(loaded, state, action, PLAY_ACTIONS)
}

/** The open decision, or null when the game is over. */
export function openPrompt(state: GameState): Prompt | null {
  return state.flow?.prompt ?? null
}

/** Every action the rules allow now, for the side that must decide. */
/** A context for listing legal actions: it reads the state only, so it may remember facts. */
function listingContext(loaded: LoadedScenario, state: GameState): PlayContext {
  return { loaded, state, applied: [], pending: [], records: [], memo: new Map() }
}

export function legalActions(loaded: LoadedScenario, state: GameState): Action[] {
  const flow = state.flow
  const prompt = flow?.prompt ?? null
  if (flow === null || prompt === null || state.outcome !== null) return []
  const frame = flow.stack[flow.stack.length - 1]
  if (frame === undefined) return []
  const procedure = procedureOf(PROCEDURES, frame.proc)
  // Legal-move generation reads the state; it gets a context it cannot leave changes in.
  const ctx = listingContext(loaded, state)
  return stampSide(procedure.legal?.(ctx, frame, prompt) ?? [], prompt.side)
}

/**
 * Listings build fresh action objects on every call, so the deciding side is written into them
 * in place: a copy of each would cost more than the rest of a listing.
 */
function stampSide(actions: Action[], side: string): Action[] {
  for (const a of actions) a.side = side
  return actions
}

/**
 * The legal actions in groups worked out on demand (see Procedure.legalGroups): a policy can
 * pick a group, then an action in it, without listing every action of every unit.
 */
export function legalGroups(loaded: LoadedScenario, state: GameState): LegalGroup[] {
  const flow = state.flow
  const prompt = flow?.prompt ?? null
  if (flow === null || prompt === null || state.outcome !== null) return []
  const frame = flow.stack[flow.stack.length - 1]
  if (frame === undefined) return []
  const procedure = procedureOf(PROCEDURES, frame.proc)
  const ctx = listingContext(loaded, state)
  const stamp = (actions: Action[]): Action[] => stampSide(actions, prompt.side)
  if (procedure.legalGroups === undefined) {
    const all = stamp(procedure.legal?.(ctx, frame, prompt) ?? [])
    return [{ key: 'all', actions: () => all }]
  }
  return procedure.legalGroups(ctx, frame, prompt).map((g) => {
    const list = g.list
    return {
      key: g.key,
      actions: () => stamp(g.actions()),
      ...(list === undefined
        ? {}
        : {
            list: () => {
              const inner = list()
              return { count: inner.count, at: (i: number) => stamp([inner.at(i)])[0] as Action }
            },
          }),
    }
  })
}

/** The play engine for replaying saved games: the game started, then actions as a player's. */
export const PLAY_ENGINE: ReplayEngine = {
  start: (loaded, dice) => {
    const begun = startGame(loaded, dice)
    return { state: begun.state, entries: [begun.entry] }
  },
  apply: playAction,
}

/**
 * The hash of the state after each action, for a saved game (SaveMeta.stateHashes): the game
 * played again from the start; null when an action is refused (it was never played so).
 */
export function stateHashesOf(
  loaded: LoadedScenario,
  dice: DiceChoice,
  actions: readonly Action[],
): string[] | null {
  let state = startGame(loaded, dice).state
  const hashes: string[] = []
  for (const action of actions) {
    const result = playAction(loaded, state, action)
    if (!result.ok) return null
    state = result.state
    hashes.push(stateHash(state))
  }
  return hashes
}

/** Replays a saved game played under the sequence of play, checking the saved state hash. */
export function replayGame(loaded: LoadedScenario, input: unknown): ReplayResult {
  return replay(loaded, input, PLAY_ENGINE)
}
