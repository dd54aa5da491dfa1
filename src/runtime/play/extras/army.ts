/**
 * Army activations (mechanics.activation.army): every piece of the side that can take part is
 * activated, for movement only. A command takes part when its leader is the overall commander or
 * stands inside his command range; a unit when it stands inside its own leader's range; every
 * piece must stand more than a set distance from the nearest enemy combat unit. Pieces that
 * cannot take part are stopped for the activation, which is how the movement mechanic knows.
 */
import type { ActivationKind, ArmyActivationSettings } from '../../generated/content-types'
import { boardOf } from '../../state/board'
import { runningActivation } from '../activity'
import { inRangeOf } from '../command-range'
import { commandsInPlay, isLeader, leaderOnMap, overallCommander } from '../forces'
import { enemyUnits } from '../influence'
import type { PlayContext } from '../procedure'
import { commandUnitsOnMap, extrasSettings, note } from './common'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

function armySettings(ctx: Ctx, kind: string): ArmyActivationSettings | null {
  const army = extrasSettings(ctx).army
  return army !== undefined && army.kind === kind ? army : null
}

/** Distance from `hex` to the nearest enemy combat unit of `side`'s opponents (Infinity if none). */
export function nearestEnemy(ctx: Ctx, side: string, hex: string): number {
  const board = boardOf(ctx.loaded)
  let best = Infinity
  for (const enemy of enemyUnits(ctx, side)) {
    const at = ctx.state.units[enemy]?.hex
    if (at !== null && at !== undefined) best = Math.min(best, board.distance(hex, at))
  }
  return best
}

/** The pieces (units and leaders) of `side` that may take part in an army activation now. */
export function armyPieces(ctx: Ctx, settings: ArmyActivationSettings, side: string): string[] {
  const far = (id: string): boolean => {
    const hex = ctx.state.units[id]?.hex
    if (hex === null || hex === undefined) return false
    return nearestEnemy(ctx, side, hex) > (settings.enemyDistanceAbove ?? 0)
  }
  const commander = overallCommander(ctx.loaded, ctx.state, side)
  const pieces = new Set<string>()
  for (const command of commandsInPlay(ctx.loaded, ctx.state, side)) {
    const leader = leaderOnMap(ctx.loaded, ctx.state, command)
    if (leader === null) continue
    if (
      (settings.leadersInCommanderRange ?? true) &&
      leader !== commander &&
      (commander === null || !inRangeOf(ctx, commander, leader))
    )
      continue
    if (far(leader)) pieces.add(leader)
    for (const id of commandUnitsOnMap(ctx, command)) {
      if ((settings.unitsInLeaderRange ?? true) && !inRangeOf(ctx, leader, id)) continue
      if (far(id)) pieces.add(id)
    }
  }
  if (commander !== null && far(commander)) pieces.add(commander)
  return [...pieces]
}

/** Why `kind` (an army activation) cannot be chosen by `side` now, or null. */
export function armyProblem(ctx: Ctx, kind: ActivationKind, side: string): string | null {
  const settings = armySettings(ctx, kind.id)
  if (settings === null) return null
  const units = armyPieces(ctx, settings, side).filter((id) => !isLeader(ctx.loaded, id))
  return units.length > 0
    ? null
    : `no unit of ${side} stands inside its leaders' command ranges and more than ${settings.enemyDistanceAbove ?? 0} hexes from the enemy, as an army activation requires`
}

/** Stops, for the running army activation, every piece of the side that cannot take part. */
export function restrictArmy(ctx: PlayContext): void {
  const activation = runningActivation(ctx)
  if (activation === null) return
  const settings = armySettings(ctx, activation.kind)
  if (settings === null) return
  const pieces = new Set(armyPieces(ctx, settings, activation.side))
  const left: string[] = []
  for (const [id, unit] of Object.entries(ctx.state.units)) {
    if (unit.side !== activation.side || unit.location === 'removed' || pieces.has(id)) continue
    unit.ended = 'activation'
    left.push(id)
  }
  if (left.length > 0)
    note(ctx, `not part of the army activation: ${left.join(', ')}`, settings.rule)
}

/**
 * For the movement mechanic: no piece of the running army activation may enter a hex this close
 * to an enemy combat unit (or closer); null when no such limit applies now.
 */
export function armyKeepAway(ctx: Ctx): number | null {
  const activation = runningActivation(ctx)
  if (activation === null) return null
  return armySettings(ctx, activation.kind)?.mayNotComeWithin ?? null
}
