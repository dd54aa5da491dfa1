/**
 * What capture (mechanics.capture) reads everywhere: its settings when the optional rule is on,
 * conditions on a unit, the status event that would take a unit somewhere, names and distances.
 */
import type { Capture } from '../../generated/content-types'
import { applyStatusEvent, effectApplies } from '../../rules'
import type { StatusUnit } from '../../rules'
import { boardOf } from '../../state/board'
import { rejectFailure } from '../../state/failure'
import { hexesOf } from '../../state/footprints'
import { unitContext } from '../../state/variables'
import type { PlayContext } from '../procedure'

export type Ctx = Pick<PlayContext, 'loaded' | 'state'>
export type CaptureSettings = Capture

/** The ruleset's capture settings, whatever the option; undefined when it has none. */
export function captureSettings(ctx: Ctx): CaptureSettings | undefined {
  return ctx.loaded.rules.ruleset.mechanics?.capture
}

/** The capture settings when capture is played in this game (its option on); else undefined. */
export function captureOf(ctx: Ctx): CaptureSettings | undefined {
  const settings = captureSettings(ctx)
  if (settings === undefined) return undefined
  return settings.option === undefined || ctx.state.options[settings.option] === true
    ? settings
    : undefined
}

/** Why capture is not played now (the optional rule off), in words; null when it is. */
export function captureOff(ctx: Ctx): string | null {
  const settings = captureSettings(ctx)
  if (settings === undefined) return 'nobody is taken prisoner under these rules'
  if (captureOf(ctx) !== undefined) return null
  const option = (ctx.loaded.rules.ruleset.options ?? []).find((o) => o.id === settings.option)
  return `prisoners are taken only under the optional rule "${option?.label ?? settings.option}", which is off`
}

/** Whether `condition` holds for unit `id` (true when there is none). */
export function holdsFor(ctx: Ctx, condition: string | undefined, id: string, where: string) {
  if (condition === undefined) return true
  const found = effectApplies(
    ctx.loaded.rules,
    'unit',
    condition,
    unitContext(ctx.loaded, ctx.state, id),
    `capture, ${where}`,
  )
  return found.ok ? found.value : rejectFailure(found.error)
}

/** The status the status graph would give unit `id` on `event`; null when it stays as it is. */
export function statusAfter(ctx: Ctx, id: string, event: string): string | null {
  const variables = unitContext(ctx.loaded, ctx.state, id)
  const change = applyStatusEvent(ctx.loaded.rules, variables.unit as StatusUnit, event, variables)
  if (change.error !== undefined) return rejectFailure(change.error)
  return change.changed ? change.status : null
}

export const nameOf = (ctx: Ctx, id: string): string => ctx.state.units[id]?.name ?? id

/** The fewest hexes between the counters of `a` and `b` (either half of a two-hex counter). */
export function hexesBetween(ctx: Ctx, a: string, b: string): number {
  const board = boardOf(ctx.loaded)
  let best = Infinity
  for (const x of hexesOf(ctx, a))
    for (const y of hexesOf(ctx, b)) best = Math.min(best, board.distance(x, y))
  return best
}
