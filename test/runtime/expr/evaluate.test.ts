import { describe, expect, test } from 'vitest'
import {
  ExprEvaluationError,
  compileExpression,
  createEnvironment,
} from '../../../src/runtime/expr'
import { env, evaluate, vars } from './helpers'

describe('the examples content files use', () => {
  test.each([
    ["attacker.status == 'disordered'", true],
    ['size(attackers) - size(defenders)', 1],
    ['attackers.exists(a, a.flags.mounted) && !defender.flags.mounted', true],
    ['max(attackers.map(a, a.ratings.charisma))', 3],
    ['unit.ratings.flightPoints - 1', 2],
    ['options.engaged ? 1 : 0', 1],
  ])('%s → %j', (source, value) => {
    expect(evaluate(source)).toEqual(value)
  })
})

describe('operators', () => {
  test.each([
    ['7 + 2', 9],
    ['7 - 2', 5],
    ['7 * 2', 14],
    ['7 / 2', 3.5],
    ['7 % 3', 1],
    ['-7 % 3', -1],
    ['5.5 % 2', 1.5],
    ['-roll', -7],
    ['- -roll', 7],
    ['2 - -1', 3],
    ["'ab' + 'cd'", 'abcd'],
    ['[1] + [2, 3]', [1, 2, 3]],
    ['1 < 2', true],
    ['2 <= 2', true],
    ['3 > 4', false],
    ['4 >= 4', true],
    ["'abc' < 'abd'", true],
    ["'b' >= 'a'", true],
    ['1 == 1', true],
    ['1 != 1', false],
    ["'a' == 'a'", true],
    ['null == null', true],
    ['maybe == null', true],
    ['[1, [2]] == [1, [2]]', true],
    ['[1, 2] != [2, 1]', true],
    ['attacker == attackers[0]', true],
    ['2 in [1, 2]', true],
    ['5 in [1, 2]', false],
    ['[1] in [[1], [2]]', true],
    ["'ell' in 'hello'", true],
    ["'mounted' in attacker.flags", true],
    ["'foot' in attacker.flags", false],
    ["'heavy' in attacker.tags", true],
    ['true && false', false],
    ['true || false', true],
    ['!true', false],
    ['roll > 5 ? "high" : "low"', 'high'],
    ['floor(7 / 2)', 3],
    ['1 + 2 * 3 - 4 / 2', 5],
    ['(1 + 2) * 3', 9],
  ])('%s → %j', (source, value) => {
    expect(evaluate(source)).toEqual(value)
  })

  test('numbers are doubles, not integers', () => {
    expect(evaluate('0.1 + 0.2')).toBe(0.1 + 0.2)
    expect(evaluate('1 / 3')).toBe(1 / 3)
  })
})

describe('member access and indexing', () => {
  test.each([
    ['attacker.ratings.charisma', 3],
    ["attacker.ratings['quality']", 6],
    ["attacker['status']", 'disordered'],
    ['attackers[1].id', 'archer-1'],
    ['unit.hexes[2]', 205],
    ['data.nested.deep', true],
    ["data['list'][0]", 1],
    ['attacker.leader', null],
  ])('%s → %j', (source, value) => {
    expect(evaluate(source)).toEqual(value)
  })
})

