/**
 * Games in a movement phase with the units where a test wants them, for what happens at each
 * step of a move (fire at every step, infiltration rolls): the turn-based fixture with Infidel's
 * counters (turn-skirmish.ts), and Croisades tactical's own content, on the melee-grove fixture
 * with its movement phase put back (only the charge declarations, not played yet, are left out).
 */
import type {
  Action,
  GameState,
  LoadedScenario,
  LogEntry,
  UnitPlacement,
} from '../../../src/runtime'
import { boardOf, loadLibrary, openPrompt, playAction, startGame } from '../../../src/runtime'
import type { SourceText } from '../../../src/runtime/content'
import { forcedSource } from '../../../src/runtime/dice'
import { readContentFolder, withEdit } from '../../helpers/fixtures'
import { afterReactionEvent } from './reaction-window'

export interface Placed {
  hex: string
  /** A facing name of the map's hexes (corners on the fixture's map, sides on Croisades'). */
  facing?: string
  status?: string
  markers?: Record<string, number>
}

/** The game with the units placed (the others where they stand) and the dice forced. */
export function placed(
  loaded: LoadedScenario,
  state: GameState,
  places: Record<string, Placed>,
  faces: number[] = [],
): GameState {
  const next = structuredClone(state)
  const board = boardOf(loaded)
  for (const [id, place] of Object.entries(places)) {
    const unit = next.units[id]
    if (unit === undefined) throw new Error(`no unit ${id}`)
    unit.hex = place.hex
    unit.location = 'map'
    if (place.facing !== undefined) {
      const facing = board.facingFromName(place.facing)
      if (!facing.ok) throw new Error(facing.message)
      unit.facing = facing.clock
    }
    if (place.status !== undefined) unit.status = place.status
    if (place.markers !== undefined) unit.markers = { ...place.markers }
  }
  next.dice = forcedSource(faces)
  return next
}

/** A game's state after an action, with the log entries it made. */
export interface Played {
  state: GameState
  entries: LogEntry[]
}

/** Plays `action` for the side the open prompt asks; throws if it is refused. */
export function act(loaded: LoadedScenario, state: GameState, action: Action): Played {
  const side = openPrompt(state)?.side
  const result = playAction(loaded, state, { ...action, ...(side === undefined ? {} : { side }) })
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.message}`)
  return { state: result.state, entries: result.entries }
}

/** Why `action` is refused (message and rule); throws if it is accepted. */
export function refused(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
): { message: string; rule?: string } {
  const side = openPrompt(state)?.side ?? ''
  const result = playAction(loaded, state, { ...action, side })
  if (result.ok) throw new Error(`${JSON.stringify(action)} was accepted`)
  return {
    message: result.error.message,
    ...(result.error.rule === undefined ? {} : { rule: result.error.rule }),
  }
}

/** The lines of the log entries, in order. */
export const lines = (entries: readonly LogEntry[]): string[] =>
  entries.flatMap((e) => e.effects.map((x) => x.text))

/** The resolution records of the log entries, as [resolution, natural roll, modified roll]. */
export const rolls = (entries: readonly LogEntry[]): [string, number, number][] =>
  entries.flatMap((e) =>
    e.records.map(
      (r) =>
        [r.resolution.id, r.roll?.natural ?? NaN, r.roll?.modified ?? NaN] as [
          string,
          number,
          number,
        ],
    ),
  )

const PASSING = ['done', 'declare-done', 'decline', 'pass']

/** Passes (done, declare-done, decline…) until the open prompt is of `kind` for `side`. */
export function until(
  loaded: LoadedScenario,
  state: GameState,
  kind: string,
  side: string,
): GameState {
  let at = state
  for (let i = 0; i < 40; i++) {
    const prompt = openPrompt(at)
    if (prompt?.kind === kind && prompt.side === side) return at
    const type = PASSING.find((t) => prompt?.actions.includes(t))
    if (type === undefined) throw new Error(`cannot pass "${prompt?.text ?? 'no prompt'}"`)
    at = act(loaded, at, { type }).state
  }
  throw new Error(`no ${kind} prompt for ${side}`)
}

/**
 * The game as it is when a mechanic reports that `unit`, standing in its hex, enters it as a
 * step of a move: the phase's move-step window opened on top of the stack and run to its first
 * decision (a charge or any move another mechanic makes would report it so).
 */
export function afterMoveStep(
  loaded: LoadedScenario,
  state: GameState,
  unit: string,
): { state: GameState; lines: string[] } {
  const hex = state.units[unit]?.hex
  if (hex == null) throw new Error(`${unit} is off the map`)
  return afterReactionEvent(loaded, state, { trigger: 'move-step', unit, hex })
}

// ------------------------------------------------------------------ Croisades tactical

const GROVE = 'test/fixtures/mods/melee-grove'
const GROVE_SCENARIO = 'melee-in-the-grove'
const bundled = readContentFolder('content')

export interface Character {
  id: string
  type: string
  hex: string
  facing?: string
}

/** The grove under each set of options asked for so far, loaded and validated once. */
const groves = new Map<string, LoadedScenario>()

/**
 * Croisades tactical (or a variant of it: `base`) with these characters set up on the olive
 * grove, the crusaders first, every phase played but the charge declarations; `movement`
 * patches the movement phase (its settings, its reaction). The content is loaded once per set
 * of options; the characters replace the fixture's in a copy of the loaded scenario.
 */
export function croisades(
  crusaders: Character[],
  saracens: Character[],
  options: { base?: string; movement?: Record<string, unknown> } = {},
): LoadedScenario {
  const key = JSON.stringify(options)
  let base = groves.get(key)
  if (base === undefined) {
    base = groveWith(options)
    groves.set(key, base)
  }
  for (const u of [...crusaders, ...saracens])
    if (!base.rules.unitTypes.has(u.type)) throw new Error(`no unit type ${u.type}`)
  const [first, second, ...rest] = base.scenario.sides
  if (first === undefined || second === undefined) throw new Error('two sides expected')
  const placed = (units: Character[]) => units.map((u) => ({ ...u, name: u.id }) as UnitPlacement)
  const sides = [
    { ...first, units: placed(crusaders) },
    { ...second, units: placed(saracens) },
    ...rest,
  ]
  return { ...base, scenario: { ...base.scenario, sides } }
}

function groveWith(options: { base?: string; movement?: Record<string, unknown> }): LoadedScenario {
  const sources: SourceText[] = withEdit(
    [...bundled, ...readContentFolder(GROVE)],
    'croisades-melee.json',
    (text) => {
      const variant = JSON.parse(text) as {
        base: string
        patch: { sequence: { phases: Record<string, unknown>[] } }
      }
      variant.base = options.base ?? variant.base
      variant.patch.sequence.phases = [
        { id: 'charges', $delete: true },
        ...(options.movement === undefined ? [] : [{ id: 'movement', ...options.movement }]),
      ]
      return JSON.stringify(variant)
    },
  )
  const result = loadLibrary(sources).scenario(GROVE_SCENARIO)
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'))
  return result.value
}

/** The crusaders' movement phase of the first turn (their offensive fire passed), dice forced. */
export function crusadersMove(loaded: LoadedScenario, faces: number[] = []): GameState {
  const { state } = startGame(loaded, { forced: [] })
  const moving = until(loaded, state, 'movement', 'crusaders')
  return { ...moving, dice: forcedSource(faces) }
}
