import { describe, expect, test } from 'vitest'
import { formatType, parseType } from '../../../src/runtime/expr'
import { editDistance, closestName } from '../../../src/runtime/expr/suggest'

describe('the type language', () => {
  test.each([
    ['number', 'number'],
    ['  boolean ', 'boolean'],
    ['any', 'any'],
    ['list<number>', 'list<number>'],
    ['list', 'list<any>'],
    ['map<list<string>>', 'map<list<string>>'],
    ['{ a: number, b?: string; c: Unit }', '{ a: number, b?: string, c: Unit }'],
    ['{}', '{}'],
    ['{ a: number, }', '{ a: number }'],
    ["'normal' | 'disordered' | \"retired\"", "'normal' | 'disordered' | 'retired'"],
    ["'only'", "'only'"],
    ['Unit | null', 'Unit | null'],
    ["null | 'a' | 'b'", "'a' | 'b' | null"],
    ["('a' | 'b') | null", "'a' | 'b' | null"],
    ['list<Unit | null>', 'list<Unit | null>'],
  ])('%s', (source, formatted) => {
    const result = parseType(source)
    expect(result.ok && formatType(result.type)).toBe(formatted)
  })

  test.each([
    ['list<number', 'expected ">" at the end of type "list<number"'],
    [
      'number | string',
      'a union may combine string values, or one type with null, in type "number | string"',
    ],
    [
      "'a' | number",
      'a union may list string values or one type, not both, in type "\'a\' | number"',
    ],
    [
      '{ a: number, a: string }',
      'field "a" is declared twice at column 14 of type "{ a: number, a: string }"',
    ],
    ['{ 1: number }', 'expected a field name at column 3 of type "{ 1: number }"'],
    ['number number', 'unexpected "number" at column 8 of type "number number"'],
    ["'open", 'unterminated string at column 1 of type "\'open"'],
    ['list<$>', 'unexpected "$" at column 6 of type "list<$>"'],
    ['', 'expected a type at the end of type ""'],
  ])('%s is rejected', (source, error) => {
    expect(parseType(source)).toEqual({ ok: false, error })
  })
})

describe('suggestions', () => {
  test('edit distance counts a transposition as one edit', () => {
    expect(editDistance('status', 'stauts')).toBe(1)
    expect(editDistance('status', 'statsu')).toBe(1)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })

  test('only plausible typos are suggested', () => {
    expect(closestName('atacker', ['attacker', 'defender'])).toBe('attacker')
    expect(closestName('ATTACKER', ['attacker'])).toBe('attacker')
    expect(closestName('xyz', ['attacker', 'defender'])).toBeUndefined()
    expect(closestName('ab', ['abc', 'xyz'])).toBe('abc')
    expect(closestName('ab', ['cd'])).toBeUndefined()
  })
})
