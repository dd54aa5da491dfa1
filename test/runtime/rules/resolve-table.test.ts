import { describe, expect, test } from 'vitest'
import { forcedSource, seededSource } from '../../../src/runtime/dice'
import type { DiceSource } from '../../../src/runtime/dice'
import { resolve, resolveWithRoll } from '../../../src/runtime/rules'
import type { ResolutionRecord } from '../../../src/runtime/rules'
import { rows, table } from './fixtures'
import {
  SHOCK_RESOLUTION,
  SHOCK_TABLE,
  WSM,
  attack,
  loadInfidel,
  participant,
} from './infidel-data'

const CHARGE_TABLE = table({
  ...SHOCK_TABLE,
  id: 'charge',
  label: 'Charge table',
  // Infidel Example of Combat: Disordered column 5 and 6 = Defender Eliminated + Continue Attack.
  rows: rows([undefined, 2, 'AD', 'AD'], [3, 4, 'DD', 'DR'], [5, undefined, 'DR', ['DE', 'CA']]),
})

const infidel = loadInfidel({
  tables: [WSM, SHOCK_TABLE, CHARGE_TABLE],
  resolutions: [
    SHOCK_RESOLUTION,
    {
      ...SHOCK_RESOLUTION,
      id: 'shock-or-charge',
      label: 'Shock or charge',
      table: {
        cases: [{ when: 'attack.charge', table: 'charge', rule: '13.4' }],
        default: 'shock',
      },
    },
    {
      ...SHOCK_RESOLUTION,
      id: 'shock-lone-artillery',
      label: 'Shock against lone artillery',
      automatic: [
        { when: "size(defenders) == 1 && defender.type == 'art'", result: ['DE'], rule: '12.5' },
      ],
    },
    {
      ...SHOCK_RESOLUTION,
      id: 'shock-by-status',
      label: 'Shock read by status',
      column: 'defender.status',
    },
  ],
})
const unit = (id: string, type: string, status: string, more: Record<string, unknown> = {}) =>
  participant(infidel, id, type, status, more)

function codes(record: ResolutionRecord): string[] {
  return record.codes.map((c) => c.code)
}

