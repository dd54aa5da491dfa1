/**
 * Units that share the fate of the unit they stand with (mechanics.shock.sharedFate, e.g. guns
 * stacked with another unit). While a unit without the flag defends the hex with them they take no
 * part in the roll; once its results leave that unit in one of the statuses (Disordered, Retired)
 * or out of play, they are lost too. Checked right after the results are applied (before anyone
 * advances into the hex) and again once they are carried out (a choice of the owner's may have
 * come in between).
 */
import { isRemovedStatus } from '../../state/game-state'
import { unitFlags } from '../influence'
import type { NewFrame, PlayContext } from '../procedure'
import { effectsFrame, resultsWatch } from '../results/frames'
import { note, statusEvent } from './changes'
import { hexOf } from './geometry'
import { shockSettings } from './settings'
import type { RollSummary } from './types'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export function sharesFate(ctx: Ctx, id: string): boolean {
  const flag = shockSettings(ctx).sharedFate?.unitFlag
  return flag !== undefined && unitFlags(ctx, id)[flag] === true
}

export function statusesOf(ctx: Ctx, ids: readonly string[]): Record<string, string> {
  return Object.fromEntries(ids.map((id) => [id, ctx.state.units[id]?.status ?? '']))
}

/** Whether the results hit `id` as the settings say: into one of the statuses, or out of play. */
function struck(ctx: Ctx, id: string, before: string | undefined): boolean {
  const unit = ctx.state.units[id]
  if (unit === undefined) return false
  if (unit.location === 'removed' || isRemovedStatus(ctx.loaded, unit.status)) return true
  const statuses = shockSettings(ctx).sharedFate?.statuses ?? []
  return unit.status !== before && statuses.includes(unit.status)
}

/** The units to lose now, each with the units whose results cost it. */
function doomed(ctx: Ctx, rolls: readonly RollSummary[]): { id: string; with: string[] }[] {
  const out: { id: string; with: string[] }[] = []
  for (const roll of rolls) {
    const companions = roll.defenders.filter((id) => sharesFate(ctx, id))
    const others = roll.defenders.filter((id) => !companions.includes(id))
    if (companions.length === 0 || others.length === 0) continue
    const hit = others.filter((id) => struck(ctx, id, roll.statuses[id]))
    if (hit.length === 0) continue
    // Only those still where they stood, not lost already.
    for (const id of companions) if (hexOf(ctx, id) === roll.hex) out.push({ id, with: hit })
  }
  return out
}

/**
 * Sends the settings' event to the units whose companion of the roll was struck; what their loss
 * leaves pending (leader checks…) goes to `ctx.pending`.
 */
export function shareFates(ctx: PlayContext, rolls: readonly RollSummary[]): void {
  const settings = shockSettings(ctx).sharedFate
  if (settings === undefined) return
  for (const lost of doomed(ctx, rolls)) {
    note(ctx, `${lost.id} shares the fate of ${lost.with.join(', ')}`, settings.rule)
    statusEvent(ctx, lost.id, settings.event, settings.rule)
  }
}

/**
 * Once the results of the attack are carried out: the units struck by then (a choice made by the
 * owner), with the frame carrying out what their loss leaves pending; null when none is.
 */
export function shareFatesFrame(ctx: PlayContext, rolls: readonly RollSummary[]): NewFrame | null {
  const lost = doomed(ctx, rolls)
  if (lost.length === 0) return null
  const watch = resultsWatch(
    ctx,
    lost.map((l) => l.id),
  )
  const before = ctx.pending.length
  shareFates(ctx, rolls)
  return effectsFrame(ctx.pending.splice(before), watch)
}
