/**
 * What the activation extras share: their settings (ruleset mechanics.activation), the rule of
 * the phase running, the units an activation concerns, and small state changes made the way the
 * kernel makes them (markers, tracks and status events go through the kernel, so the log shows
 * them like any other change).
 */
import type { ActivationExtras } from '../../generated/content-types'
import type { Action } from '../../state/actions'
import { applyTrack } from '../../state/effect-changes'
import { reject, ruleField } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { runResolution } from '../../state/resolve-action'
import { runningActivation } from '../activity'
import { flowOf } from '../driver'
import { isLeader } from '../forces'
import type { PlayContext } from '../procedure'
import { effectScope } from '../logged'
import { frameData, fromJson, toJson } from '../../state/json-data'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export function extrasSettings(ctx: Ctx): ActivationExtras {
  return ctx.loaded.rules.ruleset.mechanics?.activation ?? {}
}

export function optionOn(ctx: Ctx, option: string | undefined): boolean {
  return option === undefined || ctx.state.options[option] === true
}

/** Combat units (not leaders) of `command` on the map. */
export function commandUnitsOnMap(ctx: Ctx, command: string): string[] {
  return Object.entries(ctx.state.units)
    .filter(
      ([id, u]) =>
        u.command === command &&
        u.location === 'map' &&
        u.hex !== null &&
        !isLeader(ctx.loaded, id),
    )
    .map(([id]) => id)
}

/** Combat units of the commands the running activation activates, on the map. */
export function activatedUnitsOnMap(ctx: Ctx): string[] {
  const activation = runningActivation(ctx)
  if (activation === null) return []
  return activation.commands.flatMap((c) => commandUnitsOnMap(ctx, c))
}

/** Combat units of a side on the map. */
export function sideUnitsOnMap(ctx: Ctx, side: string): string[] {
  return Object.entries(ctx.state.units)
    .filter(
      ([id, u]) =>
        u.side === side && u.location === 'map' && u.hex !== null && !isLeader(ctx.loaded, id),
    )
    .map(([id]) => id)
}

// Markers, status events and notes are every procedure's (../logged.ts).
export { note, promptRule, setMarker, statusEvent } from '../logged'

/** Moves a side's track by `amount` (clamped by the track's bounds), logged. */
export function moveTrack(
  ctx: PlayContext,
  side: string,
  trackId: string,
  amount: number,
  rule?: string,
): void {
  const track = (ctx.loaded.rules.ruleset.tracks ?? []).find((t) => t.id === trackId)
  if (track === undefined) return reject(`the ruleset has no track "${trackId}"`)
  applyTrack(ctx, effectScope(null, `track "${trackId}"`, side), track, side, {
    type: 'track',
    track: trackId,
    amount,
    ...ruleField(rule),
  })
}

/** Rolls a resolution, keeps its record, and notes its line in the log. */
export function roll(
  ctx: PlayContext,
  args: Action,
): { success: boolean; natural: number; final: number } {
  const { record, text } = runResolution(ctx, args)
  ctx.records.push(record)
  ctx.applied.push({ kind: 'note', text })
  return {
    success: record.outcome === 'success',
    natural: record.dice?.natural ?? record.roll?.natural ?? 0,
    final: record.roll?.final ?? 0,
  }
}

/** The bookkeeping a mechanic keeps across activations (flow.memory), created on first use. */
export function memoryOf<T extends object>(ctx: PlayContext, mechanic: string, blank: T): T {
  const flow = flowOf(ctx.state)
  flow.memory ??= {}
  if (!Object.hasOwn(flow.memory, mechanic)) flow.memory[mechanic] = toJson(blank)
  return fromJson<T>(flow.memory[mechanic])
}

/** Read-only view of a mechanic's bookkeeping, without creating it. */
export function peekMemory<T extends object>(ctx: Ctx, mechanic: string): T | undefined {
  const memory = ctx.state.flow?.memory
  return memory !== undefined && Object.hasOwn(memory, mechanic)
    ? fromJson<T>(memory[mechanic])
    : undefined
}

/** A frame's data, typed by the procedure that owns the frame. */
export function dataOf<T>(frame: Frame): T {
  return frameData<T>(frame)
}
