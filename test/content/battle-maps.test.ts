/**
 * 2.1 The maps: each bundled Tri-Pack battle is fought on a map overlaid with a grid of hexes,
 * whose terrain belongs to that battle (the rules of the individual battle describe it). Loaded
 * the way the game loads them: every hex of the grid has a terrain the ruleset knows, the grid
 * hangs together (six neighbours inside, fewer at the edges, neighbours both ways), and no two
 * battles share their ground.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../src/runtime/rules/loaded'
import { formatProblem } from '../../src/runtime/content/problems'
import { boardOf } from '../../src/runtime/state/board'
import { bundledLibrary } from './bundled'

const BATTLES = ['agincourt-1415', 'arsuf-1191', 'ascalon-1099', 'tewkesbury-1471']

function battle(id: string): LoadedScenario {
  const loaded = bundledLibrary().scenario(id)
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'))
  return loaded.value
}

/** Terrain of every hex of the battle's board, by label. */
function terrainOf(loaded: LoadedScenario): Map<string, string> {
  const board = boardOf(loaded)
  return new Map(board.allHexes().map((h) => [h, board.hex(h).terrain]))
}

describe('2.1 the battle maps are hex grids with their own terrain', () => {
  it.each(BATTLES)(
    '2.1 %s: every hex of the grid is there, with a terrain of the ruleset',
    (id) => {
      const loaded = battle(id)
      const { grid } = loaded.map.map
      const board = boardOf(loaded)
      const hexes = board.allHexes()
      expect(hexes.length).toBe(grid.columns * grid.rows)
      expect(new Set(hexes).size).toBe(hexes.length)
      const known = new Set(loaded.rules.ruleset.terrain.hexTypes.map((t) => t.id))
      for (const hex of hexes) expect(known.has(board.hex(hex).terrain), hex).toBe(true)
      // Every hex the map describes is a hex of its grid.
      for (const label of Object.keys(loaded.map.map.hexes ?? {}))
        expect(board.labelProblem(label), label).toBeNull()
    },
  )

  it.each(BATTLES)('2.1 %s: the hexes fit together as a grid', (id) => {
    const board = boardOf(battle(id))
    const counts = new Map<number, number>()
    for (const hex of board.allHexes()) {
      const around = board.neighbors(hex)
      counts.set(around.length, (counts.get(around.length) ?? 0) + 1)
      for (const next of around) {
        expect(board.distance(hex, next)).toBe(1)
        expect(board.neighbors(next)).toContain(hex)
      }
    }
    expect(Math.max(...counts.keys())).toBe(6)
    // Only edge hexes have fewer: most of the map is inside.
    expect(counts.get(6) ?? 0).toBeGreaterThan(board.allHexes().length / 2)
  })

  it('2.1 each battle has terrain of its own: more than one kind, and no two maps alike', () => {
    const maps = BATTLES.map((id) => ({ id, terrain: terrainOf(battle(id)) }))
    for (const { id, terrain } of maps)
      expect(new Set(terrain.values()).size, id).toBeGreaterThan(1)
    for (let i = 0; i < maps.length; i++)
      for (let j = i + 1; j < maps.length; j++) {
        const a = maps[i] as { id: string; terrain: Map<string, string> }
        const b = maps[j] as { id: string; terrain: Map<string, string> }
        const same =
          a.terrain.size === b.terrain.size &&
          [...a.terrain].every(([hex, t]) => b.terrain.get(hex) === t)
        expect(same, `${a.id} and ${b.id}`).toBe(false)
      }
  })
})
