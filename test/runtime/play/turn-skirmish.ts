/**
 * The turn-based fixture mod (test/fixtures/mods/turn-skirmish): Infidel's counters and tables in
 * game turns of phases, with the bundled content under it, and the same with a phase changed.
 */
import type { LoadedScenario } from '../../../src/runtime'
import { loadLibrary } from '../../../src/runtime'
import type { SourceText } from '../../../src/runtime/content'
import { readContentFolder, withEdit } from '../../helpers/fixtures'

export const MOD = 'test/fixtures/mods/turn-skirmish'
export const RULESET = 'infidel-turns.json'
export const SCENARIO = 'turns-at-the-ford'

const bundled = readContentFolder('content')
export const fixture = (): SourceText[] => [...bundled, ...readContentFolder(MOD)]

export function scenarioOf(sources: SourceText[]): LoadedScenario {
  const result = loadLibrary(sources).scenario(SCENARIO)
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'))
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
