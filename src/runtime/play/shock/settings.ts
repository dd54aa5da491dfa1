/**
 * The shock settings of the ruleset in force (mechanics.shock), with the defaults the schema
 * documents, and the params of the phases that run shock combat. Everything the shock
 * procedures need to know about a game comes through here.
 */
import type {
  ChargeSettings,
  CounterChargeSettings,
  RetreatBeforeCombatSettings,
  ShockAttackSettings,
  ShockMechanics,
  ShockResultOrderSettings,
} from '../../generated/content-types'
import type { Phase } from '../../generated/content-types'
import { reject } from '../../state/failure'
import type { PlayContext } from '../procedure'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** The steps a shock phase may list, in the order the rules give them. */
export const SHOCK_STEPS = [
  'declare',
  'place-chargers',
  'terrain-disorder',
  'reluctance',
  'retreat-before-combat',
  'counter-charge',
  'resolve',
] as const
export type ShockStep = (typeof SHOCK_STEPS)[number]

export function shockSettings(ctx: Ctx): ShockMechanics {
  return ctx.loaded.rules.ruleset.mechanics?.shock ?? {}
}

export function frontSector(ctx: Ctx): string {
  return shockSettings(ctx).frontSector ?? 'front'
}

export function attackSettings(ctx: Ctx): ShockAttackSettings {
  return (
    shockSettings(ctx).attack ??
    reject('the ruleset has no shock attack settings (mechanics.shock.attack)')
  )
}

export function chargeSettings(ctx: Ctx): ChargeSettings | undefined {
  return shockSettings(ctx).charge
}

export function retreatSettings(ctx: Ctx): RetreatBeforeCombatSettings | undefined {
  return shockSettings(ctx).retreatBeforeCombat
}

export function counterChargeSettings(ctx: Ctx): CounterChargeSettings | undefined {
  return shockSettings(ctx).counterCharge
}

export function resultOrder(
  ctx: Ctx,
): Required<
  Pick<ShockResultOrderSettings, 'continuedAttackOverridesRetreat' | 'defenderRetreatsFirst'>
> &
  ShockResultOrderSettings {
  const r = shockSettings(ctx).results ?? {}
  return {
    ...r,
    continuedAttackOverridesRetreat: r.continuedAttackOverridesRetreat ?? true,
    defenderRetreatsFirst: r.defenderRetreatsFirst ?? true,
  }
}

export function continuedAttackMarker(ctx: Ctx): string | undefined {
  return shockSettings(ctx).continuedAttack?.marker
}

/** The rule of continued attacks (shock.continuedAttack.rule). */
export function continuedRule(ctx: Ctx): string | undefined {
  return shockSettings(ctx).continuedAttack?.rule
}

/** The shield wall of the activation extras, as far as shock combat cares. */
export function shieldWall(
  ctx: Ctx,
): { marker: string; noShock: boolean; noCharge: boolean } | null {
  const wall = ctx.loaded.rules.ruleset.mechanics?.activation?.shieldWall
  if (wall === undefined) return null
  return {
    marker: wall.marker,
    noShock: wall.noShock ?? true,
    noCharge: wall.noChargeThroughFront ?? true,
  }
}

/** The out-of-command marker of the command check, if the ruleset has one. */
export function outOfCommandMarker(ctx: Ctx): string | undefined {
  return ctx.loaded.rules.ruleset.mechanics?.activation?.commandCheck?.marker
}

export interface ShockParams {
  resolution: string
  steps: ShockStep[]
}

export function phaseById(ctx: Ctx, id: string): Phase {
  return (
    ctx.loaded.rules.ruleset.sequence.phases.find((p) => p.id === id) ??
    reject(`the sequence of play has no phase "${id}"`)
  )
}

/**
 * A shock phase's params: the resolution rolled for each defending hex and the steps, in order.
 * Refuses params the mechanic cannot follow, naming the phase.
 */
export function shockParams(ctx: Ctx, phaseId: string): ShockParams {
  const phase = phaseById(ctx, phaseId)
  const params = (phase.params ?? {}) as { resolution?: unknown; steps?: unknown }
  const resolution = params.resolution
  if (typeof resolution !== 'string' || !ctx.loaded.rules.resolutions.has(resolution))
    return reject(`phase "${phaseId}" must name its shock resolution in params.resolution`)
  const steps = params.steps ?? SHOCK_STEPS
  if (
    !Array.isArray(steps) ||
    !steps.every((s) => (SHOCK_STEPS as readonly unknown[]).includes(s))
  ) {
    return reject(
      `phase "${phaseId}": params.steps must list steps among ${SHOCK_STEPS.join(', ')}`,
    )
  }
  return { resolution, steps: steps as ShockStep[] }
}
