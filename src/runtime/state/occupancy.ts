/**
 * Where the units are and how they stand: the one place that changes a unit's hex, location,
 * facing or type, and what is worked out from those alone (the units in each hex, enemy
 * influence, the commands still in play). Mechanics ask such questions far more often than
 * units move, so the answers are kept per units record and thrown away whenever a setter here
 * changes a unit; a test checks that no other code in src/ assigns these fields.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { GameState, UnitLocation, UnitState } from './game-state'

type Units = GameState['units']

const NOBODY: readonly string[] = Object.freeze([])

interface Answer {
  value: unknown
  /** The side whose units the answer does not depend on (null: it depends on every unit). */
  notSide: string | null
}

interface Kept {
  /** Hex → units in it, in state order; built on first use, then kept up to date. */
  index: Map<string, string[]> | null
  /** Each unit's position in state order (the keys of the units record never change). */
  order: Map<string, number> | null
  /** Other answers worked out from the arrangement, by key, for one loaded scenario. */
  derived: Map<string, Answer>
  loaded: LoadedScenario | null
  /**
   * The arrangement the answers were worked out for, unit by unit in state order, kept up to
   * date by the setters: a copy takes the answers over only if the units still stand so (code
   * that moved units by hand, such as a test setting up a position, made them wrong).
   */
  seen: Seen
}

interface Seen {
  ids: readonly string[]
  hex: (string | null)[]
  location: UnitLocation[]
  facing: (number | null)[]
  type: string[]
}

const kept = new WeakMap<Units, Kept>()

function seenOf(units: Units): Seen {
  const ids = Object.keys(units)
  const list = ids.map((id) => units[id] as UnitState)
  return {
    ids,
    hex: list.map((u) => u.hex),
    location: list.map((u) => u.location),
    facing: list.map((u) => u.facing),
    type: list.map((u) => u.type),
  }
}

/** Whether the units stand as `seen` says. */
function stillSeen(units: Units, seen: Seen): boolean {
  const { ids } = seen
  for (let i = 0; i < ids.length; i++) {
    const u = units[ids[i] as string]
    if (
      u === undefined ||
      u.hex !== seen.hex[i] ||
      u.location !== seen.location[i] ||
      u.facing !== seen.facing[i] ||
      u.type !== seen.type[i]
    )
      return false
  }
  return true
}

function keptFor(units: Units): Kept {
  let found = kept.get(units)
  if (found === undefined) {
    found = { index: null, order: null, derived: new Map(), loaded: null, seen: seenOf(units) }
    kept.set(units, found)
  }
  return found
}

/** see() for a unit given by its record (turns and changes of form are rare: a scan will do). */
function seeUnit(state: GameState, unit: UnitState): void {
  const k = kept.get(state.units)
  if (k === undefined) return
  const id = k.seen.ids.find((u) => state.units[u] === unit)
  if (id !== undefined) see(state, id, unit)
}

/** Records a setter's change in what the answers were worked out for. */
function see(state: GameState, id: string, unit: UnitState): void {
  const k = kept.get(state.units)
  if (k === undefined) return
  const i = stateOrder(state).get(id)
  if (i === undefined) return
  k.seen.hex[i] = unit.hex
  k.seen.location[i] = unit.location
  k.seen.facing[i] = unit.facing
  k.seen.type[i] = unit.type
}

/**
 * Hands what is kept for `from` to its copy `to` (the reducer's draft, a unit-for-unit copy):
 * the answers hold for the copy until one of its units moves, so an action does not work out
 * again what the previous one knew. The copy gets its own index and answer maps, so the setters
 * on one never reach the other; the lists inside are replaced, never changed, and are shared.
 */
export function carryKept(from: Units, to: Units): void {
  const k = kept.get(from)
  if (k === undefined || !stillSeen(from, k.seen)) return
  const { seen } = k
  kept.set(to, {
    index: k.index === null ? null : new Map(k.index),
    order: k.order,
    derived: new Map(k.derived),
    loaded: k.loaded,
    seen: {
      ids: seen.ids,
      hex: seen.hex.slice(),
      location: seen.location.slice(),
      facing: seen.facing.slice(),
      type: seen.type.slice(),
    },
  })
}

/** Forgets the answers a change to `unit` may have made wrong. */
function changed(state: GameState, unit: UnitState): void {
  const k = kept.get(state.units)
  if (k === undefined) return
  for (const [key, answer] of k.derived)
    if (answer.notSide === null || answer.notSide !== unit.side) k.derived.delete(key)
}

