/**
 * Hand-worked hex labels, neighbours and distances for both numbering schemes on both
 * orientations and both offset parities. Nothing here is computed from the runtime's own
 * formulas: every expected value was worked out on paper as follows.
 *
 * - Labels: CCRR "0305" is printed column 03, row 05, i.e. 0-based {col: 2, row: 4} since
 *   Men of Iron maps start at 0101; letter-row "C5" is column C (0-based 2), row 5 (0-based
 *   4), so 0305 and C5 name the same hex. A→0, B→1, …, Y→24, Z→25, AA→26.
 * - Neighbours: Red Blob Games' offset-coordinate neighbour tables
 *   (https://www.redblobgames.com/grids/hexagons/#neighbors-offset), which depend on whether
 *   the 0-based column (flat-top) or row (pointy-top) is "shoved" half a hex. odd-q / odd-r
 *   shove odd 0-based columns / rows, even-q / even-r shove even ones. For flat-top, a
 *   hex in a shoved column has its NE/SE neighbours at rows r / r+1 of the next column and
 *   NW/SW at r / r+1 of the previous one; in an unshoved column they are at r−1 / r. For
 *   pointy-top, a hex in a shoved row has NE/SE at columns c+1 of the rows above/below and
 *   NW/SW at column c; in an unshoved row NE/SE are at column c and NW/SW at c−1.
 *   Every table was checked both ways (if B is A's NE, A is B's SW).
 * - Distances: labels converted by hand to axial (flat odd-q: r = row − (col − col%2)/2,
 *   even-q: r = row − (col + col%2)/2; pointy odd-r: q = col − (row − row%2)/2, even-r:
 *   q = col − (row + row%2)/2) and distance = max(|Δq|, |Δr|, |Δs|), then confirmed by
 *   walking the path hex by hex on the neighbour tables above (noted per case).
 */
import { describe, expect, it } from 'vitest'
import type { Cube, GridSpec, NumberingScheme, OffsetParity } from '../../../src/runtime/hex'
import {
  createGridIndex,
  cubeInBounds,
  cubeToOffset,
  denseIndex,
  distance,
  formatLabel,
  neighborIndices,
  neighbors,
  offsetToCube,
  parseLabel,
  sideToward,
} from '../../../src/runtime/hex'

const ccrr: NumberingScheme = {
  scheme: 'numeric',
  columnDigits: 2,
  rowDigits: 2,
  firstColumn: 1,
  firstRow: 1,
}
const letterRow: NumberingScheme = { scheme: 'letter-row', firstRow: 1 }

/** 30 × 30 maps: big enough for every hex below (AA is column 27). */
function grid(orientation: 'flat' | 'pointy', offset: OffsetParity): GridSpec {
  return { orientation, offset, columns: 30, rows: 30 }
}

function hexOf(scheme: NumberingScheme, label: string, g: GridSpec): Cube {
  const parsed = parseLabel(scheme, label, g)
  if (!parsed.ok) throw new Error(parsed.message)
  return offsetToCube(parsed.offset, g)
}

/** Side names clockwise from the most northern side, as the runtime orders neighbours. */
const SIDE_ORDER = {
  flat: ['N', 'NE', 'SE', 'S', 'SW', 'NW'],
  pointy: ['NE', 'E', 'SE', 'SW', 'W', 'NW'],
} as const

type Around = Record<string, string | null>

