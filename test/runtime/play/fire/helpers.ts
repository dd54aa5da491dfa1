/**
 * Fire tests on the bundled Men of Iron rulesets, with the small scenarios of test/fixtures/fire
 * (units parked along the bottom edge of a test field). A test sets the units it needs where it
 * needs them and opens the move-and-fire phase of an activation by building the state directly
 * (states are plain JSON), then plays fire actions through the play path with forced dice.
 */
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { loadLibrary } from '../../../../src/runtime/library/loader'
import { formatProblem } from '../../../../src/runtime/content/problems'
import { forcedSource } from '../../../../src/runtime/dice'
import { legalActions, playAction, startGame } from '../../../../src/runtime/play'
import { blankActivity } from '../../../../src/runtime/play/activity'
import { advance } from '../../../../src/runtime/play/driver'
import { adjacentEnemies } from '../../../../src/runtime/play/influence'
import type { PlayContext } from '../../../../src/runtime/play/procedure'
import type { ReactionEvent } from '../../../../src/runtime/play/reactions'
import { PROCEDURES } from '../../../../src/runtime/play/registry'
import type { Action, GameState, LogEntry } from '../../../../src/runtime/state'
import { cubeAdd, diagonalAtClock, directionAtClock } from '../../../../src/runtime/hex'
import { boardOf } from '../../../../src/runtime/state/board'
import type { Frame } from '../../../../src/runtime/state/flow-types'
import { readContentFolder } from '../../../helpers/fixtures'
import { ruleRefusal } from '../../../helpers/refusals'
import { afterReactionEvent } from '../reaction-window'

let library: ReturnType<typeof loadLibrary> | undefined

export type FireScenario = 'fire-moi' | 'fire-inf' | 'fire-v12' | 'fire-bnr'

/**
 * A scenario of test/fixtures/fire, played under the bundled rulesets. The fire mechanic is
 * tested on its own: reactions of other mechanics to fire (counter-charges, a shock matter) are
 * taken out of the sequence unless `withOthers`, so a shot is not interrupted by their prompts.
 */
export function fireScenario(id: FireScenario, withOthers = false): LoadedScenario {
  library ??= loadLibrary([
    ...readContentFolder('content'),
    ...readContentFolder('test/fixtures/fire'),
  ])
  const loaded = library.scenario(id)
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  if (withOthers) return loaded.value
  const ruleset = loaded.value.rules.ruleset
  const phases = ruleset.sequence.phases.map((p) =>
    p.reactions === undefined
      ? p
      : { ...p, reactions: p.reactions.filter((r) => r.mechanic === 'fire') },
  )
  return {
    ...loaded.value,
    rules: {
      ...loaded.value.rules,
      ruleset: { ...ruleset, sequence: { ...ruleset.sequence, phases } },
    },
  }
}

export interface Place {
  hex: string
  /** A corner of the flat-top hex (NE, E, SE, SW, W, NW). */
  facing: string
  status?: string
  markers?: Record<string, number>
}

export interface Situation {
  /** The active side; its only command is activated. */
  side: 'west' | 'east'
  places: Record<string, Place>
  /** The dice the game will roll, in order. */
  dice?: number[]
  /** Movement points some units have spent already this activation. */
  spent?: Record<string, number>
}

/**
 * A game in the move-and-fire phase of `side`'s battle activation, with the units placed: the
 * activation frames as the chain would have pushed them (the phases before move-fire done).
 */
export function inMoveAndFire(loaded: LoadedScenario, situation: Situation): GameState {
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
  }
  const flow = state.flow
  if (flow === null) throw new Error('no flow')
  const side = situation.side
  const command = side === 'west' ? 'west-battle' : 'east-battle'
  const kind = loaded.rules.ruleset.sequence.activation?.kinds.find((k) => k.id === 'battle')
  const phase = (kind?.phases ?? []).indexOf('move-fire') + 1
  const frames: Frame[] = [
    { id: 1, proc: 'game', phase: null, step: 'after', data: { next: { side, free: true } } },
    {
      id: 2,
      proc: 'activation',
      phase: null,
      step: 'phases',
      data: { side, kind: 'battle', commands: [command], free: true, seized: false, phase },
    },
    { id: 3, proc: 'move-and-fire', phase: 'move-fire', step: 'start', data: {} },
  ]
  flow.stack = frames
  flow.nextId = 4
  flow.prompt = null
  state.clock.activeSide = side
  state.clock.activation = 1
  flow.activation = {
    number: 1,
    side,
    kind: 'battle',
    commands: [command],
    free: true,
    seized: false,
    units: {},
  }
  const ctx: PlayContext = { loaded, state, applied: [], pending: [], records: [] }
  for (const id of Object.keys(state.units)) {
    if (state.units[id]?.location !== 'map') continue
    flow.activation.units[id] = {
      ...blankActivity(),
      startAdjacent: adjacentEnemies(ctx, id),
      mp: situation.spent?.[id] ?? 0,
    }
  }
  advance(ctx, PROCEDURES)
  state.dice = forcedSource(situation.dice ?? [])
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

/** The fire actions listed for the open prompt, without the side. */
export function fireActions(loaded: LoadedScenario, state: GameState): Action[] {
  return legalActions(loaded, state)
    .filter((a) => a.type === 'fire')
    .map(({ side: _side, ...rest }) => rest)
}

/** Applied modifier terms of a record as [id, value]. */
export function terms(entry: LogEntry, index = 0): [string, number][] {
  const record = entry.records[index]
  return (record?.rollModifiers?.terms ?? [])
    .filter((t) => t.applied)
    .map((t) => [t.id, t.value as number])
}

/**
 * The hex `steps` away from `hex` towards a clock position: the sides of a flat-top hex are the
 * even clocks (0 = N, 2 = NE, 4 = SE, 6 = S, 8 = SW, 10 = NW), its corners the odd ones (1 = NE,
 * 3 = E, 5 = SE, 7 = SW, 9 = W, 11 = NW); a step towards a corner goes along the hexspine to
 * the hex beyond it (two hexes away).
 */
export function hexAt(loaded: LoadedScenario, hex: string, clock: number, steps = 1): string {
  const board = boardOf(loaded)
  let at = board.cubeOf(hex)
  if (at === null) throw new Error(`no hex ${hex}`)
  const delta = clock % 2 === 0 ? directionAtClock(clock) : diagonalAtClock(clock)
  for (let i = 0; i < steps; i++) at = cubeAdd(at, delta)
  return board.labelOf(at)
}

/**
 * The game as it would be when another mechanic reports that `unit` entered `hex` (by a move, a
 * charge placement, a retreat…): the phase's reaction window for it opened on top of the
 * move-and-fire frame, run to its first decision.
 */
export function afterEntry(
  loaded: LoadedScenario,
  state: GameState,
  event: { unit: string; hex: string; from: string; by: string },
): GameState {
  return afterReactionEvent(loaded, state, {
    trigger: 'enter-frontal-hex',
    ...event,
  } as ReactionEvent).state
}
