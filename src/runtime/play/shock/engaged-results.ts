/**
 * The optional Engaged rule on the results of shock combat (mechanics.shock.results.engaged):
 * once the results of a roll are carried out, the units of that combat are Engaged with each
 * other unless the result codes moved one of them away or took a defender out (a retreat, a
 * retire, an elimination). A result offering a retreat or something else engages them when the
 * defenders took the other option and stayed. The bookkeeping (markers, who is engaged with whom,
 * markers dropped once no engaged enemy is next to a unit) is the activation extras'.
 */
import { isEngaged, recordEngagement, refreshEngaged } from '../extras/engaged'
import type { PlayContext } from '../procedure'
import { note } from './changes'
import { hexOf } from './geometry'
import { shockSettings } from './settings'
import type { RollSummary } from './types'

/** Whether the roll's results, now carried out, leave its units Engaged. */
function engages(ctx: PlayContext, roll: RollSummary): boolean {
  const settings = shockSettings(ctx).results?.engaged
  if (settings === undefined) return false
  if (roll.codes.some((c) => settings.unlessCodes.includes(c))) return false
  if (!roll.codes.some((c) => (settings.stayCodes ?? []).includes(c))) return true
  // The owner chose: Engaged only if the defenders stayed where they were.
  const stayed = roll.defenders.filter((id) => hexOf(ctx, id) === roll.hex)
  const moved = roll.defenders.filter((id) => {
    const at = hexOf(ctx, id)
    return at !== null && at !== roll.hex
  })
  return stayed.length > 0 && moved.length === 0
}

/**
 * After the results of an attack: marks the units of each roll that engages them, then
 * drops the marker of every unit none of whose engaged enemies is next to it any more.
 */
export function engageAfterAttack(
  ctx: PlayContext,
  attackers: readonly string[],
  rolls: readonly RollSummary[],
): void {
  const settings = shockSettings(ctx).results?.engaged
  if (settings === undefined) return
  for (const roll of rolls) {
    if (!engages(ctx, roll)) continue
    const fighting = attackers.filter((id) => hexOf(ctx, id) !== null)
    const defending = roll.defenders.filter((id) => hexOf(ctx, id) !== null)
    if (fighting.length === 0 || defending.length === 0) continue
    recordEngagement(ctx, fighting, defending)
    const marked = [...fighting, ...defending].filter((id) => isEngaged(ctx, id))
    if (marked.length > 0)
      note(ctx, `${marked.join(', ')}: Engaged (${roll.codes.join(', ')})`, settings.rule)
  }
  refreshEngaged(ctx)
}
