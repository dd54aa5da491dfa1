/**
 * The counters of a file, in sheet order: one per unit type for a unit set, one per unit (set up
 * or arriving later) for a scenario, each with its side's colour and its command's stripe. A
 * type whose faces do not fit on the two sides of one counter (healthy, stunned, wounded, dead)
 * gets one counter per pair of faces; a rider's counter fills two hexes and is printed twice as
 * wide, and a scenario's rider brings the counters of its dismounted form along. Pure.
 */
import type { Scenario, UnitClass, UnitSet, UnitType } from '../../runtime'
import {
  blankBack,
  countersOf,
  isTwoHex,
  type CounterRuleset,
  type FaceOptions,
} from './counter-faces'
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
  /** The counter fills two hexes (a rider): printed twice as wide, with its heading arrow. */
  wide?: boolean
  /**
   * The statuses its two sides stand for, in content's words ("Healthy / Stunned"), set when a
   * unit has several counters, so each can be told from the others.
   */
  caption?: string
}

/** The counters of one type, keyed from `key` (the first keeps it, as one-counter types always have). */
function typeEntries(
  rs: CounterRuleset,
  type: UnitType,
  options: FaceOptions,
  at: { key: string; title: string; group: string; captions: boolean },
): SheetEntry[] {
  const counters = countersOf(rs, type, options)
  const captions = at.captions || counters.length > 1
  return counters.map((c, i) => ({
    key: i === 0 ? at.key : `${at.key}:${c.front.status}`,
    title: at.title,
    group: at.group,
    front: c.front.face,
    back: c.back?.face ?? blankBack(c.front.face),
    twoSided: c.back !== null,
    ...(isTwoHex(type) ? { wide: true } : {}),
    ...(captions
      ? {
          caption: [c.front.label, c.back?.label].filter((s): s is string => !!s).join(' / '),
        }
      : {}),
  }))
}

/** The type a rider turns into on foot, when it has one. */
function dismountedForm(rs: CounterRuleset, type: UnitType, types: readonly UnitType[]) {
  const id = isTwoHex(type) ? type.forms?.dismounted : undefined
  return id ? (types.find((t) => t.id === id) ?? rs.unitTypes?.find((t) => t.id === id)) : undefined
}

export function unitSetEntries(rs: CounterRuleset, set: UnitSet): SheetEntry[] {
  const classes: readonly UnitClass[] = set.classes ?? []
  const label = (id: string) =>
    classes.find((c) => c.id === id)?.label ?? rs.unitClasses?.find((c) => c.id === id)?.label ?? id
  // A rider's on-foot form is a type of the set too: it is listed in its own place.
  return (set.types ?? []).flatMap((type) =>
    typeEntries(
      rs,
      type,
      { classes },
      {
        key: type.id,
        title: type.name,
        group: label(type.class),
        captions: !!dismountedForm(rs, type, set.types ?? []),
      },
    ),
  )
}

export interface ScenarioEntries {
  entries: SheetEntry[]
  /** Units whose type the ruleset does not know (left off the sheet). */
  unknown: string[]
}

export function scenarioEntries(rs: CounterRuleset, scenario: Scenario): ScenarioEntries {
  const entries: SheetEntry[] = []
  const unknown: string[] = []
  const types = rs.unitTypes ?? []
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
      const type = types.find((t) => t.id === u.type)
      if (!type) {
        unknown.push(u.id)
        continue
      }
      const look = { sideColor: side.color, stripe: stripeOf(command) }
      const key = `${side.id}/${u.id}`
      const title = u.name ?? u.id
      const foot = dismountedForm(rs, type, types)
      entries.push(
        ...typeEntries(
          rs,
          type,
          { ...look, unit: { name: u.name, ratings: u.ratings } },
          { key, title, group: side.name, captions: !!foot },
        ),
      )
      // The unit's own ratings are its mounted counter's; on foot it has its form's.
      if (foot)
        entries.push(
          ...typeEntries(
            rs,
            foot,
            { ...look, unit: { name: u.name } },
            {
              key: `${key}/${foot.id}`,
              title: `${title}, ${foot.name}`,
              group: side.name,
              captions: true,
            },
          ),
        )
    }
  }
  return { entries, unknown }
}
