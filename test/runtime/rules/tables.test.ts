import { fc, test as prop } from '@fast-check/vitest'
import { describe, expect, test } from 'vitest'
import type {
  DifferentialTable,
  MatrixTable,
  OddsTable,
  RangeBandsTable,
  RollTable,
} from '../../../src/runtime/generated/content-types'
import {
  differentialColumn,
  lookupMatrix,
  lookupRoll,
  oddsColumn,
  rangeBand,
} from '../../../src/runtime/rules'
import { crtVsFoot, fireVsFoot } from './croisades-data'
import { rows, table } from './fixtures'

/** A Men of Iron style shock table: open rows "0 or less" and "9+". */
const shock = table({
  id: 'shock',
  label: 'Shock table',
  kind: 'roll',
  dice: 'd10',
  results: 'shock-results',
  columns: [{ id: 'normal' }, { id: 'disordered' }],
  rows: rows(
    [undefined, 0, 'AD', 'AD'],
    [1, 3, 'AD', '-'],
    [4, 6, '-', 'DD'],
    [7, 8, 'DD', 'DR'],
    [9, undefined, 'DR', 'DE'],
  ),
  provenance: { status: 'provisional' },
}) as RollTable

describe('roll tables', () => {
  test('open-ended rows catch every roll beyond them (Men of Iron 12.3, shock table)', () => {
    const low = lookupRoll(shock, { roll: -4, column: 'normal' })
    expect(low).toMatchObject({ ok: true, cell: 'AD', rowIndex: 0, band: { max: 0 }, roll: -4 })
    expect(low.ok && low.clampedRoll).toBe(undefined)
    const high = lookupRoll(shock, { roll: 14, column: 'disordered' })
    expect(high).toMatchObject({
      ok: true,
      cell: 'DE',
      rowIndex: 4,
      band: { min: 9 },
      columnId: 'disordered',
      columnIndex: 1,
    })
  })

  test('a row inside the table, with the provenance of the table', () => {
    expect(lookupRoll(shock, { roll: 5, column: 'disordered' })).toMatchObject({
      ok: true,
      cell: 'DD',
      rowIndex: 2,
      band: { min: 4, max: 6 },
      provenance: { level: 'table', provenance: { status: 'provisional' } },
    })
  })

  test('the armoured defender +1 cannot take the roll past 10: 10+1 = 10 (Croisades B.1.73)', () => {
    const crt = crtVsFoot()
    const found = lookupRoll(crt, { roll: 11, column: '4-1' })
    expect(found).toMatchObject({
      ok: true,
      cell: 'B',
      rowIndex: 9,
      roll: 10,
      clampedRoll: { from: 11, to: 10 },
    })
    expect(found.ok && found.clampedRoll?.note).toContain('limits the roll to 10 or less')
  })

  test('a roll beyond every band with no open end reads the nearest row and says so', () => {
    const crt = crtVsFoot({ clamp: undefined })
    const found = lookupRoll(crt, { roll: 0, column: '1-1' })
    expect(found).toMatchObject({
      ok: true,
      cell: 'D',
      rowIndex: 0,
      roll: 1,
      clampedRoll: { from: 0, to: 1 },
    })
    expect(found.ok && found.clampedRoll?.note).toContain('nearest row')
  })

  test('cell and row provenance are more specific than the table', () => {
    const t = table({
      ...shock,
      rows: [
        {
          roll: { max: 4 },
          cells: ['AD', '-'],
          provenance: { status: 'derived' },
          cellProvenance: { normal: { status: 'text', section: '12.3' } },
        },
        { roll: { min: 5 }, cells: ['DD', 'DE'] },
      ],
    }) as RollTable
    expect(lookupRoll(t, { roll: 1, column: 'normal' })).toMatchObject({
      provenance: { level: 'cell', provenance: { section: '12.3' } },
    })
    expect(lookupRoll(t, { roll: 1, column: 'disordered' })).toMatchObject({
      provenance: { level: 'row' },
    })
  })

  test('several roll scales: each weapon group reads its own band (Croisades T-CH-11)', () => {
    const fire = fireVsFoot()
    // Crossbow 1 is printed beside Ballista 3; shortbow 6+ beside Ballista 10.
    expect(lookupRoll(fire, { roll: 1, column: 'none', scale: 'crossbow-dagger' })).toMatchObject({
      cell: 'C',
      rowIndex: 2,
    })
    expect(lookupRoll(fire, { roll: 6, column: 'light', scale: 'shortbow-javelin' })).toMatchObject(
      { cell: '-', rowIndex: 9 },
    )
    expect(lookupRoll(fire, { roll: 4, column: 'medium', scale: 'longbow-sling' })).toMatchObject({
      cell: 'A',
      rowIndex: 6,
    })
    expect(lookupRoll(fire, { roll: 4, column: 'none' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('say which one'),
    })
    expect(lookupRoll(fire, { roll: 4, column: 'none', scale: 'crossbow' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('no roll scale "crossbow"'),
    })
  })

  test('an unknown column is refused with a suggestion', () => {
    expect(lookupRoll(shock, { roll: 4, column: 'disorderd' })).toEqual({
      ok: false,
      error: 'Shock table has no column "disorderd" — did you mean "disordered"?',
    })
  })
})

describe('odds tables', () => {
  const crt = crtVsFoot()

  test("8 against 3 is 2:1, rounded in the defender's favour (Croisades B.1.7)", () => {
    const odds = oddsColumn(crt, 8, 3)
    expect(odds).toMatchObject({
      ok: true,
      attack: 8,
      defense: 3,
      base: { id: '2-1', index: 1 },
      final: { id: '2-1' },
      shift: 0,
      clamped: false,
    })
    expect(odds.ok && odds.ratio).toBeCloseTo(8 / 3)
  })

  test('exact ratios land on their own column: 9 against 3 is 3:1', () => {
    expect(oddsColumn(crt, 9, 3)).toMatchObject({ ok: true, base: { id: '3-1' } })
  })

  test('odds below 1:1 are not allowed, and shifts cannot make them legal (B.1.7)', () => {
    const odds = oddsColumn(crt, 2, 3, 3)
    expect(odds).toMatchObject({ ok: false, reason: 'forbidden', attack: 2, defense: 3 })
    expect(!odds.ok && odds.message).toBe(
      'the attack is not allowed: odds of 2:3 (0.67:1) are below the lowest column 1:1 of Combat results against foot',
    )
  })

  test('column shifts +1 and −2 apply after rounding (T-CH-12)', () => {
    expect(oddsColumn(crt, 8, 3, 1)).toMatchObject({
      base: { id: '2-1' },
      shift: 1,
      final: { id: '3-1' },
      clamped: false,
    })
    expect(oddsColumn(crt, 16, 3, -2)).toMatchObject({
      base: { id: '5-1' },
      shift: -2,
      final: { id: '3-1' },
      clamped: false,
    })
  })

  test('shifts stop at 12:1+ and at 1:1, and say so', () => {
    expect(oddsColumn(crt, 40, 3, 2)).toMatchObject({
      base: { id: '12-1', label: '12:1+' },
      final: { id: '12-1' },
      clamped: true,
    })
    expect(oddsColumn(crt, 5, 4, -2)).toMatchObject({
      base: { id: '1-1' },
      final: { id: '1-1', index: 0 },
      clamped: true,
    })
  })

  test('a defender of strength 0 gives the highest column; nothing against nothing is invalid', () => {
    expect(oddsColumn(crt, 3, 0)).toMatchObject({ ok: true, base: { id: '12-1' } })
    expect(oddsColumn(crt, 0, 0)).toMatchObject({ ok: false, reason: 'invalid' })
  })

  test('belowLowest: lowest reads the first column and records it', () => {
    const lenient = crtVsFoot({ belowLowest: 'lowest' })
    expect(oddsColumn(lenient, 1, 2)).toMatchObject({
      ok: true,
      base: { id: '1-1' },
      belowLowest: true,
    })
  })

  test('attacker and nearest rounding', () => {
    const ratios = table({
      ...crtVsFoot(),
      columns: [
        { id: '1-2', attack: 1, defense: 2 },
        { id: '1-1', attack: 1, defense: 1 },
        { id: '3-2', attack: 3, defense: 2 },
        { id: '2-1', attack: 2, defense: 1 },
      ],
      rows: [{ roll: { min: 1 }, cells: ['-', '-', '-', '-'] }],
    }) as OddsTable
    expect(oddsColumn({ ...ratios, rounding: 'attacker' }, 5, 4)).toMatchObject({
      base: { id: '3-2' },
    })
    expect(oddsColumn({ ...ratios, rounding: 'attacker' }, 9, 2)).toMatchObject({
      base: { id: '2-1' },
    })
    expect(oddsColumn({ ...ratios, rounding: 'nearest' }, 5, 4)).toMatchObject({
      base: { id: '1-1' },
    })
    expect(oddsColumn({ ...ratios, rounding: 'nearest' }, 9, 5)).toMatchObject({
      base: { id: '2-1' },
    })
    // 7:4 is exactly between 3:2 and 2:1: the tie goes to the defender.
    expect(oddsColumn({ ...ratios, rounding: 'nearest' }, 7, 4)).toMatchObject({
      base: { id: '3-2' },
    })
  })

  prop.prop([
    fc.integer({ min: 0, max: 60 }),
    fc.integer({ min: 1, max: 20 }),
    fc.integer({ min: -3, max: 3 }),
  ])(
    'defender rounding of whole-number odds is floor(attack / defense), shifted and clamped',
    (attack, defense, shift) => {
      const odds = oddsColumn(crt, attack, defense, shift)
      const whole = Math.floor(attack / defense)
      if (whole < 1) {
        expect(odds).toMatchObject({ ok: false, reason: 'forbidden' })
        return
      }
      const base = Math.min(whole, 12) - 1
      const final = Math.min(Math.max(base + shift, 0), 11)
      expect(odds).toMatchObject({
        ok: true,
        base: { index: base },
        final: { index: final },
        clamped: final !== base + shift,
      })
    },
  )
})

describe('differential tables', () => {
  const diff = table({
    id: 'diff',
    label: 'Differential table',
    kind: 'differential',
    dice: 'd6',
    input: 'attack strength minus defence strength',
    columns: [
      { id: 'm2', label: '-2 or less', band: { max: -2 } },
      { id: 'm1', label: '-1 to 0', band: { min: -1, max: 0 } },
      { id: 'p1', label: '+1 to +2', band: { min: 1, max: 2 } },
      { id: 'p3', label: '+3 or more', band: { min: 3 } },
    ],
    rows: rows([undefined, undefined, '-', '-', '-', '-']),
  }) as DifferentialTable

  test('bands with open ends, then shifts clamped at the ends', () => {
    expect(differentialColumn(diff, -7)).toMatchObject({
      ok: true,
      base: { id: 'm2' },
      final: { id: 'm2' },
    })
    expect(differentialColumn(diff, 0)).toMatchObject({ base: { id: 'm1' } })
    expect(differentialColumn(diff, 12, 0)).toMatchObject({ base: { id: 'p3' } })
    expect(differentialColumn(diff, 1, 1)).toMatchObject({
      base: { id: 'p1' },
      final: { id: 'p3' },
      clamped: false,
    })
    expect(differentialColumn(diff, 1, 5)).toMatchObject({ final: { id: 'p3' }, clamped: true })
  })

  test('a value beyond closed bands reads the nearest column and says so', () => {
    const closed = {
      ...diff,
      columns: [
        { id: 'a', band: { min: 0, max: 2 } },
        { id: 'b', band: { min: 3, max: 5 } },
      ],
    } as DifferentialTable
    expect(differentialColumn(closed, 9)).toMatchObject({
      ok: true,
      base: { id: 'b' },
      beyond: { from: 9, to: 5 },
    })
  })
})

describe('matrices', () => {
  /** Infidel Weapons System Matrix, the values the text gives (Men of Iron T1). */
  const wsm = table({
    id: 'wsm',
    label: 'Weapons System Matrix',
    kind: 'matrix',
    rowAxis: { of: 'unitType', label: 'Attacker' },
    columnAxis: { of: 'unitType', label: 'Defender' },
    cells: { kn: { pk: 2, mc: 2, hc: 1 }, ma: { pk: 1 }, mc: { pk: 0, kn: -1 }, a: { pk: null } },
    rowAliases: { 'mc-a': 'mc' },
    cellProvenance: { 'kn/pk': { status: 'text', section: '001 Example of Combat' } },
  }) as MatrixTable

  test('a cell, with its provenance', () => {
    expect(lookupMatrix(wsm, 'kn', 'pk')).toEqual({
      ok: true,
      value: 2,
      row: 'kn',
      column: 'pk',
      fromDefault: false,
      provenance: { status: 'text', section: '001 Example of Combat' },
    })
  })

  test('MC/A uses the MC row (Infidel play note)', () => {
    expect(lookupMatrix(wsm, 'mc-a', 'kn')).toMatchObject({
      ok: true,
      value: -1,
      row: 'mc',
      rowAlias: { from: 'mc-a', to: 'mc' },
    })
  })

  test('null means the pairing is not allowed; a missing cell is an error without a default', () => {
    expect(lookupMatrix(wsm, 'a', 'pk')).toMatchObject({
      ok: false,
      reason: 'not-allowed',
      message: 'Weapons System Matrix: Attacker "a" against Defender "pk" is not allowed',
    })
    expect(lookupMatrix(wsm, 'ma', 'hc')).toMatchObject({
      ok: false,
      reason: 'missing',
      message: 'Weapons System Matrix has no entry for Attacker "ma" against Defender "hc"',
    })
    expect(lookupMatrix({ ...wsm, default: 0 }, 'ma', 'hc')).toMatchObject({
      ok: true,
      value: 0,
      fromDefault: true,
    })
    expect(lookupMatrix({ ...wsm, default: null }, 'ma', 'hc')).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    })
  })
})

