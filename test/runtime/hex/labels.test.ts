import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import type { GridSpec, NumberingScheme, Offset } from '../../../src/runtime/hex'
import {
  checkSchemeFits,
  columnFromLetters,
  columnLetters,
  cubeToOffset,
  formatLabel,
  neighbors,
  offsetToCube,
  parseLabel,
} from '../../../src/runtime/hex'
import { gridArb } from './arbitraries'

// Men of Iron Tri-Pack maps print four-digit CCRR hex numbers starting at 0101.
const ccrr: NumberingScheme = {
  scheme: 'numeric',
  columnDigits: 2,
  rowDigits: 2,
  firstColumn: 1,
  firstRow: 1,
}
// Cry Havoc family maps (Croisades B.1.11): column letters along the top, rows counted down from 1.
const letterRow: NumberingScheme = { scheme: 'letter-row', firstRow: 1 }

function ok(offset: Offset) {
  return { ok: true, offset }
}

describe('numeric hex numbers', () => {
  it('reads and writes CCRR numbers (MoI "3220" = column 32, row 20)', () => {
    expect(formatLabel(ccrr, { col: 0, row: 0 })).toBe('0101')
    expect(parseLabel(ccrr, '0101')).toEqual(ok({ col: 0, row: 0 }))
    expect(formatLabel(ccrr, { col: 31, row: 19 })).toBe('3220')
    expect(parseLabel(ccrr, '3220')).toEqual(ok({ col: 31, row: 19 }))
    expect(parseLabel(ccrr, ' 3220 ')).toEqual(ok({ col: 31, row: 19 }))
  })

  it('numbers from 00 when the map says so, and supports other digit counts', () => {
    const zero: NumberingScheme = {
      scheme: 'numeric',
      columnDigits: 2,
      rowDigits: 2,
      firstColumn: 0,
      firstRow: 0,
    }
    expect(formatLabel(zero, { col: 0, row: 0 })).toBe('0000')
    expect(parseLabel(zero, '0512')).toEqual(ok({ col: 5, row: 12 }))
    const six: NumberingScheme = {
      scheme: 'numeric',
      columnDigits: 3,
      rowDigits: 3,
      firstColumn: 1,
      firstRow: 1,
    }
    expect(formatLabel(six, { col: 998, row: 998 })).toBe('999999')
    expect(parseLabel(six, '010007')).toEqual(ok({ col: 9, row: 6 }))
  })

  it('explains labels that are not hex numbers', () => {
    expect(parseLabel(ccrr, '32x0')).toEqual({
      ok: false,
      message: '"32x0" is not a hex number: expected 4 digits like "0312"',
    })
    expect(parseLabel(ccrr, '322')).toEqual({
      ok: false,
      message: '"322" is not a hex number: expected 4 digits like "0312"',
    })
    expect(parseLabel(ccrr, '')).toMatchObject({ ok: false })
    expect(parseLabel(ccrr, '0015')).toEqual({
      ok: false,
      message: '"0015": column 00 comes before the first column, 01',
    })
    expect(parseLabel(ccrr, '1500')).toEqual({
      ok: false,
      message: '"1500": row 00 comes before the first row, 01',
    })
  })

  it('rejects numbers off the map when given the grid', () => {
    const grid: GridSpec = { orientation: 'flat', offset: 'even', columns: 40, rows: 22 }
    expect(parseLabel(ccrr, '4022', grid)).toEqual(ok({ col: 39, row: 21 }))
    expect(parseLabel(ccrr, '4122', grid)).toEqual({
      ok: false,
      message: '"4122": column 41 is past the last column of the map, 40',
    })
    expect(parseLabel(ccrr, '4023', grid)).toEqual({
      ok: false,
      message: '"4023": row 23 is past the last row of the map, 22',
    })
  })

  it('refuses to write a hex the scheme cannot number', () => {
    expect(() => formatLabel(ccrr, { col: 99, row: 0 })).toThrow(RangeError)
    expect(() => formatLabel(ccrr, { col: -1, row: 0 })).toThrow(RangeError)
    expect(() => formatLabel({ ...ccrr, columnDigits: 0 }, { col: 0, row: 0 })).toThrow(
      /1 to 6 column digits/,
    )
  })
})

