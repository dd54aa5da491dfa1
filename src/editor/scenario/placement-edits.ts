/**
 * Scenario changes as JSON-pointer edits, so the view hands each user action to `ws.edit` as one
 * undo step and the file keeps its formatting everywhere else.
 */
import type { Scenario, UnitPlacement } from '../../runtime'
import type { ValueEdit } from '../workspace/json-edit'

export interface UnitRef {
  side: number
  /** Index in the side's units, or in the reinforcement group's units. */
  index: number
  /** Set when the unit waits in a reinforcement group. */
  reinforcement?: number
  pointer: string
  unit: UnitPlacement
}

/** Where a unit is written in the file. */
export function findUnit(scenario: Scenario, unitId: string): UnitRef | undefined {
  const sides = scenario.sides ?? []
  for (let s = 0; s < sides.length; s++) {
    const side = sides[s]!
    const i = (side.units ?? []).findIndex((u) => u.id === unitId)
    if (i >= 0)
      return { side: s, index: i, pointer: `/sides/${s}/units/${i}`, unit: side.units[i]! }
    const groups = side.reinforcements ?? []
    for (let r = 0; r < groups.length; r++) {
      const j = (groups[r]!.units ?? []).findIndex((u) => u.id === unitId)
      if (j >= 0)
        return {
          side: s,
          index: j,
          reinforcement: r,
          pointer: `/sides/${s}/reinforcements/${r}/units/${j}`,
          unit: groups[r]!.units[j]!,
        }
    }
  }
  return undefined
}

export function addUnitEdits(sideIndex: number, unit: UnitPlacement): ValueEdit[] {
  return [{ pointer: `/sides/${sideIndex}/units/-`, value: unit }]
}

export function moveUnitEdits(scenario: Scenario, unitId: string, hex: string): ValueEdit[] {
  const ref = findUnit(scenario, unitId)
  if (!ref || ref.reinforcement !== undefined || ref.unit.hex === hex) return []
  return [{ pointer: `${ref.pointer}/hex`, value: hex }]
}

/**
 * Set or clear fields of a unit (undefined clears). A field equal to its current value is left
 * out, so an edit that changes nothing records no undo step.
 */
export function updateUnitEdits(
  scenario: Scenario,
  unitId: string,
  patch: Partial<UnitPlacement>,
): ValueEdit[] {
  const ref = findUnit(scenario, unitId)
  if (!ref) return []
  const current = ref.unit as unknown as Record<string, unknown>
  return Object.entries(patch)
    .filter(([k, v]) => JSON.stringify(current[k]) !== JSON.stringify(v))
    .map(([k, v]) => ({ pointer: `${ref.pointer}/${k}`, value: v }))
}

/**
 * Remove a unit and the references to it that would dangle: a command led by it becomes
 * leaderless, a side it commanded has no commander.
 */
export function deleteUnitEdits(scenario: Scenario, unitId: string): ValueEdit[] {
  const ref = findUnit(scenario, unitId)
  if (!ref) return []
  const side = scenario.sides[ref.side]!
  const edits: ValueEdit[] = []
  ;(side.commands ?? []).forEach((c, ci) => {
    if (c.leader === unitId)
      edits.push({ pointer: `/sides/${ref.side}/commands/${ci}/leader`, value: undefined })
  })
  if (side.commander === unitId)
    edits.push({ pointer: `/sides/${ref.side}/commander`, value: undefined })
  edits.push({ pointer: ref.pointer, value: undefined })
  return edits
}

/** Units standing on a hex, in file order (the last one drawn on top). */
export function unitsAt(scenario: Scenario, hex: string): string[] {
  const out: string[] = []
  for (const side of scenario.sides ?? [])
    for (const u of side.units ?? []) if (u.hex === hex) out.push(u.id)
  return out
}

/**
 * Remove a command and, so nothing points at a missing command, the command field of its units
 * (they stay on the map, commandless).
 */
export function deleteCommandEdits(
  scenario: Scenario,
  sideIndex: number,
  commandIndex: number,
): ValueEdit[] {
  const side = scenario.sides[sideIndex]
  const command = side?.commands?.[commandIndex]
  if (!side || !command) return []
  const edits: ValueEdit[] = []
  side.units.forEach((u, i) => {
    if (u.command === command.id)
      edits.push({ pointer: `/sides/${sideIndex}/units/${i}/command`, value: undefined })
  })
  ;(side.reinforcements ?? []).forEach((r, ri) => {
    if (r.command === command.id)
      edits.push({ pointer: `/sides/${sideIndex}/reinforcements/${ri}/command`, value: undefined })
    r.units.forEach((u, i) => {
      if (u.command === command.id)
        edits.push({
          pointer: `/sides/${sideIndex}/reinforcements/${ri}/units/${i}/command`,
          value: undefined,
        })
    })
  })
  edits.push({ pointer: `/sides/${sideIndex}/commands/${commandIndex}`, value: undefined })
  return edits
}
