import { describe, expect, it } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import type { Cube, OffsetLayout } from '../../../src/runtime/hex'
import {
  checkGridSpec,
  cube,
  cubeAdd,
  cubeEquals,
  cubeKey,
  cubeLerp,
  cubeNegate,
  cubeRound,
  cubeScale,
  cubeSub,
  cubeToOffset,
  hexToPixel,
  isCube,
  offsetToCube,
} from '../../../src/runtime/hex'
import { cubeArb, orientationArb, parityArb } from './arbitraries'

const layouts: OffsetLayout[] = [
  { orientation: 'flat', offset: 'odd' },
  { orientation: 'flat', offset: 'even' },
  { orientation: 'pointy', offset: 'odd' },
  { orientation: 'pointy', offset: 'even' },
]

describe('cube arithmetic', () => {
  it('keeps q + r + s = 0 and never produces -0', () => {
    const c = cube(0, 0)
    expect(Object.is(c.q, 0) && Object.is(c.r, 0) && Object.is(c.s, 0)).toBe(true)
    const scaled = cubeScale(cube(0, 2), -1)
    expect(Object.is(scaled.q, 0)).toBe(true)
    expect(scaled).toEqual({ q: 0, r: -2, s: 2 })
    expect(cubeNegate(cube(0, 0))).toEqual(cube(0, 0))
    expect(cubeRound({ q: -0.2, r: 0.1, s: 0.1 })).toEqual({ q: 0, r: 0, s: 0 })
  })

  it('adds, subtracts, scales and compares', () => {
    expect(cubeAdd(cube(1, -3), cube(3, -7))).toEqual({ q: 4, r: -10, s: 6 })
    expect(cubeSub(cube(1, -3), cube(3, -7))).toEqual({ q: -2, r: 4, s: -2 })
    expect(cubeScale(cube(2, -1), 3)).toEqual({ q: 6, r: -3, s: -3 })
    expect(cubeEquals(cube(1, 2), { q: 1, r: 2, s: -3 })).toBe(true)
    expect(cubeEquals(cube(1, 2), cube(2, 1))).toBe(false)
  })

  it('gives a stable string key', () => {
    expect(cubeKey(cube(3, -7))).toBe('3,-7')
    expect(cubeKey({ q: -0, r: 0, s: 0 })).toBe('0,0')
  })

  it('recognises valid cubes', () => {
    expect(isCube(cube(4, -9))).toBe(true)
    expect(isCube({ q: 1, r: 1, s: 1 })).toBe(false)
    expect(isCube({ q: 0.5, r: -0.5, s: 0 })).toBe(false)
  })

  test.prop([cubeArb(), cubeArb()])('distinct cubes have distinct keys', (a, b) => {
    expect(cubeKey(a) === cubeKey(b)).toBe(cubeEquals(a, b))
  })
})

describe('cubeRound', () => {
  // Red Blob Games' own hex_round test values.
  const a = { q: 0, r: 0, s: 0 }
  const b = { q: 1, r: -1, s: 0 }
  const c = { q: 0, r: -1, s: 1 }
  const mix = (wa: number, wb: number, wc: number) => ({
    q: a.q * wa + b.q * wb + c.q * wc,
    r: a.r * wa + b.r * wb + c.r * wc,
    s: a.s * wa + b.s * wb + c.s * wc,
  })

  it('matches the Red Blob examples', () => {
    expect(cubeRound(cubeLerp({ q: 0, r: 0, s: 0 }, { q: 10, r: -20, s: 10 }, 0.5))).toEqual(
      cube(5, -10),
    )
    expect(cubeRound(cubeLerp(a, b, 0.499))).toEqual(cube(0, 0))
    expect(cubeRound(cubeLerp(a, b, 0.501))).toEqual(cube(1, -1))
    expect(cubeRound(mix(0.4, 0.3, 0.3))).toEqual(cube(0, 0))
    expect(cubeRound(mix(0.3, 0.3, 0.4))).toEqual(cube(0, -1))
  })

  test.prop([
    cubeArb(1000),
    fc.double({ min: -0.249, max: 0.249, noNaN: true }),
    fc.double({ min: -0.249, max: 0.249, noNaN: true }),
  ])('rounds any point well inside a hex back to that hex', (h, dq, dr) => {
    expect(cubeRound({ q: h.q + dq, r: h.r + dr, s: h.s - dq - dr })).toEqual(h)
  })
})

