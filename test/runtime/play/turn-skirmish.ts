/**
 * The turn-based fixture mod (test/fixtures/mods/turn-skirmish): Infidel's counters and tables in
 * game turns of phases, with the bundled content it builds on under it, and the same with a phase
 * changed.
 */
import type { LoadedScenario } from '../../../src/runtime'
import { loadLibrary } from '../../../src/runtime'
import type { SourceText } from '../../../src/runtime/content'
import { neededBy, readContentFolder, withEdit } from '../../helpers/fixtures'

export const MOD = 'test/fixtures/mods/turn-skirmish'
export const RULESET = 'infidel-turns.json'
export const SCENARIO = 'turns-at-the-ford'

// Only the bundled files the mod names (its base ruleset, their tables, units and map): loading
// every bundled scenario and ruleset with each changed phase doubled the time of a load.
const sources = neededBy(readContentFolder(MOD), readContentFolder('content'))
export const fixture = (): SourceText[] => [...sources]

/** Loads already made, by the sources' text: several tests load the same rules. */
const loads = new Map<string, LoadedScenario>()

export function scenarioOf(sources: SourceText[]): LoadedScenario {
  const key = sources.map((s) => `${s.path}\n${s.text}`).join('\n\u0000')
  const kept = loads.get(key)
  if (kept !== undefined) return kept
  const result = loadLibrary(sources).scenario(SCENARIO)
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'))
  loads.set(key, result.value)
  return result.value
}

/** The fixture with one phase of its ruleset changed (a JSON edit of the variant's patch). */
export function withPhase(id: string, change: Record<string, unknown>): SourceText[] {
  return withEdit(fixture(), RULESET, (text) => {
    const variant = JSON.parse(text) as {
      patch: { sequence: { phases: { id: string; [key: string]: unknown }[] } }
    }
    const phase = variant.patch.sequence.phases.find((p) => p.id === id && !('$delete' in p))
    if (phase === undefined) throw new Error(`the fixture has no phase ${id}`)
    Object.assign(phase, change)
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete phase[key]
    return JSON.stringify(variant, null, 2)
  })
}
