import { describe, expect, test } from 'vitest'
import {
  checkDiceSpec,
  describeDice,
  diceRange,
  faceRange,
  formatDiceNotation,
  parseDiceNotation,
} from '../../../src/runtime/dice'
import type { DiceSpec } from '../../../src/runtime/dice'

describe('dice notation', () => {
  test.each<[string, DiceSpec]>([
    ['d6', { count: 1, sides: 6 }],
    ['1d6', { count: 1, sides: 6 }],
    ['2d6', { count: 2, sides: 6 }],
    ['D10', { count: 1, sides: 10 }],
    ['d10z', { count: 1, sides: 10, faces: 'zero-based' }],
    ['2D10Z', { count: 2, sides: 10, faces: 'zero-based' }],
    [' 3d8 ', { count: 3, sides: 8 }],
  ])('%s', (text, spec) => {
    expect(parseDiceNotation(text)).toEqual({ ok: true, spec })
  })

  test.each([
    [
      '2d',
      '"2d" is not dice notation: write count, "d", sides, e.g. 2d6, d10, or d10z for a d10 read 0–9',
    ],
    [
      'd',
      '"d" is not dice notation: write count, "d", sides, e.g. 2d6, d10, or d10z for a d10 read 0–9',
    ],
    [
      '2x6',
      '"2x6" is not dice notation: write count, "d", sides, e.g. 2d6, d10, or d10z for a d10 read 0–9',
    ],
    [
      '2d6+1',
      '"2d6+1" is not dice notation: write count, "d", sides, e.g. 2d6, d10, or d10z for a d10 read 0–9',
    ],
    ['0d6', '"0d6": the number of dice must be a whole number from 1 to 100, got 0'],
    ['d1', '"d1": a die must have a whole number of sides from 2 to 1000, got 1'],
    ['101d6', '"101d6": the number of dice must be a whole number from 1 to 100, got 101'],
  ])('%s is rejected', (text, error) => {
    expect(parseDiceNotation(text)).toEqual({ ok: false, error })
  })

  test.each(['d6', '2d6', 'd10z', '3d10z', 'd100'])('%s formats back to itself', (text) => {
    const parsed = parseDiceNotation(text)
    expect(parsed.ok && formatDiceNotation(parsed.spec)).toBe(text)
  })
})

describe('ranges', () => {
  test.each<[DiceSpec, number, number, number, number, string]>([
    [{ count: 1, sides: 6 }, 1, 6, 1, 6, 'd6 (1–6)'],
    [{ count: 2, sides: 6 }, 1, 6, 2, 12, '2d6 (2–12)'],
    [{ count: 1, sides: 10, faces: 'zero-based' }, 0, 9, 0, 9, 'd10 (0–9)'],
    [{ count: 2, sides: 10, faces: 'zero-based' }, 0, 9, 0, 18, '2d10 (0–18)'],
    [{ count: 1, sides: 10, faces: 'one-based' }, 1, 10, 1, 10, 'd10 (1–10)'],
  ])('%j', (spec, faceMin, faceMax, min, max, description) => {
    expect(faceRange(spec)).toEqual({ min: faceMin, max: faceMax })
    expect(diceRange(spec)).toEqual({ min, max })
    expect(describeDice(spec)).toBe(description)
  })

  test('specs from JSON are validated', () => {
    expect(checkDiceSpec({ count: 1.5, sides: 6 })).toBe(
      'the number of dice must be a whole number from 1 to 100, got 1.5',
    )
    expect(checkDiceSpec({ count: 1, sides: Number.NaN })).toBe(
      'a die must have a whole number of sides from 2 to 1000, got NaN',
    )
    expect(checkDiceSpec({ count: 1, sides: 6, faces: 'zero' as never })).toBe(
      'dice faces must be "one-based" or "zero-based", got "zero"',
    )
    expect(checkDiceSpec({ count: 2, sides: 6 })).toBeUndefined()
  })
})
