/**
 * The game state: everything that changes during a game and nothing derived from content.
 * Plain JSON (no Maps, classes, functions, undefined or -0), so it can be saved, sent to a
 * worker, hashed and compared. Randomness lives only in `dice`.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { UnitPlacement } from '../generated/content-types'
import type { DiceSource } from '../dice'
import { forcedSource, seededSource } from '../dice'
import { boardOf } from './board'
import { initialClock } from './clock'
import type { FlowState } from './flow-types'
import { carryKept } from './occupancy'
import { isTwoHex, rearHex } from './footprints'
import { leaveRemains } from './remains'
import { sideOrder, spareHorses } from './roster'

export { leaderIds, sideOrder } from './roster'

export const STATE_FORMAT = 'hexwright-state'
export const STATE_VERSION = 1

export type UnitLocation = 'map' | 'reinforcements' | 'removed'
export type RatingValue = number | string | boolean

export interface UnitState {
  type: string
  side: string
  command: string | null
  /** Name printed on the counter, when the scenario gives one. */
  name: string | null
  /** Hex label as the map prints it; null when off the map. */
  hex: string | null
  /** Clock position 0..11 (see hex/directions); null off the map or when facing is not used. */
  facing: number | null
  status: string
  /** Marker id → count; a marker that is absent has count 0 and no key. */
  markers: Record<string, number>
  /** Ratings printed on this counter, over its type's. */
  ratings: Record<string, RatingValue>
  location: UnitLocation
  /** Reinforcement group the unit arrives with; null for units set up on the map. */
  group: string | null
  /** An end-activation effect stopped it: no more movement, or nothing more this activation. */
  ended: 'movement' | 'activation' | null
}

export interface Clock {
  turn: number
  /** Activations played so far (activation-chain rulesets). */
  activation: number
  /** Current phase id; null between activations or once the last turn is over. */
  phase: string | null
  activeSide: string
  /** 1-based player turn within the game turn. */
  playerTurn: number
}

export interface SideState {
  tracks: Record<string, number>
}

export interface Outcome {
  winners: string[]
  losers: string[]
  draw: boolean
  reason: string
}

export interface GameState {
  format: typeof STATE_FORMAT
  version: typeof STATE_VERSION
  scenario: string
  /** The ruleset and every variant applied, base first. */
  rulesetChain: string[]
  /** Optional rules in force. */
  options: Record<string, boolean>
  dice: DiceSource
  clock: Clock
  sides: Record<string, SideState>
  /** Tracks of game scope. */
  tracks: Record<string, number>
  units: Record<string, UnitState>
  /**
   * Remains (corpses) by hex label, then by kind of remains: how many lie there
   * (mechanics.remains, state/remains.ts). Absent until a ruleset with remains leaves some.
   */
  remains?: Record<string, Record<string, number>>
  /**
   * Where each unit that left remains fell (its front hex then), by unit id: its body lies there
   * with what it carried (state/remains.ts). Absent until a ruleset with remains leaves some.
   */
  fallen?: Record<string, string>
  outcome: Outcome | null
  /** Actions applied so far; the next action's log entry has this as its seq. */
  actionCount: number
  /**
   * The game in progress under the rules' sequence of play (src/runtime/play); null in a
   * sandbox state driven by kernel actions only.
   */
  flow: FlowState | null
}

export type DiceChoice = { seed: number } | { forced: readonly number[] }

export function diceSourceOf(dice: DiceChoice): DiceSource {
  if ('seed' in dice) {
    const { seed } = dice
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new RangeError(
        `a dice seed must be a whole number from 0 to 4294967295, got ${String(seed)}`,
      )
    }
    return seededSource(seed)
  }
  if (!Array.isArray(dice.forced) || !dice.forced.every((v) => Number.isInteger(v))) {
    throw new RangeError('forced dice must be a list of whole numbers')
  }
  return forcedSource(dice.forced)
}

export function initialStatus(loaded: LoadedScenario): string {
  const states = loaded.rules.ruleset.statuses.states
  return (states.find((s) => s.initial === true) ?? states[0])?.id ?? ''
}

export function isRemovedStatus(loaded: LoadedScenario, status: string): boolean {
  return loaded.rules.ruleset.statuses.states.some((s) => s.id === status && s.removed === true)
}

/**
 * The state before the first action: units where the scenario sets them up (facing converted
 * from its compass name for the ruleset's facing mode), reinforcements off the map, tracks at
 * their starting values, the clock at the first phase the first side can play. Throws a
 * RangeError for content that loading should have refused (a facing the map cannot have).
 */
