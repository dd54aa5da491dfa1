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

/** The id of the horse unit a rider leaves when unhorsed (mechanics.results.unhorsed). */
export function horseIdOf(rider: string): string {
  return `${rider}-horse`
}

/**
 * The unit type of the horse a rider of type `riderType` rides: the type's `optionalHorse` while
 * its optional rule is on in this game, else its `horse`.
 */
export function horseTypeOf(loaded: LoadedScenario, riderType: string): string | undefined {
  const type = loaded.rules.unitTypes.get(riderType)
  const optional = type?.optionalHorse
  if (optional !== undefined && loaded.options[optional.option] === true) return optional.horse
  return type?.horse
}

export interface SpareHorse {
  id: string
  rider: string
  type: string
  side: string
  /** The horse's type name, then the rider's name in brackets. */
  name: string
}

const horseCache = new WeakMap<LoadedScenario, readonly SpareHorse[]>()

/**
 * Under mechanics.results.unhorsed, the horse unit of every rider whose unit type names its horse
 * (set up or arriving later); none otherwise, nor where the scenario already uses the id.
 */
export function spareHorses(loaded: LoadedScenario): readonly SpareHorse[] {
  const cached = horseCache.get(loaded)
  if (cached !== undefined) return cached
  const out: SpareHorse[] = []
  if (loaded.rules.ruleset.mechanics?.results?.unhorsed !== undefined) {
    const units = loaded.scenario.sides.flatMap((side) =>
      [...side.units, ...(side.reinforcements ?? []).flatMap((r) => r.units)].map((u) => ({
        u,
        side: side.id,
      })),
    )
    const ids = new Set(units.map(({ u }) => u.id))
    for (const { u, side } of units) {
      const type = horseTypeOf(loaded, u.type)
      if (type === undefined || ids.has(horseIdOf(u.id))) continue
      const typeName = loaded.rules.unitTypes.get(type)?.name ?? type
      out.push({
        id: horseIdOf(u.id),
        rider: u.id,
        type,
        side,
        name: `${typeName} (${u.name ?? u.id})`,
      })
    }
  }
  horseCache.set(loaded, out)
  return out
}

/** Whether units of `type` are equipment (unit type `equipment`): siege engines and the like, not characters. */
export function isEquipmentType(loaded: LoadedScenario, type: string | undefined): boolean {
  return type !== undefined && loaded.rules.unitTypes.get(type)?.equipment !== undefined
}

const anyEquipmentCache = new WeakMap<LoadedScenario, boolean>()

/** Whether any unit type of the rules is equipment (once per scenario): most games have none. */
export function anyEquipment(loaded: LoadedScenario): boolean {
  let found = anyEquipmentCache.get(loaded)
  if (found === undefined) {
    found = [...loaded.rules.unitTypes.values()].some((t) => t.equipment !== undefined)
    anyEquipmentCache.set(loaded, found)
  }
  return found
}