/** [orientation, parity, scheme, centre label, neighbour label by compass side (null = off the map)] */
const NEIGHBOURS: [GridSpec, NumberingScheme, string, Around][] = [
  // Flat-top CCRR. 0305 is 0-based column 2: shoved on even-q, unshoved on odd-q.
  [
    grid('flat', 'even'),
    ccrr,
    '0305',
    { N: '0304', NE: '0405', SE: '0406', S: '0306', SW: '0206', NW: '0205' },
  ],
  [
    grid('flat', 'odd'),
    ccrr,
    '0305',
    { N: '0304', NE: '0404', SE: '0405', S: '0306', SW: '0205', NW: '0204' },
  ],
  // Pointy-top CCRR. 0305 is 0-based row 4 (shoved on even-r), 0304 row 3 (shoved on odd-r).
  [
    grid('pointy', 'odd'),
    ccrr,
    '0305',
    { NE: '0304', E: '0405', SE: '0306', SW: '0206', W: '0205', NW: '0204' },
  ],
  [
    grid('pointy', 'even'),
    ccrr,
    '0305',
    { NE: '0404', E: '0405', SE: '0406', SW: '0306', W: '0205', NW: '0304' },
  ],
  [
    grid('pointy', 'odd'),
    ccrr,
    '0304',
    { NE: '0403', E: '0404', SE: '0405', SW: '0305', W: '0204', NW: '0303' },
  ],
  [
    grid('pointy', 'even'),
    ccrr,
    '0304',
    { NE: '0303', E: '0404', SE: '0305', SW: '0205', W: '0204', NW: '0203' },
  ],
  // Flat-top letter-row. C is 0-based column 2, D column 3, Z column 25 (next is AA).
  [
    grid('flat', 'odd'),
    letterRow,
    'C5',
    { N: 'C4', NE: 'D4', SE: 'D5', S: 'C6', SW: 'B5', NW: 'B4' },
  ],
  [
    grid('flat', 'odd'),
    letterRow,
    'D5',
    { N: 'D4', NE: 'E5', SE: 'E6', S: 'D6', SW: 'C6', NW: 'C5' },
  ],
  [
    grid('flat', 'even'),
    letterRow,
    'C5',
    { N: 'C4', NE: 'D5', SE: 'D6', S: 'C6', SW: 'B6', NW: 'B5' },
  ],
  [
    grid('flat', 'even'),
    letterRow,
    'D5',
    { N: 'D4', NE: 'E4', SE: 'E5', S: 'D6', SW: 'C5', NW: 'C4' },
  ],
  [
    grid('flat', 'even'),
    letterRow,
    'Z3',
    { N: 'Z2', NE: 'AA2', SE: 'AA3', S: 'Z4', SW: 'Y3', NW: 'Y2' },
  ],
  [
    grid('flat', 'odd'),
    letterRow,
    'Z3',
    { N: 'Z2', NE: 'AA3', SE: 'AA4', S: 'Z4', SW: 'Y4', NW: 'Y3' },
  ],
  // Map corners: the first hex has 3 neighbours on the map when its line is shoved, else 2.
  [
    grid('flat', 'even'),
    ccrr,
    '0101',
    { N: null, NE: '0201', SE: '0202', S: '0102', SW: null, NW: null },
  ],
  [
    grid('flat', 'odd'),
    ccrr,
    '0101',
    { N: null, NE: null, SE: '0201', S: '0102', SW: null, NW: null },
  ],
  [
    grid('pointy', 'odd'),
    letterRow,
    'A1',
    { NE: null, E: 'B1', SE: 'A2', SW: null, W: null, NW: null },
  ],
  [
    grid('pointy', 'even'),
    letterRow,
    'A1',
    { NE: null, E: 'B1', SE: 'B2', SW: 'A2', W: null, NW: null },
  ],
]

const caseName = (g: GridSpec, scheme: NumberingScheme, label: string): string =>
  `${g.orientation}-top ${g.offset}-${g.orientation === 'flat' ? 'q' : 'r'} ${scheme.scheme} ${label}`

describe('known neighbours, as labels', () => {
  for (const [g, scheme, centre, expected] of NEIGHBOURS) {
    it(`${caseName(g, scheme, centre)}: the six hexes around it`, () => {
      const h = hexOf(scheme, centre, g)
      const found: Around = {}
      for (const n of neighbors(h, g.orientation)) {
        const side = sideToward(h, n, g.orientation)
        expect(side).not.toBeNull()
        expect(distance(h, n)).toBe(1)
        found[side!.name] = cubeInBounds(g, n) ? formatLabel(scheme, cubeToOffset(n, g)) : null
      }
      expect(found).toEqual(expected)
    })

    it(`${caseName(g, scheme, centre)}: the dense grid index agrees`, () => {
      const index = createGridIndex(g)
      const parsed = parseLabel(scheme, centre, g)
      if (!parsed.ok) throw new Error(parsed.message)
      const around = [...neighborIndices(index, denseIndex(g, parsed.offset))].map((i) =>
        i < 0 ? null : formatLabel(scheme, { col: i % g.columns, row: Math.floor(i / g.columns) }),
      )
      expect(around).toEqual(SIDE_ORDER[g.orientation].map((name) => expected[name]))
    })
  }
})

