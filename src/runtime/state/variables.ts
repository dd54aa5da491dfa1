/**
 * The variables content expressions see, built from the game state: Unit, Leader, Hex, Side
 * and Command objects shaped as rules/expression-context.ts declares them. Built fresh for each
 * evaluation from the state as it is at that moment, never stored.
 */
import type { LoadedScenario } from '../rules/loaded'
import { didYouMean } from '../content/suggest'
import { camelKey, flagsFor, ratingsFor } from '../rules'
import type { Variables } from '../rules'
import { boardOf } from './board'
import { own, reject } from './failure'
import type { GameState, UnitState } from './game-state'
import { outOfBattleStatuses } from './battle-statuses'
import { leaderIds } from './roster'
import { hexesOf } from './footprints'
import { fromArrangement, unitsAt } from './occupancy'
import { commandParameters, scenarioParameters, sideParameters } from './parameters'

export type Vars = Record<string, unknown>

/** The unit with this id; an unknown id is refused with a suggestion. */
export function unitOf(state: GameState, id: unknown, what = 'unit'): UnitState {
  if (typeof id !== 'string')
    return reject(`${what} must be a unit id, not ${JSON.stringify(id) ?? 'nothing'}`)
  const unit = own(state.units, id)
  if (unit === undefined)
    return reject(`there is no unit "${id}"${didYouMean(id, Object.keys(state.units))}`)
  return unit
}

export function sideOf(loaded: LoadedScenario, id: unknown, what = 'side'): string {
  const ids = loaded.scenario.sides.map((s) => s.id)
  if (typeof id !== 'string')
    return reject(`${what} must be a side id, not ${JSON.stringify(id) ?? 'nothing'}`)
  if (!ids.includes(id))
    return reject(
      `there is no side "${id}"${didYouMean(id, ids)} (the sides are ${ids.join(', ')})`,
    )
  return id
}

// Expressions are evaluated very often (every stacking check, every modifier); what does not
// change between two evaluations is worked out once: the options as expressions name them (per
// options record of a state), and the parts of a Unit that depend on its type only.
const optionVariables = new WeakMap<GameState['options'], Vars>()

function optionsOf(state: GameState): Vars {
  let found = optionVariables.get(state.options)
  if (found === undefined) {
    found = Object.freeze(
      Object.fromEntries(Object.entries(state.options).map(([k, v]) => [camelKey(k), v])),
    )
    optionVariables.set(state.options, found)
  }
  return found
}

/** Variables every context has: options in force, scenario parameters, the clock. */
export function commonVariables(loaded: LoadedScenario, state: GameState): Vars {
  return {
    options: optionsOf(state),
    scenario: { params: scenarioParameters(loaded) },
    game: { turn: state.clock.turn, activation: state.clock.activation },
  }
}

interface TypeParts {
  movementClass: string
  weapons: readonly string[]
  /** Every marker of the ruleset at 0, by its expression name. */
  noMarkers: Readonly<Record<string, number>>
}

const typeParts = new WeakMap<LoadedScenario['rules'], Map<string, TypeParts>>()

function partsOf(rules: LoadedScenario['rules'], typeId: string): TypeParts | undefined {
  let byType = typeParts.get(rules)
  if (byType === undefined) {
    byType = new Map()
    typeParts.set(rules, byType)
  }
  let found = byType.get(typeId)
  if (found === undefined) {
    const type = rules.unitTypes.get(typeId)
    if (type === undefined) return undefined
    const noMarkers: Record<string, number> = {}
    for (const marker of rules.ruleset.markers ?? []) noMarkers[camelKey(marker.id)] = 0
    found = {
      movementClass: type.movementClass ?? rules.unitClasses.get(type.class)?.movementClass ?? '',
      weapons: Object.freeze([...new Set((type.weapons ?? []).map((w) => w.weapon))]),
      noMarkers: Object.freeze(noMarkers),
    }
    byType.set(typeId, found)
  }
  return found
}

function kernelCall<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    return reject(error instanceof Error ? error.message : String(error))
  }
}

/** Unit fields without `leaders` (the Leader type). */
function baseUnit(loaded: LoadedScenario, state: GameState, id: string): Vars {
  const unit = unitOf(state, id)
  const rules = loaded.rules
  const type = rules.unitTypes.get(unit.type)
  if (type === undefined)
    return reject(
      `unit "${id}" is of the unknown type "${unit.type}"${didYouMean(unit.type, rules.unitTypes.keys())}`,
    )
  const parts = partsOf(rules, unit.type) as TypeParts
  const markers: Record<string, number> = { ...parts.noMarkers }
  for (const marker in unit.markers) markers[camelKey(marker)] = unit.markers[marker] as number
  const typeRatings = kernelCall(() => ratingsFor(rules, unit.type, unit.status))
  const ratings =
    Object.keys(unit.ratings).length === 0 ? typeRatings : { ...typeRatings, ...unit.ratings }
  const board = boardOf(loaded)
  const hex = unit.hex === null ? null : board.hex(unit.hex)
  const covered = hexesOf({ loaded, state }, id)
  return {
    id,
    name: unit.name ?? type.name,
    type: unit.type,
    class: type.class,
    side: unit.side,
    command: unit.command ?? '',
    status: unit.status,
    flags: kernelCall(() => flagsFor(rules, unit.type)),
    ratings,
    markers,
    hex,
    hexes: covered.length < 2 ? (hex === null ? [] : [hex]) : covered.map((h) => board.hex(h)),
    movementClass: parts.movementClass,
    weapons: parts.weapons,
    isLeader: leaderIds(loaded).has(id),
  }
}

