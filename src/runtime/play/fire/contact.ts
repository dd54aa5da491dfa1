/**
 * Contact for fire (the fire phase's and the move-step reaction's `excludeInContact`): a unit
 * next to an enemy is engaged and may not fire, nor be fired at unless `inContactMayBeFiredAt`.
 * Under `contactOnlyWithAttackers` only an enemy that could attack the unit engages it: one able
 * to act that could enter one of its hexes, the very test melee's `attackOnlyWhereMayEnter`
 * makes of an attacker (melee/attacks.ts), so a man beside an enemy standing where he could not
 * follow him (water, trees) may still shoot.
 */
import { touching } from '../../state/footprints'
import { unitCanAct } from '../forces'
import { enemyUnits } from '../influence'
import { mayAttackInto } from '../melee/attacks'
import type { PlayContext } from '../procedure'

/** The contact settings a fire phase, or a fire reaction, may give. */
export interface ContactSettings {
  excludeInContact?: boolean
  inContactMayBeFiredAt?: boolean
  contactOnlyWithAttackers?: boolean
}

const nameOf = (ctx: PlayContext, id: string): string => ctx.state.units[id]?.name ?? id

/** The enemies next to `id` that keep it engaged under `settings`, in state order. */
export function engagingEnemies(ctx: PlayContext, settings: ContactSettings, id: string): string[] {
  const unit = ctx.state.units[id]
  if (unit?.hex == null) return []
  const near = enemyUnits(ctx, unit.side).filter((e) => touching(ctx, e, id))
  if (settings.contactOnlyWithAttackers !== true) return near
  return near.filter((e) => unitCanAct(ctx.loaded, ctx.state, e) && mayAttackInto(ctx, e, id))
}

/** "Karim" / "Karim and Idris" / "Karim, Idris and Yusuf". */
function names(ctx: PlayContext, ids: readonly string[]): string {
  const words = ids.map((id) => nameOf(ctx, id))
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] as string}`
}

/**
 * Why the contact settings of a fire phase (or of a reaction that takes the same ones) forbid
 * `id` to fire at `target`, or null.
 */
export function phaseRefusal(
  ctx: PlayContext,
  settings: ContactSettings | undefined,
  id: string,
  target: string,
): string | null {
  if (settings?.excludeInContact !== true) return null
  const byFirer = engagingEnemies(ctx, settings, id)
  if (byFirer.length > 0)
    return `${nameOf(ctx, id)} is next to ${names(ctx, byFirer)}, engaged, and may not fire`
  if (settings.inContactMayBeFiredAt === true) return null
  const byTarget = engagingEnemies(ctx, settings, target)
  if (byTarget.length > 0)
    return `${nameOf(ctx, target)} is next to ${names(ctx, byTarget)}, engaged, and may not be fired at`
  return null
}
