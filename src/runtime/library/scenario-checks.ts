/**
 * Checks of a scenario that need its rules prepared for play: the expressions it writes itself
 * (a reinforcement group's arrival condition) type-checked against the ruleset, and its setup
 * loaded as the first game state to check stacking with the ruleset's own rule (which units
 * count is an expression).
 */
import type { ResolvedRuleset, Scenario } from '../generated/content-types'
import { prepareRuleset, withExtraExpressions } from '../rules'
import type { ExtraExpression, PrepareResult } from '../rules'
import { createInitialState } from '../state/game-state'
import { stackingProblems } from '../state/stacking'
import { isTwoHex, rearHex } from '../state/footprints'
import { boardOf } from '../state/board'
import type { ContentFile } from '../content/content-store'
import { errorAt, locate, locateInString } from '../content/json-document'
import type { LoadedMap, LoadedRuleset, LoadedScenario } from '../rules/loaded'
import type { Problem } from '../content/problems'
import type { ResolvedWithOrigins } from '../content/resolve-ruleset'

const prepared = new WeakMap<object, PrepareResult>()

/** The ruleset prepared for play, once per resolved ruleset object. */
export function preparedRules(resolved: ResolvedWithOrigins): PrepareResult {
  let found = prepared.get(resolved.ruleset)
  if (found === undefined) {
    found = prepareRuleset(resolved.ruleset)
    prepared.set(resolved.ruleset, found)
  }
  return found
}

/** The expressions a scenario writes, with their pointers and contexts. */
export function scenarioExpressions(scenario: Scenario): ExtraExpression[] {
  const out: ExtraExpression[] = []
  scenario.sides.forEach((side, s) =>
    (side.reinforcements ?? []).forEach((group, g) => {
      if (group.arrive.when !== undefined)
        out.push({
          pointer: `/sides/${s}/reinforcements/${g}/arrive/when`,
          source: group.arrive.when,
          context: 'side',
          expect: 'boolean',
        })
    }),
  )
  return out
}

/** The scenario's rules with its own expressions compiled, or its problems located in the file. */
export function scenarioRulesFor(
  file: ContentFile,
  rules: LoadedRuleset,
): { rules?: LoadedRuleset; problems: Problem[] } {
  const extra = withExtraExpressions(rules, scenarioExpressions(file.doc.value as Scenario))
  if (extra.ok) return { rules: extra.rules, problems: [] }
  return {
    problems: extra.errors.map((e) => ({
      file: file.doc.file,
      ...(e.start === undefined
        ? locate(file.doc, e.pointer)
        : locateInString(file.doc, e.pointer, e.start)),
      pointer: e.pointer,
      message: e.message,
      severity: 'error' as const,
    })),
  }
}

/** Units stacked against the ruleset's rule at setup, reported at the later unit's placement. */
export function setupStackingProblems(
  file: ContentFile,
  rules: LoadedRuleset,
  map: LoadedMap,
): Problem[] {
  const setUp = setupOf(file, rules, map)
  if (setUp === null) return []
  const { scenario } = setUp.loaded
  let problems
  try {
    problems = stackingProblems(setUp)
  } catch {
    // A unit of a type the other checks already refuse cannot be counted.
    return []
  }
  const pointers = new Map<string, string>()
  scenario.sides.forEach((side, s) =>
    side.units.forEach((u, i) => pointers.set(u.id, `/sides/${s}/units/${i}/hex`)),
  )
  return problems.map((p) => {
    const last = p.units[p.units.length - 1] ?? ''
    return errorAt(file.doc, pointers.get(last) ?? '', p.message)
  })
}

/**
 * The scenario's game as set up, before the first action; null for a setup the other checks
 * already refuse (a facing the map cannot have), which cannot be loaded.
 */
function setupOf(
  file: ContentFile,
  rules: LoadedRuleset,
  map: LoadedMap,
): { loaded: LoadedScenario; state: ReturnType<typeof createInitialState> } | null {
  const loaded: LoadedScenario = { scenario: file.doc.value as Scenario, rules, map, options: {} }
  try {
    return { loaded, state: createInitialState(loaded, { seed: 0 }) }
  } catch {
    return null
  }
}

/** Whether the terrain chart bars movement class `moveClass` from hex `hex`. */
function barredTo(loaded: LoadedScenario, hex: string, moveClass: string): boolean {
  const info = boardOf(loaded).hex(hex)
  const types = loaded.rules.ruleset.terrain.hexTypes
  const cost = (t: string) => types.find((x) => x.id === t)?.movement?.[moveClass]
  const base = cost(info.terrain)
  return (
    base === undefined ||
    base === 'prohibited' ||
    info.features.some((f) => cost(f) === 'prohibited')
  )
}

/**
 * Two-hex counters (riders) whose rear hex, behind the front hex their placement gives, is off
 * the map or on terrain their movement class may not enter; reported at the placement's facing.
 */
export function setupFootprintProblems(
  file: ContentFile,
  rules: LoadedRuleset,
  map: LoadedMap,
): Problem[] {
  const setUp = setupOf(file, rules, map)
  if (setUp === null) return []
  const { loaded, state } = setUp
  const { scenario } = loaded
  const problems: Problem[] = []
  scenario.sides.forEach((side, s) =>
    side.units.forEach((u, i) => {
      const unit = state.units[u.id]
      if (unit?.location !== 'map' || unit.hex === null || !isTwoHex(loaded, unit.type)) return
      const type = rules.unitTypes.get(unit.type)
      const name = u.name ?? type?.name ?? u.id
      let message: string | null = null
      if (unit.facing === null)
        message = `${name} fills two hexes and needs a facing: the side of the front hex he heads to`
      else {
        const rear = rearHex(loaded, unit.hex, unit.facing)
        const moveClass =
          type?.movementClass ?? rules.unitClasses.get(type?.class ?? '')?.movementClass
        if (rear === null)
          message = `${name} fills two hexes: facing so, his rear half would be off the map behind ${unit.hex}`
        else if (moveClass !== undefined && barredTo(loaded, rear, moveClass))
          message = `${name} fills two hexes: his rear half would stand in ${rear}, where he may not go`
      }
      if (message === null) return
      const pointer = `/sides/${s}/units/${i}/${u.facing === undefined ? 'hex' : 'facing'}`
      problems.push(errorAt(file.doc, pointer, message))
    }),
  )
  return problems
}

/**
 * The optional rules a scenario is played with: the ruleset's defaults, the scenario's choices,
 * then the caller's, each as true or false.
 */
export function chosenOptions(
  ruleset: ResolvedRuleset,
  scenario: Scenario,
  chosen: Readonly<Record<string, boolean>> = {},
): Record<string, boolean> {
  const all = {
    ...Object.fromEntries((ruleset.options ?? []).map((o) => [o.id, o.default ?? false])),
    ...scenario.options,
    ...chosen,
  }
  return Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v === true]))
}
