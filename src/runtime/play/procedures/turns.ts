/**
 * Turns and phases (sequence.structure "turns"): numbered game turns up to the scenario's last
 * (setup.turns), each split into player turns (sequence.turns.playerTurns: one per side in
 * initiative order, or one for every side) that run the sequence's phases in order.
 *
 * A phase runs its mechanic for the sides its `player` names: the player turn's side (active),
 * each other side (inactive), every side one after the other in initiative order (each), or
 * once for every side at the same time (both: the mechanic acts for all sides itself, like a
 * recovery that every unit makes). `when` skips a phase; `repeat` runs it again, for the same
 * sides, while it holds. The reactions of a phase interrupt it as they do in an activation:
 * the mechanics open their windows (reactions.ts).
 *
 * The mechanics the activation chain uses read "the running activation": here a player turn is
 * one, kept for the whole player turn so that what a unit did in one phase (moved, fired) is
 * known in the next; each run of a phase names the side it runs for, with all its commands.
 */
import type { Phase } from '../../generated/content-types'
import { effectApplies } from '../../rules'
import { recordPlayerTurn } from '../fire/plans'
import { expireMarkers } from '../../state/clock'
import type { Expiry } from '../../state/clock'
import { reject, rejectFailure, ruleField } from '../../state/failure'
import type { ActivationState } from '../../state/flow-types'
import type { ClockEvent } from '../../state/log'
import type { Clock } from '../../state/game-state'
import { sideOrder } from '../../state/roster'
import { phaseContext } from '../../state/variables'
import { flowOf } from '../driver'
import { commandsInPlay } from '../forces'
import type { PlayContext } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import { checkVictory, endOfScenario } from '../victory'
import { startingActivity } from './chain'

/** How many times in a row one phase may repeat before the engine calls it a loop. */
export const MAX_PHASE_REPEATS = 1000

interface TurnsData {
  /** The sides in the order they play this game turn, the first having the initiative. */
  order: string[]
  /** The player turn of the game turn that runs or is next, from 1. */
  playerTurn: number
  /** Index of the phase that runs or is next, in sequence.phases. */
  phase: number
  /** Sides the running phase still has to run for. */
  sides: string[]
  /** Times the running phase has been repeated. */
  repeats: number
}

function playerTurnsPerTurn(ctx: PlayContext): number {
  const mode = ctx.loaded.rules.ruleset.sequence.turns?.playerTurns ?? 'alternate'
  return mode === 'alternate' ? ctx.loaded.scenario.sides.length : 1
}

/**
 * The order the sides play game turn `turn` in: the scenario's first side first, then the
 * others in scenario order; with initiative "alternate", the first place passes on each turn.
 */
export function initiativeOrder(ctx: PlayContext, turn: number): string[] {
  const { ids, first } = sideOrder(ctx.loaded)
  const start = Math.max(0, ids.indexOf(first))
  const shift = ctx.loaded.rules.ruleset.sequence.turns?.initiative === 'alternate' ? turn - 1 : 0
  return ids.map((_, i) => ids[(start + shift + i) % ids.length] as string)
}

/** Moves the clock (`change`), logging the events passed with a line of text. */
function tick(
  ctx: PlayContext,
  events: ClockEvent[],
  change: Partial<Clock>,
  text: string,
  rule?: string,
): void {
  const from = { ...ctx.state.clock }
  Object.assign(ctx.state.clock, change)
  const to = { ...ctx.state.clock }
  ctx.applied.push({ kind: 'clock', from, to, events, text, ...ruleField(rule) })
}

/**
 * Whether a phase's `when` (or `repeat`, after `runs` runs in a row) holds for `side`; `when`
 * holds when absent, `repeat` does not.
 */
function phaseHolds(
  ctx: PlayContext,
  phase: Phase,
  key: 'when' | 'repeat',
  side: string,
  runs = 0,
): boolean {
  const source = phase[key]
  if (source === undefined) return key === 'when'
  const result = effectApplies(
    ctx.loaded.rules,
    'phase',
    source,
    phaseContext(ctx.loaded, ctx.state, side, phase.id, runs),
    `phase "${phase.id}", ${key}`,
  )
  if (!result.ok) return rejectFailure(result.error)
  return result.value
}

/** The sides a phase runs for, one run each, in the order they run. */
function sidesOfPhase(phase: Phase, active: string, order: readonly string[]): string[] {
  const others = order.filter((s) => s !== active)
  switch (phase.player ?? 'active') {
    case 'active':
    case 'both':
      return [active]
    case 'alternating':
      // Segments passed back and forth belong to a mechanic that plays them (capabilities.ts).
      return reject(`${phase.label}: the engine does not pass phases back and forth between sides`)
    case 'inactive':
      return others
    case 'each':
      return [active, ...others]
  }
}

function startPlayerTurn(ctx: PlayContext, side: string): void {
  const activation: ActivationState = {
    number: (ctx.state.clock.activation += 1),
    side,
    kind: 'player-turn',
    commands: commandsInPlay(ctx.loaded, ctx.state, side),
    free: false,
    seized: false,
    wholeSide: true,
    units: startingActivity(ctx),
  }
  flowOf(ctx.state).activation = activation
}

/** The running player turn's activation, now for `side` (the side a phase runs for). */
function actFor(ctx: PlayContext, side: string): void {
  const activation = flowOf(ctx.state).activation ?? reject('no player turn is running')
  activation.side = side
  activation.commands = commandsInPlay(ctx.loaded, ctx.state, side)
}

