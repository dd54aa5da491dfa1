/**
 * The status-recovery phase (mechanic "status-recovery"): units in one status recover through a
 * status event of the graph, for instance stunned characters coming round at the end of a player
 * turn. It looks at the units on the map of the side the phase runs for, or of every side when
 * the phase's player is `both`.
 *
 * With `stunnedDuring: previous-player-turn`, a unit recovers only in the player turn after the
 * one in which it came into the status (`this-player-turn`: in the same one). The phase tells
 * them apart by remembering, each time it runs, the player turn in which it first saw each unit
 * in the status (its memory, by phase). So a phase with `stunnedDuring` is meant to run in every
 * player turn, after whatever can put a unit in the status; a unit that leaves the status and
 * comes back between two runs counts from the first time.
 */
import { runningActivation } from '../activity'
import { defineProcedure } from '../define-procedure'
import { phaseOf, phaseSettings } from '../phase-settings'
import type { PlayContext } from '../procedure'
import { memoryOf, peekMemory, statusEvent } from './common'

/** By phase id: the player turn (the running activation's number) each unit was first seen in the status. */
type Seen = Record<string, Record<string, number>>

/** The units of the sides the phase runs for that are in `status` on the map. */
function unitsIn(ctx: PlayContext, phase: string, status: string): string[] {
  const { player } = phaseOf(ctx, phase)
  const side = runningActivation(ctx)?.side ?? ctx.state.clock.activeSide
  return Object.entries(ctx.state.units)
    .filter(
      ([, u]) =>
        u.location === 'map' && u.status === status && (player === 'both' || u.side === side),
    )
    .map(([id]) => id)
}

/** The player turn now: the running activation's number (one per player turn). */
function playerTurnNow(ctx: PlayContext): number {
  return runningActivation(ctx)?.number ?? ctx.state.clock.activation
}

/**
 * The units the phase makes recover now: every unit in the status, or with `stunnedDuring` those
 * that were in it in the player turn it names or before. A unit this phase has not seen in the
 * status before came into it during this player turn.
 */
export function recoveringUnits(ctx: PlayContext, phase: string): string[] {
  const settings = phaseSettings(ctx, phase, 'status-recovery')
  const units = unitsIn(ctx, phase, settings.from)
  if (settings.stunnedDuring === undefined) return units
  const now = playerTurnNow(ctx)
  const seen = peekMemory<Seen>(ctx, 'status-recovery')?.[phase] ?? {}
  const latest = settings.stunnedDuring === 'this-player-turn' ? now : now - 1
  return units.filter((id) => (seen[id] ?? now) <= latest)
}

/** Remembers, for the units still in the status, the player turn the phase first saw them in it. */
function remember(ctx: PlayContext, phase: string, status: string): void {
  const memory = memoryOf<Seen>(ctx, 'status-recovery', {})
  const before = memory[phase] ?? {}
  const now = playerTurnNow(ctx)
  memory[phase] = Object.fromEntries(
    unitsIn(ctx, phase, status).map((id) => [id, before[id] ?? now]),
  )
}

export const statusRecoveryProcedure = defineProcedure<Record<string, never>>()({
  name: 'status-recovery',
  settings: ['event', 'from', 'stunnedDuring'],
  steps: {
    start(ctx, f) {
      const phase = f.frame.phase ?? ''
      const settings = phaseSettings(ctx, phase, 'status-recovery')
      const { rule } = phaseOf(ctx, phase)
      for (const id of recoveringUnits(ctx, phase)) statusEvent(ctx, id, settings.event, rule)
      if (settings.stunnedDuring !== undefined) remember(ctx, phase, settings.from)
      return { kind: 'done' }
    },
  },
})
