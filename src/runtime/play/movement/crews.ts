/**
 * Crews: characters of the side whose turn it is who do a task together that takes their whole
 * player turn (clearing remains, clearing.ts; hauling equipment, haulage.ts). What each man must
 * be to join one, and the crews a listing offers.
 */
import { peekActivity } from '../activity'
import { unitCanAct } from '../forces'
import { unitFlags } from '../influence'
import type { PlayContext } from '../procedure'
import { hasActed, turnUnitProblem } from './acting'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/**
 * Why `id` may not be one of a crew now (`what`: the task, "clear remains"); null when he may:
 * of the side whose turn it is, on the map, with none of `notFlags`, able to act, not ended, and
 * having done nothing yet this turn.
 */
export function crewMemberProblem(
  ctx: Ctx,
  id: string,
  notFlags: readonly string[],
  what: string,
): string | null {
  const problem = turnUnitProblem(ctx, id)
  if (problem !== null) return problem
  const unit = ctx.state.units[id]!
  const name = unit.name ?? id
  const flags = unitFlags(ctx, id)
  if (notFlags.some((flag) => flags[flag] === true)) return `${name} may not ${what} as he is`
  if (!unitCanAct(ctx.loaded, ctx.state, id)) return `${name} may not act while ${unit.status}`
  if (unit.ended !== null) return `${name} may do nothing more this turn`
  if (hasActed(ctx, id) || peekActivity(ctx, id)?.fired === true)
    return `${name} has already acted this turn`
  return null
}

/** Every choice of `size` of `ids`, in the order of `ids`. */
export function combinations(ids: readonly string[], size: number): string[][] {
  if (size === 0) return [[]]
  const out: string[][] = []
  ids.forEach((id, i) => {
    for (const rest of combinations(ids.slice(i + 1), size - 1)) out.push([id, ...rest])
  })
  return out
}
