/**
 * The parameters a scenario gives its sides, commands and itself, with the defaults of the
 * parameters its ruleset declares: what expressions (`side.params`…) and mechanics read. A
 * parameter declared with a null default reads as null when left unset.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { ResolvedRuleset } from '../generated/content-types'

type Declared = ResolvedRuleset['sideParameters']
type Values = Readonly<Record<string, unknown>>

const NONE: readonly never[] = []
/** By declarations, then by the object the values are written on: made once per game's content. */
const made = new WeakMap<object, WeakMap<object, Values>>()

function withDefaults(declared: Declared, owner: object, given: object | undefined): Values {
  const key = declared ?? NONE
  let byOwner = made.get(key)
  if (byOwner === undefined) {
    byOwner = new WeakMap()
    made.set(key, byOwner)
  }
  let values = byOwner.get(owner)
  if (values === undefined) {
    const out: Record<string, unknown> = {}
    for (const p of declared ?? []) if (p.default !== undefined) out[p.key] = p.default
    values = Object.freeze(Object.assign(out, given))
    byOwner.set(owner, values)
  }
  return values
}

/** A side's parameters, or an empty set for a side the scenario does not have. */
export function sideParameters(loaded: LoadedScenario, side: string): Values {
  const found = loaded.scenario.sides.find((s) => s.id === side)
  if (found === undefined) return {}
  return withDefaults(loaded.rules.ruleset.sideParameters, found, found.parameters)
}

/** A command's parameters, or an empty set for a command the scenario does not have. */
export function commandParameters(loaded: LoadedScenario, command: string): Values {
  for (const side of loaded.scenario.sides)
    for (const c of side.commands ?? [])
      if (c.id === command)
        return withDefaults(loaded.rules.ruleset.commandParameters, c, c.parameters)
  return {}
}

export function scenarioParameters(loaded: LoadedScenario): Values {
  const scenario = loaded.scenario
  return withDefaults(loaded.rules.ruleset.scenarioParameters, scenario, scenario.parameters)
}