/** [grid, scheme, a, b, hand-worked distance]; see the header for the method. */
const DISTANCES: [GridSpec, NumberingScheme, string, string, number][] = [
  // Flat-top CCRR. Down one column: |Δrow|. Along the first row: one step per column.
  [grid('flat', 'even'), ccrr, '0305', '0310', 5],
  [grid('flat', 'odd'), ccrr, '0305', '0310', 5],
  [grid('flat', 'even'), ccrr, '0101', '0801', 7],
  [grid('flat', 'odd'), ccrr, '0101', '0801', 7],
  // even-q: 0305 →NE 0405 0504 0604 0703 0803 →N 0802 0801 = 7 steps.
  [grid('flat', 'even'), ccrr, '0305', '0801', 7],
  // odd-q: 0305 →NE 0404 0504 0603 0703 0802 →N 0801 = 6 steps; parity matters.
  [grid('flat', 'odd'), ccrr, '0305', '0801', 6],
  // even-q: 0305 →NW 0205 0104 →N 0103 0102 0101; odd-q: 0305 →NW 0204 0104 →N … = 5.
  [grid('flat', 'even'), ccrr, '0305', '0101', 5],
  [grid('flat', 'odd'), ccrr, '0305', '0101', 5],
  // 0202 (column 1) is shoved on odd-q only: adjacent to 0101 on even-q, two apart on odd-q.
  [grid('flat', 'even'), ccrr, '0101', '0202', 1],
  [grid('flat', 'odd'), ccrr, '0101', '0202', 2],
  // Flat-top letter-row: C5 is the hex 0305, H1 is 0801, B2 is 0202.
  [grid('flat', 'even'), letterRow, 'C5', 'H1', 7],
  [grid('flat', 'odd'), letterRow, 'C5', 'H1', 6],
  [grid('flat', 'even'), letterRow, 'A1', 'B2', 1],
  [grid('flat', 'odd'), letterRow, 'A1', 'B2', 2],
  [grid('flat', 'odd'), letterRow, 'A1', 'A10', 9],
  [grid('flat', 'even'), letterRow, 'A1', 'AA1', 26],
  // Pointy-top CCRR. Along one row: |Δcol|. Down a zigzag "column": |Δrow|.
  [grid('pointy', 'odd'), ccrr, '0305', '0805', 5],
  [grid('pointy', 'even'), ccrr, '0305', '0805', 5],
  [grid('pointy', 'odd'), ccrr, '0305', '0310', 5],
  [grid('pointy', 'even'), ccrr, '0305', '0310', 5],
  [grid('pointy', 'odd'), ccrr, '0101', '0108', 7],
  // odd-r: 0305 →NW 0204 0203 0102 0101 = 4; even-r: 0305 →NW 0304 0203 0202 0101 = 4.
  [grid('pointy', 'odd'), ccrr, '0305', '0101', 4],
  [grid('pointy', 'even'), ccrr, '0305', '0101', 4],
  // odd-r: 0304 →NW 0303 0202 0201 →W 0101 = 4; even-r: 0304 →NW 0203 0202 0101 = 3.
  [grid('pointy', 'odd'), ccrr, '0304', '0101', 4],
  [grid('pointy', 'even'), ccrr, '0304', '0101', 3],
  // 0202 (row 1) is shoved on odd-r only: adjacent to 0101 on even-r, two apart on odd-r.
  [grid('pointy', 'even'), ccrr, '0101', '0202', 1],
  [grid('pointy', 'odd'), ccrr, '0101', '0202', 2],
  // Pointy-top letter-row, E8 = 0508. even-r: A1 →SE B2 B3 C4 C5 D6 D7 E8 = 7 steps;
  // odd-r: A1 →SE A2 B3 B4 C5 C6 D7 D8 →E E8 = 8 steps.
  [grid('pointy', 'even'), letterRow, 'A1', 'E8', 7],
  [grid('pointy', 'odd'), letterRow, 'A1', 'E8', 8],
  [grid('pointy', 'odd'), letterRow, 'A1', 'AA1', 26],
]

describe('known distances between labelled hexes', () => {
  for (const [g, scheme, a, b, expected] of DISTANCES) {
    it(`${caseName(g, scheme, a)} to ${b} is ${expected}`, () => {
      const ha = hexOf(scheme, a, g)
      const hb = hexOf(scheme, b, g)
      expect(distance(ha, hb)).toBe(expected)
      expect(distance(hb, ha)).toBe(expected)
    })
  }
})

describe('labels on both orientations', () => {
  // Labels name offsets, not shapes: the same label is the same 0-based column and row on
  // every map, and the two schemes agree on which hex that is.
  const same: [string, string, number, number][] = [
    ['0101', 'A1', 0, 0],
    ['0305', 'C5', 2, 4],
    ['0304', 'C4', 2, 3],
    ['2630', 'Z30', 25, 29],
    ['2703', 'AA3', 26, 2],
  ]
  for (const orientation of ['flat', 'pointy'] as const) {
    for (const offset of ['odd', 'even'] as const) {
      it(`${orientation}-top ${offset}: CCRR and letter-row read and write the same hexes`, () => {
        const g = grid(orientation, offset)
        for (const [numeric, letters, col, row] of same) {
          expect(parseLabel(ccrr, numeric, g)).toEqual({ ok: true, offset: { col, row } })
          expect(parseLabel(letterRow, letters, g)).toEqual({ ok: true, offset: { col, row } })
          expect(formatLabel(ccrr, { col, row })).toBe(numeric)
          expect(formatLabel(letterRow, { col, row })).toBe(letters)
        }
        expect(parseLabel(ccrr, '3101', g)).toMatchObject({ ok: false })
        expect(parseLabel(letterRow, 'A31', g)).toMatchObject({ ok: false })
      })
    }
  }
})