describe('macros', () => {
  test.each([
    ['attackers.exists(a, a.flags.mounted)', true],
    ['defenders.exists(d, d.flags.mounted)', false],
    ['attackers.all(a, a.ratings.quality >= 4)', true],
    ['attackers.all(a, a.flags.mounted)', false],
    ['[].all(x, false)', true],
    ['[].exists(x, true)', false],
    ['attackers.exists_one(a, a.flags.mounted)', true],
    ['[1, 2, 3].exists_one(x, x > 1)', false],
    ['attackers.filter(a, a.status == "normal").map(a, a.id)', ['archer-1']],
    ['attackers.map(a, a.ratings.quality * 2)', [12, 8]],
    ['attackers.count(a, a.ratings.charisma > 0)', 2],
    ['sum(attackers.map(a, a.ratings.quality))', 10],
    ['attacker.flags.exists(k, k == "mounted")', true],
    ['attacker.ratings.map(k, k)', ['charisma', 'quality']],
    // nested macros each get their own variable, and an inner one may shadow an outer one
    ['attackers.map(a, defenders.count(d, d.ratings.quality < a.ratings.quality))', [1, 0]],
    ['[[1, 2], [3]].map(x, x.map(x, x * 10))', [[10, 20], [30]]],
    [
      '[1, 2].map(x, [3, 4].map(y, x * y))',
      [
        [3, 4],
        [6, 8],
      ],
    ],
    // a macro variable shadows a declared variable of the same name
    ['[1, 2].map(roll, roll + 1)', [2, 3]],
  ])('%s → %j', (source, value) => {
    expect(evaluate(source)).toEqual(value)
  })

  test('exists and all stop at the first decisive element', () => {
    // comparing the string with 0 would be an evaluation error
    expect(evaluate("[1, 'x'].exists(v, v > 0)")).toBe(true)
    expect(evaluate("[0, 'x'].all(v, v > 0)")).toBe(false)
    expect(() => evaluate("[0, 'x'].exists(v, v > 0)")).toThrow(
      'cannot compare a string with a number using ">"',
    )
  })
})

describe('built-in functions', () => {
  test.each([
    ['size(attackers)', 2],
    ['size("héllo")', 5],
    ['size(attacker.ratings)', 2],
    ['attackers.size()', 2],
    ['"abc".size()', 3],
    ['min(3, 1, 2)', 1],
    ['max(3, 1, 2)', 3],
    ['min([4, 5])', 4],
    ['max(unit.hexes)', 205],
    ['min(7)', 7],
    ['sum([1, 2, 3.5])', 6.5],
    ['sum([])', 0],
    ['abs(-3)', 3],
    ['floor(2.7)', 2],
    ['floor(-2.5)', -3],
    ['ceil(2.1)', 3],
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(2.4)', 2],
    ['round(-0.4)', 0],
    ['trunc(-2.7)', -2],
    ['trunc(2.7)', 2],
    ['clamp(12, 1, 10)', 10],
    ['clamp(-1, 0, 9)', 0],
    ['clamp(5, 0, 9)', 5],
    ['has(attacker.leader)', true],
    ['has(defender.leader)', false],
    ['has(options.mode)', false],
    ["has(attacker.flags['mounted'])", true],
    ["'head' + 'er' == 'header'", true],
    ["attacker.id.startsWith('knight')", true],
    ["attacker.id.endsWith('-2')", false],
    ["attacker.type.contains('nigh')", true],
  ])('%s → %j', (source, value) => {
    expect(evaluate(source)).toEqual(value)
  })

  test('rounding never yields negative zero', () => {
    expect(Object.is(evaluate('round(-0.4)'), 0)).toBe(true)
    expect(Object.is(evaluate('ceil(-0.5)'), 0)).toBe(true)
    expect(Object.is(evaluate('trunc(-0.5)'), 0)).toBe(true)
  })
})

describe('optional fields', () => {
  test('an absent optional field reads as null; a declared required one is still an error', () => {
    expect(evaluate('options.mode == null')).toBe(true)
    expect(evaluate("options['mode']")).toBe(null)
    expect(evaluate('defender.leader == null')).toBe(true)
    expect(evaluate('attackers.filter(a, a.leader == null).size()')).toBe(2)
    expect(
      evaluate("options.mode == 'column'", { ...vars, options: { engaged: true, mode: 'column' } }),
    ).toBe(true)
    expect(() => evaluate('defender.id', { ...vars, defender: {} })).toThrow(
      'defender has no field "id"',
    )
  })

  test('has tells an absent field from one set to null', () => {
    expect(evaluate('has(attacker.leader)')).toBe(true)
    expect(evaluate('has(defender.leader)')).toBe(false)
  })
})

