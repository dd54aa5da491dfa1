/**
 * State slices (play/slices.ts): the kernel's flow holds no mechanic's fields; every field a
 * side or the game starts with comes from the slice of the mechanic that owns it.
 */
import { describe, expect, it } from 'vitest'
import { SLICES } from '../../../src/runtime/play/registry'
import { defineSlice, startingFlow } from '../../../src/runtime/play/slices'
import { startGame } from '../../../src/runtime/play/game'
import { createInitialState } from '../../../src/runtime/state/game-state'
import { scenario } from './extras/helpers'

declare module '../../../src/runtime/state/flow-types' {
  interface SideFlow {
    tokens?: number
  }
  interface FlowState {
    tally?: Record<string, number>
  }
}

describe('state slices', () => {
  const loaded = scenario('extras-v12')
  const sides = loaded.scenario.sides.map((s) => s.id)

  it('without slices, a side starts with nothing and the flow with the kernel fields only', () => {
    const flow = startingFlow(loaded, createInitialState(loaded, { seed: 1 }), [])
    expect(Object.keys(flow).sort()).toEqual(['activation', 'nextId', 'prompt', 'sides', 'stack'])
    expect(flow.sides).toEqual(Object.fromEntries(sides.map((s) => [s, {}])))
  })

  it("a slice adds its fields to every side and to the game's flow, as its setup gives them", () => {
    const tokens = defineSlice({
      mechanic: 'tokens',
      side: (_, side) => ({ tokens: side.length }),
      game: (l) => ({ tally: Object.fromEntries(l.scenario.sides.map((s) => [s.id, 0])) }),
    })
    const flow = startingFlow(loaded, createInitialState(loaded, { seed: 1 }), [tokens])
    for (const side of sides) expect(flow.sides[side]).toEqual({ tokens: side.length })
    expect(flow.tally).toEqual(Object.fromEntries(sides.map((s) => [s, 0])))
  })

  it("a game starts with the registered slices' fields: penalties, seizure counters, standards", () => {
    const { state } = startGame(loaded, { seed: 1 })
    expect(SLICES.map((s) => s.mechanic)).toEqual(['continuation', 'play-counters', 'standard'])
    for (const side of sides) {
      const flow = state.flow?.sides[side]
      expect(flow).toMatchObject({ successes: 0, attempts: 0 })
      expect(flow?.hand).toEqual(expect.any(Array))
      expect(flow?.cup).toEqual(expect.any(Array))
    }
    // Each command with a standard in the scenario has it on the map from the start.
    const placed = loaded.scenario.sides.flatMap((s) =>
      (s.commands ?? []).filter((c) => c.standard !== undefined).map((c) => [c.id, c.standard]),
    )
    expect(placed.length).toBeGreaterThan(0)
    expect(state.flow?.standards).toEqual(Object.fromEntries(placed))
  })
})
