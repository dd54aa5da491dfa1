/** Rules of content that a schema cannot state: facings that exist for the map, units on the map… */
import type { ResolvedRuleset, Scenario } from '../generated/content-types'
import { sideClockFromName, vertexClockFromName } from '../hex'
import type { ContentFile } from './content-store'
import { locate } from './json-document'
import type { LoadedMap } from './loaded'
import type { Problem } from './problems'
import type { Vocabulary } from './vocabulary'

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
  return out
}

function scenarioProblems(
  file: ContentFile,
  scenario: Scenario,
  ruleset: ResolvedRuleset,
  map: LoadedMap,
): Problem[] {
  const out: Problem[] = []
  const mode = ruleset.board?.facing?.mode ?? 'none'
  const unitIds = new Map<string, string>()
  scenario.sides.forEach((side, s) => {
    const place = (u: Scenario['sides'][number]['units'][number], pointer: string) => {
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
