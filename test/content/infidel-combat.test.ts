/**
 * The Infidel "Example of Combat" (Infidel living rules 1.2 [001] p. 17; TC-001-13 in
 * /work/shared/rules/men-of-iron.md §4.1) run through the rules kernel with the BUNDLED content:
 * the `infidel` ruleset (Tri-Pack Infidel, whose outcome should be the same: see the note under
 * TC-001-13) and its `infidel-v1-2` variant. Every expected number below is taken from the text
 * of the example (and from 3.0 for the flight points), never from the JSON.
 *
 * Only the situation is described here: which unit, which status, charging or not, whether it
 * spent movement points. The unit types, their Shock Defense, the Weapons System Matrix, the
 * modifier lists, the tables and the status graph all come from content/.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedRuleset } from '../../src/runtime/rules/loaded'
import type { Effect } from '../../src/runtime/generated/content-types'
import { applyStatusEvent, effectNumber, resolveWithRoll } from '../../src/runtime/rules'
import type { ResolutionRecord } from '../../src/runtime/rules'
import type { UnitSpec } from './bundled'
import { appliedTerms, attackVariables, bundledRuleset, codesOf, participant } from './bundled'

const CHARGE_CRT = 'inf-charge-crt'
const SHOCK_CRT = 'inf-shock-crt'

interface Expected {
  table: string
  column: 'normal' | 'disordered'
  natural: number
  /** The DRMs the example names, by term id; every other applied term must be worth 0. */
  drms: Record<string, number>
  final: number
  codes: string[]
}

/** The whole reading of one roll, as the example states it. */
function expectReading(record: ResolutionRecord, expected: Expected): void {
  expect(record.status, record.message).toBe('resolved')
  expect(record.table?.id).toBe(expected.table)
  expect(record.column?.id).toBe(expected.column)
  expect(record.column?.shift).toBe(0)
  expect(record.dice?.natural).toBe(expected.natural)
  const applied = appliedTerms(record.rollModifiers?.terms)
  const named = applied.filter(([, value]) => value !== 0)
  expect(Object.fromEntries(named)).toEqual(expected.drms)
  // No term is counted twice (e.g. the same id from two lists).
  expect(named.length).toBe(Object.keys(expected.drms).length)
  const total = Object.values(expected.drms).reduce((a, b) => a + b, 0)
  expect(record.roll).toEqual({
    natural: expected.natural,
    modifiers: total,
    modified: expected.natural + total,
    final: expected.final,
  })
  expect(codesOf(record)).toEqual(expected.codes)
}

/** What the status graph does to a unit hit by `event`, and the flight points it scores. */
function statusChange(rules: LoadedRuleset, unit: Record<string, unknown>, event: string) {
  const change = applyStatusEvent(
    rules,
    { ...unit, type: unit.type as string, status: unit.status as string },
    event,
  )
  expect(change.error).toBeUndefined()
  const flightPoints = change.effects
    .filter((e): e is Extract<Effect, { type: 'track' }> => e.type === 'track')
    .filter((e) => e.track === 'flight-points')
    .map((e) => {
      const amount = effectNumber(rules, 'unit', e.amount, { unit })
      if (!amount.ok) throw new Error(amount.error.message)
      return amount.value
    })
    .reduce((a, b) => a + b, 0)
  return { status: change.status, changed: change.changed, effects: change.effects, flightPoints }
}

/** The status events a result sends to one role, in order. */
function eventsFor(record: ResolutionRecord, who: 'attackers' | 'defenders'): string[] {
  return record.effects
    .filter((e): e is Extract<Effect, { type: 'status' }> => e.type === 'status')
    .filter((e) => e.who === who)
    .map((e) => e.event)
}

