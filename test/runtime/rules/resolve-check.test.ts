import { describe, expect, test } from 'vitest'
import { resolutionDistribution, resolveWithRoll } from '../../../src/runtime/rules'
import { load, modifierList } from './fixtures'

const checks = load({
  ratings: [
    { key: 'activation', label: 'Activation rating', type: 'number' },
    { key: 'morale', label: 'Morale class', type: 'string', values: ['A', 'B', 'C', 'D'] },
  ],
  parameters: { moraleThresholds: { A: 5, B: 6, C: 7, D: 8 } },
  statuses: {
    states: [
      { id: 'normal', label: 'Normal', initial: true },
      { id: 'disorganised', label: 'Disorganised' },
    ],
    events: [{ id: 'demoralise', label: 'Fail a morale test' }],
    transitions: [{ from: 'normal', event: 'demoralise', to: 'disorganised' }],
  },
  modifierLists: [
    modifierList({
      id: 'continuation-drm',
      label: 'Continuation penalties',
      context: 'activation',
      terms: [
        {
          id: 'successes',
          label: 'Earlier continuations',
          value: 'activation.successes',
          when: 'activation.successes > 0',
          rule: '6.2',
        },
      ],
    }),
  ],
  resolutions: [
    {
      id: 'continuation',
      label: 'Continuation',
      rule: '6.2',
      kind: 'check',
      context: 'activation',
      dice: 'd10',
      rollModifiers: ['continuation-drm'],
      compare: '<=',
      target: 'leader.ratings.activation',
      failure: [{ type: 'end-activation' }],
    },
    {
      id: 'morale',
      label: 'Morale test',
      rule: '7.4',
      kind: 'check',
      context: 'unit',
      dice: '2d6',
      compare: '<=',
      target: 'params.moraleThresholds[unit.ratings.morale]',
      failure: [{ type: 'status', event: 'demoralise', who: 'self' }],
    },
  ],
})

describe('checks', () => {
  const continuation = (successes: number, roll: number) =>
    resolveWithRoll(
      checks,
      'continuation',
      { leader: { ratings: { activation: 3 } }, activation: { successes } },
      [roll],
    )

  test('continuation, leader rating 3, no penalty: DR 3 succeeds, DR 4 fails (DT-01)', () => {
    expect(continuation(0, 3)).toMatchObject({
      status: 'resolved',
      outcome: 'success',
      check: { target: 3, compare: '<=' },
      effects: [],
    })
    expect(continuation(0, 4)).toMatchObject({
      outcome: 'failure',
      effects: [{ type: 'end-activation' }],
    })
  })

  test('with a +1 penalty: DR 2 succeeds (3), DR 3 fails (4) (DT-02)', () => {
    expect(continuation(1, 2)).toMatchObject({
      outcome: 'success',
      roll: { natural: 2, modifiers: 1, modified: 3 },
    })
    expect(continuation(1, 3)).toMatchObject({ outcome: 'failure', roll: { modified: 4 } })
  })

  test('morale test passes on 2d6 at or under the class number (Les Croisades 7.4)', () => {
    const unit = { ratings: { morale: 'C' } }
    expect(resolveWithRoll(checks, 'morale', { unit }, [3, 4])).toMatchObject({
      outcome: 'success',
      dice: { faces: [3, 4], natural: 7 },
      check: { target: 7 },
    })
    expect(resolveWithRoll(checks, 'morale', { unit }, [4, 4])).toMatchObject({
      outcome: 'failure',
      effects: [{ type: 'status', event: 'demoralise' }],
    })
  })

  test('the chance to pass a class C test is 21/36 = 7/12', () => {
    const dist = resolutionDistribution(checks, 'morale', { unit: { ratings: { morale: 'C' } } })
    expect(dist.dice).toEqual({ id: '2d6', notation: '2d6', outcomes: 36 })
    expect(dist.outcomes.map((o) => [o.key, o.numerator, o.denominator])).toEqual([
      ['success', 7, 12],
      ['failure', 5, 12],
    ])
    expect(dist.outcomes[0]?.naturals).toEqual([2, 3, 4, 5, 6, 7])
  })

  test('natural results override the comparison', () => {
    const natural = load({
      resolutions: [
        {
          id: 'check',
          label: 'Check',
          kind: 'check',
          context: 'side',
          dice: 'd10',
          compare: '>=',
          target: 5,
          natural: { success: [9], failure: [0] },
        },
      ],
      modifierLists: [],
    })
    expect(resolveWithRoll(natural, 'check', {}, [0])).toMatchObject({
      outcome: 'failure',
      check: { natural: 'failure' },
    })
    expect(resolveWithRoll(natural, 'check', {}, [9])).toMatchObject({
      outcome: 'success',
      check: { natural: 'success' },
    })
    expect(resolveWithRoll(natural, 'check', {}, [5]).check).toEqual({ target: 5, compare: '>=' })
  })
})