/**
 * Forgets the answers kept about the arrangement after a change they may read that is not a
 * move (a unit going out of the battle, or back into it, in its hex).
 */
export function arrangementChanged(state: GameState, unit: UnitState): void {
  changed(state, unit)
}

/** Puts unit `id` in `hex` (null off the map) at `location`. */
export function setPlace(
  state: GameState,
  id: string,
  hex: string | null,
  location: UnitLocation,
): void {
  const unit = state.units[id]
  if (unit === undefined) throw new Error(`setPlace: there is no unit "${id}"`)
  if (unit.hex === hex && unit.location === location) return
  const index = kept.get(state.units)?.index
  if (index != null) {
    // Moving one unit is a common change: the index follows it rather than being rebuilt.
    if (unit.location === 'map' && unit.hex !== null) leave(index, unit.hex, id)
    if (location === 'map' && hex !== null) arrive(state, index, hex, id)
  }
  unit.hex = hex
  unit.location = location
  see(state, id, unit)
  changed(state, unit)
}

/** Turns a unit to `facing` (null: no facing, off the map or on a map without facings). */
export function setFacing(state: GameState, unit: UnitState, facing: number | null): void {
  if (unit.facing === facing) return
  unit.facing = facing
  seeUnit(state, unit)
  changed(state, unit)
}

/** Changes the counter a unit is (a change of form, a replacement leader). */
export function setType(state: GameState, unit: UnitState, type: string): void {
  if (unit.type === type) return
  unit.type = type
  seeUnit(state, unit)
  changed(state, unit)
}

// The lists are replaced, never changed: a caller may hold one while units move.
function leave(index: Map<string, string[]>, hex: string, id: string): void {
  const list = index.get(hex)
  if (list === undefined) return
  const rest = list.filter((u) => u !== id)
  if (rest.length === 0) index.delete(hex)
  else index.set(hex, rest)
}

/** Each unit's position in state order (the order a scan of the units lists them in). */
export function stateOrder(state: GameState): ReadonlyMap<string, number> {
  const k = keptFor(state.units)
  if (k.order === null) k.order = new Map(Object.keys(state.units).map((u, i) => [u, i]))
  return k.order
}

function arrive(state: GameState, index: Map<string, string[]>, hex: string, id: string): void {
  const order = stateOrder(state)
  const rank = order.get(id) ?? Infinity
  const list = index.get(hex)
  if (list === undefined) {
    index.set(hex, [id])
    return
  }
  // Kept in state order, as a scan of the units would list them.
  let at = list.length
  while (at > 0 && (order.get(list[at - 1] as string) ?? Infinity) > rank) at -= 1
  index.set(hex, [...list.slice(0, at), id, ...list.slice(at)])
}

function indexOf(units: Units): Map<string, string[]> {
  const k = keptFor(units)
  if (k.index === null) {
    const index = new Map<string, string[]>()
    for (const id in units) {
      const u = units[id] as UnitState
      if (u.location !== 'map' || u.hex === null) continue
      const list = index.get(u.hex)
      if (list === undefined) index.set(u.hex, [id])
      else list.push(id)
    }
    k.index = index
  }
  return k.index
}

/** Ids of the units on the map in `hex` (combat units and leaders), in state order. */
export function unitsAt(state: GameState, hex: string): readonly string[] {
  return indexOf(state.units).get(hex) ?? NOBODY
}

/**
 * Every occupied hex with its units, in state order. The map follows later moves; each list in
 * it is a snapshot (a move replaces the lists it changes).
 */
export function occupiedHexes(state: GameState): ReadonlyMap<string, readonly string[]> {
  return indexOf(state.units)
}

/**
 * `make()`, kept under `key` until a unit's hex, location, facing or type changes — any unit's,
 * or with `notSide` only a unit of another side than that one (an answer about `notSide`'s
 * enemies survives its own units moving). Only for answers that depend on nothing else of the
 * state (statuses, markers and the flow are not covered) and that callers never change.
 */
export function fromArrangement<T>(
  loaded: LoadedScenario,
  state: GameState,
  key: string,
  make: () => T,
  notSide: string | null = null,
): T {
  const k = keptFor(state.units)
  if (k.loaded !== loaded) {
    k.derived.clear()
    k.loaded = loaded
  }
  const found = k.derived.get(key)
  if (found !== undefined) return found.value as T
  const value = make()
  k.derived.set(key, { value, notSide })
  return value
}
