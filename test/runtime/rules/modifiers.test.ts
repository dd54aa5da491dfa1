import { fc, test as prop } from '@fast-check/vitest'
import { describe, expect, test } from 'vitest'
import { resolveModifiers } from '../../../src/runtime/rules'
import type { ModifierResult, TermRecord } from '../../../src/runtime/rules'
import { load, modifierList } from './fixtures'
import { attack, loadInfidel, participant } from './infidel-data'

const rules = loadInfidel()
const unit = (id: string, type: string, status: string, more: Record<string, unknown> = {}) =>
  participant(rules, id, type, status, more)

function ok(result: ModifierResult): { total: number; terms: TermRecord[] } {
  if (!result.ok) throw new Error(result.error.message)
  return result
}

const applied = (result: ModifierResult): Record<string, number | null> =>
  Object.fromEntries(
    ok(result)
      .terms.filter((t) => t.applied)
      .map((t) => [t.id, t.value]),
  )

const shockDrm = (variables: Record<string, unknown>) =>
  resolveModifiers(rules, ['shock-drm'], 'attack', variables)

describe('Infidel Example of Combat DRM totals (001 p. 17, TC-001-13)', () => {
  test('KN 1 charging the Disordered MC 2: WSM +2, Shock Defense +1 = +3', () => {
    const result = shockDrm(
      attack([unit('kn-1', 'kn', 'normal', { charging: true })], unit('mc-2', 'mc', 'disordered')),
    )
    expect(applied(result)).toEqual({ defense: 1, wsm: 2 })
    expect(ok(result).total).toBe(3)
  })

  test('KN 3, its charge cancelled, shocking HC 3: WSM +1, Shock Defense −1 = 0, no penalty for moving', () => {
    const result = shockDrm(
      attack([unit('kn-3', 'kn', 'normal', { moved: true })], unit('hc-3', 'hc', 'normal')),
    )
    expect(applied(result)).toEqual({ defense: -1, wsm: 1 })
    expect(ok(result).total).toBe(0)
    expect(ok(result).terms.find((t) => t.id === 'charge-moved')).toMatchObject({
      applied: false,
      value: null,
      reason: 'condition not met',
    })
  })

  test('KN 2 charging PK 3 after moving: WSM +2, Shock Defense +1, moved −1 = +2', () => {
    const result = shockDrm(
      attack(
        [unit('kn-2', 'kn', 'normal', { charging: true, moved: true })],
        unit('pk-3', 'pk', 'disordered'),
      ),
    )
    expect(applied(result)).toEqual({ defense: 1, wsm: 2, 'charge-moved': -1 })
    expect(ok(result).total).toBe(2)
  })

  test('MA 1 against PK 1 and PK 2: WSM +1, Shock Defense +1, strength 1 vs 2 −1 = +1 on each roll (12.3-1)', () => {
    const pk1 = unit('pk-1', 'pk', 'normal')
    const pk2 = unit('pk-2', 'pk', 'disordered')
    for (const defender of [pk1, pk2]) {
      const result = shockDrm(attack([unit('ma-1', 'ma', 'normal')], defender, [pk1, pk2]))
      expect(applied(result)).toEqual({ strength: -1, defense: 1, wsm: 1 })
      expect(ok(result).total).toBe(1)
    }
  })
})