describe('offset ↔ cube', () => {
  it('converts the Red Blob examples', () => {
    // Red Blob Games' offset tests use cube (1, 2, -3).
    const h = cube(1, 2)
    expect(cubeToOffset(h, { orientation: 'flat', offset: 'even' })).toEqual({ col: 1, row: 3 })
    expect(cubeToOffset(h, { orientation: 'flat', offset: 'odd' })).toEqual({ col: 1, row: 2 })
    expect(cubeToOffset(h, { orientation: 'pointy', offset: 'even' })).toEqual({ col: 2, row: 2 })
    expect(cubeToOffset(h, { orientation: 'pointy', offset: 'odd' })).toEqual({ col: 2, row: 2 })
    expect(offsetToCube({ col: 1, row: 3 }, { orientation: 'flat', offset: 'even' })).toEqual(h)
    expect(offsetToCube({ col: 1, row: 2 }, { orientation: 'flat', offset: 'odd' })).toEqual(h)
  })

  // Hand-computed: [col, row] → [q, r] per layout.
  const table: [number, number, Record<string, [number, number]>][] = [
    [
      0,
      0,
      { 'flat/odd': [0, 0], 'flat/even': [0, 0], 'pointy/odd': [0, 0], 'pointy/even': [0, 0] },
    ],
    [
      1,
      0,
      { 'flat/odd': [1, 0], 'flat/even': [1, -1], 'pointy/odd': [1, 0], 'pointy/even': [1, 0] },
    ],
    [
      0,
      1,
      { 'flat/odd': [0, 1], 'flat/even': [0, 1], 'pointy/odd': [0, 1], 'pointy/even': [-1, 1] },
    ],
    [
      3,
      2,
      { 'flat/odd': [3, 1], 'flat/even': [3, 0], 'pointy/odd': [2, 2], 'pointy/even': [2, 2] },
    ],
    [
      2,
      3,
      { 'flat/odd': [2, 2], 'flat/even': [2, 2], 'pointy/odd': [1, 3], 'pointy/even': [0, 3] },
    ],
    [
      5,
      7,
      { 'flat/odd': [5, 5], 'flat/even': [5, 4], 'pointy/odd': [2, 7], 'pointy/even': [1, 7] },
    ],
    [
      -1,
      -1,
      {
        'flat/odd': [-1, 0],
        'flat/even': [-1, -1],
        'pointy/odd': [0, -1],
        'pointy/even': [-1, -1],
      },
    ],
  ]
  for (const [col, row, expected] of table) {
    for (const layout of layouts) {
      const [q, r] = expected[`${layout.orientation}/${layout.offset}`] as [number, number]
      it(`${layout.orientation}-top ${layout.offset}: (col ${col}, row ${row}) ↔ (${q}, ${r})`, () => {
        expect(offsetToCube({ col, row }, layout)).toEqual(cube(q, r))
        expect(cubeToOffset(cube(q, r), layout)).toEqual({ col, row })
      })
    }
  }

  it('shoves half a hex down the columns (flat-top) or right the rows (pointy-top) the parity names', () => {
    const size = 10
    const half = (size * Math.sqrt(3)) / 2
    for (const offset of ['odd', 'even'] as const) {
      const flatY = [0, 1, 2, 3, 4, 5].map(
        (col) =>
          hexToPixel(offsetToCube({ col, row: 0 }, { orientation: 'flat', offset }), size, 'flat')
            .y,
      )
      const pointyX = [0, 1, 2, 3, 4, 5].map(
        (row) =>
          hexToPixel(
            offsetToCube({ col: 0, row }, { orientation: 'pointy', offset }),
            size,
            'pointy',
          ).x,
      )
      const flatBase = Math.min(...flatY)
      const pointyBase = Math.min(...pointyX)
      for (let i = 0; i < 6; i++) {
        const shoved = (i % 2 === 1) === (offset === 'odd')
        expect(flatY[i]! - flatBase).toBeCloseTo(shoved ? half : 0)
        expect(pointyX[i]! - pointyBase).toBeCloseTo(shoved ? half : 0)
      }
    }
  })

  test.prop([
    fc.integer({ min: -1000, max: 1000 }),
    fc.integer({ min: -1000, max: 1000 }),
    orientationArb,
    parityArb,
  ])('offset → cube → offset is the identity', (col, row, orientation, offset) => {
    const layout = { orientation, offset }
    const c = offsetToCube({ col, row }, layout)
    expect(isCube(c)).toBe(true)
    expect(cubeToOffset(c, layout)).toEqual({ col, row })
  })

  test.prop([cubeArb(1000), orientationArb, parityArb])(
    'cube → offset → cube is the identity',
    (c: Cube, orientation, offset) => {
      const layout = { orientation, offset }
      expect(offsetToCube(cubeToOffset(c, layout), layout)).toEqual(c)
    },
  )
})

describe('checkGridSpec', () => {
  it('accepts a sound grid and explains a broken one', () => {
    expect(checkGridSpec({ orientation: 'flat', offset: 'odd', columns: 64, rows: 48 })).toBeNull()
    expect(checkGridSpec({ orientation: 'flat', offset: 'odd', columns: 0, rows: 48 })).toMatch(
      /columns must be/,
    )
    expect(checkGridSpec({ orientation: 'flat', offset: 'odd', columns: 4, rows: 2.5 })).toMatch(
      /rows must be/,
    )
    expect(
      checkGridSpec({ orientation: 'hex' as 'flat', offset: 'odd', columns: 4, rows: 2 }),
    ).toMatch(/orientation/)
    expect(
      checkGridSpec({ orientation: 'flat', offset: 'left' as 'odd', columns: 4, rows: 2 }),
    ).toMatch(/offset/)
  })
})