describe('table resolutions: the Infidel Example of Combat (001 p. 17)', () => {
  const pk1 = unit('pk-1', 'pk', 'normal')
  const pk2 = unit('pk-2', 'pk', 'disordered')
  const ma1 = unit('ma-1', 'ma', 'normal')

  test('MA 1 → PK 2, Shock, Disordered column: DR 6 + 1 = 7, Defender Retired', () => {
    const record = resolveWithRoll(infidel, 'shock', attack([ma1], pk2, [pk1, pk2]), [6])
    expect(record).toMatchObject({
      resolution: { id: 'shock', label: 'Shock', rule: '12.3', kind: 'table', context: 'attack' },
      status: 'resolved',
      table: { id: 'shock', label: 'Shock table', kind: 'roll' },
      column: { id: 'disordered', index: 1, base: { id: 'disordered' }, shift: 0, clamped: false },
      dice: { id: 'd10', notation: 'd10z', faces: [6], natural: 6 },
      roll: { natural: 6, modifiers: 1, modified: 7, final: 7 },
      row: { index: 3, band: { min: 7, max: 7 } },
      cell: 'DR',
      provenance: { level: 'table', provenance: { status: 'provisional' } },
      codes: [
        {
          code: 'DR',
          label: 'Defender Retired',
          effects: [{ type: 'status', event: 'retire', who: 'defender' }],
        },
      ],
      effects: [{ type: 'status', event: 'retire', who: 'defender' }],
    })
    expect(
      record.rollModifiers?.terms.filter((t) => t.applied).map((t) => [t.id, t.value]),
    ).toEqual([
      ['strength', -1],
      ['defense', 1],
      ['wsm', 1],
    ])
    expect(record.roll?.clamped).toBe(undefined)
  })

  test('MA 1 → PK 1, Shock, Normal column: DR 0 + 1 = 1, Attacker Disordered and Retreat 1 hex', () => {
    const record = resolveWithRoll(infidel, 'shock', attack([ma1], pk1, [pk1, pk2]), [0])
    expect(record.roll).toMatchObject({ natural: 0, modified: 1 })
    expect(codes(record)).toEqual(['AD', 'AR'])
    expect(record.effects.map((e) => e.type)).toEqual(['status', 'retreat'])
  })

  test('branch: MA 1 → PK 2 with DR 7 reads 8, Defender Eliminated + Continue Attack, from the open row 8+', () => {
    const record = resolveWithRoll(infidel, 'shock', attack([ma1], pk2, [pk1, pk2]), [7])
    expect(record.row).toEqual({ index: 4, band: { min: 8 } })
    expect(codes(record)).toEqual(['DE', 'CA'])
  })

  test('KN 1 charging MC 2 reads the Charge table by its case: DR 3 + 3 = 6, DE + CA', () => {
    const record = resolveWithRoll(
      infidel,
      'shock-or-charge',
      attack([unit('kn-1', 'kn', 'normal', { charging: true })], unit('mc-2', 'mc', 'disordered')),
      [3],
    )
    expect(record.table).toEqual({
      id: 'charge',
      label: 'Charge table',
      kind: 'roll',
      case: 0,
      caseRule: '13.4',
    })
    expect(record.roll).toMatchObject({ natural: 3, modifiers: 3, modified: 6 })
    expect(codes(record)).toEqual(['DE', 'CA'])
  })

  test('KN 3 shocking HC 3 reads the default Shock table: DR 3 + 0 = 3, Attacker Disordered', () => {
    const record = resolveWithRoll(
      infidel,
      'shock-or-charge',
      attack([unit('kn-3', 'kn', 'normal', { moved: true })], unit('hc-3', 'hc', 'normal')),
      [3],
    )
    expect(record.table).toEqual({ id: 'shock', label: 'Shock table', kind: 'roll' })
    expect(record.roll).toMatchObject({ modifiers: 0, modified: 3 })
    expect(codes(record)).toEqual(['AD'])
  })

  test('an automatic case gives its result without rolling (B&R 12.5)', () => {
    const dice = forcedSource([5])
    const { record, dice: after } = resolve(
      infidel,
      'shock-lone-artillery',
      attack([ma1], unit('art', 'art', 'normal')),
      dice,
    )
    expect(record).toMatchObject({
      status: 'automatic',
      automatic: { index: 0, rule: '12.5' },
      codes: [{ code: 'DE' }],
    })
    expect(record.dice).toBe(undefined)
    expect(after).toBe(dice)
    expect(resolveWithRoll(infidel, 'shock-lone-artillery', attack([ma1], pk1), [6]).status).toBe(
      'resolved',
    )
  })

  test('an expression that fails at play time gives an error record, not an exception', () => {
    const retired = unit('pk-r', 'pk', 'retired')
    const { record, dice } = resolve(
      infidel,
      'shock-by-status',
      attack([ma1], retired),
      forcedSource([4]),
    )
    expect(record.status).toBe('error')
    expect(record.message).toBe(
      'resolution "shock-by-status", column: Shock table has no column "retired"',
    )
    expect(record.codes).toEqual([])
    expect(dice).toEqual(forcedSource([4]))
  })

  test('forced dice that run out give an error record', () => {
    const { record } = resolve(infidel, 'shock', attack([ma1], pk1), forcedSource([]))
    expect(record.status).toBe('error')
    expect(record.message).toContain('forced dice ran out')
    expect(resolveWithRoll(infidel, 'shock', attack([ma1], pk1), [1, 2]).message).toContain(
      'needs 1 face, got 2',
    )
  })
})

describe('determinism', () => {
  const variables = attack([unit('ma-1', 'ma', 'normal')], unit('pk-1', 'pk', 'normal'))

  test('the same dice source gives the same record and the same next source', () => {
    const first = resolve(infidel, 'shock', variables, seededSource(2024))
    const second = resolve(infidel, 'shock', variables, seededSource(2024))
    expect(second).toEqual(first)
    expect(first.dice).not.toEqual(seededSource(2024))
  })

  test('threading the source through successive resolutions replays identically', () => {
    const run = () => {
      let dice: DiceSource = seededSource(7)
      const rolls: number[] = []
      for (let i = 0; i < 20; i++) {
        const next = resolve(infidel, 'shock', variables, dice)
        rolls.push(next.record.dice?.natural ?? -1)
        dice = next.dice
      }
      return rolls
    }
    expect(run()).toEqual(run())
    expect(new Set(run()).size).toBeGreaterThan(3)
  })
})