describe('letter-row labels', () => {
  it('reads and writes A1, Y15 and AA3', () => {
    expect(formatLabel(letterRow, { col: 0, row: 0 })).toBe('A1')
    expect(parseLabel(letterRow, 'A1')).toEqual(ok({ col: 0, row: 0 }))
    expect(formatLabel(letterRow, { col: 24, row: 14 })).toBe('Y15')
    expect(parseLabel(letterRow, 'Y15')).toEqual(ok({ col: 24, row: 14 }))
    expect(formatLabel(letterRow, { col: 26, row: 2 })).toBe('AA3')
    expect(parseLabel(letterRow, 'AA3')).toEqual(ok({ col: 26, row: 2 }))
    expect(parseLabel(letterRow, 'y15')).toEqual(ok({ col: 24, row: 14 }))
  })

  it('counts columns in bijective base 26', () => {
    const cases: [number, string][] = [
      [0, 'A'],
      [25, 'Z'],
      [26, 'AA'],
      [27, 'AB'],
      [51, 'AZ'],
      [52, 'BA'],
      [701, 'ZZ'],
      [702, 'AAA'],
      [998, 'ALK'],
    ]
    for (const [index, letters] of cases) {
      expect(columnLetters(index)).toBe(letters)
      expect(columnFromLetters(letters)).toBe(index)
    }
  })

  it('explains labels it cannot read', () => {
    expect(parseLabel(letterRow, '15Y')).toEqual({
      ok: false,
      message: '"15Y" is not a hex label: expected column letters then a row number, like "C12"',
    })
    expect(parseLabel(letterRow, 'A01')).toEqual({
      ok: false,
      message: '"A01": write the row number without leading zeros ("A1")',
    })
    expect(parseLabel(letterRow, 'A0')).toEqual({
      ok: false,
      message: '"A0": row 0 comes before the first row, 1',
    })
    const grid: GridSpec = { orientation: 'pointy', offset: 'odd', columns: 25, rows: 20 }
    expect(parseLabel(letterRow, 'Z1', grid)).toEqual({
      ok: false,
      message: '"Z1": column Z is past the last column of the map, Y',
    })
    expect(parseLabel(letterRow, 'B21', grid)).toEqual({
      ok: false,
      message: '"B21": row 21 is past the last row of the map, 20',
    })
    expect(parseLabel(letterRow, 'ABCDEFGH1').ok).toBe(false)
  })
})

describe('labels of neighbours in both orientations', () => {
  it('flat-top odd-q: the six hexes around 0202 (a shoved column)', () => {
    const layout = { orientation: 'flat', offset: 'odd' } as const
    const h = offsetToCube((parseLabel(ccrr, '0202') as { offset: Offset }).offset, layout)
    const labels = neighbors(h, 'flat').map((n) => formatLabel(ccrr, cubeToOffset(n, layout)))
    expect(labels).toEqual(['0201', '0302', '0303', '0203', '0103', '0102'])
  })

  it('flat-top even-q: the six hexes around 0202 (an unshoved column)', () => {
    const layout = { orientation: 'flat', offset: 'even' } as const
    const h = offsetToCube((parseLabel(ccrr, '0202') as { offset: Offset }).offset, layout)
    const labels = neighbors(h, 'flat').map((n) => formatLabel(ccrr, cubeToOffset(n, layout)))
    expect(labels).toEqual(['0201', '0301', '0302', '0203', '0102', '0101'])
  })

  it('pointy-top odd-r: the six hexes around B2 (a shoved row)', () => {
    const layout = { orientation: 'pointy', offset: 'odd' } as const
    const h = offsetToCube((parseLabel(letterRow, 'B2') as { offset: Offset }).offset, layout)
    const labels = neighbors(h, 'pointy').map((n) =>
      formatLabel(letterRow, cubeToOffset(n, layout)),
    )
    expect(labels).toEqual(['C1', 'C2', 'C3', 'B3', 'A2', 'B1'])
  })

  it('pointy-top even-r: the six hexes around B2 (an unshoved row)', () => {
    const layout = { orientation: 'pointy', offset: 'even' } as const
    const h = offsetToCube((parseLabel(letterRow, 'B2') as { offset: Offset }).offset, layout)
    const labels = neighbors(h, 'pointy').map((n) =>
      formatLabel(letterRow, cubeToOffset(n, layout)),
    )
    expect(labels).toEqual(['B1', 'C2', 'B3', 'A3', 'A2', 'A1'])
  })
})

