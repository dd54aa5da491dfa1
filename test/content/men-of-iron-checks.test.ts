/**
 * The die-roll checks of the Men of Iron games against the bands the rulebooks print
 * (inventory /work/shared/rules/men-of-iron.md Part 3, T9–T23, and the boundary tests DT-01 to
 * DT-24 of §4.3): charge reluctance, counter-charges, knight restraint and light cavalry evasion
 * with the Infidel 1.2 numbers [001], leader casualties, continuation and loss checks, the
 * standard-move check, the Blood & Roses artillery, flight and pursuit checks [004], and the
 * seizure counter mix. Each case names its section; the numbers are the text's, not the JSON's.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedRuleset } from '../../src/runtime/rules/loaded'
import { resolveWithRoll } from '../../src/runtime/rules'
import type { UnitSpec } from './bundled'
import { bundledRuleset, codesOf, participant } from './bundled'

type Vars = Record<string, unknown>

function outcome(rules: LoadedRuleset, resolution: string, variables: Vars, roll: number) {
  const record = resolveWithRoll(rules, resolution, variables, [roll])
  expect(record.status, record.message).toBe('resolved')
  return record
}

/** The outcome of a unit-context check for each natural roll. */
function unitCheck(game: string, resolution: string, spec: UnitSpec, rolls: number[], turn = 0) {
  const rules = bundledRuleset(game)
  const unit = participant(rules, spec)
  return rolls.map((r) => outcome(rules, resolution, { unit, reaction: { turn } }, r).outcome)
}

/** The result codes of a unit-context table for each natural roll. */
function unitTable(game: string, resolution: string, spec: UnitSpec, rolls: number[]) {
  const rules = bundledRuleset(game)
  const unit = participant(rules, spec)
  return rolls.map((r) => codesOf(outcome(rules, resolution, { unit, reaction: { turn: 0 } }, r)))
}

function activation(overrides: Vars = {}): Vars {
  return {
    kind: 'battle',
    free: false,
    successes: 0,
    inCommanderRange: false,
    commanderEffectiveness: 0,
    singleCommand: false,
    ...overrides,
  }
}

function leader(ratings: Vars): Vars {
  return { id: 'leader', type: 'battle-leader', status: 'normal', flags: {}, leaders: [], ratings }
}

/** The outcome of an activation-context check for each natural roll. */
function activationCheck(game: string, resolution: string, vars: Vars, rolls: number[]) {
  const rules = bundledRuleset(game)
  const variables = {
    side: { id: 's', name: 's', tracks: {}, params: {}, commandCount: 2 },
    command: { id: 'c', name: 'c', params: {} },
    leader: leader({ activation: 3, charisma: 0, effectiveness: 0 }),
    activation: activation(),
    ...vars,
  }
  return rolls.map((r) => outcome(rules, resolution, variables, r).outcome)
}

const INFIDELS = ['infidel', 'infidel-v1-2']
const hc: UnitSpec = { id: 'hc', type: 'hc', status: 'normal' }

