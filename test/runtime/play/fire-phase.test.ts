/**
 * A phase of fire alone (mechanic "fire") with its own settings, as Croisades tactical's
 * offensive fire gives them (B.1.21 phase 1): `excludeInContact` (a unit next to an enemy neither
 * fires nor is fired at), `resolution` (the phase's own) and `mode` (what the resolution sees as
 * fire.mode). Proven on the turn-based fixture, whose fire phase gets the three settings and a
 * second fire resolution to name.
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario } from '../../../src/runtime'
import {
  boardOf,
  isLeader,
  legalActions,
  openPrompt,
  probeAction,
  randomLegal,
  validateContent,
} from '../../../src/runtime'
import { playout } from '../../../src/runtime/play/ai'
import { withEdit } from '../../helpers/fixtures'
import { fixture, MOD, RULESET, SCENARIO, scenarioOf, withPhase } from './turn-skirmish'

const SETTINGS = { mode: 'offensive', resolution: 'volley', excludeInContact: true }

/** The fixture with its fire phase set so, and a resolution "volley" like its fire resolution. */
function sources(): ReturnType<typeof fixture> {
  const fire = scenarioOf(fixture()).rules.resolutions.get('fire')
  return withEdit(withPhase('fire', { params: SETTINGS }), RULESET, (text) => {
    const variant = JSON.parse(text) as { patch: Record<string, unknown> }
    variant.patch.resolutions = [{ ...fire, id: 'volley', label: 'Volley' }]
    return JSON.stringify(variant, null, 2)
  })
}

/** Whether the unit stands next to an enemy combat unit (a leader alone is no contact). */
function inContact(loaded: LoadedScenario, state: GameState, id: string): boolean {
  const unit = state.units[id]
  if (unit?.hex == null) return false
  return Object.entries(state.units).some(
    ([other, e]) =>
      e.side !== unit.side &&
      !isLeader(loaded, other) &&
      e.location === 'map' &&
      e.hex !== null &&
      boardOf(loaded).distance(unit.hex as string, e.hex) === 1,
  )
}

describe('a fire phase with its own settings', () => {
  const changed = sources()
  const loaded = scenarioOf(changed)

  it('validates clean: the engine reads all three settings', () => {
    const report = validateContent(changed, { testGames: (id) => id === SCENARIO })
    expect(report.problems.filter((p) => p.file.startsWith(MOD))).toEqual([])
  })

  it('offers no shot by or at a unit next to an enemy, and rolls the phase’s resolution in its mode', () => {
    let shots = 0
    let excluded = 0
    let probed = 0
    for (const seed of [1, 2, 3]) {
      playout(loaded, seed, randomLegal, 5000, (state) => {
        const prompt = openPrompt(state)
        if (prompt?.kind !== 'fire' || state.clock.phase !== 'fire') return
        const fire = legalActions(loaded, state).filter((a) => a.type === 'fire')
        for (const action of fire) {
          shots += 1
          expect(inContact(loaded, state, action.unit as string)).toBe(false)
          expect(inContact(loaded, state, action.target as string)).toBe(false)
        }
        for (const [id, unit] of Object.entries(state.units))
          if (unit.side === prompt.side && inContact(loaded, state, id)) excluded += 1
        const first = fire[0]
        if (first !== undefined && probed < 5) {
          probed += 1
          // The shot is rolled once the target's side has answered (return fire or not).
          const seen: { resolution: string; mode: unknown }[] = []
          let now = state
          let action = first
          for (let i = 0; i < 3 && seen.length === 0; i++) {
            const result = probeAction(loaded, now, action, (roll) => {
              const variables = roll.variables as { fire?: { mode?: unknown } }
              seen.push({ resolution: roll.resolution.id, mode: variables.fire?.mode })
            })
            if (!result.ok) throw new Error(result.error.message)
            now = result.state
            const next = legalActions(loaded, now)
            action = next.find((a) => a.type === 'decline') ?? next[0] ?? action
          }
          expect(seen[0]).toEqual({ resolution: 'volley', mode: 'offensive' })
        }
      })
    }
    expect(shots).toBeGreaterThan(0)
    expect(excluded).toBeGreaterThan(0)
    expect(probed).toBeGreaterThan(0)
  })
})
