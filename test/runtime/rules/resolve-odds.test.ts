import { describe, expect, test } from 'vitest'
import { forcedSource } from '../../../src/runtime/dice'
import { resolve, resolutionDistribution, resolveWithRoll } from '../../../src/runtime/rules'
import { loadCroisades } from './croisades-data'
import { attack } from './infidel-data'

const croisades = loadCroisades()

const fighter = (attackValue: number, defense: number, armoured = false) => ({
  ratings: { attack: attackValue, defense },
  flags: { armoured, mounted: false },
  status: 'healthy',
})

describe('odds resolutions (Croisades B.1.7)', () => {
  test('8 against 3 is read on 2:1', () => {
    const record = resolveWithRoll(
      croisades,
      'melee-vs-foot',
      attack([fighter(8, 1)], fighter(1, 3)),
      [4],
    )
    expect(record.odds).toMatchObject({
      ok: true,
      attack: 8,
      defense: 3,
      base: { id: '2-1' },
      final: { id: '2-1' },
    })
    expect(record.column).toMatchObject({ id: '2-1', label: '2:1', shift: 0 })
    expect(record.cell).toBe('C')
    expect(record.provenance).toEqual({
      level: 'table',
      provenance: { status: 'text', section: 'T-CH-14' },
    })
  })

  test('a joint attack shifts one column right (B.1.72)', () => {
    const record = resolveWithRoll(
      croisades,
      'melee-vs-foot',
      attack([fighter(5, 1), fighter(3, 1)], fighter(1, 3)),
      [4],
    )
    expect(record.columnShifts?.total).toBe(1)
    expect(record.column).toMatchObject({
      id: '3-1',
      base: { id: '2-1' },
      shift: 1,
      clamped: false,
    })
    expect(record.cell).toBe('C')
  })

  test('against an armoured defender 10 + 1 stays 10 (B.1.73)', () => {
    const record = resolveWithRoll(
      croisades,
      'melee-vs-foot',
      attack([fighter(12, 1)], fighter(1, 3, true)),
      [10],
    )
    expect(record.roll).toEqual({
      natural: 10,
      modifiers: 1,
      modified: 11,
      final: 10,
      clamped: { from: 11, to: 10, note: 'the table limits the roll to 10 or less' },
    })
    expect(record.column?.id).toBe('4-1')
    expect(record.codes).toMatchObject([{ code: 'B', label: 'Attacker falls back' }])
  })

  test('odds below 1:1: the attack is not allowed and no die is rolled', () => {
    const dice = forcedSource([3])
    const { record, dice: after } = resolve(
      croisades,
      'melee-vs-foot',
      attack([fighter(2, 1)], fighter(1, 3)),
      dice,
    )
    expect(record.status).toBe('not-allowed')
    expect(record.message).toContain('the attack is not allowed: odds of 2:3')
    expect(record.odds).toMatchObject({ ok: false, reason: 'forbidden' })
    expect(after).toBe(dice)
    expect(
      resolutionDistribution(croisades, 'melee-vs-foot', attack([fighter(2, 1)], fighter(1, 3)))
        .outcomes,
    ).toMatchObject([{ key: 'not allowed', probability: 1 }])
  })
})

describe('result codes with cases (Croisades T-CH-11 legend)', () => {
  const fire = (mode: string) => ({
    firer: { status: 'healthy' },
    target: { hex: { attributes: { cover: 'light' } } },
    range: 30,
    fire: { mode, weapon: 'crossbow', weaponGroup: 'crossbow-dagger' },
  })

  test('crossbow at 30 hexes (medium, +1), target in light cover: 3 + 1 = 4 reads B', () => {
    const record = resolveWithRoll(croisades, 'fire-vs-foot', fire('offensive'), [3])
    expect(record.scale).toBe('crossbow-dagger')
    expect(record.rollModifiers?.terms.find((t) => t.id === 'range')).toMatchObject({
      applied: true,
      value: 1,
    })
    expect(record.row?.index).toBe(5)
    expect(record.codes).toEqual([
      {
        code: 'B',
        label: 'Target wounded',
        effects: [{ type: 'status', event: 'wound', who: 'target' }],
      },
    ])
  })

  test('in defensive fire the same code also halves the movement left', () => {
    const record = resolveWithRoll(croisades, 'fire-vs-foot', fire('defensive'), [3])
    expect(record.codes[0]).toMatchObject({ code: 'B', case: { index: 0 } })
    expect(record.effects.map((e) => e.type)).toEqual(['status', 'movement-loss'])
  })

  test('out of range: the host function failure becomes an error record', () => {
    const record = resolveWithRoll(
      croisades,
      'fire-vs-foot',
      { ...fire('offensive'), range: 120 },
      [3],
    )
    expect(record.status).toBe('error')
    expect(record.error?.where).toBe('modifier list "fire-drm", term "range", value')
    expect(record.message).toContain('crossbow is out of range at 120 (longest range 90)')
  })
})