describe('T9–T14: the Infidel checks printed in 001 (taken over by the Tri-Pack Infidel)', () => {
  it.each(INFIDELS)(
    '%s, 13.5 reluctance (Saracen HC example, Defense −1): DR 7 → 6 charges, DR 8 → 7 falls back to Shock',
    (game) => {
      expect(unitCheck(game, 'charge-reluctance', hc, [7, 8])).toEqual(['success', 'failure'])
      const rules = bundledRuleset(game)
      const failed = outcome(rules, 'charge-reluctance', { unit: participant(rules, hc) }, 8)
      expect(failed.effects).toEqual([
        expect.objectContaining({ type: 'marker', marker: 'charge', op: 'remove' }),
        expect.objectContaining({ type: 'marker', marker: 'shock', op: 'add' }),
      ])
    },
  )

  it.each(INFIDELS)(
    '%s, 13.7 counter-charge against a charge: adjusted 3 or less succeeds (DT-08)',
    (game) => {
      expect(unitCheck(game, 'counter-charge-vs-charge', hc, [4, 5])).toEqual([
        'success',
        'failure',
      ])
    },
  )

  it('001 13.7: in 1.2 a counter-charger that must turn adds +1 (DT-08: Defense −1, DR 3 → 3 succeeds, DR 4 → 4 fails)', () => {
    expect(unitCheck('infidel-v1-2', 'counter-charge-vs-charge', hc, [3, 4], 1)).toEqual([
      'success',
      'failure',
    ])
  })

  it.each(INFIDELS)(
    '%s, 13.8 and 13.9 counter-charge against shock or fire: adjusted 4 or less succeeds (DT-09)',
    (game) => {
      expect(unitCheck(game, 'counter-charge-vs-shock-fire', hc, [5, 6])).toEqual([
        'success',
        'failure',
      ])
    },
  )

  it('004 13.6 example: an English MM rolling 8 fails its counter-charge against fire', () => {
    const mm: UnitSpec = { id: 'mm', type: 'mm', status: 'normal' }
    expect(unitCheck('men-of-iron', 'counter-charge-vs-shock-fire', mm, [8])).toEqual(['failure'])
  })

  it.each(INFIDELS)(
    '%s, 13.9 knight restraint: d10 minus the leader’s rating, 3 or less holds them (DT-10, rating 2)',
    (game) => {
      const vars = { leader: leader({ activation: 2, charisma: 0 }) }
      expect(activationCheck(game, 'knight-restraint', vars, [5, 6])).toEqual([
        'success',
        'failure',
      ])
    },
  )

  it.each(INFIDELS)(
    '%s, 12.2 light cavalry evasion: 5 or less no effect, 6 or more Disordered (DT-06, Defense 0)',
    (game) => {
      const lca: UnitSpec = { id: 'lca', type: 'lc-a', status: 'normal' }
      expect(unitTable(game, 'lc-retreat-before-shock', lca, [0, 5, 6, 9])).toEqual([
        ['R'],
        ['R'],
        ['RD'],
        ['RD'],
      ])
    },
  )

  it.each(INFIDELS)(
    '%s, 12.2 evasion from a counter-charge: 3 or less no effect, 4–7 Disordered, 8 or more caught (DT-07)',
    (game) => {
      const lca: UnitSpec = { id: 'lca', type: 'lc-a', status: 'normal' }
      expect(unitTable(game, 'lc-retreat-before-counter-charge', lca, [3, 4, 7, 8])).toEqual([
        ['R'],
        ['RD'],
        ['RD'],
        ['S'],
      ])
    },
  )
})

describe('T15, T16 leader casualties (5.4; 001 5.5)', () => {
  const leaderUnit: UnitSpec = {
    id: 'l',
    type: 'battle-leader',
    status: 'normal',
  }

  it('by fire, every game: 8 or 9 kills (DT-04)', () => {
    for (const game of ['infidel', 'men-of-iron', 'blood-and-roses', 'infidel-v1-2'])
      expect(unitCheck(game, 'leader-casualty-fire', leaderUnit, [7, 8, 9]), game).toEqual([
        'success',
        'failure',
        'failure',
      ])
  })

  it('001 5.5, in 1.2 shock: d10 minus the Activation Rating, 3 or more kills (DT-05, rating 2)', () => {
    const rules = bundledRuleset('infidel-v1-2')
    // A leader with Activation Rating 2.
    const unit = { ...participant(rules, leaderUnit), ratings: { activation: 2 } }
    const results = [4, 5].map((r) => outcome(rules, 'leader-casualty-shock', { unit }, r).outcome)
    expect(results).toEqual(['success', 'failure'])
  })
})

describe('T20, 3.0: continuation and loss checks (6.2, 3.0)', () => {
  it('DT-01, DT-02: rating 3 succeeds on 3 and fails on 4; after one success +1 (TC-001-03)', () => {
    expect(activationCheck('infidel', 'continuation-check', {}, [3, 4])).toEqual([
      'success',
      'failure',
    ])
    const after = { activation: activation({ successes: 1 }) }
    expect(activationCheck('infidel', 'continuation-check', after, [2, 3])).toEqual([
      'success',
      'failure',
    ])
  })

  it('001 5.3: in 1.2 a leader inside the overall commander’s range counts his rating one higher', () => {
    const inRange = { activation: activation({ inCommanderRange: true }) }
    expect(activationCheck('infidel-v1-2', 'continuation-check', inRange, [4, 5])).toEqual([
      'success',
      'failure',
    ])
  })

  it('TC-004-04 Tewkesbury: an army continuation with Effectiveness 0 succeeds on 2, fails on 3', () => {
    expect(activationCheck('blood-and-roses', 'army-continuation-check', {}, [2, 3])).toEqual([
      'success',
      'failure',
    ])
  })

  it('DT-03: flight points 12, flight level 15: DR 3 holds (15 is not above 15), DR 4 loses', () => {
    const rules = bundledRuleset('men-of-iron')
    const side = { id: 's', name: 's', tracks: { flightPoints: 12 }, params: { flightLevel: 15 } }
    const results = [3, 4].map((r) => outcome(rules, 'loss-check', { side }, r).outcome)
    expect(results).toEqual(['success', 'failure'])
  })
})

