/**
 * The board's hex numbers (Board.indexOf, labelAt, neighborTable), on which the path search
 * runs, agree with its labels on every bundled map; and the step and entry costs kept per
 * neighbour slot agree with the terrain chart read afresh.
 */
import { describe, expect, it } from 'vitest'
import { NEIGHBOR_SLOTS, boardOf } from '../../../src/runtime/state/board'
import {
  hexEntryCost,
  hexsideCrossCost,
  stepCost,
  slotCosts,
  stepCostAt,
} from '../../../src/runtime/play/terrain-costs'
import { bundledScenario, PLAYED_SCENARIOS } from '../play/playouts/harness'

describe.each(PLAYED_SCENARIOS)('the board of %s', (id) => {
  const loaded = bundledScenario(id)
  /** The same scenario as another object: every cache keyed by the scenario starts empty. */
  const fresh = { ...loaded }
  const board = boardOf(loaded)
  const all = board.allHexes()

  it('numbers every hex in allHexes() order, and its neighbours in neighbors() order', () => {
    expect(board.neighborTable.length).toBe(all.length * NEIGHBOR_SLOTS)
    all.forEach((label, i) => {
      expect(board.indexOf(label)).toBe(i)
      expect(board.labelAt(i)).toBe(label)
      const slots = Array.from(
        board.neighborTable.slice(i * NEIGHBOR_SLOTS, (i + 1) * NEIGHBOR_SLOTS),
      )
      const named = board.neighbors(label).map((n) => board.indexOf(n))
      expect(slots).toEqual([...named, ...Array(NEIGHBOR_SLOTS - named.length).fill(-1)])
    })
    expect(board.indexOf('not a hex')).toBe(-1)
  })

  const terrain = loaded.rules.ruleset.terrain
  const types = new Map(terrain.hexTypes.map((t) => [t.id, t]))
  const plain = (moveClass: string) =>
    terrain.movementClasses.find((c) => c.id === moveClass)?.cheapestOf === undefined
  /** The cost to enter a hex read straight from the chart: its terrain, unless a feature forbids it. */
  const chart = (label: string, moveClass: string): number | null => {
    const info = board.hex(label)
    const cost = types.get(info.terrain)?.movement?.[moveClass]
    if (cost === undefined || cost === 'prohibited') return null
    const barred = info.features.some((f) => types.get(f)?.movement?.[moveClass] === 'prohibited')
    return barred ? null : cost
  }

  it('keeps step and entry costs that agree with the terrain chart', () => {
    const classes = loaded.rules.ruleset.terrain.movementClasses.map((c) => c.id)
    for (const moveClass of classes) {
      for (let i = 0; i < all.length; i += 3) {
        const from = all[i] as string
        if (plain(moveClass))
          expect(hexEntryCost(loaded, from, moveClass)).toBe(chart(from, moveClass))
        const bySlot = slotCosts(loaded, moveClass)
        board.neighbors(from).forEach((to, n) => {
          const side = hexsideCrossCost(loaded, from, to, moveClass)
          const hex = hexEntryCost(loaded, to, moveClass)
          // Kept by slot (the search's way in) against worked out by label for another copy of
          // the scenario, for which nothing is kept yet.
          const kept = bySlot(i * NEIGHBOR_SLOTS + n)
          expect(stepCostAt(loaded, i, board.indexOf(to), moveClass)).toBe(kept)
          expect(stepCost(fresh, from, to, moveClass)).toBe(kept)
          // A class without a "cheapest of" column pays the hexside and the hex.
          if (plain(moveClass)) expect(kept).toBe(side === null || hex === null ? null : side + hex)
        })
      }
    }
  })
})
