import { describe, expect, test } from 'vitest'
import {
  applyStatusEvent,
  effectApplies,
  effectNumber,
  flagsFor,
  ratingsFor,
} from '../../../src/runtime/rules'
import { load } from './fixtures'
import { INFIDEL, loadInfidel } from './infidel-data'

const rules = loadInfidel()
const unitOf = (type: string, status: string) => ({
  type,
  status,
  ratings: ratingsFor(rules, type, status),
  flags: flagsFor(rules, type),
})

describe('the Men of Iron status graph (Tri-Pack 14, 3.0)', () => {
  test('normal → disordered → retired, the retirement scoring a flight point', () => {
    expect(applyStatusEvent(rules, unitOf('pk', 'normal'), 'disorder')).toEqual({
      status: 'disordered',
      changed: true,
      effects: [],
      transition: { index: 0, from: 'normal', to: 'disordered', event: 'disorder', rule: '14.2' },
    })
    const second = applyStatusEvent(rules, unitOf('pk', 'disordered'), 'disorder')
    expect(second).toMatchObject({
      status: 'retired',
      changed: true,
      effects: [{ type: 'track', track: 'flight-points', amount: 1 }],
    })
  })

  test('a Retired HC that must retreat is eliminated and scores 3 − 1 = 2 more flight points (TC-001-01)', () => {
    const hc = unitOf('hc', 'retired')
    const change = applyStatusEvent(rules, hc, 'retreat')
    expect(change).toMatchObject({
      status: 'eliminated',
      changed: true,
      transition: { from: 'retired', to: 'eliminated', event: 'retreat', rule: '14.5' },
      effects: [
        {
          type: 'track',
          track: 'flight-points',
          amount: 'unit.ratings.flightPoints - 1',
          side: 'owner',
        },
      ],
    })
    const effect = change.effects[0]
    if (effect?.type !== 'track') throw new Error('expected a track effect')
    expect(effectNumber(rules, 'unit', effect.amount, { unit: hc })).toEqual({ ok: true, value: 2 })
  })

  test('a Retired PK later eliminated scores 1 − 1 = 0 more (TC-001-02)', () => {
    const pk = unitOf('pk', 'retired')
    const change = applyStatusEvent(rules, pk, 'eliminate')
    const effect = change.effects[0]
    if (effect?.type !== 'track') throw new Error('expected a track effect')
    expect(effectNumber(rules, 'unit', effect.amount, { unit: pk })).toEqual({ ok: true, value: 0 })
  })

  test('knights never retire: their unit type turns a retire into a retreat', () => {
    expect(applyStatusEvent(rules, unitOf('kn', 'normal'), 'retire')).toEqual({
      status: 'normal',
      changed: false,
      effects: [{ type: 'retreat', hexes: 1 }],
      override: { source: 'unitType', id: 'kn', index: 0, event: 'retire', rule: '14.3' },
    })
    expect(applyStatusEvent(rules, unitOf('hc', 'normal'), 'retire')).toMatchObject({
      status: 'retired',
      changed: true,
    })
  })

  test('an event with no matching transition changes nothing', () => {
    expect(applyStatusEvent(rules, unitOf('pk', 'eliminated'), 'disorder')).toEqual({
      status: 'eliminated',
      changed: false,
      effects: [],
    })
  })

  test('an unknown event is a readable error', () => {
    const change = applyStatusEvent(rules, unitOf('pk', 'normal'), 'disordr')
    expect(change).toMatchObject({ status: 'normal', changed: false, effects: [] })
    expect(change.error?.message).toBe(
      'status event "disordr": the status graph has no event "disordr" — did you mean "disorder"?',
    )
  })
})

describe('overrides: the unit type first, then its class, each with from and when', () => {
  const withClassOverride = load({
    ...INFIDEL,
    tracks: INFIDEL.tracks,
    unitClasses: [
      {
        id: 'cavalry',
        label: 'Cavalry',
        flags: ['mounted'],
        statusOverrides: [
          // Fixture rule: mounted units already disordered retreat instead of retiring, unless missile-armed.
          {
            event: 'disorder',
            from: ['disordered'],
            when: '!unit.flags.missile',
            effects: [{ type: 'retreat', hexes: 2 }],
            rule: 'fixture',
          },
        ],
      },
      { id: 'infantry', label: 'Infantry' },
    ],
  })
  const unit = (type: string, status: string) => ({
    type,
    status,
    flags: flagsFor(withClassOverride, type),
    ratings: {},
  })

  test('the class override applies from the listed status when its condition holds', () => {
    expect(applyStatusEvent(withClassOverride, unit('hc', 'disordered'), 'disorder')).toMatchObject(
      {
        status: 'disordered',
        changed: false,
        effects: [{ type: 'retreat', hexes: 2 }],
        override: { source: 'unitClass', id: 'cavalry' },
      },
    )
  })

  test('the same conditions can be evaluated for effects on demand', () => {
    expect(
      effectApplies(withClassOverride, 'unit', '!unit.flags.missile', {
        unit: unit('hc', 'normal'),
      }),
    ).toEqual({ ok: true, value: true })
    expect(
      effectApplies(withClassOverride, 'unit', '!unit.flags.missile', { unit: { flags: {} } }),
    ).toMatchObject({ ok: false })
  })

  test('from another status, or when the condition fails, the graph applies', () => {
    expect(applyStatusEvent(withClassOverride, unit('hc', 'normal'), 'disorder')).toMatchObject({
      status: 'disordered',
      changed: true,
    })
    expect(
      applyStatusEvent(withClassOverride, unit('mc-a', 'disordered'), 'disorder'),
    ).toMatchObject({ status: 'retired', changed: true })
  })
})

