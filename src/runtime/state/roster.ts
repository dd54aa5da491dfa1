/**
 * Who is in a scenario, as its file says: the units that lead and the order of the sides. Facts
 * of the loaded scenario alone, kept apart from the game state so the clock and the expression
 * variables can read them without importing the state's construction.
 */
import type { LoadedScenario } from '../rules/loaded'

const leaderCache = new WeakMap<LoadedScenario, ReadonlySet<string>>()

/** Units that lead: named as a command's leader, or given roles by the scenario. */
export function leaderIds(loaded: LoadedScenario): ReadonlySet<string> {
  const cached = leaderCache.get(loaded)
  if (cached !== undefined) return cached
  const ids = new Set<string>()
  for (const side of loaded.scenario.sides) {
    for (const command of side.commands ?? [])
      if (command.leader !== undefined) ids.add(command.leader)
    const all = [...side.units, ...(side.reinforcements ?? []).flatMap((r) => r.units)]
    for (const unit of all) if ((unit.roles ?? []).length > 0) ids.add(unit.id)
  }
  leaderCache.set(loaded, ids)
  return ids
}

/** Sides in scenario order, and the side that plays first. */
export function sideOrder(loaded: LoadedScenario): { ids: string[]; first: string } {
  const ids = loaded.scenario.sides.map((s) => s.id)
  const first = loaded.scenario.setup?.firstSide ?? ids[0] ?? ''
  return { ids, first }
}
