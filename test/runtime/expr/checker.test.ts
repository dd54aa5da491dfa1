import { describe, expect, test } from 'vitest'
import { compileExpression, createEnvironment, formatType } from '../../../src/runtime/expr'
import { env, onlyError, typeErrors } from './helpers'

function typeOf(source: string): string {
  const result = compileExpression(source, env)
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '))
  return formatType(result.expr.type)
}

describe('inferred types', () => {
  test.each([
    ['1 + 2', 'number'],
    ["'a' + 'b'", 'string'],
    ['attacker.status', 'Status'],
    ['attacker', 'Unit'],
    ['attackers', 'list<Unit>'],
    ['attackers[0].ratings', 'map<number>'],
    ['attacker.ratings.charisma', 'number'],
    ['attacker.leader', 'Unit | null'],
    ['attackers.map(a, a.id)', 'list<string>'],
    ['attackers.filter(a, true)', 'list<Unit>'],
    ['attackers.count(a, true)', 'number'],
    ['attackers.exists(a, true)', 'boolean'],
    ['[1, 2]', 'list<number>'],
    ["[1, 'a']", 'list<any>'],
    ['[]', 'list<any>'],
    ['roll > 3 ? 1 : null', 'number | null'],
    ["roll > 3 ? 'a' : 'b'", 'string'],
    ['data.x.y', 'any'],
    ['data + 1', 'number'],
    ["table('crt', 'a', 'b')", 'number'],
    ["lookup('crt', 1)", 'string'],
    ['size(attackers) - size(defenders)', 'number'],
    ['has(attacker.leader)', 'boolean'],
    ['options.mode', 'string | null'],
    ["options['mode']", 'string | null'],
  ])('%s : %s', (source, type) => {
    expect(typeOf(source)).toBe(type)
  })
})

