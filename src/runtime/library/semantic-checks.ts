/** Rules of content that a schema cannot state: facings that exist for the map, units on the map… */
import type { ResolvedRuleset, Scenario } from '../generated/content-types'
import { sideClockFromName, vertexClockFromName } from '../hex'
import type { ContentFile } from '../content/content-store'
import { locate } from '../content/json-document'
import type { LoadedMap } from '../rules/loaded'
import type { Problem } from '../content/problems'
import type { Vocabulary } from '../content/vocabulary'

function problem(file: ContentFile, pointer: string, message: string): Problem {
  return { file: file.doc.file, ...locate(file.doc, pointer), pointer, message, severity: 'error' }
}

function mapProblems(
  file: ContentFile,
  map: LoadedMap,
  _vocabulary: Vocabulary | undefined,
): Problem[] {
  const out: Problem[] = []
  const seen = new Map<string, number>()
  ;(map.map.hexsides ?? []).forEach((h, i) => {
    const side = sideClockFromName(h.side, map.grid.orientation)
    if (!side.ok) out.push(problem(file, `/hexsides/${i}/side`, side.message))
    const key = `${h.hex}/${h.side}`
    const first = seen.get(key)
    if (first !== undefined)
      out.push(
        problem(
          file,
          `/hexsides/${i}`,
          `hexside ${h.hex} ${h.side} is already described (hexsides item ${first + 1}); merge the features into one entry`,
        ),
      )
    else seen.set(key, i)
  })
  out.push(...twice(file, '/regions', map.map.regions ?? [], 'map region'))
  return out
}

/** Entries of a list with the name of an earlier one: the second is never found by its name. */
function twice(
  file: ContentFile,
  pointer: string,
  items: readonly { id: string }[],
  what: string,
): Problem[] {
  const first = new Map<string, number>()
  const out: Problem[] = []
  items.forEach((item, i) => {
    const earlier = first.get(item.id)
    if (earlier === undefined) first.set(item.id, i)
    else
      out.push(
        problem(
          file,
          `${pointer}/${i}/id`,
          `${what} "${item.id}" is already defined (item ${earlier + 1}); each ${what} needs an id of its own`,
        ),
      )
  })
  return out
}

/**
 * Why a unit cannot stand where it is placed: its movement class may not enter the hex's
 * terrain (null when it may, or when the map or the rules do not say).
 */
function impassable(
  u: { id: string; type: string; hex?: string },
  ruleset: ResolvedRuleset,
  map: LoadedMap,
): string | null {
  if (u.hex === undefined) return null
  const type = ruleset.unitTypes.find((t) => t.id === u.type)
  const movementClass =
    type?.movementClass ?? ruleset.unitClasses.find((c) => c.id === type?.class)?.movementClass
  const terrain = map.map.hexes?.[u.hex]?.terrain ?? map.map.defaultTerrain
  if (movementClass === undefined || terrain === undefined) return null
  const hexType = ruleset.terrain.hexTypes.find((t) => t.id === terrain)
  if (hexType?.movement?.[movementClass] !== 'prohibited') return null
  return `unit "${u.id}" is placed on ${u.hex}, ${hexType.label ?? terrain} terrain, which its movement class "${movementClass}" may not enter: place it on a hex it could stand on`
}

function scenarioProblems(
  file: ContentFile,
  scenario: Scenario,
  ruleset: ResolvedRuleset,
  map: LoadedMap,
): Problem[] {
  const out: Problem[] = [...twice(file, '/sides', scenario.sides, 'side')]
  const commandOf = new Map<string, string>()
  scenario.sides.forEach((side, s) =>
    (side.commands ?? []).forEach((c, i) => {
      const earlier = commandOf.get(c.id)
      if (earlier === undefined) commandOf.set(c.id, side.id)
      else
        out.push(
          problem(
            file,
            `/sides/${s}/commands/${i}/id`,
            `command "${c.id}" is already defined by side "${earlier}"; each command needs an id of its own`,
          ),
        )
    }),
  )
  const mode = ruleset.board?.facing?.mode ?? 'none'
  const unitIds = new Map<string, string>()
  scenario.sides.forEach((side, s) => {
    const place = (u: Scenario['sides'][number]['units'][number], pointer: string) => {
      const blocked = impassable(u, ruleset, map)
      if (blocked !== null) out.push(problem(file, `${pointer}/hex`, blocked))
      const earlier = unitIds.get(u.id)
      if (earlier)
        out.push(problem(file, `${pointer}/id`, `unit id "${u.id}" is already used (${earlier})`))
      else unitIds.set(u.id, pointer)
      if (u.facing !== undefined) {
        if (mode === 'none')
          out.push(
            problem(
              file,
              `${pointer}/facing`,
              `ruleset "${ruleset.id}" does not use facing; remove it`,
            ),
          )
        else {
          const check =
            mode === 'vertex'
              ? vertexClockFromName(u.facing, map.grid.orientation)
              : sideClockFromName(u.facing, map.grid.orientation)
          if (!check.ok) out.push(problem(file, `${pointer}/facing`, check.message))
        }
      }
    }
    side.units.forEach((u, i) => place(u, `/sides/${s}/units/${i}`))
    ;(side.reinforcements ?? []).forEach((r, ri) =>
      r.units.forEach((u, i) => place(u, `/sides/${s}/reinforcements/${ri}/units/${i}`)),
    )
    ;(side.commands ?? []).forEach((c, ci) => {
      if (
        c.leader &&
        !side.units.some((u) => u.id === c.leader) &&
        !(side.reinforcements ?? []).some((r) => r.units.some((u) => u.id === c.leader))
      ) {
        out.push(
          problem(
            file,
            `/sides/${s}/commands/${ci}/leader`,
            `leader "${c.leader}" of command "${c.id}" is not a unit of side "${side.id}"`,
          ),
        )
      }
    })
  })
  return out
}

export const semanticProblems = { map: mapProblems, scenario: scenarioProblems }
