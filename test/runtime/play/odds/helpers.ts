/**
 * Odds tests on the bundled scenarios: games reached by random play from a seed (kept, so many
 * generated cases share one playout), and the brute force the exact odds are checked against —
 * the action played once for every face combination of its first roll's dice.
 */
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { faceRange, forcedSource } from '../../../../src/runtime/dice'
import type { RngState } from '../../../../src/runtime/dice'
import { middleFace, playAction, probeAction, startGame } from '../../../../src/runtime/play'
import { policySeed, randomLegal } from '../../../../src/runtime/play/ai'
import { outcomeKey } from '../../../../src/runtime/rules'
import type { ResolutionRecord } from '../../../../src/runtime/rules'
import type { Action, GameState } from '../../../../src/runtime/state'
import { bundledLibrary } from '../../../content/bundled'

const scenarios = new Map<string, LoadedScenario>()

export function bundledScenario(id: string): LoadedScenario {
  const known = scenarios.get(id)
  if (known !== undefined) return known
  const loaded = bundledLibrary().scenario(id)
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'))
  scenarios.set(id, loaded.value)
  return loaded.value
}

interface Playout {
  states: GameState[]
  rng: RngState
}

const playouts = new Map<string, Playout>()

/**
 * The game `step` actions into a random playout of `id` (dice and policy seeded by `seed`), or
 * its last state when the game ended sooner.
 */
export function playedTo(id: string, seed: number, step: number): GameState {
  const loaded = bundledScenario(id)
  const key = `${id}:${seed}`
  let playout = playouts.get(key)
  if (playout === undefined) {
    playout = { states: [startGame(loaded, { seed }).state], rng: policySeed(seed) }
    playouts.set(key, playout)
  }
  const { states } = playout
  while (states.length <= step) {
    const last = states[states.length - 1] as GameState
    if (last.outcome !== null) break
    const choice = randomLegal(loaded, last, playout.rng)
    if (choice === null) break
    playout.rng = choice.rng
    const result = playAction(loaded, last, choice.action)
    if (!result.ok) throw new Error(`${JSON.stringify(choice.action)}: ${result.error.message}`)
    states.push(result.state)
  }
  return states[Math.min(step, states.length - 1)] as GameState
}

/** Every combination of faces of `count` dice of `spec`, the first die slowest. */
export function faceCombinations(spec: {
  count: number
  sides: number
  faces?: 'one-based' | 'zero-based'
}): number[][] {
  const { min, max } = faceRange(spec)
  let out: number[][] = [[]]
  for (let die = 0; die < spec.count; die++) {
    const next: number[][] = []
    for (const faces of out) for (let f = min; f <= max; f++) next.push([...faces, f])
    out = next
  }
  return out
}

/** The action played with its dice reading `faces`, then middle faces: its first resolution. */
export function firstRecord(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  faces: readonly number[],
): ResolutionRecord {
  const filler = Array.from({ length: 1024 }, () => middleFace(loaded))
  const result = playAction(loaded, { ...state, dice: forcedSource([...faces, ...filler]) }, action)
  if (!result.ok)
    throw new Error(
      `${JSON.stringify(action)} with faces ${faces.join(' ')}: ${result.error.message}`,
    )
  const record = result.entries.flatMap((e) => e.records)[0]
  if (record === undefined) throw new Error(`${JSON.stringify(action)} resolved nothing`)
  return record
}

/**
 * How many face combinations of the first roll's dice give each outcome, the action played
 * once per combination; with the faces each play's first record read, to check they were its.
 */
export function bruteForce(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  diceId: string,
): { counts: Map<string, number>; total: number; mismatched: string[] } {
  const spec = (loaded.rules.ruleset.dice ?? []).find((d) => d.id === diceId)
  if (spec === undefined) throw new Error(`the ruleset has no dice ${diceId}`)
  const counts = new Map<string, number>()
  const mismatched: string[] = []
  let total = 0
  for (const faces of faceCombinations(spec)) {
    const record = firstRecord(loaded, state, action, faces)
    if (record.dice?.faces.join(' ') !== faces.join(' '))
      mismatched.push(`${faces.join(' ')} read as ${record.dice?.faces.join(' ') ?? 'no dice'}`)
    const key = outcomeKey(record)
    counts.set(key, (counts.get(key) ?? 0) + 1)
    total += 1
  }
  return { counts, total, mismatched }
}

/**
 * The resolutions an action is seen to roll (probeAction's observer) and those its log
 * records, the dice reading middle faces: every roll is seen, so the two lists are equal.
 */
export function observedAndRecorded(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
): { observed: string[]; recorded: string[] } {
  const observed: string[] = []
  const filler = Array.from({ length: 1024 }, () => middleFace(loaded))
  const result = probeAction(loaded, { ...state, dice: forcedSource(filler) }, action, (roll) =>
    observed.push(roll.resolution.id),
  )
  if (!result.ok) throw new Error(`${JSON.stringify(action)}: ${result.error.message}`)
  const recorded = result.entries.flatMap((e) => e.records.map((r) => r.resolution.id))
  return { observed, recorded }
}
