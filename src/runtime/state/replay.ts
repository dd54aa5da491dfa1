/**
 * Saved games and replays. A saved game (schemas/saved-game.schema.json) is the scenario with
 * its variants and options, the dice (a seed, or the faces read from physical dice) and every
 * action; replaying the actions from the initial state reproduces the game, and the saved state
 * hash says whether it reproduced it exactly.
 */
import { schemaCheck } from '../content/check-files'
import type { LoadedScenario } from '../rules/loaded'
import { locate, parseJsonDocument } from '../content/json-document'
import type { SavedGame } from '../generated/content-types'
import type { Action, ActionHandlers } from './actions'
import type { DiceChoice, GameState } from './game-state'
import { createInitialState } from './game-state'
import { stateHash } from './hash'
import { actionText, namesOf } from './words'
import { KERNEL_ACTIONS } from './kernel-actions'
import type { LogEntry } from './log'
import { applyAction } from './reducer'

export const SAVED_GAME_FORMAT = 'hexwright-saved-game'
export const SAVED_GAME_VERSION = 1
export const SAVED_GAME_SCHEMA = '../../schemas/saved-game.schema.json'

export type MigrationResult = { ok: true; save: SavedGame } | { ok: false; error: string }

/**
 * A saved game brought to the current version: the place where older versions will be
 * upgraded. Version 1 is current, so it is checked against its schema and returned.
 * Accepts the parsed JSON or the file's text.
 */
