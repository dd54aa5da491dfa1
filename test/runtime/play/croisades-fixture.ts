/**
 * Croisades tactical set-ups for the tests, on the fixture mod test/fixtures/mods/melee-grove: its
 * scenario with the characters a test places instead of its own, under the fixture's ruleset (fire
 * and melee only) or under the bundled Croisades tactical ruleset, and a few ways to play it.
 */
import { expect } from 'vitest'
import type {
  Action,
  GameState,
  LoadedScenario,
  LogEntry,
  UnitPlacement,
} from '../../../src/runtime'
import { legalActions, loadLibrary, openPrompt, playAction, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import type { SourceText } from '../../../src/runtime/content'
import { readContentFolder, withEdit } from '../../helpers/fixtures'

export const MOD = 'test/fixtures/mods/melee-grove'
export const SCENARIO = 'melee-in-the-grove'
export const bundled = readContentFolder('content')

export interface Placement {
  id: string
  type: string
  hex: string
  side: 'crusaders' | 'saracens'
  /** A compass name, for riders (the side of the front hex they head to). */
  facing?: string
  ratings?: Record<string, number>
}

/** The fixture on each map and ruleset asked for so far, loaded and validated once. */
const fixtures = new Map<string, LoadedScenario>()

/** A character of each side for `scenarioWith`, facing as given (or the map's default). */
export const crusader = (id: string, type: string, hex: string, facing?: string): Placement => ({
  id,
  type,
  hex,
  side: 'crusaders',
  ...(facing === undefined ? {} : { facing }),
})
export const saracen = (id: string, type: string, hex: string, facing?: string): Placement => ({
  id,
  type,
  hex,
  side: 'saracens',
  ...(facing === undefined ? {} : { facing }),
})

/**
 * The fixture with these characters set up instead of its own, on `map` (default: the olive
 * grove), under `ruleset` (default: the fixture's, fire and melee only). The content is loaded
 * and validated once per map and ruleset; the characters replace the fixture's in a copy of the
 * loaded scenario, so a type the roster lacks fails here, by name.
 */
export function scenarioWith(
  units: Placement[],
  options: { map?: string; ruleset?: string } = {},
): LoadedScenario {
  const key = `${options.map ?? ''}|${options.ruleset ?? ''}`
  let base = fixtures.get(key)
  if (base === undefined) {
    const sources = withEdit(
      [...bundled, ...readContentFolder(MOD)],
      `${SCENARIO}.json`,
      (text) => {
        const scenario = JSON.parse(text) as { map: string; ruleset: string }
        if (options.map !== undefined) scenario.map = options.map
        if (options.ruleset !== undefined) scenario.ruleset = options.ruleset
        return JSON.stringify(scenario)
      },
    )
    base = load(sources)
    fixtures.set(key, base)
  }
  for (const u of units)
    if (!base.rules.unitTypes.has(u.type)) throw new Error(`no unit type ${u.type}`)
  return withPlacements(base, units)
}

/** A loaded scenario with these characters in place of its own, each named by its id. */
export function withPlacements(base: LoadedScenario, units: Placement[]): LoadedScenario {
  const sides = base.scenario.sides.map((side) => ({
    ...side,
    units: units
      .filter((u) => u.side === side.id)
      .map(({ side: _side, ...u }) => ({ ...u, name: u.id }) as UnitPlacement),
  }))
  return { ...base, scenario: { ...base.scenario, sides } }
}

export function load(sources: SourceText[]): LoadedScenario {
  const result = loadLibrary(sources).scenario(SCENARIO)
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'))
  return result.value
}

/** The entries of the last action `play` played. */
export let lastEntries: LogEntry[] = []

/** Plays `action` for the side asked, or fails the test with the engine's refusal. */
export function play(loaded: LoadedScenario, state: GameState, action: Action): GameState {
  const side = openPrompt(state)?.side
  const result = playAction(loaded, state, { ...action, ...(side === undefined ? {} : { side }) })
  if (!result.ok) throw new Error(result.error.message)
  lastEntries = result.entries
  return result.state
}

/** The engine's refusal of `action`; fails the test when it is accepted. */
export function refusal(loaded: LoadedScenario, state: GameState, action: Action): string {
  const result = playAction(loaded, state, { ...action, side: openPrompt(state)?.side ?? '' })
  if (result.ok) throw new Error('the action was accepted')
  return result.error.message
}

/** Plays "done" until the prompt is of `kind`. */
export function passUntil(loaded: LoadedScenario, state: GameState, kind: string): GameState {
  let now = state
  for (let i = 0; i < 20 && openPrompt(now)?.kind !== kind; i++)
    now = play(loaded, now, { type: 'done' })
  expect(openPrompt(now)?.kind).toBe(kind)
  return now
}

/** The crusaders' combat phase (their offensive fire passed), the dice forced. */
export function atCombat(loaded: LoadedScenario, faces: number[]): GameState {
  const { state } = startGame(loaded, { forced: [] })
  const fired = play(loaded, state, { type: 'done' })
  expect(openPrompt(fired)?.kind).toBe('melee')
  return { ...fired, dice: forcedSource(faces) }
}

/** A melee: these attackers against these defenders. */
/** A shot of `unit` at `target`. */
export const fire = (unit: string, target: string): Action => ({ type: 'fire', unit, target })

/** Whether the shot of `unit` at `target` is among the legal actions. */
export const fireOffered = (
  loaded: LoadedScenario,
  state: GameState,
  unit: string,
  target: string,
): boolean =>
  legalActions(loaded, state).some(
    (a) => a.type === 'fire' && a.unit === unit && a.target === target,
  )

export const attack = (attackers: string[], defenders: string[]): Action => ({
  type: 'attack',
  attackers,
  defenders,
})
