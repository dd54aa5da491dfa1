/**
 * Statuses as the status graph describes them: those of units on the map but out of the battle
 * (a prisoner), and their labels. Read by the play mechanics and by the expression variables.
 */
import type { LoadedScenario } from '../rules/loaded'

const outOfBattleKept = new WeakMap<LoadedScenario, ReadonlySet<string>>()

/** The statuses of units on the map but out of the battle (the status graph's `outOfBattle`). */
export function outOfBattleStatuses(loaded: LoadedScenario): ReadonlySet<string> {
  let found = outOfBattleKept.get(loaded)
  if (found === undefined) {
    const ids = loaded.rules.ruleset.statuses.states.filter((s) => s.outOfBattle === true)
    found = new Set(ids.map((s) => s.id))
    outOfBattleKept.set(loaded, found)
  }
  return found
}

/** The label the status graph gives a status (its id when it has none). */
export function statusLabel(loaded: LoadedScenario, status: string): string {
  return loaded.rules.ruleset.statuses.states.find((s) => s.id === status)?.label ?? status
}

/** Whether a unit in this status is out of the battle though on the map (a prisoner). */
export function isOutOfBattle(loaded: LoadedScenario, status: string): boolean {
  return outOfBattleStatuses(loaded).has(status)
}
