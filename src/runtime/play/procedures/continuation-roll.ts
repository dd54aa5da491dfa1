/**
 * The arguments of a continuation or seizure roll (sequence.activation.continuation): who rolls,
 * the overall commander's support, and the penalties the rules give — one per successful
 * continuation since the last reset, and one per attempt for a side with a single Battle on the
 * map, which stays until the reset even if another Battle arrives — with the resets themselves.
 */
import type { ActivationKind } from '../../generated/content-types'
import type { Action } from '../../state/actions'
import { inRangeOf } from '../command-range'
import { flowOf } from '../driver'
import { commandsInPlay, isLeader, leaderOnMap, overallCommander } from '../forces'
import { unitRatings } from '../influence'
import type { PlayContext } from '../procedure'
import { defineSlice } from '../slices'

declare module '../../state/flow-types' {
  /** A side's continuation penalties, this mechanic's slice of its flow. */
  interface SideFlow {
    /** Successful continuations since the last reset (the cumulative penalty). */
    successes: number
    /** Continuation attempts since the last reset, the first included. */
    attempts: number
    /**
     * The side rolled with a single command on the map since the last reset: that penalty stays
     * until the reset even if another command arrives. Absent means no.
     */
    singleCommand?: boolean
  }
}

/** Every side starts with no penalty. */
export const continuationSlice = defineSlice({
  mechanic: 'continuation',
  side: () => ({ successes: 0, attempts: 0 }),
})

export type ResetOn = 'failure' | 'pass' | 'seizure-attempt'

export function reset(ctx: PlayContext, side: string, on: ResetOn): void {
  const rule = ctx.loaded.rules.ruleset.sequence.activation?.continuation
  if (!(rule?.resetOn ?? []).includes(on)) return
  const flow = flowOf(ctx.state).sides[side]
  if (
    flow === undefined ||
    (flow.successes === 0 && flow.attempts === 0 && flow.singleCommand !== true)
  )
    return
  flow.successes = 0
  flow.attempts = 0
  delete flow.singleCommand
  ctx.applied.push({
    kind: 'note',
    text: `${side}: continuation penalties reset (${on.replace('-', ' ')})`,
    ...(rule?.rule === undefined ? {} : { rule: rule.rule }),
  })
}

/** The leader who rolls for an activation: the command's leader, or the overall commander for the whole side. */
export function rollingLeader(
  ctx: PlayContext,
  kind: ActivationKind,
  side: string,
  commands: readonly string[],
): string | null {
  if (kind.scope === 'side') return overallCommander(ctx.loaded, ctx.state, side)
  return commands[0] === undefined ? null : leaderOnMap(ctx.loaded, ctx.state, commands[0])
}

/** Commands of the side with a combat unit on the map (Battles still to arrive do not count). */
function commandsOnMap(ctx: PlayContext, side: string): number {
  const present = new Set<string>()
  for (const [id, unit] of Object.entries(ctx.state.units))
    if (
      unit.side === side &&
      unit.location === 'map' &&
      unit.command !== null &&
      !isLeader(ctx.loaded, id)
    )
      present.add(unit.command)
  return commandsInPlay(ctx.loaded, ctx.state, side).filter((c) => present.has(c)).length
}

/**
 * Whether the side rolls with the single-Battle penalty: it has one Battle on the map, or
 * had one at an attempt since the last reset (the penalty stays though another Battle arrives).
 */
function singleCommand(ctx: PlayContext, side: string): boolean {
  return flowOf(ctx.state).sides[side]?.singleCommand === true || commandsOnMap(ctx, side) === 1
}

/** The activation-context arguments of a roll by `leader` for `kind`. */
export function rollArgs(
  ctx: PlayContext,
  resolution: string,
  side: string,
  kind: ActivationKind,
  commands: readonly string[],
  leader: string | null,
): Action {
  const commander = overallCommander(ctx.loaded, ctx.state, side)
  const supported =
    commander !== null &&
    leader !== null &&
    leader !== commander &&
    inRangeOf(ctx, commander, leader)
  const effectiveness = commander === null ? 0 : unitRatings(ctx, commander).effectiveness
  const flow = flowOf(ctx.state).sides[side]
  return {
    type: 'resolve',
    resolution,
    side,
    ...(leader === null ? {} : { leader }),
    ...(commands[0] === undefined ? {} : { command: commands[0] }),
    kind: kind.id,
    free: false,
    successes: flow?.successes ?? 0,
    inCommanderRange: supported,
    commanderEffectiveness: typeof effectiveness === 'number' ? effectiveness : 0,
    singleCommand: singleCommand(ctx, side),
  }
}
