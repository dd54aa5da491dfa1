/**
 * The exact odds of generated shock attacks against brute force (issue 5; shock 12.3, charge
 * 13.4 and what comes before the roll: counter-charges, retreats before combat, pre-combat
 * checks): under each Men of Iron family ruleset, attackers and defenders of random types,
 * statuses and facings are placed next to each other in the shock phase (the scenarios of
 * test/fixtures/shock), an attack the game lists is declared, and the game is played on until a
 * decision has an action that rolls. That action's first roll must have exactly the odds of the
 * action played once for every face of the die.
 */
import { fc, test as prop } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { actionOdds, legalActions, playAction } from '../../../../src/runtime/play'
import type { RollOdds } from '../../../../src/runtime/play'
import type { Action, GameState } from '../../../../src/runtime/state'
import { boardOf, stateHash } from '../../../../src/runtime/state'
import type { Place, ShockScenario } from '../shock/helpers'
import { inShockPhase, shockScenario } from '../shock/helpers'
import { bruteForce, observedAndRecorded } from './helpers'

const FIGHTERS: Record<ShockScenario, { west: string[]; east: string[] }> = {
  'shock-moi': {
    west: ['w-mm-1', 'w-mm-2', 'w-pk-1', 'w-pk-2', 'w-dm-1', 'w-lb-1', 'w-ax-1'],
    east: ['e-pk-1', 'e-pk-2', 'e-dm-1', 'e-lb-1', 'e-mm-1', 'e-ax-1'],
  },
  'shock-inf': {
    west: ['w-kn-1', 'w-kn-2', 'w-pk-1', 'w-ma-1', 'w-hc-1', 'w-mc-1', 'w-lc-a-1', 'w-a-1'],
    east: ['e-mc-1', 'e-pk-1', 'e-pk-2', 'e-hc-1', 'e-lc-a-1', 'e-kn-1', 'e-ma-1', 'e-a-1'],
  },
  'shock-v12': {
    west: ['w-kn-1', 'w-kn-2', 'w-pk-1', 'w-ma-1', 'w-hc-1', 'w-mc-1', 'w-lc-a-1', 'w-af-1'],
    east: ['e-mc-1', 'e-pk-1', 'e-pk-2', 'e-hc-1', 'e-lc-a-1', 'e-kn-1', 'e-af-1', 'e-a-1'],
  },
  'shock-bnr': {
    west: ['w-mm-1', 'w-mm-2', 'w-inf-1', 'w-lvy-1', 'w-inf-2', 'w-art-1', 'w-lb-1'],
    east: ['e-inf-1', 'e-art-1', 'e-mm-1', 'e-lvy-1', 'e-inf-2', 'e-lb-1'],
  },
}
const FACINGS = ['NE', 'E', 'SE', 'SW', 'W', 'NW']
const CENTRE = '1116'

const situation = fc.record({
  scenario: fc.constantFrom<ShockScenario>('shock-moi', 'shock-inf', 'shock-v12', 'shock-bnr'),
  attackers: fc.integer({ min: 1, max: 3 }),
  defenders: fc.integer({ min: 1, max: 2 }),
  order: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
  facings: fc.array(fc.constantFrom(...FACINGS), { minLength: 6, maxLength: 6 }),
  disordered: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  moved: fc.boolean(),
  picks: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
})

type Generated = typeof situation extends fc.Arbitrary<infer T> ? T : never

/** Units drawn from a roster without repeats, as `order` says. */
function drawn(roster: readonly string[], count: number, order: readonly number[]): string[] {
  const left = [...roster]
  return Array.from(
    { length: count },
    (_, i) => left.splice((order[i] ?? 0) % left.length, 1)[0],
  ).filter((id): id is string => id !== undefined)
}

function placed(g: Generated): { state: GameState; units: string[] } {
  const loaded = shockScenario(g.scenario)
  const board = boardOf(loaded)
  const ring = board.neighbors(CENTRE)
  const west = drawn(FIGHTERS[g.scenario].west, g.attackers, g.order)
  const east = drawn(FIGHTERS[g.scenario].east, g.defenders, g.order.slice(3))
  // Defenders in the centre and maybe the next hex along; attackers around them.
  const defenderHexes = [CENTRE, ring[(g.order[5] ?? 0) % ring.length] as string].slice(
    0,
    east.length,
  )
  const around = [...new Set(defenderHexes.flatMap((h) => board.neighbors(h)))].filter(
    (h) => !defenderHexes.includes(h),
  )
  const hexes = [...defenderHexes, ...drawn(around, west.length, g.order)]
  const places: Record<string, Place> = {}
  const units = [...east, ...west]
  units.forEach((id, i) => {
    places[id] = {
      hex: hexes[i] as string,
      facing: g.facings[i] ?? 'NE',
      ...(g.disordered[i] === true ? { status: 'disordered' } : {}),
    }
  })
  const state = inShockPhase(loaded, { places, moved: g.moved ? west : [] })
  return { state, units }
}

describe('the odds of generated shock attacks against brute force (property)', () => {
  prop.prop([situation], { numRuns: 40 })(
    "from the declaration on, the first action that rolls has its first roll's exact odds",
    (g) => {
      const loaded = shockScenario(g.scenario)
      let { state } = placed(g)
      const declarations = legalActions(loaded, state).filter((a) => a.type === 'declare')
      fc.pre(declarations.length > 0)
      let action = declarations[(g.picks[0] ?? 0) % declarations.length] as Action
      let rolling: { action: Action; first: RollOdds } | null = null
      // Play on (declaring, closing the declarations, answering counter-charges…) until a
      // decision offers an action that rolls; pick among those.
      for (let step = 1; step < g.picks.length && rolling === null; step++) {
        const played = playAction(loaded, state, action)
        if (!played.ok) throw new Error(`${JSON.stringify(action)}: ${played.error.message}`)
        state = played.state
        const legal = legalActions(loaded, state)
        if (legal.length === 0) break
        const rolls = legal.flatMap((a) => {
          const odds = actionOdds(loaded, state, a)
          expect(odds, JSON.stringify(a)).toMatchObject({ ok: true })
          const first = odds.ok ? odds.rolls[0] : undefined
          return first === undefined || first.forced === true ? [] : [{ action: a, first }]
        })
        const pick = g.picks[step] ?? 0
        if (rolls.length > 0) rolling = rolls[pick % rolls.length] ?? null
        else action = legal[pick % legal.length] as Action
      }
      fc.pre(rolling !== null)
      const { action: rolled, first } = rolling as { action: Action; first: RollOdds }
      const hash = stateHash(state)
      const dist = first.distribution
      fc.pre(dist.dice !== undefined)
      const brute = bruteForce(loaded, state, rolled, dist.dice?.id ?? '')
      const what = `${JSON.stringify(rolled)}: ${first.label}, ${first.who}`
      expect(brute.mismatched, what).toEqual([])
      expect(brute.counts, what).toEqual(new Map(dist.outcomes.map((o) => [o.key, o.ways])))
      expect(brute.total).toBe(dist.dice?.outcomes)
      const seen = observedAndRecorded(loaded, state, rolled)
      expect(seen.observed).toEqual(seen.recorded)
      expect(stateHash(state)).toBe(hash)
    },
  )
})
