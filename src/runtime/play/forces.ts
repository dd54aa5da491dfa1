/**
 * Questions about the forces on the board that every mechanic asks: which units are where, who
 * leads a command, which commands a side can activate, who is an enemy. Read from the state and
 * the scenario only; nothing here changes the state.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { Scenario } from '../generated/content-types'
import type { GameState, UnitState } from '../state/game-state'
import { leaderIds } from '../state/game-state'
import { unitsAt } from '../state/occupancy'
import { unitsCovering } from '../state/footprints'
import { commandsWithUnitsInPlay } from '../state/variables'

/** Ids of the units on the map in `hex` (combat units and leaders), in state order. */
export function unitsIn(state: GameState, hex: string): readonly string[] {
  return unitsAt(state, hex)
}

/** A side's units and leaders not out of the game (on the map or still to arrive), in state order. */
export function piecesInPlay(state: GameState, side: string): string[] {
  const out: string[] = []
  for (const id in state.units) {
    const u = state.units[id] as UnitState
    if (u.side === side && u.location !== 'removed') out.push(id)
  }
  return out
}

/** Whether a unit in this status may act (move, fire, attack): the status graph's `canAct`. */
export function statusCanAct(loaded: LoadedScenario, status: string): boolean {
  return loaded.rules.ruleset.statuses.states.find((s) => s.id === status)?.canAct !== false
}

/** Whether unit `id` exists and its status lets it act. */
export function unitCanAct(loaded: LoadedScenario, state: GameState, id: string): boolean {
  const unit = state.units[id]
  return unit !== undefined && statusCanAct(loaded, unit.status)
}

export function isLeader(loaded: LoadedScenario, id: string): boolean {
  return leaderIds(loaded).has(id)
}

/** Combat units (not leaders) on the map in `hex`. */
export function combatUnitsIn(loaded: LoadedScenario, state: GameState, hex: string): string[] {
  // Two-hex counters (riders) are in both their hexes.
  return unitsCovering({ loaded, state }, hex).filter((id) => !isLeader(loaded, id))
}

/** Every unit of a side on the map, combat units and leaders. */
export function onMap(state: GameState, side?: string): string[] {
  return Object.entries(state.units)
    .filter(
      ([, u]) => u.location === 'map' && u.hex !== null && (side === undefined || u.side === side),
    )
    .map(([id]) => id)
}

export function opponents(loaded: LoadedScenario, side: string): string[] {
  return loaded.scenario.sides.map((s) => s.id).filter((s) => s !== side)
}

/** The side after `side` in scenario order (the opponent in a two-sided battle). */
export function nextSide(loaded: LoadedScenario, side: string): string {
  const ids = loaded.scenario.sides.map((s) => s.id)
  return ids[(ids.indexOf(side) + 1) % ids.length] ?? side
}

type Command = NonNullable<Scenario['sides'][number]['commands']>[number]

export function commandsOf(loaded: LoadedScenario, side: string): Command[] {
  return loaded.scenario.sides.find((s) => s.id === side)?.commands ?? []
}

export function commandById(loaded: LoadedScenario, id: string): Command | undefined {
  for (const side of loaded.scenario.sides) {
    const found = (side.commands ?? []).find((c) => c.id === id)
    if (found !== undefined) return found
  }
  return undefined
}

export function sideOfCommand(loaded: LoadedScenario, id: string): string | undefined {
  return loaded.scenario.sides.find((s) => (s.commands ?? []).some((c) => c.id === id))?.id
}

/** The command's leader if he is on the map (only such a leader may try to continue). */
export function leaderOnMap(
  loaded: LoadedScenario,
  state: GameState,
  command: string,
): string | null {
  const leader = commandById(loaded, command)?.leader
  if (leader === undefined) return null
  const unit = state.units[leader]
  return unit !== undefined && unit.location === 'map' ? leader : null
}

/** Whether a command still has units on the map or waiting to arrive. */
export function commandInPlay(loaded: LoadedScenario, state: GameState, command: string): boolean {
  return commandsWithUnitsInPlay(loaded, state).has(command)
}

/** Commands of a side that still have units in play. */
export function commandsInPlay(loaded: LoadedScenario, state: GameState, side: string): string[] {
  return commandsOf(loaded, side)
    .map((c) => c.id)
    .filter((id) => commandInPlay(loaded, state, id))
}

/**
 * Whether `id` is his side's overall commander: the scenario names him, and he has not come back
 * as a replacement (one who has leads his Battle only, when the replacement settings say so).
 */
export function isOverallCommander(loaded: LoadedScenario, state: GameState, id: string): boolean {
  const unit = state.units[id]
  if (unit === undefined) return false
  if (loaded.scenario.sides.find((s) => s.id === unit.side)?.commander !== id) return false
  const replacement = loaded.rules.ruleset.mechanics?.activation?.replacementLeaders
  if (replacement === undefined || unit.type !== replacement.type) return true
  return replacement.replacementIsCommander ?? false
}

/** The side's overall commander if the scenario names one, he is on the map and not replaced. */
export function overallCommander(
  loaded: LoadedScenario,
  state: GameState,
  side: string,
): string | null {
  const id = loaded.scenario.sides.find((s) => s.id === side)?.commander
  if (id === undefined || !isOverallCommander(loaded, state, id)) return null
  return state.units[id]?.location === 'map' ? id : null
}
