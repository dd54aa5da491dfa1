/** Side, command and reinforcement changes as JSON-pointer edits (one user action each). */
import type { Reinforcement, Scenario } from '../../runtime'
import type { ValueEdit } from '../workspace/json-edit'
import { newCommandId, newReinforcementId, newSideId } from './ids'

/** Set fields of the object at `base` (undefined or '' clears), skipping unchanged ones. */
export function fieldEdits(
  current: object | undefined,
  base: string,
  patch: Record<string, unknown>,
): ValueEdit[] {
  const now = (current ?? {}) as Record<string, unknown>
  return Object.entries(patch)
    .map(([k, v]) => [k, v === '' ? undefined : v] as const)
    .filter(([k, v]) => JSON.stringify(now[k]) !== JSON.stringify(v))
    .map(([k, v]) => ({ pointer: `${base}/${k}`, value: v }))
}

export function addSideEdits(scenario: Scenario, name: string, color: string): ValueEdit[] {
  const id = newSideId(scenario, name)
  return [{ pointer: '/sides/-', value: { id, name, color, units: [] } }]
}

/** Remove a side; the setup's first side is cleared when it was this one. */
export function removeSideEdits(scenario: Scenario, sideIndex: number): ValueEdit[] {
  const side = scenario.sides[sideIndex]
  if (!side) return []
  const edits: ValueEdit[] = []
  if (scenario.setup?.firstSide === side.id)
    edits.push({ pointer: '/setup/firstSide', value: undefined })
  edits.push({ pointer: `/sides/${sideIndex}`, value: undefined })
  return edits
}

export function addCommandEdits(
  scenario: Scenario,
  sideIndex: number,
  name: string,
  stripe: string,
): ValueEdit[] {
  const side = scenario.sides[sideIndex]
  if (!side) return []
  const id = newCommandId(scenario, side.id, name)
  return [{ pointer: `/sides/${sideIndex}/commands/-`, value: { id, name, stripe } }]
}

export function addReinforcementEdits(
  scenario: Scenario,
  sideIndex: number,
  label: string,
  command: string | undefined,
): ValueEdit[] {
  const side = scenario.sides[sideIndex]
  if (!side) return []
  const group: Reinforcement = {
    id: newReinforcementId(scenario, `${side.id}-${label}`),
    label,
    ...(command ? { command } : {}),
    arrive: { turn: 1 },
    units: [],
  }
  return [{ pointer: `/sides/${sideIndex}/reinforcements/-`, value: group }]
}

export type ArrivalKind = 'turn' | 'activation' | 'when'

/** Replace the arrival condition with one of the schema's three kinds. */
export function arrivalEdits(
  sideIndex: number,
  groupIndex: number,
  kind: ArrivalKind,
  value: number | string,
): ValueEdit[] {
  return [
    {
      pointer: `/sides/${sideIndex}/reinforcements/${groupIndex}/arrive`,
      value: { [kind]: value },
    },
  ]
}

/**
 * Add the hex to the group's entry hexes, or take it out when already there. An entry left
 * empty is removed, since the schema wants at least hexes or a region.
 */
export function toggleEntryHexEdits(
  scenario: Scenario,
  sideIndex: number,
  groupIndex: number,
  hex: string,
): ValueEdit[] {
  const group = scenario.sides[sideIndex]?.reinforcements?.[groupIndex]
  if (!group) return []
  const base = `/sides/${sideIndex}/reinforcements/${groupIndex}/entry`
  const hexes = group.entry?.hexes ?? []
  const next = hexes.includes(hex) ? hexes.filter((h) => h !== hex) : [...hexes, hex]
  const entry = { ...group.entry, hexes: next.length ? next : undefined }
  if (entry.hexes === undefined && entry.region === undefined)
    return [{ pointer: base, value: undefined }]
  return [{ pointer: `${base}/hexes`, value: entry.hexes }]
}

export function setEntryRegionEdits(
  scenario: Scenario,
  sideIndex: number,
  groupIndex: number,
  region: string | undefined,
): ValueEdit[] {
  const group = scenario.sides[sideIndex]?.reinforcements?.[groupIndex]
  if (!group) return []
  const base = `/sides/${sideIndex}/reinforcements/${groupIndex}/entry`
  const entry = { ...group.entry, region: region || undefined }
  if (entry.hexes === undefined && entry.region === undefined)
    return [{ pointer: base, value: undefined }]
  if (group.entry === undefined) return [{ pointer: base, value: { region } }]
  return [{ pointer: `${base}/region`, value: entry.region }]
}
