/**
 * Movement on the bundled sample battle (content/scenarios/sample-skirmish.json, Infidel), as
 * the Tri-Pack prints it and under the 1.2 variant: stream crossings, the overall commander
 * riding with his knights, stopping next to the enemy (Tri-Pack 7.2) against frontal zones
 * (1.2 9.0), and every listed movement action accepted over a short random game.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../src/runtime/rules/loaded'
import { loadLibrary } from '../../src/runtime/library/loader'
import { formatProblem } from '../../src/runtime/content/problems'
import { legalActions, openPrompt, playAction, startGame } from '../../src/runtime/play'
import type { Action, GameState } from '../../src/runtime/state'
import { readContentFolder } from '../helpers/fixtures'

const library = loadLibrary(readContentFolder('content'))

function sample(variants: string[] = []): LoadedScenario {
  const found = library.scenario('sample-skirmish', { variants })
  if (!found.ok) throw new Error(found.problems.map(formatProblem).join('\n'))
  return found.value
}

function play(loaded: LoadedScenario, state: GameState, action: Action): GameState {
  const result = playAction(loaded, state, action)
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.message}`)
  return result.state
}

/** The Franks' first free activation of a command, in its move-and-fire phase. */
function franks(loaded: LoadedScenario, command: string, seed = 1): GameState {
  const { state } = startGame(loaded, { seed })
  let after = play(loaded, state, { type: 'activate', kind: 'battle', command })
  // Seizure counters drawn may be offered first (Battle Cry, Unsteady Troops): let them be.
  for (let i = 0; i < 6 && openPrompt(after)?.kind !== 'move-and-fire'; i++) {
    const options = legalActions(loaded, after)
    const skip = options.find((a) => ['decline', 'pass', 'done'].includes(a.type)) ?? options[0]
    if (skip === undefined) break
    after = play(loaded, after, skip)
  }
  expect(openPrompt(after)?.kind).toBe('move-and-fire')
  return after
}

const spent = (state: GameState, id: string) => state.flow?.activation?.units[id]?.mp ?? 0

describe('sample battle: movement as printed in the Tri-Pack (Infidel)', () => {
  const loaded = sample()

  it('pays the stream hexside on top of the hex (7.2)', () => {
    const state = franks(loaded, 'franks-horse')
    const after = play(loaded, state, {
      type: 'move',
      unit: 'franks-kn-2',
      path: ['0504', '0603', '0703', '0803', '0903'],
      facing: 'E',
    })
    expect(spent(after, 'franks-kn-2')).toBe(6)
  })

  it('lets the overall commander, stacked with a knight of his Battle, go along', () => {
    const state = franks(loaded, 'franks-horse')
    const withCount = legalActions(loaded, state).filter(
      (a) => a.type === 'move' && a.unit === 'franks-kn-1' && Array.isArray(a.with),
    )
    expect(withCount.length).toBeGreaterThan(0)
    expect(withCount.every((a) => (a.with as string[]).join() === 'count-aymar')).toBe(true)
  })

  it('stops an archer that comes next to the Sudanese archers, even on their flank (7.2)', () => {
    const state = franks(loaded, 'franks-foot')
    const result = playAction(loaded, state, {
      type: 'move',
      unit: 'franks-a-1',
      path: ['0904', '1004', '1003'],
      facing: 'E',
    })
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(result.error.message).toBe(
        'franks-a-1 must stop in 1004, having come under enemy influence there',
      )
  })
})

describe('sample battle: movement under the 1.2 rules (frontal zones of control)', () => {
  const loaded = sample(['infidel-v1-2'])

  it('lets the archer pass the Sudanese flank, stopping only in the light cavalry zone (9.0)', () => {
    const state = franks(loaded, 'franks-foot')
    const after = play(loaded, state, {
      type: 'move',
      unit: 'franks-a-1',
      path: ['0904', '1004', '1003'],
      facing: 'E',
    })
    expect(after.units['franks-a-1']?.hex).toBe('1003')
    expect(spent(after, 'franks-a-1')).toBe(4)
  })
})

describe('sample battle: every movement action listed is accepted', () => {
  it.each([[[]], [['infidel-v1-2']]])(
    'variants %j',
    (variants: string[]) => {
      const loaded = sample(variants)
      for (const [command, seed] of [
        ['franks-horse', 1],
        ['franks-foot', 2],
      ] as const) {
        let state = franks(loaded, command, seed)
        for (let round = 0; round < 3; round++) {
          if (openPrompt(state)?.kind !== 'move-and-fire') break
          const listed = legalActions(loaded, state).filter((a) =>
            ['move', 'turn', 'transform'].includes(a.type),
          )
          if (listed.length === 0) break
          for (const action of listed.filter((_, i) => i % 40 === round)) {
            const result = playAction(loaded, state, action)
            if (!result.ok)
              throw new Error(
                `${JSON.stringify(action)} listed but refused: ${result.error.message}`,
              )
          }
          state = play(loaded, state, listed[(round * 97) % listed.length] as Action)
        }
      }
    },
    60_000,
  )
})
