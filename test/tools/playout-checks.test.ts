/**
 * The invariants the playouts, the golden games and `npm run soak` check (tools/playout-checks.ts),
 * on games where they must hold and on a state where they must not.
 */
import { describe, expect, it } from 'vitest'
import { startGame } from '../../src/runtime'
import { playout, randomLegal } from '../../src/runtime/play/ai'
import { checkedGame, invariantChecker, invariantProblems } from '../../tools/playout-checks'
import { bundledScenario } from '../runtime/play/playouts/harness'

describe('the flight-point invariant (3.0)', () => {
  const loaded = bundledScenario('sample-skirmish')

  it('leaves out a leader removed because his whole Battle is gone (5.0, 5.4: no flight points)', () => {
    // Seed 1755: the last garrison unit falls in action 198 and its Battle leader leaves play
    // with it, without flight points. `npm run soak` once reported this game as a failure.
    const game = checkedGame(loaded, 1755, { replay: false, maxActions: 5000 })
    expect(game.failure).toBeUndefined()
    // The game does reach that state: the emirate's track is short of every eliminated unit's
    // worth by the leader's 2 points, which only the checker that read the log accepts.
    const played = playout(loaded, 1755, randomLegal, 198)
    const leader = played.state.units['sarim-the-elder']
    expect(leader?.status).toBe('eliminated')
    expect(invariantProblems(loaded, played.state)).toEqual([
      'emirate has 3 flight points for losses worth 5',
    ])
  })

  it('still reports a track that disagrees with the losses', () => {
    const played = playout(loaded, 1755, randomLegal, 198)
    const check = invariantChecker(loaded)
    const state = structuredClone(played.state)
    const emirate = state.sides['emirate']
    if (emirate === undefined) throw new Error('no emirate side')
    emirate.tracks['flight-points'] = 7
    expect(check(state, [])).toEqual(['emirate has 7 flight points for losses worth 5'])
  })
})

describe('the two-hex invariant (B.1.55: a rider always on two neighbouring hexes)', () => {
  it('holds for a set-up battle, and reports a rider left without a heading', () => {
    const loaded = bundledScenario('croisades-charge-in-the-olive-grove')
    const { state } = startGame(loaded, { seed: 1 })
    expect(invariantProblems(loaded, state)).toEqual([])
    const rider = Object.keys(state.units).find(
      (id) => loaded.rules.unitTypes.get(state.units[id]?.type ?? '')?.footprint === 'two-hex',
    ) as string
    const broken = structuredClone(state)
    ;(broken.units[rider] as { facing: number | null }).facing = null
    expect(invariantProblems(loaded, broken)).toContain(
      `unit ${rider} fills two hexes but stands on ${state.units[rider]?.hex} alone`,
    )
  })
})
