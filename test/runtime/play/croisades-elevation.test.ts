/**
 * Range shifts by difference of level (2.69 (3), (4), table T-CH-22; mechanics.fire.elevation):
 * a throwing dagger shot 1 or 2 levels up or down reads its range 1 or 2 bands farther and
 * cannot shoot across 3; a javelin reads it 1 band farther from 2 levels on; a shift past the
 * long band forbids the shot (Q-CH-15). The olive grove is flat there, so a few shooters' hexes
 * are raised here, in a copy of the map, to give the levels each case needs.
 */
import { describe, expect, it } from 'vitest'
import type { GameState, LoadedScenario, LogEntry, UnitPlacement } from '../../../src/runtime'
import { legalActions, loadLibrary, openPrompt, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import { readContentFolder, withEdit } from '../../helpers/fixtures'
import type { Character } from './move-steps'
import { act, refused } from './move-steps'

const bundled = readContentFolder('content')
const grove = readContentFolder('test/fixtures/mods/melee-grove')

/** The fire-and-melee fixture on the olive grove with these hexes raised to these levels. */
function raised(levels: Record<string, number>): LoadedScenario {
  const sources = withEdit([...bundled, ...grove], 'maps/croisades-olive-grove.json', (text) => {
    const map = JSON.parse(text) as { hexes: Record<string, Record<string, unknown>> }
    for (const [hex, elevation] of Object.entries(levels))
      map.hexes[hex] = { ...(map.hexes[hex] ?? {}), elevation }
    return JSON.stringify(map)
  })
  const result = loadLibrary(sources).scenario('melee-in-the-grove')
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'))
  return result.value
}

/** The game on `loaded` with these characters set up, at the crusaders' offensive fire. */
function onHill(
  loaded: LoadedScenario,
  crusaders: Character[],
  saracens: Character[],
): { loaded: LoadedScenario; state: GameState } {
  const placed = (units: Character[]) => units.map((u) => ({ ...u, name: u.id }) as UnitPlacement)
  const [first, second] = loaded.scenario.sides
  if (first === undefined || second === undefined) throw new Error('two sides expected')
  const game = {
    ...loaded,
    scenario: {
      ...loaded.scenario,
      sides: [
        { ...first, units: placed(crusaders) },
        { ...second, units: placed(saracens) },
      ],
    },
  }
  const { state } = startGame(game, { forced: [] })
  expect(openPrompt(state)).toMatchObject({ side: 'crusaders', kind: 'fire' })
  return { loaded: game, state: { ...state, dice: forcedSource([1]) } }
}

const plan = (unit: string) => ({ type: 'fire-plan', unit, plan: 'offensive' })
const fire = (unit: string, target: string) => ({ type: 'fire', unit, target })

/** The range band term of the shot just rolled: its value. */
function bandTerm(entries: readonly LogEntry[]): number | null | undefined {
  const record = entries.flatMap((e) => e.records).find((r) => r.resolution.id === 'missile-fire')
  return record?.rollModifiers?.terms.find((t) => t.id === 'range-band')?.value
}

/** A shot by `shooter` at `target`, planned first; the log entries of the shot. */
function shoot(loaded: LoadedScenario, state: GameState, shooter: string, target: string) {
  const planned = act(loaded, state, plan(shooter)).state
  return act(loaded, planned, fire(shooter, target)).entries
}

// Shooters' hexes raised, each with a flat line to its targets: 2 levels at Y8 and M17, 3 at Y9,
// 1 at I12, I14 and B18.
const hills = raised({ Y8: 2, Y9: 3, M17: 2, I12: 1, I14: 1, B18: 1 })

describe('range shifts by difference of level (2.69, T-CH-22)', () => {
  it('CH-89: a dagger thrown 2 levels down at 2 hexes reads long range, +2, not short (2.69)', () => {
    const { loaded, state } = onHill(
      hills,
      [{ id: 'hasan', type: 'assassin', hex: 'Y8' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'Y6' }],
    )
    expect(bandTerm(shoot(loaded, state, 'hasan', 'target'))).toBe(2)
  })

  it('CH-89: a dagger cannot be thrown across 3 levels, with the reason in words (2.69)', () => {
    const { loaded, state } = onHill(
      hills,
      [{ id: 'hasan', type: 'assassin', hex: 'Y9' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'Y7' }],
    )
    const planned = act(loaded, state, plan('hasan')).state
    expect(refused(loaded, planned, fire('hasan', 'target'))).toEqual({
      message:
        'target stands 3 levels below hasan: a throwing dagger cannot shoot across so many levels',
      rule: '2.69',
    })
    expect(legalActions(loaded, planned).filter((a) => a.type === 'fire')).toEqual([])
  })

  it('CH-89: a dagger thrown 1 level down at 4 hexes reads long (+2), not medium (2.69)', () => {
    const { loaded, state } = onHill(
      hills,
      [{ id: 'hasan', type: 'assassin', hex: 'I12' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'I8' }],
    )
    expect(bandTerm(shoot(loaded, state, 'hasan', 'target'))).toBe(2)
  })

  it('CH-90: a javelin thrown 2 levels down at 10 hexes reads long (+2), not medium (2.69)', () => {
    const { loaded, state } = onHill(
      hills,
      [{ id: 'bilal', type: 'sudanese-javelinman', hex: 'M17' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'M7' }],
    )
    expect(bandTerm(shoot(loaded, state, 'bilal', 'target'))).toBe(2)
  })

  it('Q-CH-15: a shift past the long band forbids the shot: a dagger 1 level down at 6 hexes (2.69)', () => {
    const { loaded, state } = onHill(
      hills,
      [{ id: 'hasan', type: 'assassin', hex: 'I14' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'I8' }],
    )
    const planned = act(loaded, state, plan('hasan')).state
    expect(refused(loaded, planned, fire('hasan', 'target'))).toEqual({
      message:
        'target stands 1 level below hasan: at 6 hexes a throwing dagger shot 1 band farther would be beyond its long range',
      rule: '2.69',
    })
  })

  it('2.69: on the level, and for a weapon with no shift (a shortbow 2 levels down), the band is read as printed', () => {
    const level = onHill(
      hills,
      [{ id: 'hasan', type: 'assassin', hex: 'Y3' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'Y1' }],
    )
    expect(bandTerm(shoot(level.loaded, level.state, 'hasan', 'target'))).toBe(0)
    const bow = onHill(
      hills,
      [{ id: 'walid', type: 'saracen-foot-archer', hex: 'Y8' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'Y6' }],
    )
    expect(bandTerm(shoot(bow.loaded, bow.state, 'walid', 'target'))).toBe(0)
  })

  it('2.69: the javelin keeps its band 1 level down (its shift starts at 2 levels)', () => {
    const { loaded, state } = onHill(
      hills,
      [{ id: 'bilal', type: 'sudanese-javelinman', hex: 'B18' }],
      [{ id: 'target', type: 'syrian-infantry', hex: 'B13' }],
    )
    expect(bandTerm(shoot(loaded, state, 'bilal', 'target'))).toBe(0)
  })
})
