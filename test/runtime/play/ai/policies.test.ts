/**
 * Computer players on the kernel test rules played by activations (free activations, loss
 * checks after them, continuation rolls — Tri-Pack 3.0, 6.1, 6.2 as the kernel fixture
 * abstracts them): the random policy, the greedy policy's exact expectations, and playouts.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../../../src/runtime/rules/loaded'
import { seedRng } from '../../../../src/runtime/dice'
import { legalActions, playAction, startGame } from '../../../../src/runtime/play'
import type { ActionEstimate } from '../../../../src/runtime/play/ai'
import {
  OUTCOME_WEIGHT,
  PERIL_WEIGHT,
  compareEstimates,
  estimateAction,
  greedy,
  lossTracks,
  peril,
  playout,
  randomLegal,
  rankActions,
} from '../../../../src/runtime/play/ai'
import type { Action, GameState } from '../../../../src/runtime/state'
import { stateHash } from '../../../../src/runtime/state'
import { bundledLibrary } from '../../../content/bundled'
import { loadScenario } from '../../state/helpers'

const loaded = loadScenario('state', 'kernel-skirmish', { variants: ['kernel-activations'] })

function play(state: GameState, action: Action): GameState {
  const result = playAction(loaded, state, action)
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.error.message}`)
  return result.state
}

function withFlight(state: GameState, flight: Record<string, number>): GameState {
  const copy = structuredClone(state)
  for (const [side, value] of Object.entries(flight))
    (copy.sides[side] as { tracks: Record<string, number> }).tracks.flight = value
  return copy
}

/** The scenario with each side starting at the given flight points. */
function scenarioWithFlight(flight: Record<string, number>): LoadedScenario {
  const sides = loaded.scenario.sides.map((s) => ({
    ...s,
    tracks: { ...(s.tracks ?? {}), flight: flight[s.id] ?? 0 },
  }))
  return { ...loaded, scenario: { ...loaded.scenario, sides } }
}

describe('randomLegal', () => {
  it('picks a legal action, the same one for the same generator state, each of them sometimes', () => {
    const { state: start } = startGame(loaded, { seed: 1 })
    // North's free activation: activate its command, or pass (6.1).
    const state = play(start, { type: 'pass' })
    const legal = legalActions(loaded, state)
    expect(legal).toHaveLength(2)
    const seen = new Set<string>()
    let rng = seedRng(9)
    for (let i = 0; i < 40; i++) {
      const first = randomLegal(loaded, state, rng)
      const again = randomLegal(loaded, state, rng)
      expect(first).not.toBeNull()
      expect(again).toEqual(first)
      expect(legal).toContainEqual(first?.action)
      seen.add(JSON.stringify(first?.action))
      rng = first?.rng ?? rng
    }
    expect(seen.size).toBe(2)
  })

  it('has nothing to choose once the game is over', () => {
    const { state } = startGame(loaded, { forced: [6, 6] })
    const over = play(withFlight(state, { north: 9, south: 9 }), { type: 'pass' })
    expect(over.outcome?.draw).toBe(true)
    expect(randomLegal(loaded, over, seedRng(1))).toBeNull()
  })
})

