/**
 * `bandFinder` indexes a list of bands once so a lookup is an array index; it must give what
 * the linear `findBand` gives for every value: inside the printed rows, past the open ends,
 * in holes, for fractions and -0, and for lists a content check would refuse.
 */
import { fc, test as prop } from '@fast-check/vitest'
import { describe, expect, test } from 'vitest'
import { bandFinder, findBand } from '../../../src/runtime/rules/bands'
import type { Band } from '../../../src/runtime/rules/bands'

const item = (band: Band, id: number) => ({ band, id })

function agrees(bands: readonly Band[], values: readonly number[]): void {
  const items = bands.map(item)
  const find = bandFinder(items)
  for (const value of values) {
    const expected = findBand(items, value)
    const found = find(value)
    expect(found?.item, `${value}`).toBe(expected?.item)
    expect(found?.beyond, `${value}`).toBe(expected?.beyond)
    expect(Object.is(found?.value, expected?.value), `${value}`).toBe(true)
  }
}

const EVERY_ROLL = [
  ...Array.from({ length: 61 }, (_, i) => i - 30),
  -1000,
  1000,
  -0,
  2.5,
  -3.5,
  Number.NaN,
  Infinity,
  -Infinity,
]

describe('bandFinder agrees with findBand', () => {
  test.each<[string, Band[]]>([
    [
      'a chart with both ends open',
      [{ max: 0 }, { min: 1, max: 2 }, { min: 3, max: 5 }, { min: 6 }],
    ],
    [
      'a chart closed at both ends',
      [
        { min: 2, max: 4 },
        { min: 5, max: 7 },
        { min: 8, max: 12 },
      ],
    ],
    [
      'a chart with a hole',
      [
        { min: 1, max: 2 },
        { min: 6, max: 7 },
      ],
    ],
    [
      'single numbers',
      [
        { min: 0, max: 0 },
        { min: 1, max: 1 },
        { min: 2, max: 2 },
      ],
    ],
    ['one band for any roll', [{}]],
    ['an open end below only', [{ max: 3 }, { min: 4, max: 9 }]],
    ['bands out of order and overlapping', [{ min: 5, max: 9 }, { min: 1, max: 6 }, { max: 2 }]],
    [
      'a band running backwards',
      [
        { min: 4, max: 2 },
        { min: 6, max: 8 },
      ],
    ],
    ['fractional bounds (left to findBand)', [{ max: 1.5 }, { min: 1.5, max: 4 }]],
    ['a span too wide to index', [{ max: -10_000 }, { min: -9_999, max: 9_999 }, { min: 10_000 }]],
    ['no bands', []],
  ])('%s', (_, bands) => agrees(bands, EVERY_ROLL))

  prop.prop([
    fc.array(
      fc.record(
        { min: fc.integer({ min: -15, max: 15 }), max: fc.integer({ min: -15, max: 15 }) },
        { requiredKeys: [] },
      ),
      { maxLength: 6 },
    ),
    fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 1, maxLength: 20 }),
  ])('for any list of whole-number bands and any roll', (bands, values) => agrees(bands, values))
})