describe('mistakes caught when the content loads', () => {
  test.each([
    // unknown names, with a suggestion when one is close
    [
      "attackr.status == 'normal'",
      'unknown variable "attackr" — did you mean "attacker"?',
      'attackr',
    ],
    ['atacker', 'unknown variable "atacker" — did you mean "attacker"?', 'atacker'],
    ['Attacker', 'unknown variable "Attacker" — did you mean "attacker"?', 'Attacker'],
    ['elephants', 'unknown variable "elephants"', 'elephants'],
    ['attacker.statsu', 'attacker has no field "statsu" — did you mean "status"?', 'statsu'],
    [
      'attacker.leader.ratngs',
      'attacker.leader has no field "ratngs" — did you mean "ratings"?',
      'ratngs',
    ],
    [
      'unit.ratings.flightPoint',
      'unit.ratings has no field "flightPoint" — did you mean "flightPoints"?',
      'flightPoint',
    ],
    ["attacker['staus']", 'attacker has no field "staus" — did you mean "status"?', "'staus'"],
    [
      'attackers.exists(a, a.flag.mounted)',
      'a has no field "flag" — did you mean "flags"?',
      'flag',
    ],
    [
      'attackers.length',
      'attackers is a list and has no field "length" — use size(attackers)',
      'length',
    ],
    ['roll.value', 'roll is a number and has no fields', 'value'],
    ['mx(1, 2)', 'unknown function "mx" — did you mean "max"?', 'mx'],
    ['tabel("a", "b", "c")', 'unknown function "tabel" — did you mean "table"?', 'tabel'],
    ['roll(1)', 'roll is a variable, not a function', 'roll'],
    ['max + 1', 'max is a function: call it as max(…)', 'max'],
    [
      'exists(attackers, a, true)',
      'exists is written after a list: list.exists(x, condition)',
      'exists',
    ],
    [
      'attackers.exist(a, true)',
      'unknown method "exist" — did you mean "exists"?',
      'exist(a, true)',
    ],
    ['attackers.max()', 'max is not a method: write max(attackers)', 'max()'],
    // operands
    ["roll + 'x'", 'cannot add a number and a string', "roll + 'x'"],
    ['attacker.status + 1', 'cannot add a string and a number', 'attacker.status + 1'],
    ['attacker - 1', 'cannot subtract a number from a Unit', 'attacker - 1'],
    ["roll * 'x'", 'cannot multiply a number by a string', "roll * 'x'"],
    ['true / 2', 'cannot divide a boolean by a number', 'true / 2'],
    ['roll / 0', 'division by zero', '0'],
    ['roll % 0', 'division by zero', '0'],
    ["roll < 'x'", 'cannot compare a number with a string using "<"', "roll < 'x'"],
    ['attackers > 1', 'cannot compare a list with a number using ">"', 'attackers > 1'],
    [
      "roll == 'seven'",
      'cannot compare a number with a string: they are never equal',
      "roll == 'seven'",
    ],
    ['attacker == 1', 'cannot compare a Unit with a number: they are never equal', 'attacker == 1'],
    ['roll == null', 'cannot compare a number with null: they are never equal', 'roll == null'],
    ['roll && true', 'the left side of "&&" must be true or false, not a number', 'roll'],
    [
      'true || attacker.status',
      'the right side of "||" must be true or false, not a string',
      'attacker.status',
    ],
    ['!roll', '"!" needs true or false, not a number', '!roll'],
    ["-'x'", 'cannot negate a string', "-'x'"],
    ['roll ? 1 : 2', 'the condition before "?" must be true or false, not a number', 'roll'],
    [
      "true ? 1 : 'x'",
      'the two branches of "? :" give different types: a number and a string',
      "1 : 'x'",
    ],
    ["'x' in roll", '"in" needs a list, a string or a map on its right, not a number', 'roll'],
    ["'x' in unit.hexes", 'a list of numbers never contains a string', "'x' in unit.hexes"],
    ['1 in attacker.flags', '"in" looks for keys in a map, not a number', '1 in attacker.flags'],
    ["'speed' in unit.ratings", 'unit.ratings has no field "speed"', "'speed'"],
    [
      'unit.hexes["a"]',
      'unit.hexes is indexed by position numbers (0 is the first), not a string',
      '"a"',
    ],
    ['attacker.flags[1]', 'attacker.flags is indexed by strings, not a number', '1'],
    ['roll[0]', 'roll is a number and cannot be indexed', 'roll[0]'],
    // string unions
    [
      "attacker.status == 'disorderd'",
      '"disorderd" is not a possible value of attacker.status (normal, disordered, retired) — did you mean "disordered"?',
      "'disorderd'",
    ],
    [
      "'Normal' != defender.status",
      '"Normal" is not a possible value of defender.status (normal, disordered, retired) — did you mean "normal"?',
      "'Normal'",
    ],
    [
      "attacker.status in ['normal', 'routed']",
      '"routed" is not a possible value of attacker.status (normal, disordered, retired)',
      "'routed'",
    ],
    [
      "attackers.exists(a, a.status == 'retird')",
      '"retird" is not a possible value of a.status (normal, disordered, retired) — did you mean "retired"?',
      "'retird'",
    ],
    [
      "attacker.leader.status == 'rallied'",
      '"rallied" is not a possible value of attacker.leader.status (normal, disordered, retired)',
      "'rallied'",
    ],
    // macros
    [
      'attackers.exists(a, a.ratings.charisma)',
      'the condition of exists must be true or false, not a number',
      'a.ratings.charisma',
    ],
    [
      'attackers.filter(1, true)',
      'the first argument of filter must be a variable name, as in list.filter(x, condition)',
      '1',
    ],
    [
      'attackers.map(a)',
      'map takes a variable name and an expression: list.map(x, value)',
      'map(a)',
    ],
    ['roll.all(x, true)', 'all works on a list, but roll is a number', 'roll'],
    ['attackers.map(a, a.id) + 1', 'cannot add a list and a number', 'attackers.map(a, a.id) + 1'],
    ['a.id', 'unknown variable "a"', 'a'],
    // functions
    ['max()', 'max takes at least 1 argument, not 0 (max(a, b, …) or max(list))', 'max()'],
    [
      'clamp(1, 2)',
      'clamp takes exactly 3 arguments, not 2 (clamp(value, low, high))',
      'clamp(1, 2)',
    ],
    ["abs('x')", 'abs needs numbers, not a string', "'x'"],
    ['max(1, attacker)', 'max needs numbers, not a Unit', 'attacker'],
    ['max(attackers)', 'max needs a list of numbers, not a list of Units', 'attackers'],
    ['sum(roll)', 'sum needs a list of numbers, not a number', 'roll'],
    ['size(roll)', 'size needs a list, a string or a map, not a number', 'roll'],
    ['roll.size()', 'size needs a list, a string or a map, not a number', 'roll'],
    ['attacker.id.startsWith(1)', 'startsWith works on strings, not a number', '1'],
    [
      "table('crt', 'a')",
      'table takes exactly 3 arguments, not 2 (table(a string, a string, a string))',
      "table('crt', 'a')",
    ],
    ["table('crt', 'a', 3)", 'argument 3 of table must be a string, not a number', '3'],
    [
      "lookup('crtt', 1)",
      '"crtt" is not a possible value of argument 1 of lookup (crt, morale) — did you mean "crt"?',
      "'crtt'",
    ],
    ["total(1, 'x')", 'argument 2 of total must be a number, not a string', "'x'"],
    [
      'has(roll)',
      "has needs one field to look for, as in has(unit.leader) or has(flags['mounted'])",
      'has(roll)',
    ],
    ['has(attacker.lader)', 'attacker has no field "lader" — did you mean "leader"?', 'lader'],
    ['has(roll.x)', 'has needs a field of an object or map, but roll is a number', 'roll.x'],
    // forbidden names
    ['attacker.constructor', '"constructor" cannot be used as a field name', 'constructor'],
    ['data.__proto__', '"__proto__" cannot be used as a field name', '__proto__'],
    ["data['prototype']", '"prototype" cannot be used as a key', "'prototype'"],
    ['has(data.constructor)', '"constructor" cannot be used as a field name', 'constructor'],
  ])('%s', (source, message, text) => {
    const error = onlyError(source)
    expect(error.message).toBe(message)
    expect(error.text).toBe(text)
  })

  test('every independent mistake is reported, in source order', () => {
    const errors = typeErrors("attackr.status == 'x' && defender.statsu == 1 && roll + 'a' > 2")
    expect(errors.map((e) => e.message)).toEqual([
      'unknown variable "attackr" — did you mean "attacker"?',
      'defender has no field "statsu" — did you mean "status"?',
      'cannot add a number and a string',
    ])
  })

  test('short-circuit does not excuse a mistake the checker can see', () => {
    expect(onlyError('false && attacker.missing').message).toBe('attacker has no field "missing"')
  })
})