describe('greedy estimates', () => {
  it('counts the side tracks the status graph charges to a unit owner as losses', () => {
    expect(lossTracks(loaded)).toEqual(['flight'])
  })

  /**
   * What a pass is worth to south when it triggers both loss checks, south failing with chance
   * `s` and north with `n`: a lost, won or drawn game (OUTCOME_WEIGHT, a draw 0), and where both
   * survive the peril they still stand in (PERIL_WEIGHT), all counted from the peril before.
   */
  function passWorth(s: number, n: number): number {
    const near = PERIL_WEIGHT * OUTCOME_WEIGHT * (n - s)
    const after =
      s * (1 - n) * -OUTCOME_WEIGHT + (1 - s) * n * OUTCOME_WEIGHT + (1 - s) * (1 - n) * near
    return after - near
  }

  it("reads a side's peril from its loss check: the chance it fails now (3.0)", () => {
    const { state } = startGame(loaded, { seed: 3 })
    // The kernel check fails when a d6 plus the flight points passes 10.
    expect(peril(loaded, withFlight(state, { south: 0 }), 'south')).toBe(0)
    expect(peril(loaded, withFlight(state, { south: 7 }), 'south')).toBeCloseTo(1 / 2, 12)
    expect(peril(loaded, withFlight(state, { south: 9 }), 'south')).toBeCloseTo(5 / 6, 12)
    expect(peril(loaded, withFlight(state, { south: 20 }), 'south')).toBe(1)
    expect(peril(loaded, withFlight(state, { south: 9 }), 'north')).toBe(0)
  })

  it('weighs a pass by the exact odds of the loss check it triggers (3.0), without using the game dice', () => {
    const { state: start } = startGame(loaded, { seed: 3 })
    // South at 7 flight points fails its check on 4-6 of a d6 (target 10 - 7 = 3): half the time.
    const state = withFlight(start, { south: 7 })
    const estimate = estimateAction(loaded, state, { type: 'pass', side: 'south' }, 'south')
    // Both sides' checks are enumerated: 36 combinations.
    expect(estimate).toMatchObject({ rolls: true, enumerated: 2, passive: true, attacks: false })
    expect(estimate.expected).toBeCloseTo(passWorth(1 / 2, 0), 9)
    expect(estimate.expected).toBeLessThan(0)
    // The estimate is the same whatever the game's dice would have rolled.
    for (const dice of [{ seed: 4 }, { forced: [1, 1] }, { forced: [6, 6] }]) {
      const other = { ...state, dice: startGame(loaded, dice).state.dice }
      expect(estimateAction(loaded, other, { type: 'pass' }, 'south').expected).toBe(
        estimate.expected,
      )
    }
    // Nothing in the state was touched.
    expect(stateHash(state)).toBe(stateHash(withFlight(start, { south: 7 })))
  })

  it('at 5 flight points a check fails 1 time in 6, at 9 flight points 5 times in 6 (3.0)', () => {
    const { state } = startGame(loaded, { seed: 3 })
    for (const [flight, failing] of [
      [5, 1],
      [9, 5],
    ] as const) {
      const estimate = estimateAction(
        loaded,
        withFlight(state, { south: flight }),
        { type: 'pass' },
        'south',
      )
      expect(estimate.expected).toBeCloseTo(passWorth(failing / 6, 0), 9)
    }
  })

  it('weighs both loss checks together: a draw when both fail counts nothing', () => {
    const { state } = startGame(loaded, { seed: 3 })
    // South fails on 2-6 (5/6), north on 3-6 (4/6). South alone loses 5/6 x 2/6 = 10/36 of the
    // time, north alone 1/6 x 4/6 = 4/36; both fail (a draw) 20/36; both stand 2/36.
    const estimate = estimateAction(
      loaded,
      withFlight(state, { south: 9, north: 8 }),
      { type: 'pass' },
      'south',
    )
    expect(estimate.enumerated).toBe(2)
    expect(estimate.expected).toBeCloseTo(passWorth(5 / 6, 4 / 6), 9)
  })

  it('ranks by expected result, then attacks, then approach, then anything over a pass, a pass over turning in place', () => {
    const base: ActionEstimate = {
      action: { type: 'x' },
      rolls: false,
      enumerated: 0,
      expected: 0,
      attacks: false,
      approach: 0,
      passive: false,
      idle: false,
    }
    const order: ActionEstimate[] = [
      { ...base, action: { type: 'better' }, expected: 0.5, passive: true },
      { ...base, action: { type: 'attack' }, attacks: true, approach: -2 },
      { ...base, action: { type: 'nearer' }, approach: 3 },
      { ...base, action: { type: 'closer' }, approach: 1 },
      { ...base, action: { type: 'other' } },
      { ...base, action: { type: 'pass' }, passive: true },
      { ...base, action: { type: 'turn' }, idle: true },
      { ...base, action: { type: 'refused' }, expected: -Infinity, error: 'no' },
    ]
    const shuffled = [
      order[3],
      order[7],
      order[6],
      order[0],
      order[5],
      order[2],
      order[4],
      order[1],
    ]
    expect([...(shuffled as ActionEstimate[])].sort(compareEstimates)).toEqual(order)
  })

  it('activates rather than passes when both risk the same loss check (6.1)', () => {
    const { state: start } = startGame(loaded, { seed: 2 })
    const state = play(start, { type: 'pass' })
    const ranked = rankActions(loaded, state)
    expect(ranked.map((e) => e.action)).toEqual([
      { type: 'activate', kind: 'command', command: 'north-host', side: 'north' },
      { type: 'pass', side: 'north' },
    ])
    expect(ranked.map((e) => e.expected)).toEqual([0, 0])
    expect(greedy()(loaded, state, seedRng(5))?.action).toEqual(ranked[0]?.action)
  })

  it('rolls to continue rather than pass (6.2)', () => {
    const { state: start } = startGame(loaded, { forced: [1, 1, 1, 1] })
    const state = play(play(start, { type: 'pass' }), {
      type: 'activate',
      kind: 'command',
      command: 'north-host',
    })
    const ranked = rankActions(loaded, state)
    expect(ranked[0]).toMatchObject({
      action: { type: 'continue', command: 'north-host' },
      rolls: true,
      passive: false,
    })
    expect(ranked[ranked.length - 1]?.action.type).toBe('pass')
  })
})

