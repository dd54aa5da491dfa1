/**
 * Where the units are and how they stand: the one place that changes a unit's hex, location,
 * facing or type, and what is worked out from those alone (the units in each hex, enemy
 * influence, the commands still in play). Mechanics ask such questions far more often than
 * units move, so the answers are kept per units record and thrown away whenever a setter here
 * changes a unit; a test checks that no other code in src/ assigns these fields.
 */
import type { LoadedScenario } from '../content/loaded'
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
}

const kept = new WeakMap<Units, Kept>()

function keptFor(units: Units): Kept {
  let found = kept.get(units)
  if (found === undefined) {
    found = { index: null, order: null, derived: new Map(), loaded: null }
    kept.set(units, found)
  }
  return found
}

/** Forgets the answers a change to `unit` may have made wrong. */
function changed(state: GameState, unit: UnitState): void {
  const k = kept.get(state.units)
  if (k === undefined) return
  for (const [key, answer] of k.derived)
    if (answer.notSide === null || answer.notSide !== unit.side) k.derived.delete(key)
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
  changed(state, unit)
}

/** Turns a unit to `facing` (null: no facing, off the map or on a map without facings). */
export function setFacing(state: GameState, unit: UnitState, facing: number | null): void {
  if (unit.facing === facing) return
  unit.facing = facing
  changed(state, unit)
}

/** Changes the counter a unit is (a change of form, a replacement leader). */
export function setType(state: GameState, unit: UnitState, type: string): void {
  if (unit.type === type) return
  unit.type = type
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

function arrive(state: GameState, index: Map<string, string[]>, hex: string, id: string): void {
  const k = keptFor(state.units)
  if (k.order === null) k.order = new Map(Object.keys(state.units).map((u, i) => [u, i]))
  const order = k.order
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