describe('the Cry Havoc status graph (Croisades, cumulative damage)', () => {
  const cryHavoc = load({
    statuses: {
      states: [
        { id: 'healthy', label: 'Healthy', initial: true },
        { id: 'stunned', label: 'Stunned', marker: true, canAct: false },
        { id: 'wounded', label: 'Wounded' },
        { id: 'dead', label: 'Dead', removed: true },
      ],
      events: [
        { id: 'wound', label: 'Wounded' },
        { id: 'stun', label: 'Stunned' },
        { id: 'retreat', label: 'Forced to retreat' },
        { id: 'recover', label: 'Recovers' },
      ],
      transitions: [
        { from: 'healthy', event: 'wound', to: 'wounded', rule: 'B.1.7' },
        { from: 'healthy', event: 'stun', to: 'stunned', rule: 'B.1.7' },
        // A stunned or wounded character stunned or wounded again is dead.
        { from: ['stunned', 'wounded'], event: ['wound', 'stun'], to: 'dead', rule: 'B.1.7' },
        // A stunned character forced to retreat is dead.
        { from: 'stunned', event: 'retreat', to: 'dead', rule: 'B.1.7' },
        { from: 'stunned', event: 'recover', to: 'healthy', when: "unit.side != 'besieged'" },
      ],
    },
    unitClasses: [{ id: 'character', label: 'Character' }],
    unitTypes: [{ id: 'spearman', name: 'Spearman', class: 'character' }],
  })
  const step = (status: string, event: string, more: Record<string, unknown> = {}) =>
    applyStatusEvent(cryHavoc, { type: 'spearman', status, ...more }, event).status

  test('healthy → wounded → dead', () => {
    expect(step('healthy', 'wound')).toBe('wounded')
    expect(step('wounded', 'wound')).toBe('dead')
  })

  test('stunned + wound → dead, wounded + stun → dead, stunned + retreat → dead', () => {
    expect(step('stunned', 'wound')).toBe('dead')
    expect(step('wounded', 'stun')).toBe('dead')
    expect(step('stunned', 'retreat')).toBe('dead')
    expect(step('wounded', 'retreat')).toBe('wounded')
  })

  test('a transition condition sees the unit', () => {
    expect(step('stunned', 'recover', { side: 'crusaders' })).toBe('healthy')
    expect(step('stunned', 'recover', { side: 'besieged' })).toBe('stunned')
    const broken = applyStatusEvent(cryHavoc, { type: 'spearman', status: 'stunned' }, 'recover')
    expect(broken.error?.where).toBe('status transition 5, when')
  })
})

describe('ratings and flags of a unit type', () => {
  test('a Retired unit reads its Disordered side (ratingsOf), over the type, class and defaults', () => {
    expect(ratingsFor(rules, 'mc', 'normal')).toEqual({
      shockDefense: 0,
      flightPoints: 2,
      charisma: 0,
    })
    expect(ratingsFor(rules, 'mc', 'disordered')).toEqual({
      shockDefense: 1,
      flightPoints: 2,
      charisma: 0,
    })
    expect(ratingsFor(rules, 'mc', 'retired')).toEqual({
      shockDefense: 1,
      flightPoints: 2,
      charisma: 0,
    })
  })

  test("flags: the class's, the type's, less the ones the type drops; every declared flag present", () => {
    expect(flagsFor(rules, 'kn')).toEqual({ mounted: true, missile: false })
    expect(flagsFor(rules, 'mc-a')).toEqual({ mounted: true, missile: true })
    expect(flagsFor(rules, 'lc-a')).toEqual({ mounted: false, missile: true })
    expect(flagsFor(rules, 'pk')).toEqual({ mounted: false, missile: false })
  })

  test('an unknown unit type is a caller bug, with a suggestion', () => {
    expect(() => ratingsFor(rules, 'knn', 'normal')).toThrow(
      'there is no unit type "knn" — did you mean "kn"?',
    )
  })

  test('an expression that is not part of the content is refused at play time', () => {
    expect(effectApplies(rules, 'unit', undefined, {})).toEqual({ ok: true, value: true })
    const result = effectApplies(rules, 'unit', "unit.status == 'normal'", {
      unit: unitOf('pk', 'normal'),
    })
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error.message).toContain('was not prepared with the ruleset')
  })
})
