/**
 * The clock of a turn-based game: phases of the sequence of play, one player turn per side
 * (alternate) or one for all (simultaneous, none), numbered game turns up to the scenario's
 * last. Ending a phase also expires the markers that last until then and lifts end-activation
 * stops. Activation-chain games move their clock through the activation mechanic instead.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { Phase } from '../generated/content-types'
import { effectApplies } from '../rules'
import { reject, rejectFailure } from './failure'
import type { Clock, GameState } from './game-state'
import { sideOrder } from './roster'
import type { AppliedEffect, ClockEvent } from './log'
import { phaseContext } from './variables'

export type Expiry = 'end-of-activation' | 'end-of-phase' | 'end-of-player-turn' | 'end-of-turn'

function playerTurnsPerTurn(loaded: LoadedScenario): number {
  const mode = loaded.rules.ruleset.sequence.turns?.playerTurns ?? 'alternate'
  return mode === 'alternate' ? loaded.scenario.sides.length : 1
}

/** Who plays player turn `n` (1-based): sides in scenario order, starting with the first side. */
function sideOfPlayerTurn(loaded: LoadedScenario, n: number): string {
  const { ids, first } = sideOrder(loaded)
  if (playerTurnsPerTurn(loaded) === 1) return first
  const start = Math.max(0, ids.indexOf(first))
  return ids[(start + n - 1) % ids.length] ?? first
}

function phaseRuns(
  loaded: LoadedScenario,
  state: GameState,
  phase: Phase,
  key: 'when' | 'repeat',
  side: string,
): boolean {
  const source = phase[key]
  if (source === undefined) return key === 'when'
  const result = effectApplies(
    loaded.rules,
    'phase',
    source,
    phaseContext(loaded, state, side, phase.id, key === 'when' ? 0 : 1),
    `phase "${phase.id}", ${key}`,
  )
  if (!result.ok) return rejectFailure(result.error)
  return result.value
}

/**
 * From `clock`, the next phase that runs, crossing player turns and turns as needed, with the
 * events passed on the way. Null phase when the scenario's last turn ends.
 */
function nextPhase(
  loaded: LoadedScenario,
  state: GameState,
  clock: Clock,
  events: ClockEvent[],
  expire: (e: Expiry) => void,
): Clock {
  const phases = loaded.rules.ruleset.sequence.phases
  const perTurn = playerTurnsPerTurn(loaded)
  const lastTurn = loaded.scenario.setup?.turns
  let { turn, playerTurn } = clock
  let index = clock.phase === null ? -1 : phases.findIndex((p) => p.id === clock.phase)
  // Every phase of every player turn of two turns skipped means none can ever run.
  for (let guard = 0; guard <= phases.length * perTurn * 2 + 1; guard++) {
    index++
    if (index >= phases.length) {
      events.push('player-turn-end')
      expire('end-of-player-turn')
      index = 0
      playerTurn++
      if (playerTurn > perTurn) {
        events.push('turn-end')
        expire('end-of-turn')
        if (lastTurn !== undefined && turn >= lastTurn) {
          events.push('game-end')
          return { ...clock, turn, playerTurn: perTurn, phase: null }
        }
        turn++
        playerTurn = 1
        events.push('turn-start')
      }
      events.push('player-turn-start')
    }
    const phase = phases[index] as Phase
    const activeSide = sideOfPlayerTurn(loaded, playerTurn)
    const probe: GameState = {
      ...state,
      clock: { ...clock, turn, playerTurn, activeSide, phase: phase.id },
    }
    if (phaseRuns(loaded, probe, phase, 'when', activeSide)) {
      events.push('phase-start')
      return { turn, activation: clock.activation, phase: phase.id, activeSide, playerTurn }
    }
  }
  return reject('no phase of the sequence of play can run: every phase\'s "when" is false')
}

/** The clock at the start of the game: turn 1, the first phase the first side can play. */
export function initialClock(loaded: LoadedScenario, state: GameState): Clock {
  const { first } = sideOrder(loaded)
  const start: Clock = { turn: 1, activation: 0, phase: null, activeSide: first, playerTurn: 1 }
  if (loaded.rules.ruleset.sequence.structure !== 'turns') return start
  return nextPhase(loaded, state, start, [], () => undefined)
}

/** Ends the current phase of `draft` (changed in place); returns what changed. */
export function endPhase(loaded: LoadedScenario, draft: GameState): AppliedEffect[] {
  const sequence = loaded.rules.ruleset.sequence
  if (sequence.structure !== 'turns') {
    return reject(
      'this ruleset plays by activations (sequence.structure "activations"): the activation mechanic moves the clock, not end-phase',
    )
  }
  const from = { ...draft.clock }
  if (from.phase === null)
    return reject(
      `turn ${from.turn} was the last turn of the scenario: the game is over once victory is decided`,
    )
  const phase = sequence.phases.find((p) => p.id === from.phase)
  if (phase === undefined)
    return reject(`the clock is in phase "${from.phase}", which the sequence of play does not have`)
  const applied: AppliedEffect[] = []
  const events: ClockEvent[] = ['phase-end']
  const expire = (when: Expiry) => expireMarkers(loaded, draft, when, applied)
  let to: Clock
  if (phaseRuns(loaded, draft, phase, 'repeat', from.activeSide)) {
    // The phase is not over while its repeat condition holds: it starts again.
    events.push('phase-start')
    to = { ...from }
  } else {
    expire('end-of-phase')
    to = nextPhase(loaded, draft, from, events, expire)
  }
  draft.clock = to
  applied.unshift({ kind: 'clock', from, to, events, text: describeClockChange(from, to, events) })
  return applied
}

/** Removes the markers that last until `when`, and lifts the stops that end then. */
export function expireMarkers(
  loaded: LoadedScenario,
  draft: GameState,
  when: Expiry,
  applied: AppliedEffect[],
): void {
  const expiring = new Set(
    (loaded.rules.ruleset.markers ?? []).filter((m) => m.expires === when).map((m) => m.id),
  )
  for (const [id, unit] of Object.entries(draft.units)) {
    for (const [marker, count] of Object.entries(unit.markers)) {
      if (!expiring.has(marker)) continue
      delete unit.markers[marker]
      applied.push({
        kind: 'marker',
        unit: id,
        marker,
        from: count,
        to: 0,
        text: `unit ${id}: marker ${marker} removed (${when.replace(/-/g, ' ')})`,
      })
    }
    // A stop on movement lasts for the phase; a stop on the whole activation, for the player turn.
    if (unit.ended === 'movement' && when === 'end-of-phase') unit.ended = null
    if (unit.ended !== null && (when === 'end-of-player-turn' || when === 'end-of-activation'))
      unit.ended = null
  }
}

function describeClockChange(from: Clock, to: Clock, events: readonly ClockEvent[]): string {
  if (to.phase === null)
    return `phase ${from.phase ?? '-'} ends; turn ${from.turn}, the last, is over`
  if (from.phase === to.phase && from.turn === to.turn && from.playerTurn === to.playerTurn)
    return `phase ${to.phase} starts again`
  const turn = events.includes('turn-start') ? `turn ${to.turn}, ` : ''
  const side = events.includes('player-turn-start') ? `${to.activeSide} to play, ` : ''
  return `phase ${from.phase ?? '-'} ends; ${turn}${side}phase ${to.phase}`
}
