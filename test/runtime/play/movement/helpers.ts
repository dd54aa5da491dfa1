/**
 * Movement tests: the bundled content with the movement fixtures (test/fixtures/movement), a
 * game started and its pieces set where a test needs them before the first activation, and
 * the play path (playAction, legalActions) with readable failures.
 */
import { expect } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { loadLibrary } from '../../../../src/runtime/library/loader'
import type { ScenarioOptions } from '../../../../src/runtime/library/loader'
import { formatProblem } from '../../../../src/runtime/content/problems'
import { legalActions, openPrompt, playAction, startGame } from '../../../../src/runtime/play'
import { boardOf } from '../../../../src/runtime/state/board'
import type { Action, GameState, LogEntry } from '../../../../src/runtime/state'
import { readContentFolder } from '../../../helpers/fixtures'
import { ruleRefusal } from '../../../helpers/refusals'

let library: ReturnType<typeof loadLibrary> | undefined

export function loadMovement(id: string, options?: ScenarioOptions): LoadedScenario {
  library ??= loadLibrary([
    ...readContentFolder('content'),
    ...readContentFolder('test/fixtures/movement'),
  ])
  const loaded = library.scenario(id, options)
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  return loaded.value
}

/** Where a piece goes before the game: a hex (and facing), or off the board. */
export type Placement =
  | string
  | { hex: string; facing?: string; status?: string; markers?: Record<string, number> }
  | 'removed'

/**
 * A game started with forced dice (or a seed), its pieces moved as `placements` say (every other piece
 * stays where the scenario put it). Changes the state before anything is played, as a scenario
 * written that way would have it.
 */
export function setUp(
  loaded: LoadedScenario,
  placements: Record<string, Placement> = {},
  dice: number[] | { seed: number } = [],
): GameState {
  const { state } = startGame(loaded, Array.isArray(dice) ? { forced: dice } : dice)
  const board = boardOf(loaded)
  for (const [id, where] of Object.entries(placements)) {
    const unit = state.units[id]
    if (unit === undefined) throw new Error(`no unit ${id}`)
    if (where === 'removed') {
      unit.location = 'removed'
      unit.hex = null
      unit.facing = null
      continue
    }
    const spec = typeof where === 'string' ? { hex: where } : where
    if (board.cubeOf(spec.hex) === null) throw new Error(`no hex ${spec.hex}`)
    unit.hex = spec.hex
    unit.location = 'map'
    if (spec.facing !== undefined) {
      const found = board.facingFromName(spec.facing)
      if (!found.ok) throw new Error(found.message)
      unit.facing = found.clock
    }
    if (spec.status !== undefined) unit.status = spec.status
    if (spec.markers !== undefined) unit.markers = { ...unit.markers, ...spec.markers }
  }
  return state
}

export function play(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
): { state: GameState; entry: LogEntry } {
  const result = playAction(loaded, state, action)
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.message}`)
  return { state: result.state, entry: result.entries[0] as LogEntry }
}

export function refusal(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
): { message: string; rule?: string } {
  return ruleRefusal(playAction(loaded, state, action), JSON.stringify(action))
}

/** Starts a free activation of `command` and checks the game then waits in a movement phase. */
export function activate(
  loaded: LoadedScenario,
  state: GameState,
  command: string,
  kind = 'battle',
): GameState {
  const after = play(loaded, state, { type: 'activate', kind, command }).state
  expect(openPrompt(after)?.kind).toMatch(/^(move-and-fire|movement)$/)
  return after
}

export function spent(state: GameState, id: string): number {
  return state.flow?.activation?.units[id]?.mp ?? 0
}

export function moves(loaded: LoadedScenario, state: GameState, unit: string): Action[] {
  return legalActions(loaded, state).filter((a) => a.type === 'move' && a.unit === unit)
}

/** The hexes a unit can end a move in now, sorted. */
export function destinations(loaded: LoadedScenario, state: GameState, unit: string): string[] {
  const ends = moves(loaded, state, unit).map((a) => {
    const path = a.path as string[]
    return path[path.length - 1] as string
  })
  return [...new Set(ends)].sort()
}

export function notes(entry: LogEntry): string[] {
  return entry.effects.map((e) => e.text)
}