describe.each(['infidel', 'infidel-v1-2'])(
  'Infidel Example of Combat (001 p. 17, TC-001-13) with the bundled "%s" ruleset',
  (rulesetId) => {
    const rules = bundledRuleset(rulesetId)
    const crusader = (spec: UnitSpec) =>
      participant(rules, { side: 'crusader', command: 'norman', ...spec })
    const fatimid = (spec: UnitSpec) =>
      participant(rules, { side: 'fatimid', command: 'fatimid', ...spec })

    // The Crusader units (all Normal). KN 2 and KN 3 spent MP this Activation, KN 1 did not.
    const kn1 = crusader({ id: 'kn-1', type: 'kn', status: 'normal', charging: true, moved: false })
    const kn2 = crusader({ id: 'kn-2', type: 'kn', status: 'normal', charging: true, moved: true })
    const ma1 = crusader({ id: 'ma-1', type: 'ma', status: 'normal' })
    // KN 3 after Mamluk HC 3's successful counter-charge: its Charge marker is now a Shock marker.
    const kn3 = crusader({ id: 'kn-3', type: 'kn', status: 'normal', charging: false, moved: true })
    // The Fatimid units.
    const mc1 = fatimid({ id: 'mc-1', type: 'mc', status: 'normal', hex: '2820' })
    const mc2 = fatimid({ id: 'mc-2', type: 'mc', status: 'disordered', hex: '2720' })
    const pk1 = fatimid({ id: 'pk-1', type: 'pk', status: 'normal' })
    const pk2 = fatimid({ id: 'pk-2', type: 'pk', status: 'disordered', hex: '2722' })
    const pk3 = fatimid({ id: 'pk-3', type: 'pk', status: 'disordered', hex: '2723' })
    const hc3 = fatimid({ id: 'hc-3', type: 'hc', status: 'normal' })

    const shock = (
      attackers: Record<string, unknown>[],
      defender: Record<string, unknown>,
      roll: number,
      spec = {},
    ) => resolveWithRoll(rules, 'shock', attackVariables(attackers, defender, spec), [roll])

    it('the Shock Defense the example uses is what the bundled counters give (12.3-3, §3.2)', () => {
      const defense = (unit: Record<string, unknown>) =>
        (unit.ratings as Record<string, number>).shockDefense
      // Mamluk HC 3 Normal −1; Seljuk PK 1 Normal +1; PK 2, PK 3 and Bedouin MC 2 Disordered +1.
      expect([defense(hc3), defense(pk1), defense(pk2), defense(pk3), defense(mc2)]).toEqual([
        -1, 1, 1, 1, 1,
      ])
    })

    it('step 2a (11.2, 13.2): placing the chargers draws no Reaction Fire, as no defender is a missile unit', () => {
      for (const defender of [mc2, pk3, hc3])
        expect((defender.flags as Record<string, boolean>).missile).toBe(false)
    })

    it('step 2c (13.5): KN 2 charging Seljuk PK 3 makes no reluctance roll, because Knights never roll', () => {
      const flags = (unit: Record<string, unknown>) => unit.flags as Record<string, boolean>
      // PK and MA are what horses balk at; HC roll, Knights are exempt.
      expect(flags(pk3).reluctanceTarget).toBe(true)
      expect(flags(ma1).reluctanceTarget).toBe(true)
      expect(flags(hc3).chargeReluctant).toBe(true)
      expect(flags(kn2).chargeReluctant).toBe(false)
    })

    it('step 2e (13.7): Mamluk HC 3 counter-charges KN 3: DR 2 + Shock Defense −1 = 1, ≤ 3 succeeds; Counter-Charge Used (13.6)', () => {
      const record = resolveWithRoll(
        rules,
        'counter-charge-vs-charge',
        { unit: hc3, reaction: { turn: 0 } },
        [2],
      )
      expect(record.status, record.message).toBe('resolved')
      expect(record.dice?.natural).toBe(2)
      expect(appliedTerms(record.rollModifiers?.terms)).toEqual([['own-shock-defense', -1]])
      expect(record.roll).toEqual({ natural: 2, modifiers: -1, modified: 1, final: 1 })
      expect(record.check).toEqual({ target: 3, compare: '<=' })
      expect(record.outcome).toBe('success')
      expect(record.effects).toContainEqual(
        expect.objectContaining({
          type: 'marker',
          marker: 'counter-charge-used',
          op: 'add',
          who: 'self',
        }),
      )
      // 13.7 boundary: with the same Shock Defense a DR of 5 gives 4, which fails.
      expect(
        resolveWithRoll(
          rules,
          'counter-charge-vs-charge',
          { unit: hc3, reaction: { turn: 0 } },
          [5],
        ).outcome,
      ).toBe('failure')
    })

    it('step 3 (12.3, 13.4, 12.3-3, 12.3-5): KN 1 charges the Disordered Bedouin MC 2: WSM +2, Shock Defense +1, DR 3 → 6 on the Charge table = DE + CA', () => {
      const record = shock([kn1], mc2, 3)
      expectReading(record, {
        table: CHARGE_CRT,
        column: 'disordered',
        natural: 3,
        drms: { 'weapons-matrix': 2, 'shock-defense': 1 },
        final: 6,
        codes: ['DE', 'CA'],
      })
      // 12.3 (at least half the attackers still charge), strength 1:1 and no move penalty.
      expect(record.table?.case).toBe(0)
      const terms = record.rollModifiers?.terms ?? []
      expect(terms.find((t) => t.id === 'strength')).toMatchObject({ applied: false })
      expect(terms.find((t) => t.id === 'charger-moved')).toMatchObject({ applied: false })
    })

    it('step 3 (12.3-1, 12.3-3, 12.3-5): MA 1 against Seljuk PK 1 (with PK 2): WSM +1, Shock Defense +1, strength 1 vs 2 −1, DR 0 → 1 on the Shock table = AD + AR', () => {
      expectReading(shock([ma1], pk1, 0, { defenders: [pk1, pk2] }), {
        table: SHOCK_CRT,
        column: 'normal',
        natural: 0,
        drms: { 'weapons-matrix': 1, 'shock-defense': 1, strength: -1 },
        final: 1,
        codes: ['AD', 'AR'],
      })
    })

    it('step 3 (12.3-1, 12.3-3, 12.3-5): MA 1 against the Disordered Seljuk PK 2 (with PK 1): the same +1, DR 6 → 7 on the Shock table = Defender Retired', () => {
      const record = shock([ma1], pk2, 6, { defenders: [pk1, pk2] })
      expectReading(record, {
        table: SHOCK_CRT,
        column: 'disordered',
        natural: 6,
        drms: { 'weapons-matrix': 1, 'shock-defense': 1, strength: -1 },
        final: 7,
        codes: ['DRT'],
      })
      expect(record.codes[0]?.label).toMatch(/retired/i)
    })

    it('branch (12.3): MA 1 against PK 2 with DR 7 → 8 on the Shock table = DE + CA', () => {
      expectReading(shock([ma1], pk2, 7, { defenders: [pk1, pk2] }), {
        table: SHOCK_CRT,
        column: 'disordered',
        natural: 7,
        drms: { 'weapons-matrix': 1, 'shock-defense': 1, strength: -1 },
        final: 8,
        codes: ['DE', 'CA'],
      })
    })

    it('step 3 (13.4, 12.3-6, 12.3-3, 12.3-5): KN 2 charges the Disordered Seljuk PK 3 after moving: WSM +2, Shock Defense +1, moved −1, DR 3 → 5 on the Charge table = DE + CA', () => {
      expectReading(shock([kn2], pk3, 3), {
        table: CHARGE_CRT,
        column: 'disordered',
        natural: 3,
        drms: { 'weapons-matrix': 2, 'shock-defense': 1, 'charger-moved': -1 },
        final: 5,
        codes: ['DE', 'CA'],
      })
    })

    it('step 3 (13.7, 12.3-6, 13.8): KN 3, counter-charged, shocks Mamluk HC 3: WSM +1, Shock Defense −1, no −1 for moving, no −2; DR 3 → 3 on the Shock table = AD', () => {
      const record = shock([kn3], hc3, 3)
      expectReading(record, {
        table: SHOCK_CRT,
        column: 'normal',
        natural: 3,
        drms: { 'weapons-matrix': 1, 'shock-defense': -1 },
        final: 3,
        codes: ['AD'],
      })
      expect(record.table?.case).toBeUndefined()
      const terms = record.rollModifiers?.terms ?? []
      // No longer charging, so spending MP costs nothing; a CC vs Charge gives no −2 (that is 13.8).
      expect(terms.find((t) => t.id === 'charger-moved')).toMatchObject({ applied: false })
      expect(terms.find((t) => t.id === 'counter-charged')).toMatchObject({ applied: false })
    })

    it('step 3 results (14.1, 14.2, 14.4): MA 1 is Disordered and retreats; KN 3 is Disordered', () => {
      const ma1Pk1 = shock([ma1], pk1, 0, { defenders: [pk1, pk2] })
      expect(eventsFor(ma1Pk1, 'attackers')).toEqual(['disorder', 'retreat'])
      expect(ma1Pk1.effects).toContainEqual(
        expect.objectContaining({ type: 'retreat', hexes: 1, who: 'attackers' }),
      )
      const flipped = statusChange(rules, ma1, 'disorder')
      expect([flipped.status, flipped.flightPoints]).toEqual(['disordered', 0])
      // A retreat result moves a Disordered unit; only a Retired one would be removed by it.
      const retreating = statusChange(rules, { ...ma1, status: 'disordered' }, 'retreat')
      expect([retreating.status, retreating.changed]).toEqual(['disordered', false])

      const kn3Hc3 = shock([kn3], hc3, 3)
      expect(eventsFor(kn3Hc3, 'attackers')).toEqual(['disorder'])
      expect(statusChange(rules, kn3, 'disorder').status).toBe('disordered')
    })

    it('step 3 results (3.0, 14.5, 14.6, 14.7): MC 2 eliminated +2 FP, PK 2 Retired +1, PK 3 eliminated +1, Fatimid FP +4; KN 1 and KN 2 gain a CA marker', () => {
      const kn1Mc2 = shock([kn1], mc2, 3)
      const ma1Pk2 = shock([ma1], pk2, 6, { defenders: [pk1, pk2] })
      const kn2Pk3 = shock([kn2], pk3, 3)
      expect(eventsFor(kn1Mc2, 'defenders')).toEqual(['eliminate'])
      expect(eventsFor(ma1Pk2, 'defenders')).toEqual(['retire'])
      expect(eventsFor(kn2Pk3, 'defenders')).toEqual(['eliminate'])

      const mc2Lost = statusChange(rules, mc2, 'eliminate')
      const pk2Retired = statusChange(rules, pk2, 'retire')
      const pk3Lost = statusChange(rules, pk3, 'eliminate')
      expect([mc2Lost.status, mc2Lost.flightPoints]).toEqual(['eliminated', 2])
      expect([pk2Retired.status, pk2Retired.flightPoints]).toEqual(['retired', 1])
      expect(pk2Retired.effects).toContainEqual(
        expect.objectContaining({ type: 'relocate', to: 'standard' }),
      )
      expect([pk3Lost.status, pk3Lost.flightPoints]).toEqual(['eliminated', 1])
      expect(mc2Lost.flightPoints + pk2Retired.flightPoints + pk3Lost.flightPoints).toBe(4)

      for (const record of [kn1Mc2, kn2Pk3]) {
        expect(record.effects).toContainEqual(
          expect.objectContaining({ type: 'marker', marker: 'continued-attack', op: 'increment' }),
        )
      }
    })

    it('step 4 (14.7, 12.3-8, 12.3-5): KN 1 must shock Bedouin MC 1, still Normal after its retreat, on the Shock table with CA −1 and WSM +2', () => {
      const kn1Again = crusader({
        id: 'kn-1',
        type: 'kn',
        status: 'normal',
        markers: { 'continued-attack': 1 },
      })
      const record = shock([kn1Again], mc1, 0, { continued: 1 })
      expect(record.status, record.message).toBe('resolved')
      expect(record.table?.id).toBe(SHOCK_CRT)
      expect(record.column?.id).toBe('normal')
      const applied = Object.fromEntries(appliedTerms(record.rollModifiers?.terms))
      // MC 1's Normal Shock Defense is not given in the text, so only these two terms are checked.
      expect(applied['continued-attack']).toBe(-1)
      expect(applied['weapons-matrix']).toBe(2)
      expect(applied['charger-moved']).toBeUndefined()
    })
  },
)

// Tri-Pack 14.5 only: "in or adjacent to" the Standard. Infidel 1.2 places a Retired unit "as
// close as possible" to it instead, so this is not checked for infidel-v1-2.
describe('Infidel Example of Combat with the bundled "infidel" (Tri-Pack) ruleset only', () => {
  it('step 3 results (Tri-Pack 14.5): the Retired Seljuk PK 2 is placed in or adjacent to its Standard', () => {
    const rules = bundledRuleset('infidel')
    const pk2 = participant(rules, {
      id: 'pk-2',
      type: 'pk',
      status: 'disordered',
      side: 'fatimid',
    })
    expect(statusChange(rules, pk2, 'retire').effects).toContainEqual(
      expect.objectContaining({ type: 'relocate', to: 'standard', within: 1 }),
    )
  })
})