describe('short-circuit evaluation', () => {
  test.each([
    ['false && data.missing', false],
    ['true || data.missing', true],
    ['false ? data.missing : 1', 1],
    ['true ? 1 : data.missing', 1],
    ['has(data.missing) && data.missing > 1', false],
    ['options.engaged || 1 / data.n == 0', true],
  ])('%s → %j without touching the other side', (source, value) => {
    expect(evaluate(source)).toEqual(value)
  })
})

describe('evaluation errors', () => {
  function failure(source: string, variables: Record<string, unknown> = vars) {
    try {
      evaluate(source, variables)
    } catch (error) {
      expect(error).toBeInstanceOf(ExprEvaluationError)
      const e = error as ExprEvaluationError
      return { message: e.message, text: source.slice(e.start, e.end), source: e.source }
    }
    throw new Error(`expected ${source} to fail`)
  }

  test.each([
    ['data.missing', 'data has no field "missing"', 'data.missing'],
    [
      'data.nested.deep.x',
      'cannot read field "x": data.nested.deep is a boolean',
      'data.nested.deep.x',
    ],
    ["data['nope']", 'data has no key "nope"', "data['nope']"],
    ['data.list[3]', 'position 3 is outside data.list (size 3)', 'data.list[3]'],
    ['data.list[-1]', 'position -1 is outside data.list (size 3)', 'data.list[-1]'],
    ['data.list[0.5]', 'position 0.5 is outside data.list (size 3)', 'data.list[0.5]'],
    ['data.list["a"]', 'a list position must be a number, got a string', '"a"'],
    [
      'attacker.leader.status == "normal"',
      'cannot read field "status": attacker.leader is null',
      'attacker.leader.status',
    ],
    ['roll / (data.n - 2)', 'division by zero: (data.n - 2) is 0', 'roll / (data.n - 2)'],
    ['roll % (data.n - 2)', 'division by zero: (data.n - 2) is 0', 'roll % (data.n - 2)'],
    ['data.text + 1', 'cannot add a string and a number', 'data.text + 1'],
    ['data.text * 2', 'cannot multiply a string by a number', 'data.text * 2'],
    ['data.text && true', 'the left side of "&&" must be true or false, got a string', 'data.text'],
    ['true && data.n', 'the right side of "&&" must be true or false, got a number', 'data.n'],
    ['data.n ? 1 : 2', 'the condition before "?" must be true or false, got a number', 'data.n'],
    ['!data.n', '"!" needs true or false, got a number', '!data.n'],
    ['-data.text', 'cannot negate a string', '-data.text'],
    ['data.n < "a"', 'cannot compare a number with a string using "<"', 'data.n < "a"'],
    [
      'max(data.list.filter(x, x > 5))',
      'max of an empty list has no value',
      'max(data.list.filter(x, x > 5))',
    ],
    ['clamp(1, 5, 2)', 'clamp: the low bound 5 is above the high bound 2', 'clamp(1, 5, 2)'],
    ['abs(data.text)', 'abs needs a number, got a string', 'abs(data.text)'],
    ['data.list.exists(x, x)', 'the condition of exists must be true or false, got a number', 'x'],
    ['data.n.exists(x, true)', 'exists works on a list, but data.n is a number', 'data.n'],
    [
      '1 in data.n',
      '"in" needs a list, a string or a map on its right, got a number',
      '1 in data.n',
    ],
  ])('%s', (source, message, text) => {
    const error = failure(source)
    expect(error.message).toBe(message)
    expect(error.text).toBe(text)
    expect(error.source).toBe(source)
  })

  test('a variable the caller did not supply', () => {
    expect(failure('roll + 1', {}).message).toBe('roll is not set here')
  })

  test('prototype members are never reachable, whatever the data', () => {
    const tricky = { ...vars, data: { n: 1 } }
    expect(failure('data.toString', tricky).message).toBe('data has no field "toString"')
    expect(failure('data.hasOwnProperty', tricky).message).toBe(
      'data has no field "hasOwnProperty"',
    )
    expect(failure('data[data.k]', { ...vars, data: { k: '__proto__' } }).message).toBe(
      '"__proto__" cannot be used as a key',
    )
    expect(failure("data['const' + 'ructor']", tricky).message).toBe(
      '"constructor" cannot be used as a key',
    )
    expect(failure('data[data.k]', { ...vars, data: { k: 'prototype' } }).message).toBe(
      '"prototype" cannot be used as a key',
    )
    expect(failure('data.list.size', { ...vars, data: { list: [] } }).message).toBe(
      'cannot read field "size": data.list is a list',
    )
    expect(evaluate("'constructor' in data", tricky)).toBe(false)
    // an own property that shadows a prototype name is ordinary data
    expect(evaluate('data.toString', { ...vars, data: { toString: 'x' } })).toBe('x')
  })

  test('class instances expose only their own fields', () => {
    class Thing {
      own = 1
      get computed(): number {
        return 2
      }
    }
    const variables = { ...vars, data: new Thing() }
    expect(evaluate('data.own', variables)).toBe(1)
    expect(failure('data.computed', variables).message).toBe('data has no field "computed"')
  })
})

