/**
 * Actions are plain JSON `{ type, ...args }` (the action shape of saved-game.schema.json), and
 * each type has a handler. Handlers live in a map passed to the reducer, not in a global
 * registry, so which actions a game knows is explicit and two games in one process never see
 * each other's registrations; the mechanics add theirs with `registerAction`.
 */
import type { LoadedScenario } from '../rules/loaded'
import { didYouMean } from '../content/suggest'
import type { ResolutionRecord } from '../rules'
import { reject } from './failure'
import type { ActionError } from './failure'
import type { GameState } from './game-state'
import type { AppliedEffect, PendingEffect } from './log'

export interface Action {
  type: string
  /** The side taking the action, where it matters. */
  side?: string
  [arg: string]: unknown
}

export const ACTION_TYPE = /^[a-z]+(-[a-z]+)*$/

export interface ActionContext {
  readonly loaded: LoadedScenario
  /**
   * A private deep copy of the state before the action: the handler changes it in place and
   * it becomes the new state. On a refusal it is thrown away.
   */
  readonly draft: GameState
  readonly action: Action
  /**
   * The state as the caller passed it, never to be changed (the draft itself when the action
   * is applied in place): what a listing of legal actions was made on (see PlayContext.source).
   */
  readonly source: GameState
}

/** What a handler reports; the reducer adds seq and the action to make the log entry. */
export interface HandlerReport {
  text: string
  records?: ResolutionRecord[]
  effects?: AppliedEffect[]
  pending?: PendingEffect[]
}

/**
 * Carries out one action on `ctx.draft`. Refuses by returning `{ ok: false, error }` or by
 * calling `reject` (which throws an ActionFailure the reducer catches).
 */
export type ActionHandler = (
  ctx: ActionContext,
) => HandlerReport | { ok: false; error: ActionError }

export type ActionHandlers = Readonly<Record<string, ActionHandler>>

/** `handlers` with one more action type; refuses to replace an existing one by accident. */
export function registerAction(
  handlers: ActionHandlers,
  type: string,
  handler: ActionHandler,
  replace = false,
): ActionHandlers {
  if (!ACTION_TYPE.test(type))
    throw new RangeError(`action type "${type}" must be kebab-case, like "end-phase"`)
  if (Object.hasOwn(handlers, type) && !replace)
    throw new RangeError(`action type "${type}" already has a handler`)
  return { ...handlers, [type]: handler }
}

/** Refuses arguments the action does not take, with a suggestion for a likely typo. */
export function checkArgs(action: Action, allowed: readonly string[]): void {
  const known = ['type', 'side', ...allowed]
  for (const key of Object.keys(action)) {
    if (!known.includes(key))
      reject(`action "${action.type}" takes no argument "${key}"${didYouMean(key, known)}`)
  }
}

const shown = (value: unknown): string => JSON.stringify(value) ?? 'nothing'

export function stringArg(action: Action, key: string): string
export function stringArg(action: Action, key: string, optional: true): string | undefined
export function stringArg(action: Action, key: string, optional = false): string | undefined {
  const value = action[key]
  if (value === undefined && optional) return undefined
  if (typeof value !== 'string' || value === '')
    return reject(`action "${action.type}" needs "${key}" as text, not ${shown(value)}`)
  return value
}

export function numberArg(action: Action, key: string): number | undefined {
  const value = action[key]
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value))
    return reject(`"${key}" of action "${action.type}" must be a number, not ${shown(value)}`)
  return value
}

export function booleanArg(action: Action, key: string): boolean | undefined {
  const value = action[key]
  if (value === undefined) return undefined
  if (typeof value !== 'boolean')
    return reject(`"${key}" of action "${action.type}" must be true or false, not ${shown(value)}`)
  return value
}

/** A non-empty list of distinct ids. */
export function idListArg(action: Action, key: string): string[] | undefined {
  const value = action[key]
  if (value === undefined) return undefined
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string')) {
    return reject(
      `"${key}" of action "${action.type}" must be a non-empty list of unit ids, not ${shown(value)}`,
    )
  }
  const ids = value as string[]
  const twice = ids.find((id, i) => ids.indexOf(id) !== i)
  if (twice !== undefined) reject(`"${key}" of action "${action.type}" lists unit "${twice}" twice`)
  return ids
}

/**
 * A per-unit flag given as `true`/`false` (every unit concerned) or as the list of the unit ids
 * it holds for (e.g. `charging: ["a", "b"]`).
 */
export function unitFlagArg(action: Action, key: string): ((id: string) => boolean) | undefined {
  const value = action[key]
  if (value === undefined) return undefined
  if (typeof value === 'boolean') return () => value
  if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return (id) => value.includes(id)
  return reject(
    `"${key}" of action "${action.type}" must be true, false or a list of unit ids, not ${shown(value)}`,
  )
}