export function migrateSavedGame(input: unknown): MigrationResult {
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch (error) {
      return {
        ok: false,
        error: `the saved game is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      }
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, error: 'a saved game must be a JSON object' }
  const { format, schemaVersion } = value as { format?: unknown; schemaVersion?: unknown }
  if (format !== SAVED_GAME_FORMAT)
    return {
      ok: false,
      error: `this is not a saved game: "format" must be "${SAVED_GAME_FORMAT}", not ${JSON.stringify(format) ?? 'missing'}`,
    }
  if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion) || schemaVersion < 1) {
    return {
      ok: false,
      error: `"schemaVersion" of a saved game must be a whole number from 1, not ${JSON.stringify(schemaVersion) ?? 'missing'}`,
    }
  }
  if (schemaVersion > SAVED_GAME_VERSION) {
    return {
      ok: false,
      error: `the game was saved by a newer Hexwright (saved-game version ${schemaVersion}; this one reads up to ${SAVED_GAME_VERSION})`,
    }
  }
  // Older versions are upgraded here, one step at a time, before the check below.
  const parsed = parseJsonDocument('saved game', JSON.stringify(value, null, 2))
  if (!parsed.ok) return { ok: false, error: parsed.problems.map((p) => p.message).join('; ') }
  const problems = schemaCheck(parsed.doc, 'saved-game', value)
  const { actions, stateHashes } = value as { actions?: unknown; stateHashes?: unknown }
  if (
    problems.length === 0 &&
    Array.isArray(actions) &&
    Array.isArray(stateHashes) &&
    stateHashes.length !== actions.length
  )
    problems.push({
      file: parsed.doc.file,
      ...locate(parsed.doc, '/stateHashes'),
      pointer: '/stateHashes',
      message: `"stateHashes" must hold one hash for each action, but it has ${stateHashes.length} for ${actions.length} actions`,
      severity: 'error',
    })
  if (problems.length > 0) {
    return {
      ok: false,
      error: `the saved game is malformed: ${problems.map((p) => (p.pointer ? `${p.message} (at ${p.pointer})` : p.message)).join('; ')}`,
    }
  }
  return { ok: true, save: value as SavedGame }
}

/** Variants the scenario was loaded with beyond its own (the chain after its own layers). */
export function extraVariants(loaded: LoadedScenario): string[] {
  const chain = loaded.rules.ruleset.chain
  const own = loaded.scenario.variants ?? []
  const last = own[own.length - 1] ?? loaded.scenario.ruleset
  const at = chain.lastIndexOf(last)
  return at === -1 ? [] : chain.slice(at + 1)
}

export interface SaveMeta {
  /** When the game was saved (ISO 8601, UTC), supplied by the caller: the runtime reads no clock. */
  savedAt?: string
  id?: string
  name?: string
  /**
   * The hash of the state after each action (see `stateHashesOf` in play/), so that a replay
   * that parts from the game is caught at the first action that leads elsewhere.
   */
  stateHashes?: readonly string[]
}

/** A saved game for `actions` played from the scenario with these dice, ending in `state`. */
export function saveGame(
  loaded: LoadedScenario,
  dice: DiceChoice,
  actions: readonly Action[],
  state: GameState,
  meta: SaveMeta = {},
): SavedGame {
  const variants = extraVariants(loaded)
  return {
    $schema: SAVED_GAME_SCHEMA,
    ...(meta.id === undefined ? {} : { id: meta.id }),
    schemaVersion: SAVED_GAME_VERSION,
    format: SAVED_GAME_FORMAT,
    ...(meta.name === undefined ? {} : { name: meta.name }),
    scenario: loaded.scenario.id,
    ...(variants.length === 0 ? {} : { variants }),
    options: { ...loaded.options },
    dice:
      'seed' in dice
        ? { kind: 'seeded', seed: dice.seed }
        : { kind: 'forced', values: [...dice.forced] },
    actions: JSON.parse(JSON.stringify(actions)) as SavedGame['actions'],
    ...(meta.stateHashes?.length === actions.length ? { stateHashes: [...meta.stateHashes] } : {}),
    stateHash: stateHash(state),
    ...(meta.savedAt === undefined ? {} : { savedAt: meta.savedAt }),
  }
}

export type ReplayResult =
  | {
      ok: true
      state: GameState
      entries: LogEntry[]
      hash: string
      hashMatches?: boolean
      save: SavedGame
    }
  /**
   * actionIndex: the action refused or, with `diverged`, the first whose state is not the one
   * saved (0-based); null when the save does not fit the scenario.
   */
  | { ok: false; error: { message: string; actionIndex: number | null; diverged?: true } }

function mismatch(loaded: LoadedScenario, save: SavedGame): string | null {
  if (save.scenario !== loaded.scenario.id)
    return `the game was saved for scenario "${save.scenario}", not "${loaded.scenario.id}"`
  const saved = save.variants ?? []
  const loadedWith = extraVariants(loaded)
  if (saved.join('\n') !== loadedWith.join('\n')) {
    const list = (v: readonly string[]) =>
      v.length === 0 ? 'no variants' : v.map((x) => `"${x}"`).join(', ')
    return `the game was saved with ${list(saved)}, but the scenario is loaded with ${list(loadedWith)}`
  }
  for (const [option, value] of Object.entries(save.options ?? {})) {
    const inForce = Object.hasOwn(loaded.options, option) ? loaded.options[option] : undefined
    if (inForce !== value)
      return `the game was saved with optional rule "${option}" ${value === true ? 'on' : 'off'}, but it is ${inForce === true ? 'on' : 'off'} in the loaded scenario`
  }
  return null
}

/** Replays a saved game on the scenario it was saved for (loaded with its variants and options). */
/** How a game begins and takes actions: the kernel's sandbox by default, or the play engine. */
export interface ReplayEngine {
  start(loaded: LoadedScenario, dice: DiceChoice): { state: GameState; entries: LogEntry[] }
  apply(loaded: LoadedScenario, state: GameState, action: Action): ReturnType<typeof applyAction>
}

/** The kernel's sandbox: the initial state, actions through the given handlers. */
export function sandboxEngine(handlers: ActionHandlers = KERNEL_ACTIONS): ReplayEngine {
  return {
    start: (loaded, dice) => ({ state: createInitialState(loaded, dice), entries: [] }),
    apply: (loaded, state, action) => applyAction(loaded, state, action, handlers),
  }
}

/**
 * Replays a saved game on the scenario it was saved for (loaded with its variants and options),
 * with the engine that played it.
 */
export function replay(
  loaded: LoadedScenario,
  input: unknown,
  engine: ReplayEngine | ActionHandlers = KERNEL_ACTIONS,
): ReplayResult {
  const { start, apply } =
    'start' in engine && typeof engine.start === 'function'
      ? (engine as ReplayEngine)
      : sandboxEngine(engine as ActionHandlers)
  const migrated = migrateSavedGame(input)
  if (!migrated.ok) return { ok: false, error: { message: migrated.error, actionIndex: null } }
  const save = migrated.save
  const problem = mismatch(loaded, save)
  if (problem !== null) return { ok: false, error: { message: problem, actionIndex: null } }
  let state: GameState
  const entries: LogEntry[] = []
  try {
    const begun = start(
      loaded,
      save.dice.kind === 'seeded' ? { seed: save.dice.seed } : { forced: save.dice.values },
    )
    state = begun.state
    entries.push(...begun.entries)
  } catch (error) {
    return {
      ok: false,
      error: { message: error instanceof Error ? error.message : String(error), actionIndex: null },
    }
  }
  const saved = save.stateHashes
  for (const [index, action] of save.actions.entries()) {
    const result = apply(loaded, state, action as Action)
    if (!result.ok)
      return {
        ok: false,
        error: {
          message: `action ${index + 1} (${actionText(action as Action, namesOf(loaded))}) is not allowed: ${result.error.message}`,
          actionIndex: index,
        },
      }
    state = result.state
    entries.push(...result.entries)
    const expected = saved?.[index]
    if (expected !== undefined) {
      const found = stateHash(state)
      if (found !== expected)
        return {
          ok: false,
          error: {
            message: divergence(loaded, index, action as Action, found, expected),
            actionIndex: index,
            diverged: true,
          },
        }
    }
  }
  const hash = stateHash(state)
  return {
    ok: true,
    state,
    entries,
    hash,
    ...(save.stateHash === undefined ? {} : { hashMatches: save.stateHash === hash }),
    save,
  }
}

/** Why the replay parted from the game saved at this action, in words. */
export function divergence(
  loaded: LoadedScenario,
  index: number,
  action: Action,
  found: string,
  expected: string,
): string {
  return `action ${index + 1} (${actionText(action, namesOf(loaded))}) is the first to part from the game saved: it leads to state ${found}, not ${expected} as when it was saved; it was changed after saving (or the dice were, or the content since)`
}

/** How a saved game that replays to another state than the one saved is reported, everywhere. */
export const NOT_REPLAYED = 'the saved game does not replay to the state it was saved in'

/**
 * Why a replay whose actions were all allowed ended at another state than the saved one: the
 * final hash was edited (every state along the way matched its saved hash), or, for a game saved
 * without a hash per action, something in it or in the content changed, which cannot be placed.
 */
export function finalHashMismatch(
  actions: number,
  found: string,
  saved: string,
  perAction: boolean,
): string {
  return perAction
    ? `every action leads to the state saved with it, but the final state hash is ${found}, not ${saved}: "stateHash" was changed after saving`
    : `after its ${actions} action${actions === 1 ? '' : 's'} the state hash is ${found}, not ${saved}; an action or the dice were changed after saving, or the content since (the game was saved without a hash per action, so which action cannot be told)`
}