export function createInitialState(loaded: LoadedScenario, dice: DiceChoice): GameState {
  const board = boardOf(loaded)
  const rules = loaded.rules.ruleset
  const status = initialStatus(loaded)
  const units: Record<string, UnitState> = {}
  // Units set up dead where they lie: their remains, once the state exists.
  const fallen: { id: string; status: string; hexes: string[] }[] = []
  const place = (
    u: UnitPlacement,
    side: string,
    command: string | undefined,
    group: string | null,
  ) => {
    let facing: number | null = null
    if (u.facing !== undefined && u.hex !== undefined) {
      const found = board.facingFromName(u.facing)
      if (!found.ok) throw new RangeError(`unit "${u.id}": ${found.message}`)
      facing = found.clock
    }
    const unitStatus = u.status ?? status
    const removed = isRemovedStatus(loaded, unitStatus)
    const onMap = u.hex !== undefined && group === null && !removed
    if (removed && u.hex !== undefined && group === null) {
      const rear =
        facing === null || !isTwoHex(loaded, u.type) ? null : rearHex(loaded, u.hex, facing)
      fallen.push({ id: u.id, status: unitStatus, hexes: rear === null ? [u.hex] : [u.hex, rear] })
    }
    units[u.id] = {
      type: u.type,
      side,
      command: u.command ?? command ?? null,
      name: u.name ?? null,
      hex: onMap ? (u.hex ?? null) : null,
      facing: onMap ? facing : null,
      status: unitStatus,
      markers: Object.fromEntries(Object.entries(u.markers ?? {}).filter(([, n]) => n > 0)),
      ratings: { ...(u.ratings ?? {}) },
      location: removed ? 'removed' : onMap ? 'map' : 'reinforcements',
      group,
      ended: null,
    }
  }
  const sides: Record<string, SideState> = {}
  for (const side of loaded.scenario.sides) {
    for (const u of side.units) place(u, side.id, undefined, null)
    for (const group of side.reinforcements ?? [])
      for (const u of group.units) place(u, side.id, group.command, group.id)
    const tracks: Record<string, number> = {}
    for (const track of rules.tracks ?? [])
      if (track.scope === 'side') tracks[track.id] = track.initial ?? 0
    sides[side.id] = { tracks: { ...tracks, ...(side.tracks ?? {}) } }
  }
  addSpareHorses(loaded, units, status)
  const tracks: Record<string, number> = {}
  for (const track of rules.tracks ?? [])
    if (track.scope === 'game') tracks[track.id] = track.initial ?? 0
  const { first } = sideOrder(loaded)
  const state: GameState = {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    scenario: loaded.scenario.id,
    rulesetChain: [...rules.chain],
    options: { ...loaded.options },
    dice: diceSourceOf(dice),
    clock: { turn: 1, activation: 0, phase: null, activeSide: first, playerTurn: 1 },
    sides,
    tracks,
    units,
    outcome: null,
    actionCount: 0,
    flow: null,
  }
  for (const f of fallen) leaveRemains(loaded, state, f.id, f.status, f.hexes, [])
  state.clock = initialClock(loaded, state)
  return state
}

/**
 * Under mechanics.results.unhorsed, one horse unit per rider whose type names its horse, out of
 * play (and of no command) until a dismount puts it where the rider stood. Created with the
 * state so unit ids and hashes never change in play; other rulesets' states are left as they were.
 */
function addSpareHorses(
  loaded: LoadedScenario,
  units: Record<string, UnitState>,
  status: string,
): void {
  for (const horse of spareHorses(loaded))
    units[horse.id] = {
      type: horse.type,
      side: horse.side,
      command: null,
      name: null,
      hex: null,
      facing: null,
      status,
      markers: {},
      ratings: {},
      location: 'removed',
      group: null,
      ended: null,
    }
}

/** A deep copy of plain JSON data: the reducer's draft, which handlers may change freely. */
export function cloneState<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  // Plain loops: this copy runs on every action, and entries/map allocate much more.
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length)
    for (let i = 0; i < value.length; i++) out[i] = cloneState(value[i])
    return out as T
  }
  const out: Record<string, unknown> = {}
  const source = value as Record<string, unknown>
  for (const key in source) out[key] = cloneState(source[key])
  return out as T
}

function cloneUnit(u: UnitState): UnitState {
  return {
    type: u.type,
    side: u.side,
    command: u.command,
    name: u.name,
    hex: u.hex,
    facing: u.facing,
    status: u.status,
    markers: { ...u.markers },
    ratings: { ...u.ratings },
    location: u.location,
    group: u.group,
    ended: u.ended,
  }
}

/**
 * A deep copy of a game state (the reducer's draft). The units, most of the state, are copied
 * by their known shape, which is several times quicker than the generic walk of cloneState.
 * The dice source is shared, not copied: rolling never changes a source but hands back a new
 * one, which the action stores in its draft. (A scripted source holds every value the script
 * has left: the computer player's tries carry hundreds, and copying them was a tenth of a try.)
 */
export function cloneGameState(state: GameState): GameState {
  const units: Record<string, UnitState> = {}
  for (const id in state.units) units[id] = cloneUnit(state.units[id] as UnitState)
  const copied = cloneState({ ...state, units: null, dice: null })
  // Spread over the original first, so the copy keeps its keys in the same order.
  const out: GameState = { ...state, ...copied, units, dice: state.dice }
  carryKept(state.units, units)
  return out
}
