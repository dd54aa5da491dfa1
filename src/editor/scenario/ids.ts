/**
 * Ids and names for things the designer creates in the scenario view. Ids must be kebab-case and
 * unique across the whole scenario (units are referenced by leaders, commanders and the rules),
 * so a new id is derived from what the designer chose and numbered past every id in use.
 */
import type { Scenario } from '../../runtime'

/** Kebab-case form of any text, as the content ids require ("Left Wing!" → "left-wing"). */
export function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return s || 'item'
}

/** `base` when free, else `base-2`, `base-3`… */
export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

/** Every unit id of the scenario, on the map and in reinforcement groups. */
export function unitIds(scenario: Scenario): Set<string> {
  const out = new Set<string>()
  for (const side of scenario.sides ?? []) {
    for (const u of side.units ?? []) out.add(u.id)
    for (const r of side.reinforcements ?? []) for (const u of r.units ?? []) out.add(u.id)
  }
  return out
}

/** Every id a new unit could clash with: units, sides, commands (leaders are referenced by id). */
function takenIds(scenario: Scenario): Set<string> {
  const out = unitIds(scenario)
  for (const side of scenario.sides ?? []) {
    out.add(side.id)
    for (const c of side.commands ?? []) out.add(c.id)
  }
  return out
}

/** `<side>-<type>-<n>`, the first n from 1 not yet used. */
export function newUnitId(scenario: Scenario, sideId: string, typeId: string): string {
  const taken = takenIds(scenario)
  for (let n = 1; ; n++) {
    const id = `${slug(sideId)}-${slug(typeId)}-${n}`
    if (!taken.has(id)) return id
  }
}

/** "<type name> <n>", numbered past the units of that side already named so. */
export function newUnitName(scenario: Scenario, sideIndex: number, typeName: string): string {
  const side = scenario.sides?.[sideIndex]
  const names = new Set<string>()
  for (const u of side?.units ?? []) if (u.name) names.add(u.name)
  for (const r of side?.reinforcements ?? [])
    for (const u of r.units ?? []) if (u.name) names.add(u.name)
  for (let n = 1; ; n++) if (!names.has(`${typeName} ${n}`)) return `${typeName} ${n}`
}

export function newSideId(scenario: Scenario, name: string): string {
  return uniqueId(slug(name), takenIds(scenario))
}

export function newCommandId(scenario: Scenario, sideId: string, name: string): string {
  return uniqueId(`${slug(sideId)}-${slug(name)}`, takenIds(scenario))
}

export function newReinforcementId(scenario: Scenario, label: string): string {
  const taken = takenIds(scenario)
  for (const side of scenario.sides ?? [])
    for (const r of side.reinforcements ?? []) taken.add(r.id)
  return uniqueId(slug(label), taken)
}
