/**
 * The movement settings of the ruleset in force (mechanics.movement, schemas/mechanic-movement.
 * schema.json), with the few questions about them every movement module asks. Anything the
 * content leaves out is off.
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { ResolvedRuleset } from '../../generated/content-types'

export type MovementSettings = NonNullable<NonNullable<ResolvedRuleset['mechanics']>['movement']>
export type InfluenceSettings = NonNullable<MovementSettings['enemyInfluence']>
export type PassThroughRule = NonNullable<MovementSettings['passThrough']>[number]
export type TransformSetting = NonNullable<MovementSettings['transforms']>[number]

const NONE: MovementSettings = {}

export function movementSettings(loaded: LoadedScenario): MovementSettings {
  return loaded.rules.ruleset.mechanics?.movement ?? NONE
}

export function allowanceRating(loaded: LoadedScenario): string {
  return movementSettings(loaded).allowanceRating ?? 'movement'
}

/** A setting of another area read loosely, so that its schema may change without breaking this one. */
export function activationSetting(loaded: LoadedScenario, ...path: string[]): unknown {
  let at: unknown = loaded.rules.ruleset.mechanics?.activation
  for (const key of path) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}
