/**
 * The turn clock of turn-based rulesets: phases in order, alternate player turns, numbered
 * turns up to the scenario's last; phases skipped by their condition or repeated by theirs;
 * markers expiring and activation stops lifted as phases, player turns and turns end.
 */
import { describe, expect, it } from 'vitest'
import { createInitialState } from '../../../src/runtime/state'
import type { GameState, LogEntry } from '../../../src/runtime/state'
import { act, loadScenario, refused } from './helpers'

const loaded = loadScenario('state', 'kernel-skirmish')
const fresh = (): GameState => createInitialState(loaded, { seed: 5 })

function endPhases(state: GameState, n: number): { state: GameState; entries: LogEntry[] } {
  const entries: LogEntry[] = []
  let s = state
  for (let i = 0; i < n; i++) {
    const step = act(loaded, s, { type: 'end-phase' })
    s = step.state
    entries.push(step.entry)
  }
  return { state: s, entries }
}

const where = (s: GameState) => `${s.clock.turn}/${s.clock.activeSide}/${s.clock.phase ?? 'over'}`

describe('end-phase', () => {
  it('walks the phases of each side in turn, then the next turn, until the last turn ends', () => {
    const seen: string[] = []
    let s = fresh()
    seen.push(where(s))
    for (let i = 0; i < 16; i++) {
      s = act(loaded, s, { type: 'end-phase' }).state
      seen.push(where(s))
    }
    expect(seen).toEqual([
      '1/south/move',
      '1/south/fire',
      '1/south/clash',
      '1/south/rally',
      '1/north/move',
      '1/north/fire',
      '1/north/clash',
      '1/north/rally',
      '2/south/move',
      '2/south/fire',
      '2/south/clash',
      '2/south/rally',
      '2/north/move',
      '2/north/fire',
      '2/north/clash',
      '2/north/rally',
      '2/north/over',
    ])
    expect(refused(loaded, s, { type: 'end-phase' }).message).toBe(
      'turn 2 was the last turn of the scenario: the game is over once victory is decided',
    )
  })

  it('logs the clock change with the events passed', () => {
    const { entries } = endPhases(fresh(), 8)
    const turnChange = entries[7]?.effects[0]
    expect(entries[7]?.text).toBe('phase rally ends; turn 2, south to play, phase move')
    expect(turnChange).toMatchObject({
      kind: 'clock',
      from: { turn: 1, phase: 'rally', activeSide: 'north', playerTurn: 2 },
      to: { turn: 2, phase: 'move', activeSide: 'south', playerTurn: 1 },
      events: [
        'phase-end',
        'player-turn-end',
        'turn-end',
        'turn-start',
        'player-turn-start',
        'phase-start',
      ],
    })
    expect(entries[3]?.text).toBe('phase rally ends; north to play, phase move')
  })

  it('skips a phase whose condition is false for the side to play', () => {
    // Killing two north units scores 4 + 3 on north's flight track (from 1): 8 closes its clash phase.
    let s = act(loaded, fresh(), {
      type: 'status-event',
      unit: 'north-knight',
      event: 'kill',
    }).state
    s = act(loaded, s, { type: 'status-event', unit: 'north-pike', event: 'kill' }).state
    expect(s.sides.north?.tracks.flight).toBe(8)
    const { entries, state } = endPhases(s, 6)
    expect(where(state)).toBe('1/north/rally')
    expect(entries[5]?.text).toBe('phase fire ends; phase rally')
  })

  it('repeats a phase while its repeat condition holds', () => {
    const repeating = loadScenario('state', 'kernel-skirmish', { variants: ['kernel-repeat'] })
    let s = createInitialState(repeating, { seed: 5 })
    // North fails a muster check, which scores a point for south: its clash phase now repeats.
    s = act(repeating, s, {
      type: 'resolve',
      resolution: 'muster',
      side: 'north',
      faces: [1],
    }).state
    s = act(repeating, s, { type: 'end-phase' }).state
    s = act(repeating, s, { type: 'end-phase' }).state
    expect(where(s)).toBe('1/south/clash')
    const again = act(repeating, s, { type: 'end-phase' })
    expect(again.entry.text).toBe('phase clash starts again')
    expect(where(again.state)).toBe('1/south/clash')
    // South's own muster takes the point back; the phase then ends.
    s = act(repeating, again.state, {
      type: 'resolve',
      resolution: 'muster',
      side: 'south',
      faces: [6],
    }).state
    expect(where(act(repeating, s, { type: 'end-phase' }).state)).toBe('1/south/rally')
  })

  it('lets only the side to play end the phase', () => {
    expect(refused(loaded, fresh(), { type: 'end-phase', side: 'north' }).message).toBe(
      "it is south's player turn, so north cannot end the phase",
    )
    expect(where(act(loaded, fresh(), { type: 'end-phase', side: 'south' }).state)).toBe(
      '1/south/fire',
    )
  })

  it('leaves the clock of an activation-chain ruleset to the activation mechanic', () => {
    const chain = loadScenario('state', 'kernel-skirmish', { variants: ['kernel-chain'] })
    expect(
      refused(chain, createInitialState(chain, { seed: 5 }), { type: 'end-phase' }).message,
    ).toContain('plays by activations')
  })
})

describe('expiry', () => {
  it('removes end-of-phase markers when the phase ends and lifts a movement stop', () => {
    // The M result gives south-pike-1 a spent marker (end of player turn), weary (end of turn), and stops its movement.
    const pinned = act(loaded, fresh(), {
      type: 'resolve',
      resolution: 'clash',
      attackers: ['north-pike'],
      defenders: ['south-pike-1'],
      faces: [3],
    }).state
    expect(pinned.units['south-pike-1']).toMatchObject({
      markers: { spent: 1, weary: 1 },
      ended: 'movement',
    })
    expect(pinned.units['north-knight']?.markers).toEqual({ charging: 1 })
    const next = act(loaded, pinned, { type: 'end-phase' })
    expect(next.state.units['north-knight']?.markers).toEqual({})
    expect(next.state.units['south-pike-1']).toMatchObject({
      markers: { spent: 1, weary: 1 },
      ended: null,
    })
    expect(next.entry.effects.map((e) => e.text)).toContain(
      'unit north-knight: marker charging removed (end of phase)',
    )
  })

  it('removes end-of-player-turn markers and activation stops at the end of the player turn, end-of-turn markers at the end of the turn', () => {
    let s = act(loaded, fresh(), {
      type: 'resolve',
      resolution: 'clash',
      attackers: ['north-pike'],
      defenders: ['south-pike-1'],
      faces: [3],
    }).state
    s = act(loaded, s, {
      type: 'resolve',
      resolution: 'clash',
      attackers: ['north-pike'],
      defenders: ['south-pike-1'],
      faces: [1],
    }).state
    expect(s.units['north-pike']?.ended).toBe('activation')
    s = endPhases(s, 3).state
    expect(s.units['south-pike-1']?.markers).toEqual({ spent: 1, weary: 1 })
    expect(s.units['north-pike']?.ended).toBe('activation')
    s = endPhases(s, 1).state
    expect(s.clock.activeSide).toBe('north')
    expect(s.units['south-pike-1']?.markers).toEqual({ weary: 1 })
    expect(s.units['north-pike']?.ended).toBeNull()
    s = endPhases(s, 4).state
    expect(s.clock.turn).toBe(2)
    expect(s.units['south-pike-1']?.markers).toEqual({})
  })
})