describe('expected result types', () => {
  test.each([
    [
      'roll + 1',
      { expect: 'boolean' },
      'this condition must be true or false, but it gives a number',
    ],
    [
      'attacker.status',
      { expect: 'boolean' },
      'this condition must be true or false, but it gives a string',
    ],
    ['roll > 1', { expect: 'number' }, 'this must give a number, but it gives a boolean'],
    [
      'attackers',
      { expect: 'list<number>' },
      'this must give list<number>, but it gives list<Unit>',
    ],
  ])('%s expecting %j', (source, options, message) => {
    const error = onlyError(source, options)
    expect(error.message).toBe(message)
    expect(error.text).toBe(source)
  })

  test.each([
    ['roll > 1', 'boolean'],
    ['data.x', 'boolean'],
    ['roll', 'number'],
    ['maybe', 'number'],
    ['attacker.status', "'normal' | 'disordered' | 'retired'"],
    ['attacker.status', 'string'],
    ['attackers.map(a, a.ratings.charisma)', 'list<number>'],
  ])('%s satisfies %s', (source, expect_) => {
    expect(compileExpression(source, env, { expect: expect_ }).ok).toBe(true)
  })

  test('a misspelt expectation is a host error, not a silent pass', () => {
    expect(() => compileExpression('roll', env, { expect: 'boolen <' })).toThrow(/expect/)
  })
})

describe('references', () => {
  test.each([
    ["attacker.status == 'normal'", ['attacker.status']],
    ['size(attackers) - size(defenders)', ['attackers', 'defenders']],
    [
      'attackers.exists(a, a.flags.mounted) && !defender.flags.mounted',
      ['attackers', 'attackers[].flags.mounted', 'defender.flags.mounted'],
    ],
    ['max(attackers.map(a, a.ratings.charisma))', ['attackers', 'attackers[].ratings.charisma']],
    [
      "attacker.ratings['quality'] + attacker.ratings['odd key']",
      ['attacker.ratings.quality', "attacker.ratings['odd key']"],
    ],
    ['unit.hexes[roll]', ['roll', 'unit.hexes[]']],
    ['unit.hexes[0]', ['unit.hexes[0]']],
    ['has(attacker.leader)', ['attacker.leader']],
    ['attacker.flags.exists(k, k == "x")', ['attacker.flags', 'attacker.flags.*']],
    ['[1, 2].map(roll, roll)', []],
    ['1 + 2', []],
  ])('%s reads %j', (source, references) => {
    const result = compileExpression(source, env)
    expect(result.ok && result.expr.references).toEqual(references)
  })
})

describe('environment declarations', () => {
  test('problems are collected and thrown together', () => {
    expect(() =>
      createEnvironment({
        types: { Unit: '{ side: Sde }', Loop: 'Pool', Pool: 'Loop', list: 'number' },
        variables: { 'bad name': 'number', true: 'number', x: 'list<', y: 'Missing' },
        functions: {
          size: { params: [], returns: 'number' },
          f: { params: [], returns: 'number', variadic: true },
        },
      }),
    ).toThrow(
      [
        'invalid expression environment: type "list" would hide the built-in type',
        'variable "bad name" is not a valid name',
        'variable "true" uses a reserved word',
        'variable x: expected a type at the end of type "list<"',
        'function "size" is built in and cannot be redeclared',
        'function "f" is variadic but has no parameter to repeat',
        'type Unit.side: unknown type "Sde"',
        'type "Loop" is defined in terms of itself',
        'type "Pool" is defined in terms of itself',
        'variable y: unknown type "Missing"',
      ].join('; '),
    )
  })

  test('named types may refer to each other and to themselves', () => {
    const local = createEnvironment({
      types: { Leader: '{ name: string, units: list<Unit> }', Unit: '{ leader: Leader | null }' },
      variables: { unit: 'Unit' },
    })
    const result = compileExpression('unit.leader.units[0].leader.name', local)
    expect(result.ok && formatType(result.expr.type)).toBe('string')
  })

  test('types may be given as data instead of text', () => {
    const local = createEnvironment({ variables: { n: { kind: 'number' } } })
    expect(compileExpression('n + 1', local).ok).toBe(true)
  })
})
