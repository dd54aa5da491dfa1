/**
 * The activation chain (Tri-Pack 4.0, 6.1–6.3, 3.0) on the kernel test rules played by
 * activations (test/fixtures/state/rulesets/kernel-activations.json): free activations, passes,
 * continuation rolls with the cumulative penalty, seizure by die roll, loss checks after free
 * activations.
 */
import { describe, expect, it } from 'vitest'
import { legalActions, openPrompt, playAction, startGame } from '../../../src/runtime/play'
import type { Action, GameState, LogEntry } from '../../../src/runtime/state'
import { loadScenario } from '../state/helpers'

const loaded = loadScenario('state', 'kernel-skirmish', { variants: ['kernel-activations'] })

function play(state: GameState, action: Action): { state: GameState; entry: LogEntry } {
  const result = playAction(loaded, state, action)
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.message}`)
  return { state: result.state, entry: result.entries[0] as LogEntry }
}

function refusal(state: GameState, action: Action): string {
  const result = playAction(loaded, state, action)
  if (result.ok) throw new Error(`${JSON.stringify(action)} was accepted`)
  return result.error.message
}

const notes = (entry: LogEntry) => entry.effects.map((e) => e.text)

describe('free activations (6.1)', () => {
  it('opens with a free activation for the first side, which may only pass without a command', () => {
    const { state } = startGame(loaded, { seed: 1 })
    expect(openPrompt(state)).toMatchObject({
      side: 'south',
      kind: 'activation-choice',
      actions: ['activate', 'pass'],
    })
    expect(legalActions(loaded, state)).toEqual([{ type: 'pass', side: 'south' }])
    expect(refusal(state, { type: 'activate', kind: 'command', command: 'north-host' })).toBe(
      'south has no command "north-host" in play',
    )
  })

  it('gives the other side a free activation after a pass, with a loss check for both (3.0)', () => {
    // Flight checks, in scenario order: north 3 <= 9, south 4 <= 10.
    const { state } = startGame(loaded, { forced: [3, 4] })
    const { state: after, entry } = play(state, { type: 'pass' })
    // Each check's line names the side that rolled.
    expect(notes(entry)).toEqual([
      'activation 1: south, pass (free)',
      'Flight check (north): d6 rolled 3, success against <= 9',
      'Flight check (south): d6 rolled 4, success against <= 10',
    ])
    expect(entry.records.map((r) => [r.resolution.id, r.outcome])).toEqual([
      ['flight-check', 'success'],
      ['flight-check', 'success'],
    ])
    expect(openPrompt(after)).toMatchObject({ side: 'north', kind: 'activation-choice' })
    expect(legalActions(loaded, after)).toEqual([
      { type: 'activate', kind: 'command', command: 'north-host', side: 'north' },
      { type: 'pass', side: 'north' },
    ])
  })

  it('ends the game when a loss check fails, and refuses every action after it', () => {
    const { state } = startGame(loaded, { forced: [3, 2] })
    // North has taken 9 flight points: its check needs 10 - 9 = 1 or less, and rolls 2.
    const beaten = { ...state, sides: { ...state.sides, north: { tracks: { flight: 9 } } } }
    const { state: after, entry } = play(beaten, { type: 'pass' })
    expect(after.outcome).toEqual({
      winners: ['south'],
      losers: ['north'],
      draw: false,
      reason: 'north: Army flees',
    })
    expect(notes(entry)).toContain('south wins (north: Army flees)')
    expect(openPrompt(after)).toBeNull()
    expect(legalActions(loaded, after)).toEqual([])
    expect(refusal(after, { type: 'pass' })).toBe(
      'the game is over (north: Army flees): no more actions',
    )
  })

  it('draws when both sides fail the same loss check', () => {
    const { state } = startGame(loaded, { forced: [6, 6] })
    const beaten = {
      ...state,
      sides: { north: { tracks: { flight: 9 } }, south: { tracks: { flight: 9 } } },
    }
    const { state: after } = play(beaten, { type: 'pass' })
    expect(after.outcome).toEqual({
      winners: [],
      losers: [],
      draw: true,
      reason: 'north: Army flees; south: Army flees',
    })
  })

  it('refuses an answer of the wrong kind or from the wrong side', () => {
    const { state } = startGame(loaded, { seed: 1 })
    expect(refusal(state, { type: 'continue', command: 'north-host' })).toBe(
      'south must now choose a free activation: a command, a standard, or pass: "continue" does not answer that (expected "activate", "pass")',
    )
    expect(refusal(state, { type: 'pass', side: 'north' })).toContain("it is south's decision now")
  })
})

describe('continuation (6.2)', () => {
  /** North's free activation of its command: passes south's, then activates. */
  function northActive(faces: number[]): GameState {
    let { state } = startGame(loaded, { forced: [1, 1, ...faces] })
    state = play(state, { type: 'pass' }).state
    return play(state, { type: 'activate', kind: 'command', command: 'north-host' }).state
  }

  it('asks the active side to continue or pass, and lets a side with one command name it again', () => {
    // After south's pass: flight checks 1, 1; north's free activation: flight checks 1, 1.
    const state = northActive([1, 1])
    expect(openPrompt(state)).toMatchObject({ side: 'north', kind: 'continuation' })
    expect(legalActions(loaded, state)).toEqual([
      { type: 'pass', side: 'north' },
      { type: 'continue', kind: 'command', command: 'north-host', side: 'north' },
    ])
  })

  it('continues on a roll within the leader rating and adds the cumulative penalty to the next one', () => {
    // Target: morale 7 - 3 - successes. Roll 4 <= 4 succeeds; the next target is 3, and 4 fails.
    let state = northActive([1, 1, 4, 4])
    let step = play(state, { type: 'continue', command: 'north-host' })
    expect(
      step.entry.records.map((r) => [r.resolution.id, r.roll?.final, r.check?.target, r.outcome]),
    ).toEqual([['resolve-roll', 4, 4, 'success']])
    expect(notes(step.entry)).toContain(
      'activation 3: north, command activation of north-host (continued)',
    )
    state = step.state
    expect(state.flow?.sides.north).toMatchObject({ successes: 1, attempts: 1 })
    // A continued activation is not free: no loss check. The next roll: 4 against 3 fails.
    step = play(state, { type: 'continue', command: 'north-host' })
    expect(
      step.entry.records.map((r) => [r.resolution.id, r.roll?.final, r.check?.target, r.outcome]),
    ).toEqual([['resolve-roll', 4, 3, 'failure']])
    expect(notes(step.entry)).toContain('north: continuation penalties reset (failure)')
    expect(step.state.flow?.sides.north).toMatchObject({ successes: 0, attempts: 0 })
    expect(openPrompt(step.state)).toMatchObject({ side: 'south', kind: 'activation-choice' })
  })

  it('gives the opponent a free activation on a pass and resets the penalties', () => {
    let state = northActive([1, 1, 1])
    state = play(state, { type: 'continue', command: 'north-host' }).state
    const { state: after, entry } = play(state, { type: 'pass' })
    expect(entry.text).toBe('north passes: south has a free activation')
    expect(after.flow?.sides.north).toMatchObject({ successes: 0 })
    expect(openPrompt(after)).toMatchObject({ side: 'south', kind: 'activation-choice' })
  })
})