describe('terms over several attackers', () => {
  test('the best WSM counts, not the sum: a PK with 0 and an AF with +1 against a PK give +1 (Infidel 12.3-5)', () => {
    const result = shockDrm(
      attack(
        [unit('pk', 'pk', 'normal'), unit('af', 'af', 'normal')],
        unit('pk-x', 'pk', 'normal'),
      ),
    )
    const wsm = ok(result).terms.find((t) => t.id === 'wsm')
    expect(wsm).toMatchObject({
      applied: true,
      value: 1,
      each: { values: [0, 1], aggregate: 'max' },
      rule: '12.3-5',
    })
  })

  test('MC/A reads the MC row of the matrix (Infidel play note)', () => {
    const result = shockDrm(attack([unit('mca', 'mc-a', 'normal')], unit('pk-x', 'pk', 'normal')))
    expect(ok(result).terms.find((t) => t.id === 'wsm')).toMatchObject({
      value: 0,
      each: { values: [0] },
    })
  })

  test("PKJ attacks and defends as PK on the matrix (16.6): a unit type reads another type's row", () => {
    const result = shockDrm(attack([unit('kn', 'kn', 'normal')], unit('pkj', 'pkj', 'normal')))
    expect(ok(result).terms.find((t) => t.id === 'wsm')).toMatchObject({
      value: 2,
      each: { values: [2] },
    })
  })

  test('an each over an empty list does not apply (no leader stacked, 12.3-4)', () => {
    const result = shockDrm(attack([unit('kn', 'kn', 'normal')], unit('pk', 'pk', 'normal')))
    expect(ok(result).terms.find((t) => t.id === 'charisma')).toMatchObject({
      applied: false,
      value: null,
      reason: '"attacker.leaders" is empty',
    })
  })

  test('only the highest Charisma counts (Tri-Pack 5.2, TC-004-03)', () => {
    const leaders = [{ ratings: { charisma: 1 } }, { ratings: { charisma: 2 } }]
    const result = shockDrm(
      attack([unit('kn', 'kn', 'normal', { leaders })], unit('pk', 'pk', 'normal')),
    )
    expect(ok(result).terms.find((t) => t.id === 'charisma')).toMatchObject({
      applied: true,
      value: 2,
      each: { values: [1, 2] },
    })
  })
})

describe('angle of attack: only one bonus applies, the largest (Tri-Pack 12.3-2A)', () => {
  const angles = (...sectors: string[]) => {
    const attackers = sectors.map((angle, i) => unit(`a${i}`, 'ma', 'normal', { angle }))
    const result = shockDrm(attack(attackers, unit('d', 'ma', 'normal')))
    const terms = ok(result).terms.filter((t) => t.group === 'angle')
    return { bonus: terms.filter((t) => t.applied).map((t) => [t.id, t.value]), terms }
  }

  test('a single attacker through a flank hex: +2; through a rear hex: +3 (DT-15)', () => {
    expect(angles('left-flank').bonus).toEqual([['angle-flank', 2]])
    expect(angles('rear').bonus).toEqual([['angle-rear', 3]])
    expect(angles('front').bonus).toEqual([])
  })

  test('two attackers both through the rear hexes: +3 (DT-17b)', () => {
    expect(angles('rear', 'rear').bonus).toEqual([['angle-rear', 3]])
  })

  test('left and right flank are two different sides: +4 (DT-17), the flank bonus superseded', () => {
    const { bonus, terms } = angles('left-flank', 'right-flank')
    expect(bonus).toEqual([['angle-two-sides', 4]])
    expect(terms.find((t) => t.id === 'angle-flank')).toMatchObject({
      applied: false,
      value: 2,
      reason: 'superseded by angle-two-sides (group angle: largest)',
    })
  })

  test('front and left flank: +4, not +2 (DT-16, the 004 reading)', () => {
    expect(angles('front', 'left-flank').bonus).toEqual([['angle-two-sides', 4]])
  })

  test('rear and flank: +4 with both smaller bonuses superseded', () => {
    const { bonus, terms } = angles('rear', 'right-flank')
    expect(bonus).toEqual([['angle-two-sides', 4]])
    expect(terms.filter((t) => t.reason?.startsWith('superseded')).map((t) => t.id)).toEqual([
      'angle-flank',
      'angle-rear',
    ])
  })
})