describe('checkSchemeFits', () => {
  const grid = (columns: number, rows: number): GridSpec => ({
    orientation: 'flat',
    offset: 'odd',
    columns,
    rows,
  })

  it('accepts schemes with enough digits', () => {
    expect(checkSchemeFits(ccrr, grid(99, 99))).toBeNull()
    expect(checkSchemeFits({ ...ccrr, firstColumn: 0, firstRow: 0 }, grid(100, 100))).toBeNull()
    expect(checkSchemeFits(letterRow, grid(999, 999))).toBeNull()
  })

  it('detects numbers too wide for their digits', () => {
    expect(checkSchemeFits(ccrr, grid(100, 10))).toBe(
      'the map has 100 columns, numbered 01 to 100, but hex numbers have only 2 column digits (at most 99)',
    )
    expect(checkSchemeFits({ ...ccrr, rowDigits: 1 }, grid(10, 10))).toBe(
      'the map has 10 rows, numbered 1 to 10, but hex numbers have only 1 row digit (at most 9)',
    )
  })

  it('detects broken schemes', () => {
    expect(checkSchemeFits({ ...ccrr, firstColumn: -1 }, grid(5, 5))).toMatch(/first column/)
    expect(checkSchemeFits({ scheme: 'letter-row', firstRow: 0.5 }, grid(5, 5))).toMatch(
      /first row/,
    )
    expect(checkSchemeFits({ ...ccrr, rowDigits: 7 }, grid(5, 5))).toMatch(/1 to 6 row digits/)
  })
})

const schemeFor = (g: GridSpec): fc.Arbitrary<NumberingScheme> =>
  fc.oneof(
    fc.record({
      scheme: fc.constant('letter-row' as const),
      firstRow: fc.integer({ min: 0, max: 5 }),
    }),
    fc
      .record({
        firstColumn: fc.integer({ min: 0, max: 5 }),
        firstRow: fc.integer({ min: 0, max: 5 }),
        extraColumnDigits: fc.integer({ min: -1, max: 1 }),
        extraRowDigits: fc.integer({ min: -1, max: 1 }),
      })
      .map(({ firstColumn, firstRow, extraColumnDigits, extraRowDigits }) => ({
        scheme: 'numeric' as const,
        firstColumn,
        firstRow,
        // Around the digits the grid needs, so some schemes are too narrow.
        columnDigits: Math.max(1, String(firstColumn + g.columns - 1).length + extraColumnDigits),
        rowDigits: Math.max(1, String(firstRow + g.rows - 1).length + extraRowDigits),
      })),
  )

const gridAndScheme = gridArb().chain((g) =>
  fc.tuple(fc.constant(g), schemeFor(g), fc.nat(), fc.nat()),
)

describe('label round trip', () => {
  test.prop([gridAndScheme])(
    'every hex of a grid its scheme fits round-trips through its label',
    ([g, scheme, a, b]) => {
      const fits = checkSchemeFits(scheme, g) === null
      const samples: Offset[] = [
        { col: 0, row: 0 },
        { col: g.columns - 1, row: g.rows - 1 },
        { col: a % g.columns, row: b % g.rows },
      ]
      for (const o of samples) {
        if (fits) {
          const label = formatLabel(scheme, o)
          expect(parseLabel(scheme, label, g)).toEqual({ ok: true, offset: o })
        }
      }
      if (!fits)
        expect(() => formatLabel(scheme, { col: g.columns - 1, row: g.rows - 1 })).toThrow(
          RangeError,
        )
    },
  )

  it('gives distinct labels to every hex of a 999×999 map', () => {
    const g: GridSpec = { orientation: 'pointy', offset: 'even', columns: 999, rows: 999 }
    for (const scheme of [
      letterRow,
      { ...ccrr, columnDigits: 3, rowDigits: 3 },
    ] satisfies NumberingScheme[]) {
      expect(checkSchemeFits(scheme, g)).toBeNull()
      const seen = new Set<string>()
      let failures = 0
      for (let col = 0; col < g.columns; col += 7) {
        for (let row = 0; row < g.rows; row++) {
          const label = formatLabel(scheme, { col, row })
          seen.add(label)
          const back = parseLabel(scheme, label, g)
          if (!back.ok || back.offset.col !== col || back.offset.row !== row) failures++
        }
      }
      expect(failures).toBe(0)
      expect(seen.size).toBe(Math.ceil(999 / 7) * 999)
    }
  })
})