function expire(ctx: PlayContext, when: Expiry): void {
  expireMarkers(ctx.loaded, ctx.state, when, ctx.applied)
}

/** The next phase of the player turn whose `when` holds, from index `from`; null past the last. */
function nextPhase(ctx: PlayContext, from: number): number | null {
  const phases = ctx.loaded.rules.ruleset.sequence.phases
  const active = ctx.state.clock.activeSide
  for (let i = from; i < phases.length; i++)
    if (phaseHolds(ctx, phases[i] as Phase, 'when', active)) return i
  return null
}

export const turnsProcedure = defineProcedure<TurnsData>()({
  name: 'turns',
  steps: {
    start(_ctx, f) {
      f.go('turn-start')
      return { kind: 'push', frame: { proc: 'setup-game' } }
    },
    'turn-start'(ctx, f) {
      const clock = ctx.state.clock
      const last = ctx.loaded.scenario.setup?.turns
      f.data.order = initiativeOrder(ctx, clock.turn)
      f.data.playerTurn = 1
      const of = last === undefined ? '' : ` of ${last}`
      const rule = ctx.loaded.rules.ruleset.sequence.rule
      tick(ctx, ['turn-start'], { phase: null }, `turn ${clock.turn}${of} begins`, rule)
      f.go('player-turn-start')
      return AGAIN
    },
    'player-turn-start'(ctx, f) {
      const d = f.data
      const side = d.order[d.playerTurn - 1] ?? d.order[0] ?? ''
      const whose = playerTurnsPerTurn(ctx) === 1 ? 'every side' : side
      const change = { activeSide: side, playerTurn: d.playerTurn }
      tick(ctx, ['player-turn-start'], change, `turn ${ctx.state.clock.turn}: ${whose} to play`)
      startPlayerTurn(ctx, side)
      d.phase = 0
      f.go('phase')
      return AGAIN
    },
    phase(ctx, f) {
      const d = f.data
      const index = nextPhase(ctx, d.phase)
      if (index === null) {
        f.go('player-turn-end')
        return AGAIN
      }
      const phase = phaseAt(ctx, index)
      d.phase = index
      d.repeats = 0
      d.sides = sidesOfPhase(phase, ctx.state.clock.activeSide, d.order)
      tick(ctx, ['phase-start'], { phase: phase.id }, `${phase.label} begins`, phase.rule)
      f.go('run')
      return AGAIN
    },
    run(ctx, f) {
      const phase = phaseAt(ctx, f.data.phase)
      const side = f.data.sides.shift()
      if (side === undefined) {
        f.go('ran')
        return AGAIN
      }
      actFor(ctx, side)
      return { kind: 'push', frame: { proc: phase.mechanic, phase: phase.id } }
    },
    ran(ctx, f) {
      const d = f.data
      const active = ctx.state.clock.activeSide
      const phase = phaseAt(ctx, d.phase)
      actFor(ctx, active)
      const runs = d.repeats + 1
      if (ctx.state.outcome === null && phaseHolds(ctx, phase, 'repeat', active, runs)) {
        d.repeats += 1
        if (d.repeats > MAX_PHASE_REPEATS)
          return reject(
            `${phase.label} repeated ${MAX_PHASE_REPEATS} times in a row: its "repeat" never stops holding`,
            phase.rule,
          )
        d.sides = sidesOfPhase(phase, active, d.order)
        tick(ctx, ['phase-start'], {}, `${phase.label} begins again`, phase.rule)
        f.go('run')
        return AGAIN
      }
      expire(ctx, 'end-of-phase')
      tick(ctx, ['phase-end'], { phase: null }, `${phase.label} ends`, phase.rule)
      d.phase += 1
      f.go('phase')
      return AGAIN
    },
    'player-turn-end'(ctx, f) {
      const clock = ctx.state.clock
      recordPlayerTurn(ctx)
      expire(ctx, 'end-of-activation')
      expire(ctx, 'end-of-player-turn')
      flowOf(ctx.state).activation = null
      checkVictory(ctx, 'player-turn-end')
      const over = `turn ${clock.turn}: ${clock.activeSide}'s player turn is over`
      tick(ctx, ['player-turn-end'], {}, over)
      if (ctx.state.outcome !== null) return { kind: 'done' }
      if (f.data.playerTurn < playerTurnsPerTurn(ctx)) {
        f.data.playerTurn += 1
        f.go('player-turn-start')
        return AGAIN
      }
      f.go('turn-end')
      return AGAIN
    },
    'turn-end'(ctx, f) {
      const clock = ctx.state.clock
      const last = ctx.loaded.scenario.setup?.turns
      expire(ctx, 'end-of-turn')
      checkVictory(ctx, 'turn-end')
      if (ctx.state.outcome !== null) return { kind: 'done' }
      if (last !== undefined && clock.turn >= last) {
        tick(ctx, ['turn-end', 'game-end'], {}, `turn ${clock.turn}, the scenario's last, is over`)
        endOfScenario(ctx, `${last} turns`)
        return { kind: 'done' }
      }
      tick(ctx, ['turn-end'], { turn: clock.turn + 1 }, `turn ${clock.turn} is over`)
      f.go('turn-start')
      return AGAIN
    },
  },
})

/** The phase at `index` of the sequence of play. */
function phaseAt(ctx: PlayContext, index: number): Phase {
  return (
    ctx.loaded.rules.ruleset.sequence.phases[index] ??
    reject(`the sequence of play has no phase ${index + 1}`)
  )
}
