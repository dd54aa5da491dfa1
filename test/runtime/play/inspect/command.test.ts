/**
 * A leader's command range on demand (Tri-Pack 5.2): traced in hexes, not movement points, not
 * necessarily in a straight line, never through an enemy unit. On Agincourt, Tewkesbury and
 * Arsuf as shipped, at the start of the game.
 */
import { describe, expect, it } from 'vitest'
import { commandRange, unitOptions, unitsInHex } from '../../../../src/runtime/play/inspect'
import { boardOf } from '../../../../src/runtime/state/board'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import type { GameState } from '../../../../src/runtime/state'
import { bundled, played } from './helpers'

function within(loaded: LoadedScenario, state: GameState, leader: string, range: number): string[] {
  const board = boardOf(loaded)
  const at = state.units[leader]?.hex as string
  return board.allHexes().filter((h) => board.distance(h, at) <= range)
}

const enemyHexes = (state: GameState, side: string): Set<string> =>
  new Set(
    Object.values(state.units)
      .filter((u) => u.side !== side && u.location === 'map')
      .map((u) => u.hex as string),
  )

describe('5.2 command range', () => {
  it('covers every hex within the rating when nothing is in the way (Agincourt, the Duke of York)', () => {
    const loaded = bundled('agincourt-1415')
    const state = played(loaded, [])
    const range = commandRange(loaded, state, 'duke-of-york')
    // His counter's Command Range (the scenario's ratings) is 3.
    expect(state.units['duke-of-york']?.ratings.commandRange).toBe(3)
    expect(range?.rating).toBe(3)
    expect(range?.hexes[0]).toBe(state.units['duke-of-york']?.hex)
    expect([...(range?.hexes ?? [])].sort()).toEqual(
      within(loaded, state, 'duke-of-york', 3).sort(),
    )
  })

  it('is traced around enemy units, never through them (Arsuf, Richard)', () => {
    const loaded = bundled('arsuf-1191')
    const state = played(loaded, [])
    const board = boardOf(loaded)
    const range = commandRange(loaded, state, 'richard')
    expect(range?.rating).toBe(5)
    const hexes = new Set(range?.hexes)
    const enemies = enemyHexes(state, 'crusaders')
    const near = within(loaded, state, 'richard', 5)
    const blocked = near.filter((h) => !hexes.has(h))
    expect(blocked.length).toBeGreaterThan(0)
    for (const hex of range?.hexes ?? []) {
      expect(board.distance(hex, '0419')).toBeLessThanOrEqual(5)
      expect(enemies.has(hex)).toBe(false)
    }
    // 0917 is five hexes away and empty, but the enemy line in 0716, 0718 and 0720 stands across
    // the short ways there: traced round it, the range reaches 0817 next door and no further.
    expect(board.distance('0917', '0419')).toBe(5)
    expect(enemies.has('0917')).toBe(false)
    expect(hexes.has('0917')).toBe(false)
    expect(['0716', '0718', '0720'].every((h) => enemies.has(h))).toBe(true)
    expect(hexes.has('0817')).toBe(true)
    // Every other hex out of range holds an enemy unit.
    expect(blocked.filter((h) => h !== '0917').every((h) => enemies.has(h))).toBe(true)
  })

  it('is null for a unit that is not a leader, and a leader off the map commands no hex', () => {
    const loaded = bundled('tewkesbury-1471')
    const state = played(loaded, [])
    const unit = Object.keys(state.units).find(
      (id) => commandRange(loaded, state, id) === null && state.units[id]?.location === 'map',
    )
    expect(unit).toBeDefined()
    const leaders = loaded.scenario.sides.flatMap((s) => (s.commands ?? []).map((c) => c.leader))
    expect(leaders).not.toContain(unit)
    for (const leader of leaders) {
      const range = commandRange(loaded, state, leader as string)
      expect(range).not.toBeNull()
      const onMap = state.units[leader as string]?.location === 'map'
      expect((range?.hexes.length ?? 0) > 0).toBe(onMap)
    }
  })
})

describe('Tewkesbury: the side not deciding', () => {
  it('has empty options for every unit, and the deciding side named', () => {
    const loaded = bundled('tewkesbury-1471')
    const state = played(loaded, [{ type: 'activate', kind: 'battle', command: 'gloucester' }])
    const lancastrians = Object.keys(state.units).filter(
      (id) => state.units[id]?.side !== 'yorkists',
    )
    expect(lancastrians.length).toBeGreaterThan(0)
    for (const id of lancastrians) {
      const options = unitOptions(loaded, state, id)
      expect([
        options.moves,
        options.fire,
        options.shock,
        options.turns,
        options.transforms,
        options.other,
      ]).toEqual([[], [], [], [], [], []])
      expect(options.why).toContain('Army of Edward IV is the side deciding now')
    }
    // A unit of Gloucester's battle has moves.
    const gloucester = Object.keys(state.units).find(
      (id) =>
        state.units[id]?.command === 'gloucester' &&
        unitOptions(loaded, state, id).moves.length > 0,
    )
    expect(gloucester).toBeDefined()
  })

  it('lists a stack: combat units apart from leaders', () => {
    const loaded = bundled('tewkesbury-1471')
    const state = played(loaded, [])
    const leader = loaded.scenario.sides[0]?.commands?.[0]?.leader as string
    const hex = state.units[leader]?.hex as string
    const stack = unitsInHex(loaded, state, hex)
    expect(stack.leaders).toContain(leader)
    expect(stack.units.every((id) => commandRange(loaded, state, id) === null)).toBe(true)
    expect([...stack.units, ...stack.leaders].sort()).toEqual(
      Object.keys(state.units)
        .filter((id) => state.units[id]?.hex === hex && state.units[id]?.location === 'map')
        .sort(),
    )
  })
})
