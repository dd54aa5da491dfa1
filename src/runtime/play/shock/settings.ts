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
import { reject } from '../../state/failure'
import type { PlayContext } from '../procedure'
import { phaseSettings } from '../phase-settings'

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

/**
 * A shock phase's params: the resolution rolled for each defending hex and the steps, in order.
 * Refuses params the mechanic cannot follow, naming the phase.
 */
export function shockParams(ctx: Ctx, phaseId: string): ShockParams {
  const { resolution, steps } = phaseSettings(ctx, phaseId, 'shock', 'continued-attack')
  return { resolution, steps: steps ?? [...SHOCK_STEPS] }
}