describe('playout', () => {
  it('is reproduced exactly from its seed, and differs from seed to seed', () => {
    const a = playout(loaded, 11, randomLegal, 40)
    const b = playout(loaded, 11, randomLegal, 40)
    expect(a.actions).toEqual(b.actions)
    expect(stateHash(a.state)).toBe(stateHash(b.state))
    expect(a.actions).toHaveLength(40)
    expect(a.ended).toBe(false)
    expect(a.stopped).toBeUndefined()
    const others = [12, 13, 14, 15].map((s) =>
      JSON.stringify(playout(loaded, s, randomLegal, 40).actions),
    )
    expect(new Set([JSON.stringify(a.actions), ...others]).size).toBeGreaterThan(1)
  })

  it('replays: the actions it returns give the same state from the same seed', () => {
    const result = playout(loaded, 21, { north: greedy(), south: randomLegal }, 25)
    let state = startGame(loaded, { seed: 21 }).state
    for (const action of result.actions) state = play(state, action)
    expect(stateHash(state)).toBe(stateHash(result.state))
  })

  it('ends when a loss check decides the game (3.0)', () => {
    // Both sides start at 8 flight points: each check fails on 3-6 of a d6.
    const beaten = scenarioWithFlight({ north: 8, south: 8 })
    for (const seed of [1, 2, 3]) {
      const result = playout(beaten, seed, randomLegal, 200)
      expect(result.ended).toBe(true)
      expect(result.outcome).toEqual(result.state.outcome)
      expect(result.outcome?.reason).toMatch(/Army flees/)
      expect(legalActions(beaten, result.state)).toEqual([])
    }
  })

  it('says why it stopped when a side has no policy', () => {
    const result = playout(loaded, 1, { north: randomLegal }, 10)
    expect(result).toMatchObject({ ended: false, stopped: 'no policy plays south', actions: [] })
  })
})

describe('greedy on the sample scenario (bundled content)', () => {
  it('in the movement phase (7.2) moves toward the enemy first, and ends the phase rather than turn in place', () => {
    const library = bundledLibrary().scenario('sample-skirmish')
    if (!library.ok) throw new Error('the sample scenario does not load')
    const sample = library.value
    // Seven seizure counters drawn at the start (6.3); the activation itself rolls nothing.
    const { state: start } = startGame(sample, { forced: [0, 0, 0, 0, 0, 0, 0] })
    const result = playAction(sample, start, {
      type: 'activate',
      kind: 'battle',
      command: 'franks-horse',
    })
    if (!result.ok) throw new Error(result.error.message)
    const state = result.state
    expect(state.flow?.prompt?.kind).toBe('move-and-fire')
    const legal = legalActions(sample, state)
    const moves = legal.filter((a) => a.type === 'move' && a.unit === 'franks-kn-2').slice(0, 30)
    const turns = legal.filter((a) => a.type === 'turn' && a.unit === 'franks-kn-2')
    const done = legal.filter((a) => a.type === 'done')
    expect(moves.length).toBeGreaterThan(5)
    expect(turns.length).toBeGreaterThan(0)
    expect(done).toHaveLength(1)
    const ranked = rankActions(sample, state, [...turns, ...done, ...moves])
    const best = ranked[0] as ActionEstimate
    expect(best.action.type).toBe('move')
    expect(best.approach).toBe(Math.max(...ranked.map((e) => e.approach)))
    expect(best.approach).toBeGreaterThan(0)
    const types = ranked.map((e) => e.action.type)
    expect(types.indexOf('done')).toBeLessThan(types.indexOf('turn'))
    expect(ranked.filter((e) => e.action.type === 'turn').every((e) => e.idle)).toBe(true)
  })

  it('values a shock declaration by the attack it leads to (12.1, 12.3), then finishes rather than takes it back', () => {
    const library = bundledLibrary().scenario('sample-skirmish')
    if (!library.ok) throw new Error('the sample scenario does not load')
    const sample = library.value
    const { state: start } = startGame(sample, { forced: [0, 0, 0, 0, 0, 0, 0] })
    const activated = playAction(sample, start, {
      type: 'activate',
      kind: 'battle',
      command: 'franks-foot',
    })
    if (!activated.ok) throw new Error(activated.error.message)
    // The pikes stand next to the garrison's archers (1007), facing them.
    const moved = structuredClone(activated.state)
    Object.assign(moved.units['franks-pk-2'] as object, { hex: '0907', facing: 3 })
    const ended = playAction(sample, moved, { type: 'done' })
    if (!ended.ok) throw new Error(ended.error.message)
    const state = ended.state
    expect(state.flow?.prompt?.kind).toBe('shock-declaration')
    const declare = {
      type: 'declare',
      attackers: ['franks-pk-2'],
      defenders: ['garrison-a-1'],
      side: 'franks',
    }
    const [first, second] = rankActions(sample, state)
    expect(first).toMatchObject({
      action: declare,
      attacks: true,
      idle: true,
      rolls: true,
      then: { type: 'declare-done' },
    })
    expect(second?.action.type).toBe('declare-done')
    const declared = playAction(sample, state, declare)
    if (!declared.ok) throw new Error(declared.error.message)
    const next = rankActions(sample, declared.state)
    expect(next.map((e) => e.action.type)).toEqual(['declare-done', 'declare-undo'])
    expect(next[0]?.expected).toBeCloseTo(first?.expected ?? NaN, 9)
  })
})
