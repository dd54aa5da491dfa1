/**
 * The counters of a file, in sheet order: one per unit type for a unit set, one per unit (set up
 * or arriving later) for a scenario, each with its side's colour and its command's stripe. Pure.
 */
import type { Scenario, UnitClass, UnitSet } from '../../runtime'
import { blankBack, facesOf, facesOfTypeId, type CounterRuleset } from './counter-faces'
import type { CounterInput } from './counter-svg'

export interface SheetEntry {
  key: string
  title: string
  /** Heading of the group it is shown under (a side, or a unit class). */
  group: string
  front: CounterInput
  /** The back; a one-sided counter gets a blank back so it still prints double-sided. */
  back: CounterInput
  /** Whether the type has a back of its own. */
  twoSided: boolean
}

export function unitSetEntries(rs: CounterRuleset, set: UnitSet): SheetEntry[] {
  const classes: readonly UnitClass[] = set.classes ?? []
  const label = (id: string) =>
    classes.find((c) => c.id === id)?.label ?? rs.unitClasses?.find((c) => c.id === id)?.label ?? id
  return (set.types ?? []).map((type) => {
    const f = facesOf(rs, type, { classes })
    return {
      key: type.id,
      title: type.name,
      group: label(type.class),
      front: f.front,
      back: f.back ?? blankBack(f.front),
      twoSided: f.back !== null,
    }
  })
}

export interface ScenarioEntries {
  entries: SheetEntry[]
  /** Units whose type the ruleset does not know (left off the sheet). */
  unknown: string[]
}

export function scenarioEntries(rs: CounterRuleset, scenario: Scenario): ScenarioEntries {
  const entries: SheetEntry[] = []
  const unknown: string[] = []
  for (const side of scenario.sides ?? []) {
    const stripeOf = (command: string | undefined) =>
      side.commands?.find((c) => c.id === command)?.stripe
    const units = [
      ...(side.units ?? []).map((u) => ({ u, command: u.command })),
      ...(side.reinforcements ?? []).flatMap((r) =>
        (r.units ?? []).map((u) => ({ u, command: u.command ?? r.command })),
      ),
    ]
    for (const { u, command } of units) {
      const f = facesOfTypeId(rs, u.type, {
        unit: { name: u.name, ratings: u.ratings },
        sideColor: side.color,
        stripe: stripeOf(command),
      })
      if (!f) {
        unknown.push(u.id)
        continue
      }
      entries.push({
        key: `${side.id}/${u.id}`,
        title: u.name ?? u.id,
        group: side.name,
        front: f.front,
        back: f.back ?? blankBack(f.front),
        twoSided: f.back !== null,
      })
    }
  }
  return { entries, unknown }
}
