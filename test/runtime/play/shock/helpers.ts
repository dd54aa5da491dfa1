/**
 * Shock tests on the bundled Men of Iron rulesets, with the scenarios of test/fixtures/shock
 * (units parked along the bottom edge of a field numbered like the Infidel maps). A test sets
 * the units it needs where it needs them and opens the shock phase of the west side's battle
 * activation by building the state directly (states are plain JSON): the shock phase frame on
 * top of the continued-attack phase frame, as the activation would have pushed them. When both
 * are over the game waits for nothing (the phases after them are other mechanics' business).
 */
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { loadLibrary } from '../../../../src/runtime/library/loader'
import { formatProblem } from '../../../../src/runtime/content/problems'
import { forcedSource } from '../../../../src/runtime/dice'
import { legalActions, openPrompt, playAction, startGame } from '../../../../src/runtime/play'
import { blankActivity } from '../../../../src/runtime/play/activity'
import { advance } from '../../../../src/runtime/play/driver'
import type { PlayContext } from '../../../../src/runtime/play/procedure'
import { PROCEDURES } from '../../../../src/runtime/play/registry'
import type { Action, GameState, LogEntry } from '../../../../src/runtime/state'
import { boardOf } from '../../../../src/runtime/state/board'
import type { Frame } from '../../../../src/runtime/state/flow-types'
import type { ResolutionRecord } from '../../../../src/runtime/rules'
import { readContentFolder } from '../../../helpers/fixtures'
import { ruleRefusal } from '../../../helpers/refusals'

let library: ReturnType<typeof loadLibrary> | undefined

export type ShockScenario = 'shock-v12' | 'shock-inf' | 'shock-moi' | 'shock-bnr'

export function shockScenario(
  id: ShockScenario,
  options: Record<string, boolean> = {},
): LoadedScenario {
  library ??= loadLibrary([
    ...readContentFolder('content'),
    ...readContentFolder('test/fixtures/shock'),
  ])
  const loaded = library.scenario(id, { options })
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  return loaded.value
}

export interface Place {
  hex: string
  /** A corner of the flat-top hex (NE, E, SE, SW, W, NW). */
  facing: string
  status?: string
  markers?: Record<string, number>
  ratings?: Record<string, number>
}

export interface Situation {
  places: Record<string, Place>
  /** The dice the game will roll, in order. */
  dice?: number[]
  /** Units that spent movement points this activation. */
  moved?: string[]
  /** Enemy units each unit was next to when the activation began (none by default). */
  startNextTo?: Record<string, string[]>
  /** The phase to open: the shock phase (default), the continued attacks, or move and fire. */
  phase?: 'shock' | 'continued-attack' | 'move-fire'
}

/** A game in the shock phase of west's battle activation, the units placed as given. */
export function inShockPhase(loaded: LoadedScenario, situation: Situation): GameState {
  const { state: started } = startGame(loaded, { seed: 1 })
  const state = structuredClone(started)
  const board = boardOf(loaded)
  for (const [id, place] of Object.entries(situation.places)) {
    const unit = state.units[id]
    if (unit === undefined) throw new Error(`no unit ${id}`)
    const facing = board.facingFromName(place.facing)
    if (!facing.ok) throw new Error(facing.message)
    unit.hex = place.hex
    unit.facing = facing.clock
    unit.location = 'map'
    unit.status = place.status ?? 'normal'
    unit.markers = { ...(place.markers ?? {}) }
    unit.ratings = { ...unit.ratings, ...(place.ratings ?? {}) }
  }
  const flow = state.flow
  if (flow === null) throw new Error('no flow')
  const phase = situation.phase ?? 'shock'
  const frames: Frame[] =
    phase === 'move-fire'
      ? [{ id: 1, proc: 'move-and-fire', phase: 'move-fire', step: 'start', data: {} }]
      : [{ id: 1, proc: 'continued-attack', phase: 'continued-attack', step: 'start', data: {} }]
  if (phase === 'shock')
    frames.push({ id: 2, proc: 'shock', phase: 'shock', step: 'start', data: {} })
  flow.stack = frames
  flow.nextId = 3
  flow.prompt = null
  state.clock.activeSide = 'west'
  state.clock.activation = 1
  flow.activation = {
    number: 1,
    side: 'west',
    kind: 'battle',
    commands: ['west-battle'],
    free: true,
    seized: false,
    units: {},
  }
  const ctx: PlayContext = { loaded, state, applied: [], pending: [], records: [] }
  for (const [id, unit] of Object.entries(state.units)) {
    if (unit.location !== 'map' || unit.hex === null) continue
    const moved = situation.moved?.includes(id) === true
    flow.activation.units[id] = {
      ...blankActivity(),
      startAdjacent: situation.startNextTo?.[id] ?? [],
      startNextTo: situation.startNextTo?.[id] ?? [],
      mp: moved ? 1 : 0,
      moved,
    }
  }
  state.dice = forcedSource(situation.dice ?? [])
  advance(ctx, PROCEDURES)
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

/** Plays the actions in turn, returning the final state and every log entry. */
export function playAll(
  loaded: LoadedScenario,
  state: GameState,
  actions: Action[],
): { state: GameState; entries: LogEntry[] } {
  const entries: LogEntry[] = []
  let now = state
  for (const action of actions) {
    const done = play(loaded, now, action)
    now = done.state
    entries.push(done.entry)
  }
  return { state: now, entries }
}

export function refusal(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
): { message: string; rule?: string } {
  return ruleRefusal(playAction(loaded, state, action), JSON.stringify(action))
}

/** The legal actions of the open prompt, without the side. */
export function legal(loaded: LoadedScenario, state: GameState, type?: string): Action[] {
  return legalActions(loaded, state)
    .filter((a) => type === undefined || a.type === type)
    .map(({ side: _side, ...rest }) => rest)
}

export function promptOf(state: GameState): { side: string; kind: string } | null {
  const p = openPrompt(state)
  return p === null ? null : { side: p.side, kind: p.kind }
}

/** Applied modifier terms of a record as {id: value}, zero terms left out. */
export function drms(record: ResolutionRecord | undefined): Record<string, number> {
  return Object.fromEntries(
    (record?.rollModifiers?.terms ?? [])
      .filter((t) => t.applied && t.value !== 0)
      .map((t) => [t.id, t.value as number]),
  )
}

/** The essentials of a shock roll: table, column, natural roll, final roll, result codes. */
export function reading(record: ResolutionRecord | undefined) {
  return {
    table: record?.table?.id,
    column: record?.column?.id,
    natural: record?.dice?.natural,
    final: record?.roll?.final,
    codes: record?.codes.map((c) => c.code),
  }
}

export function flightPoints(state: GameState, side: string): number {
  return state.sides[side]?.tracks['flight-points'] ?? 0
}

export function where(state: GameState, id: string): string | null {
  const unit = state.units[id]
  return unit === undefined || unit.location !== 'map' ? null : unit.hex
}
