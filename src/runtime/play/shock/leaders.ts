/**
 * Leaders going along: in some rules a stacked leader may go along on a charge, a counter-charge
 * or an advance and must go along on a retreat; in others he must on all of them. Which applies
 * is a setting: mechanics.shock.charge.leaders for charges and counter-charges,
 * mechanics.results.retreat.leaders and .advance.leaders for the retreat before combat and the
 * attacker's move into the emptied hex. When leaders may go, the owner names those who do in the
 * action's `with` (absent: nobody); when they must, they all go without being named.
 */
import { orReject, refusal } from '../../state/failure'
import type { Checked } from '../../state/failure'
import type { PlayContext } from '../procedure'
import { leadersOf } from '../results/places'
import { advanceSettings, retreatSettings } from '../results/settings'
import { hexOf } from './geometry'
import { chargeSettings } from './settings'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export type LeadersGo = 'must' | 'may' | 'stay'

export type LeaderMove = 'charge' | 'retreat' | 'advance'

export function leadersGo(ctx: Ctx, move: LeaderMove): LeadersGo {
  switch (move) {
    case 'charge':
      return chargeSettings(ctx)?.leaders ?? 'may'
    case 'retreat':
      return retreatSettings(ctx).leaders
    case 'advance':
      return advanceSettings(ctx).leaders
  }
}

/** The rule leaders going along comes from: the movement mechanic's leader rule. */
export function leaderRule(ctx: Ctx): string | undefined {
  return ctx.loaded.rules.ruleset.mechanics?.movement?.leaders?.rule
}

/** Friendly leaders stacked with the unit now. */
export function stackedLeaders(ctx: Ctx, unit: string): string[] {
  const hex = hexOf(ctx, unit)
  const side = ctx.state.units[unit]?.side
  return hex === null || side === undefined ? [] : leadersOf(ctx, hex, side)
}

/** The `with` values the owner may give for the unit: every choice of its leaders, when they may go. */
export function withChoices(ctx: Ctx, unit: string, move: LeaderMove): string[][] {
  if (leadersGo(ctx, move) !== 'may') return []
  const leaders = stackedLeaders(ctx, unit)
  const out: string[][] = []
  for (let mask = 1; mask < 1 << Math.min(leaders.length, 4); mask++)
    out.push(leaders.filter((_, i) => (mask & (1 << i)) !== 0))
  return out
}

/** The leaders who go along with the unit, as `value` (the action's `with`) names them. */
export function readWith(ctx: Ctx, unit: string, move: LeaderMove, value: unknown): string[] {
  return orReject(leadersWith(ctx, unit, move, value))
}

/** readWith asked, not thrown: the leaders going along, or why `value` is refused. */
export function leadersWith(
  ctx: Ctx,
  unit: string,
  move: LeaderMove,
  value: unknown,
): Checked<string[]> {
  const mode = leadersGo(ctx, move)
  const leaders = stackedLeaders(ctx, unit)
  const rule = leaderRule(ctx)
  if (value === undefined) return { ok: true, value: mode === 'must' ? leaders : [] }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    return refusal(`"with" must list the leaders going along with ${unit}, e.g. ["leader-1"]`)
  const named = [...new Set(value as string[])]
  if (mode === 'stay' && named.length > 0)
    return refusal(`leaders do not go along on a ${move}: ${named.join(', ')} stay`, rule)
  const stranger = named.find((id) => !leaders.includes(id))
  if (stranger !== undefined)
    return refusal(`${stranger} is not a leader stacked with ${unit}`, rule)
  if (mode === 'must' && named.length < leaders.length)
    return refusal(
      `every leader stacked with ${unit} goes along on a ${move}: ${leaders.join(', ')}`,
      rule,
    )
  return { ok: true, value: named }
}