describe('T21, T22, T23: standards, artillery, battle flight and pursuit (15.2, 14.2, 14.8, 14.9)', () => {
  const pk: UnitSpec = { id: 'pk', type: 'pk', status: 'retired' }

  it('DT-12, 004 15.2: a Retired unit by a moved standard is safe on 4, eliminated on 5', () => {
    expect(unitCheck('infidel', 'standard-move-check', pk, [4, 5])).toEqual(['success', 'failure'])
  })

  it('DT-13, 001 15.2: in 1.2 it adds its Disordered Shock Defense (+1 for pikes): DR 4 → 5 eliminated', () => {
    expect(unitCheck('infidel-v1-2', 'standard-move-check', pk, [3, 4])).toEqual([
      'success',
      'failure',
    ])
  })

  it('DT-23, 004 14.2: artillery given a Disorder is lost on 4 or less', () => {
    const art: UnitSpec = { id: 'art', type: 'art', status: 'normal' }
    expect(unitCheck('blood-and-roses', 'artillery-disorder-check', art, [4, 5])).toEqual([
      'failure',
      'success',
    ])
  })

  it('004 14.8, 14.9: flight on 4 or less; must pursue on 4 or less; mounted kill 5+, foot 7+, return 6+; a Disordered pursuer −1', () => {
    const game = 'blood-and-roses'
    const quiet = { leader: leader({ activation: 2, charisma: 0 }) }
    expect(activationCheck(game, 'battle-flight-check', quiet, [4, 5])).toEqual([
      'failure',
      'success',
    ])
    expect(activationCheck(game, 'pursuit-check', quiet, [4, 5])).toEqual(['success', 'failure'])
    const cav: UnitSpec = { id: 'cav', type: 'cav', status: 'normal' }
    const inf: UnitSpec = { id: 'inf', type: 'inf', status: 'normal' }
    expect(unitCheck(game, 'pursuit-mounted', cav, [4, 5])).toEqual(['failure', 'success'])
    expect(unitCheck(game, 'pursuit-mounted', { ...cav, status: 'disordered' }, [5])).toEqual([
      'failure',
    ])
    expect(unitCheck(game, 'pursuit-foot', inf, [6, 7])).toEqual(['failure', 'success'])
    expect(unitCheck(game, 'pursuit-return', inf, [5, 6])).toEqual(['failure', 'success'])
  })
})

describe('T19: seizure counters (004 6.3)', () => {
  it('each player’s cup holds 8: 4 Opportunity (one of them 0–5), 1 Negation, Battle Cry, Unsteady Troops, Into the Breach (+1)', () => {
    const rules = bundledRuleset('blood-and-roses')
    const seizure = rules.ruleset.sequence?.activation?.seizure as Vars
    const counters = seizure.counters as Vars[]
    const count = (effect: string) =>
      counters.filter((c) => c.effect === effect).reduce((n, c) => n + (c.count as number), 0)
    expect(seizure.model).toBe('counters')
    expect([
      count('seize'),
      count('negate'),
      count('rally-one'),
      count('disorder-one'),
      count('attack-bonus'),
    ]).toEqual([4, 1, 1, 1, 1])
    expect(counters.reduce((n, c) => n + (c.count as number), 0)).toBe(8)
    const blore = counters.find((c) => (c.provenance as Vars | undefined)?.status === 'text')
    expect(counters.filter((c) => c.effect === 'seize').map((c) => c.range)).toContainEqual({
      min: 0,
      max: 5,
    })
    expect(blore).toBeDefined()
    expect(counters.find((c) => c.effect === 'attack-bonus')?.value).toBe(1)
  })

  it('001 6.3: Infidel 1.2 seizes with a die roll against the leader’s rating instead', () => {
    const seizure = bundledRuleset('infidel-v1-2').ruleset.sequence?.activation?.seizure as Vars
    expect(seizure.model).toBe('die-roll')
  })
})
