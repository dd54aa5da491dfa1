/**
 * Procedures: the engine's mechanics as resumable steps over plain-JSON frames. A procedure
 * runs its top frame until it needs a player's decision (a prompt), hands work to a
 * sub-procedure (push), or ends (done, with a value for the frame below). Every procedure reads
 * its details from the ruleset: a phase's params, resolutions, tables and unit flags.
 */
import type { Json } from '../content/overlay/types'
import type { ResolutionRecord } from '../rules'
import type { Action } from '../state/actions'
import type { EffectRun } from '../state/effects'
import type { GameState } from '../state/game-state'
import type { Frame, Prompt } from '../state/flow-types'

/** The draft being changed by one action, and what the action has done so far. */
export interface PlayContext extends EffectRun {
  readonly records: ResolutionRecord[]
  /**
   * Facts worked out from the state, kept for reuse (see remembered()). Only a context that
   * does not change its state has one: the contexts that list legal actions.
   */
  readonly memo?: Map<string, unknown>
  /**
   * An action's context: the state the action was given with, before any change (the state
   * itself when played in place). A procedure may trust what a listing of legal actions on that
   * very state found out (see movement/moves.ts) instead of checking the action again.
   */
  readonly source?: GameState
}

/**
 * `make()`, remembered under `key` while the context's state cannot change (a legal-action
 * listing); worked out afresh on a context that changes its state.
 */
export function remembered<T>(ctx: Pick<PlayContext, 'memo'>, key: string, make: () => T): T {
  const memo = ctx.memo
  if (memo === undefined) return make()
  if (memo.has(key)) return memo.get(key) as T
  const value = make()
  memo.set(key, value)
  return value
}

/** A frame to start: the procedure, the phase it runs for, and its first step and data. */
export interface NewFrame {
  proc: string
  phase?: string | null
  step?: string
  data?: { [key: string]: Json }
}

export type Outcome =
  /** Wait for a player: the prompt's `frame` is filled in by the driver. */
  | { kind: 'prompt'; prompt: Omit<Prompt, 'frame'> }
  /** Run a sub-procedure; this frame resumes when it ends, with its value in `returned`. */
  | { kind: 'push'; frame: NewFrame }
  /** This procedure is over. */
  | { kind: 'done'; value?: Json }
  /** The frame changed (another step): run it again. */
  | { kind: 'again' }

export interface Procedure {
  /** The action types its prompts accept. */
  readonly actions?: readonly string[]
  /**
   * The settings (phase or reaction params) it reads; a setting content gives that is not
   * among them is reported before play (capabilities.ts). Absent: it reads none.
   */
  readonly settings?: readonly string[]
  /** Carries the frame forward as far as it can go without a player. */
  run(ctx: PlayContext, frame: Frame): Outcome
  /**
   * Takes a player's answer to this frame's prompt, changing the draft and the frame. Refuses
   * (with `reject`) an answer the rules forbid, naming the rule. Returns the log line.
   */
  act?(ctx: PlayContext, frame: Frame, action: Action): string
  /** Every answer the rules allow to this frame's prompt. */
  legal?(ctx: PlayContext, frame: Frame, prompt: Prompt): Action[]
  /**
   * The same answers split into groups worked out on demand (one per unit, say), for policies
   * that choose a group first; together the groups list exactly what `legal` lists.
   */
  legalGroups?(ctx: PlayContext, frame: Frame, prompt: Prompt): LegalGroup[]
}

export interface LegalGroup {
  key: string
  actions(): Action[]
  /**
   * The same actions, in the same order, without making each one: a policy drawing one of a
   * unit's hundreds of moves makes only the one it draws. Optional; `actions()` always works.
   */
  list?(): ActionList
}

/** Actions worked out but not made: how many there are, and the i-th (0 ≤ i < count). */
export interface ActionList {
  readonly count: number
  at(i: number): Action
}

/** The actions of `lists` one after the other. */
export function joinLists(lists: readonly ActionList[]): ActionList {
  const count = lists.reduce((n, l) => n + l.count, 0)
  return {
    count,
    at(i) {
      let rest = i
      for (const list of lists) {
        if (rest < list.count) return list.at(rest)
        rest -= list.count
      }
      throw new RangeError(`action ${i} of a list of ${count}`)
    },
  }
}

/** An array of actions as a list. */
export function arrayList(actions: readonly Action[]): ActionList {
  return { count: actions.length, at: (i) => actions[i] as Action }
}

/** Every action of a list, made. */
export function listed(list: ActionList): Action[] {
  const out = new Array<Action>(list.count)
  for (let i = 0; i < list.count; i++) out[i] = list.at(i)
  return out
}

export type Procedures = Readonly<Record<string, Procedure>>
