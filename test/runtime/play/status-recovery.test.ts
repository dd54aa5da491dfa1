/**
 * The status-recovery phase (mechanic "status-recovery", extras/status-recovery.ts), the stunned
 * characters' recovery of Croisades tactical B.1.21 phase 5 read generally: units of both sides
 * in a status recover through a status event, only in the player turn after the one in which
 * they came into it. Proven on the turn-based fixture, whose last phase becomes such a phase for
 * disordered units (the status graph's rally event).
 */
import { describe, expect, it } from 'vitest'
import type { LogEntry } from '../../../src/runtime'
import { randomLegal, validateContent } from '../../../src/runtime'
import { playout } from '../../../src/runtime/play/ai'
import { checkedGame } from '../../../tools/playout-checks'
import { MOD, SCENARIO, scenarioOf, withPhase } from './turn-skirmish'

const RECOVERY = {
  mechanic: 'status-recovery',
  label: 'Disordered units recover',
  player: 'both',
  when: undefined,
  params: { event: 'rally', from: 'disordered', stunnedDuring: 'previous-player-turn' },
}

/** What happened to the disordered units, read from a game's log in order. */
interface Recovery {
  unit: string
  /** The player turn (the running activation's number) it was disordered in, and recovered in. */
  disordered: number
  recovered: number
}

function recoveries(entries: readonly LogEntry[]): { recovered: Recovery[]; kept: number } {
  let playerTurn = 0
  let phase: string | null = null
  const since = new Map<string, number>()
  const recovered: Recovery[] = []
  let kept = 0
  for (const entry of entries)
    for (const effect of entry.effects) {
      if (effect.kind === 'clock') {
        // Leaving the recovery phase: whoever is still disordered came to it in this player turn.
        if (phase === 'recovery' && effect.to.phase !== 'recovery')
          for (const [unit, turn] of since) {
            expect(turn, `${unit} still disordered`).toBe(playerTurn)
            kept += 1
          }
        playerTurn = effect.to.activation
        phase = effect.to.phase
      }
      if (effect.kind !== 'status' || !effect.changed) continue
      if (effect.to === 'disordered') since.set(effect.unit, playerTurn)
      else if (since.has(effect.unit)) {
        if (effect.event === 'rally' && phase === 'recovery')
          recovered.push({
            unit: effect.unit,
            disordered: since.get(effect.unit) ?? -1,
            recovered: playerTurn,
          })
        since.delete(effect.unit)
      }
    }
  return { recovered, kept }
}

describe('a status-recovery phase for both sides', () => {
  const sources = withPhase('recovery', RECOVERY)
  const loaded = scenarioOf(sources)

  it('validates clean: the engine plays it and reads all its settings', () => {
    const report = validateContent(sources, { testGames: (id) => id === SCENARIO })
    expect(report.problems.filter((p) => p.file.startsWith(MOD))).toEqual([])
  })

  it('recovers units only in the player turn after the one they came into the status in', () => {
    const all: Recovery[] = []
    let kept = 0
    for (const seed of [1, 2, 3]) {
      const entries: LogEntry[] = []
      const game = playout(loaded, seed, randomLegal, 5000, (_state, _action, logged) => {
        entries.push(...logged)
      })
      expect(game.stopped, `seed ${seed}`).toBeUndefined()
      const found = recoveries(entries)
      all.push(...found.recovered)
      kept += found.kept
    }
    // Both cases happen: units recovering a player turn later, and units kept one more turn.
    expect(all.length).toBeGreaterThan(0)
    expect(kept).toBeGreaterThan(0)
    for (const r of all) expect(r.recovered, r.unit).toBe(r.disordered + 1)
  })

  it('keeps the general invariants of a game after every action', () => {
    const game = checkedGame(loaded, 4, { replay: true, maxActions: 5000 })
    expect(game.failure).toBeUndefined()
  })
})