describe('range bands', () => {
  /** Croisades T-CH-8, crossbow: short 1–25 (+0), medium 26–55 (+1), long 56–90 (+2). */
  const ranges = table({
    id: 'ranges',
    label: 'Missile ranges',
    kind: 'range-bands',
    axis: { of: 'weapon', label: 'Weapon' },
    entries: [
      {
        id: 'crossbow',
        label: 'Crossbow',
        bands: [
          { id: 'short', min: 1, max: 25, value: 0 },
          { id: 'medium', min: 26, max: 55, value: 1 },
          { id: 'long', min: 56, max: 90, value: 2 },
        ],
      },
    ],
  }) as RangeBandsTable

  test('the band at a distance, and out of range beyond the last', () => {
    expect(rangeBand(ranges, 'crossbow', 25)).toMatchObject({
      ok: true,
      index: 0,
      value: 0,
      band: { id: 'short' },
    })
    expect(rangeBand(ranges, 'crossbow', 26)).toMatchObject({ ok: true, index: 1, value: 1 })
    expect(rangeBand(ranges, 'crossbow', 90)).toMatchObject({ ok: true, value: 2 })
    expect(rangeBand(ranges, 'crossbow', 91)).toEqual({
      ok: false,
      reason: 'out-of-range',
      maxRange: 90,
      message: 'Crossbow is out of range at 91 (longest range 90)',
    })
    expect(rangeBand(ranges, 'crosbow', 3)).toMatchObject({
      ok: false,
      reason: 'unknown-entry',
      message: expect.stringContaining('did you mean "crossbow"'),
    })
  })
})
