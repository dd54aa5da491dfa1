/**
 * The variables content expressions see, built from the game state: Unit, Leader, Hex, Side
 * and Command objects shaped as rules/expression-context.ts declares them. Built fresh for each
 * evaluation from the state as it is at that moment, never stored.
 */
import type { LoadedScenario } from '../content/loaded'
import { didYouMean } from '../content/suggest'
import { camelKey, flagsFor, ratingsFor } from '../rules'
import type { Variables } from '../rules'
import { boardOf } from './board'
import { own, reject } from './failure'
import type { GameState, UnitState } from './game-state'
import { leaderIds } from './game-state'

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

/** Variables every context has: options in force, scenario parameters, the clock. */
export function commonVariables(loaded: LoadedScenario, state: GameState): Vars {
  return {
    options: Object.fromEntries(Object.entries(state.options).map(([k, v]) => [camelKey(k), v])),
    scenario: { params: loaded.scenario.parameters ?? {} },
    game: { turn: state.clock.turn, activation: state.clock.activation },
  }
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
  const unitClass = rules.unitClasses.get(type.class)
  const markers: Record<string, number> = {}
  for (const marker of rules.ruleset.markers ?? []) markers[camelKey(marker.id)] = 0
  for (const [marker, count] of Object.entries(unit.markers)) markers[camelKey(marker)] = count
  return {
    id,
    name: unit.name ?? type.name,
    type: unit.type,
    class: type.class,
    side: unit.side,
    command: unit.command ?? '',
    status: unit.status,
    flags: kernelCall(() => flagsFor(rules, unit.type)),
    ratings: { ...kernelCall(() => ratingsFor(rules, unit.type, unit.status)), ...unit.ratings },
    markers,
    hex: unit.hex === null ? null : boardOf(loaded).hex(unit.hex),
    movementClass: type.movementClass ?? unitClass?.movementClass ?? '',
    weapons: [...new Set((type.weapons ?? []).map((w) => w.weapon))],
    isLeader: leaderIds(loaded).has(id),
  }
}

/** Ids of the leaders on the map in `hex`, in state order. */
export function leadersIn(loaded: LoadedScenario, state: GameState, hex: string | null): string[] {
  if (hex === null) return []
  const leaders = leaderIds(loaded)
  return Object.keys(state.units).filter((id) => {
    const u = state.units[id] as UnitState
    return u.location === 'map' && u.hex === hex && leaders.has(id)
  })
}

/** A Unit as expressions see it, with the leaders sharing its hex. */
export function unitVariables(loaded: LoadedScenario, state: GameState, id: string): Vars {
  const unit = unitOf(state, id)
  const leaders = leadersIn(loaded, state, unit.hex).filter((l) => l !== id)
  return { ...baseUnit(loaded, state, id), leaders: leaders.map((l) => baseUnit(loaded, state, l)) }
}

/** Commands with a combat unit still in play (on the map or to arrive): fled or destroyed ones do not count. */
function commandsInPlayCount(
  loaded: LoadedScenario,
  state: GameState,
  commands: readonly { id: string }[],
): number {
  const leaders = leaderIds(loaded)
  const live = new Set<string>()
  for (const [id, u] of Object.entries(state.units))
    if (u.command !== null && u.location !== 'removed' && !leaders.has(id)) live.add(u.command)
  return commands.filter((c) => live.has(c.id)).length
}

export function sideVariables(loaded: LoadedScenario, state: GameState, id: string): Vars {
  const side = loaded.scenario.sides.find((s) => s.id === id)
  const tracks = own(state.sides, id)?.tracks ?? {}
  return {
    id,
    name: side?.name ?? id,
    tracks: Object.fromEntries(Object.entries(tracks).map(([k, v]) => [camelKey(k), v])),
    params: side?.parameters ?? {},
    commandCount: commandsInPlayCount(loaded, state, side?.commands ?? []),
  }
}

export function commandVariables(loaded: LoadedScenario, id: string): Vars {
  const command = loaded.scenario.sides.flatMap((s) => s.commands ?? []).find((c) => c.id === id)
  if (command === undefined) {
    const known = loaded.scenario.sides.flatMap((s) => (s.commands ?? []).map((c) => c.id))
    return reject(`there is no command "${id}"${didYouMean(id, known)}`)
  }
  return { id, name: command.name, params: command.parameters ?? {} }
}

/** Variables of the unit context for one unit (status transitions, checks of a unit). */
export function unitContext(loaded: LoadedScenario, state: GameState, id: string): Variables {
  return { ...commonVariables(loaded, state), unit: unitVariables(loaded, state, id) }
}

export function sideContext(loaded: LoadedScenario, state: GameState, side: string): Variables {
  return { ...commonVariables(loaded, state), side: sideVariables(loaded, state, side) }
}