describe('host functions', () => {
  const crt = (table: string, row: string, column: string): number =>
    table === 'crt' ? Number(row) * 10 + column.length : -1

  test('bound per evaluation without recompiling', () => {
    const compiled = compileExpression("table('crt', '3', attacker.status)", env)
    expect(compiled.ok).toBe(true)
    if (!compiled.ok) return
    expect(compiled.expr.functions).toEqual(['table'])
    expect(compiled.expr.evaluate(vars, { table: crt })).toBe(40)
    expect(compiled.expr.evaluate(vars, { table: () => 5 })).toBe(5)
  })

  test('the environment default applies when the evaluation binds nothing', () => {
    expect(evaluate("lookup('crt', roll)")).toBe('crt:7')
    expect(evaluate('total(1, 2, 3)')).toBe(6)
    expect(evaluate('total()')).toBe(0)
  })

  test('a missing implementation, a throwing one and a wrong result are evaluation errors', () => {
    const compiled = compileExpression("table('crt', '3', 'x')", env)
    if (!compiled.ok) throw new Error('compile')
    const run = (fns?: Record<string, (...args: never[]) => unknown>) => () =>
      compiled.expr.evaluate(vars, fns)
    expect(run()).toThrow(ExprEvaluationError)
    expect(run()).toThrow('table is not available when this expression is evaluated')
    expect(
      run({
        table: () => {
          throw new Error('no table "crt"')
        },
      }),
    ).toThrow('table(…) failed: no table "crt"')
    expect(run({ table: () => 'seven' })).toThrow(
      'table(…) should give a number, but gave a string',
    )
  })

  test('arguments typed any are checked before they reach the host', () => {
    const compiled = compileExpression("table(data.n, 'a', 'b')", env)
    if (!compiled.ok) throw new Error('compile')
    expect(() => compiled.expr.evaluate(vars, { table: crt })).toThrow(
      'argument 1 of table must be string, got a number',
    )
  })
})

describe('expected result types', () => {
  test('a condition declared boolean is checked again at run time when the data is any', () => {
    expect(evaluate('data.nested.deep', vars, { expect: 'boolean' })).toBe(true)
    expect(() => evaluate('data.n', vars, { expect: 'boolean' })).toThrow(
      'this must give a boolean, but it gave a number',
    )
  })

  test('typed compile results', () => {
    const condition = compileExpression('roll >= 6', env, { expect: 'boolean' })
    if (!condition.ok) throw new Error('compile')
    const value: boolean = condition.expr.evaluate(vars)
    expect(value).toBe(true)
  })
})

describe('environments', () => {
  test('a fresh environment can be extended', () => {
    const local = createEnvironment({ variables: { x: 'number' } })
    const result = compileExpression('x * 2', local)
    expect(result.ok && result.expr.evaluate({ x: 4 })).toBe(8)
  })
})
