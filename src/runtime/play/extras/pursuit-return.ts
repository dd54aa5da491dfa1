/**
 * Bringing pursuers back: a side with units pursuing must spend its free activations on a pursuing
 * command; when that command is activated (only by a free activation if its leader stayed behind)
 * each pursuer rolls: success puts it back at the fled command's standard, failure removes it
 * without flight points. The leader who rode along comes back with them. Pursuers coming back
 * without their leader, or the units left on the map when he rode along, are out of command for
 * the activation.
 */
import type { ActivationKind } from '../../generated/content-types'
import { boardOf } from '../../state/board'
import { runningActivation } from '../activity'
import { flowOf } from '../driver'
import { isLeader } from '../forces'
import { movementClassOf } from '../influence'
import type { PlayContext } from '../procedure'
import { hexEntryCost } from '../terrain-costs'
import { ambushSettings } from './ambush'
import {
  commandUnitsOnMap,
  extrasSettings,
  memoryOf,
  note,
  roll,
  setMarker,
  statusEvent,
} from './common'
import type { Pursuit } from './pursuit'
import { PURSUIT_MEMORY, pursuitsOf } from './pursuit'
import { setFacing, setPlace } from '../../state/occupancy'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** Why `side` may not spend a free activation this way while its units pursue, or null. */
export function pursuitChoiceProblem(
  ctx: Ctx,
  kind: ActivationKind,
  side: string,
  command: string | undefined,
  free: boolean,
): string | null {
  const pursuits = pursuitsOf(ctx, side)
  if (!free || pursuits.length === 0) return null
  // An ambush names a command too, but it brings no pursuer back.
  const ambush = ambushSettings(ctx)?.kind === kind.id
  if (kind.scope === 'command' && !ambush && pursuits.some((p) => p.command === command))
    return null
  const commands = [...new Set(pursuits.map((p) => p.command))].join(', ')
  return `${side} has units pursuing: its free activations must bring them back (activate ${commands})`
}

/** Free hexes nearest to `from` that the unit could stand in, nearest first. */
function nearestFree(ctx: PlayContext, from: string, unit: string): string | null {
  const board = boardOf(ctx.loaded)
  const taken = new Set(
    Object.entries(ctx.state.units)
      .filter(([id, u]) => u.location === 'map' && !isLeader(ctx.loaded, id))
      .map(([, u]) => u.hex),
  )
  const moveClass = movementClassOf(ctx, unit)
  const candidates = board
    .allHexes()
    .filter((h) => !taken.has(h) && hexEntryCost(ctx.loaded, h, moveClass) !== null)
    .sort((a, b) => board.distance(from, a) - board.distance(from, b))
  return candidates[0] ?? null
}

function entryHex(ctx: PlayContext, pursuit: Pursuit): string | null {
  const standards = flowOf(ctx.state).standards
  const leaderHex = pursuit.leader === null ? null : (ctx.state.units[pursuit.leader]?.hex ?? null)
  return (
    standards[pursuit.fled] ??
    standards[pursuit.command] ??
    leaderHex ??
    ctx.state.units[commandUnitsOnMap(ctx, pursuit.command)[0] ?? '']?.hex ??
    null
  )
}

function clearMarkers(ctx: PlayContext, id: string): void {
  const settings = extrasSettings(ctx).battleFlight?.pursuit
  for (const marker of [settings?.marker, settings?.leaderMarker]) {
    if (marker === undefined) continue
    while ((ctx.state.units[id]?.markers[marker] ?? 0) > 0) setMarker(ctx, id, marker, 'remove')
  }
}

function putBack(ctx: PlayContext, id: string, hex: string, facing: number | null): void {
  const unit = ctx.state.units[id]
  if (unit === undefined) return
  setPlace(ctx.state, id, hex, 'map')
  setFacing(ctx.state, unit, facing)
  ctx.applied.push({
    kind: 'place',
    unit: id,
    from: { hex: null, facing: null, location: 'reinforcements' },
    to: { hex, facing, location: 'map' },
    text: `${id} comes back from the pursuit at ${hex}`,
  })
}

/**
 * Brings back the pursuers of the activated commands, if this activation may; returns the units
 * that must be out of command for it.
 */
export function pursuitReturn(ctx: PlayContext): string[] {
  const settings = extrasSettings(ctx).battleFlight?.pursuit
  const activation = runningActivation(ctx)
  if (settings === undefined || activation === null) return []
  const memory = memoryOf<{ pursuits: Pursuit[] }>(ctx, PURSUIT_MEMORY, { pursuits: [] })
  const outOfCommand: string[] = []
  for (const pursuit of [...memory.pursuits]) {
    if (!activation.commands.includes(pursuit.command)) continue
    // Without its leader, a pursuit comes back only in a free activation.
    if (!pursuit.leaderJoined && !activation.free) continue
    const stayed = commandUnitsOnMap(ctx, pursuit.command)
    const entry = entryHex(ctx, pursuit)
    const back: string[] = []
    for (const id of pursuit.units) {
      const result =
        settings.return === undefined
          ? { success: true }
          : roll(ctx, { type: 'resolve', resolution: settings.return, unit: id })
      clearMarkers(ctx, id)
      const hex = entry === null ? null : nearestFree(ctx, entry, id)
      if (result.success && hex !== null) {
        putBack(ctx, id, hex, pursuit.facings[id] ?? null)
        back.push(id)
      } else
        statusEvent(ctx, id, extrasSettings(ctx).battleFlight?.fleeEvent ?? 'flee', settings.rule)
    }
    if (pursuit.leaderJoined && pursuit.leader !== null) {
      const board = boardOf(ctx.loaded)
      const near = [...back, ...stayed].sort((a, b) => {
        const ha = ctx.state.units[a]?.hex ?? ''
        const hb = ctx.state.units[b]?.hex ?? ''
        return entry === null ? 0 : board.distance(entry, ha) - board.distance(entry, hb)
      })[0]
      const hex = ctx.state.units[near ?? '']?.hex ?? entry
      clearMarkers(ctx, pursuit.leader)
      if (hex !== null && hex !== undefined) putBack(ctx, pursuit.leader, hex, null)
    }
    outOfCommand.push(...(pursuit.leaderJoined ? stayed : back))
    note(
      ctx,
      `the pursuit of ${pursuit.fled} by ${pursuit.command} is over: ${back.length} of ${pursuit.units.length} come back`,
      settings.rule,
    )
    memory.pursuits.splice(memory.pursuits.indexOf(pursuit), 1)
  }
  return outOfCommand
}