/** Ids of the leaders on the map in `hex`, in state order. */
export function leadersIn(loaded: LoadedScenario, state: GameState, hex: string | null): string[] {
  if (hex === null) return []
  const leaders = leaderIds(loaded)
  return unitsAt(state, hex).filter((id) => leaders.has(id))
}

/** A Unit as expressions see it, with the leaders sharing its hex. */
export function unitVariables(loaded: LoadedScenario, state: GameState, id: string): Vars {
  const unit = unitOf(state, id)
  const base = baseUnit(loaded, state, id)
  const leaders: Vars[] = []
  for (const l of leadersIn(loaded, state, unit.hex))
    if (l !== id) leaders.push(baseUnit(loaded, state, l))
  base.leaders = leaders
  return base
}

/**
 * Commands with a combat unit still in play (on the map or to arrive): fled or destroyed ones
 * do not count. Kept (by occupancy) until a unit moves.
 */
export function commandsWithUnitsInPlay(
  loaded: LoadedScenario,
  state: GameState,
): ReadonlySet<string> {
  return fromArrangement(loaded, state, 'commands-in-play', () => {
    const leaders = leaderIds(loaded)
    const outOfBattle = outOfBattleStatuses(loaded)
    const found = new Set<string>()
    for (const id in state.units) {
      const u = state.units[id] as UnitState
      if (u.command === null || u.location === 'removed' || leaders.has(id)) continue
      // A unit out of the battle (a prisoner) is lost to its command like a removed one.
      if (!outOfBattle.has(u.status)) found.add(u.command)
    }
    return found
  })
}

/** How many of the side's units in play carry each marker of the ruleset, by expression name. */
function sideMarkers(loaded: LoadedScenario, state: GameState, side: string): Vars {
  const counts: Record<string, number> = {}
  const names = new Map<string, string>()
  for (const marker of loaded.rules.ruleset.markers ?? []) {
    const name = camelKey(marker.id)
    names.set(marker.id, name)
    counts[name] = 0
  }
  for (const unit of Object.values(state.units)) {
    if (unit.side !== side || unit.location === 'removed') continue
    for (const [marker, count] of Object.entries(unit.markers)) {
      const name = names.get(marker)
      if (name !== undefined && count > 0) counts[name] = (counts[name] ?? 0) + 1
    }
  }
  return counts
}

export function sideVariables(loaded: LoadedScenario, state: GameState, id: string): Vars {
  const side = loaded.scenario.sides.find((s) => s.id === id)
  const tracks = own(state.sides, id)?.tracks ?? {}
  return {
    id,
    name: side?.name ?? id,
    tracks: Object.fromEntries(Object.entries(tracks).map(([k, v]) => [camelKey(k), v])),
    params: sideParameters(loaded, id),
    markers: sideMarkers(loaded, state, id),
    commandCount: (side?.commands ?? []).filter((c) =>
      commandsWithUnitsInPlay(loaded, state).has(c.id),
    ).length,
  }
}

export function commandVariables(loaded: LoadedScenario, id: string): Vars {
  const command = loaded.scenario.sides.flatMap((s) => s.commands ?? []).find((c) => c.id === id)
  if (command === undefined) {
    const known = loaded.scenario.sides.flatMap((s) => (s.commands ?? []).map((c) => c.id))
    return reject(`there is no command "${id}"${didYouMean(id, known)}`)
  }
  return { id, name: command.name, params: commandParameters(loaded, id) }
}

/** Variables of the unit context for one unit (status transitions, checks of a unit). */
export function unitContext(loaded: LoadedScenario, state: GameState, id: string): Variables {
  const vars = commonVariables(loaded, state)
  vars.unit = unitVariables(loaded, state, id)
  return vars
}

export function sideContext(loaded: LoadedScenario, state: GameState, side: string): Variables {
  return { ...commonVariables(loaded, state), side: sideVariables(loaded, state, side) }
}

/**
 * Variables of a phase's `when` and `repeat`: the side it runs for, the phase and how many
 * times it has run in a row (0 before its first run).
 */
export function phaseContext(
  loaded: LoadedScenario,
  state: GameState,
  side: string,
  phase: string,
  runs: number,
): Variables {
  return { ...sideContext(loaded, state, side), phase: { id: phase, runs } }
}