describe('once and list order', () => {
  test('a term marked once counts once even when two lists carry it (5.2: Charisma, once)', () => {
    const variables = attack(
      [unit('kn', 'kn', 'normal', { leaders: [{ ratings: { charisma: 2 } }] })],
      unit('pk', 'pk', 'normal'),
    )
    const result = ok(resolveModifiers(rules, ['shock-drm', 'leader-drm'], 'attack', variables))
    const charisma = result.terms.filter((t) => t.id === 'charisma')
    expect(charisma.map((t) => [t.list, t.applied, t.reason])).toEqual([
      ['shock-drm', true, undefined],
      ['leader-drm', false, 'applied once already'],
    ])
    expect(result.total).toBe(2 + 1 + 2) // charisma, shock defense of PK, WSM KN→PK
  })

  test('a list written for another context is refused, not silently evaluated', () => {
    const result = resolveModifiers(rules, ['shock-drm'], 'fire', {})
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('written for the attack context') },
    })
  })

  test('an expression failing at play time is a readable error, not an exception', () => {
    const result = shockDrm({
      ...attack([unit('kn', 'kn', 'normal')], unit('pk', 'pk', 'normal')),
      defender: { type: 'pk' },
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.where).toBe('modifier list "shock-drm", term "defense", value')
    expect(result.error.message).toContain('defender.ratings')
    expect(result.error.source).toBe('defender.ratings.shockDefense')
    // The terms evaluated before the failure are still shown.
    expect(result.terms.map((t) => t.id)).toEqual([
      'strength',
      'angle-flank',
      'angle-rear',
      'angle-two-sides',
    ])
  })
})

describe('combining terms (property)', () => {
  const COUNT = 10
  const groupOf = (i: number): string | undefined =>
    i < 3 ? 'big' : i < 5 ? 'small' : i < 7 ? 'first' : undefined
  const parameters = Object.fromEntries(
    Array.from({ length: COUNT }, (_, i) => [
      [`c${i}`, false],
      [`v${i}`, 0],
    ]).flat(),
  )
  const rules = load({
    parameters,
    modifierLists: [
      modifierList({
        id: 'mixed',
        label: 'Mixed',
        context: 'side',
        groups: [
          { id: 'big', pick: 'largest' },
          { id: 'small', pick: 'smallest' },
          { id: 'first', pick: 'first' },
        ],
        terms: Array.from({ length: COUNT }, (_, i) => ({
          id: `t${i}`,
          label: `Term ${i}`,
          value: `params.v${i}`,
          when: `params.c${i}`,
          ...(groupOf(i) === undefined ? {} : { group: groupOf(i) }),
        })),
      }),
    ],
  })

  prop.prop([
    fc.array(fc.tuple(fc.boolean(), fc.integer({ min: -4, max: 4 })), {
      minLength: COUNT,
      maxLength: COUNT,
    }),
  ])(
    'the total is the sum of the applied terms, with one term per group chosen by its pick',
    (terms) => {
      const params = Object.fromEntries(
        terms.flatMap(([c, v], i) => [
          [`c${i}`, c],
          [`v${i}`, v],
        ]),
      )
      const result = ok(resolveModifiers(rules, ['mixed'], 'side', { params }))
      const expected = new Set<number>()
      for (const group of ['big', 'small', 'first']) {
        const members = terms
          .map((t, i) => ({ i, on: t[0], v: t[1] }))
          .filter((m) => m.on && groupOf(m.i) === group)
        if (members.length === 0) continue
        const pick =
          group === 'big'
            ? Math.max(...members.map((m) => m.v))
            : group === 'small'
              ? Math.min(...members.map((m) => m.v))
              : members[0]?.v
        expected.add((members.find((m) => m.v === pick) ?? members[0])?.i ?? -1)
      }
      terms.forEach(([on], i) => {
        if (on && groupOf(i) === undefined) expected.add(i)
      })
      const appliedIndexes = result.terms.filter((t) => t.applied).map((t) => Number(t.id.slice(1)))
      expect(new Set(appliedIndexes)).toEqual(expected)
      expect(result.total).toBe([...expected].reduce((sum, i) => sum + (terms[i]?.[1] ?? 0), 0))
    },
  )
})
