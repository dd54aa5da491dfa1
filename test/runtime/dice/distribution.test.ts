import { describe, expect, test } from 'vitest'
import { distribution, probabilityWhere, reduceFraction } from '../../../src/runtime/dice'

describe('exact distributions', () => {
  test('2d6: 1/36 … 6/36 … 1/36', () => {
    const dist = distribution({ count: 2, sides: 6 })
    expect(dist.outcomes).toBe(36)
    expect(dist.entries.map((e) => e.total)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(dist.entries.map((e) => e.ways)).toEqual([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])
    expect(dist.entries.map((e) => `${e.numerator}/${e.denominator}`)).toEqual([
      '1/36',
      '1/18',
      '1/12',
      '1/9',
      '5/36',
      '1/6',
      '5/36',
      '1/9',
      '1/12',
      '1/18',
      '1/36',
    ])
    expect(dist.entries[5]?.probability).toBe(6 / 36)
  })

  test('d10 read 0–9: ten faces of 1/10', () => {
    const dist = distribution({ count: 1, sides: 10, faces: 'zero-based' })
    expect(dist.outcomes).toBe(10)
    expect(dist.entries).toEqual(
      Array.from({ length: 10 }, (_, total) => ({
        total,
        ways: 1,
        numerator: 1,
        denominator: 10,
        probability: 0.1,
      })),
    )
  })

  test('3d6 matches brute-force enumeration', () => {
    const counts = new Map<number, number>()
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++) {
          counts.set(a + b + c, (counts.get(a + b + c) ?? 0) + 1)
        }
    const dist = distribution({ count: 3, sides: 6 })
    expect(dist.entries.map((e) => [e.total, e.ways])).toEqual(
      [...counts.entries()].sort((x, y) => x[0] - y[0]),
    )
    expect(dist.entries.reduce((sum, e) => sum + e.ways, 0)).toBe(216)
  })

  test('2d10 zero-based spans 0–18', () => {
    const dist = distribution({ count: 2, sides: 10, faces: 'zero-based' })
    expect(dist.entries[0]).toEqual({
      total: 0,
      ways: 1,
      numerator: 1,
      denominator: 100,
      probability: 0.01,
    })
    expect(dist.entries[9]).toEqual({
      total: 9,
      ways: 10,
      numerator: 1,
      denominator: 10,
      probability: 0.1,
    })
    expect(dist.entries.at(-1)?.total).toBe(18)
  })

  test('probabilities of events are exact fractions', () => {
    const twoD6 = distribution({ count: 2, sides: 6 })
    expect(probabilityWhere(twoD6, (total) => total >= 8)).toEqual({
      numerator: 5,
      denominator: 12,
      probability: 15 / 36,
    })
    expect(probabilityWhere(twoD6, () => false)).toEqual({
      numerator: 0,
      denominator: 1,
      probability: 0,
    })
    const d10 = distribution({ count: 1, sides: 10, faces: 'zero-based' })
    expect(probabilityWhere(d10, (total) => total === 0 || total === 9)).toEqual({
      numerator: 1,
      denominator: 5,
      probability: 0.2,
    })
  })

  test('too many outcomes to count exactly, or a bad spec, is refused', () => {
    expect(() => distribution({ count: 21, sides: 6 })).toThrow(
      '21d6 has too many outcomes to count exactly',
    )
    expect(distribution({ count: 20, sides: 6 }).outcomes).toBe(6 ** 20)
    expect(() => distribution({ count: 0, sides: 6 })).toThrow(RangeError)
  })

  test('fractions reduce', () => {
    expect(reduceFraction(6, 36)).toEqual({ numerator: 1, denominator: 6 })
    expect(reduceFraction(0, 36)).toEqual({ numerator: 0, denominator: 1 })
  })
})
