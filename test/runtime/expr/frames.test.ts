/**
 * Evaluating many expressions in one frame (`createFrame`, `evaluateIn`), names bound to local
 * slots (`withLocals`), and the shapes the compiler fuses (a path compared with a literal, a
 * macro over a path): each must give exactly what `evaluate` gives, failures included.
 */
import { describe, expect, test } from 'vitest'
import {
  ExprEvaluationError,
  compileExpression,
  createFrame,
  extendEnvironment,
} from '../../../src/runtime/expr'
import type { CompiledExpr } from '../../../src/runtime/expr'
import { archer, env, evaluate, knight, vars } from './helpers'

function compiled(source: string, environment = env): CompiledExpr {
  const result = compileExpression(source, environment)
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '))
  return result.expr
}

/** The message of the evaluation error `run` throws. */
function failureOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof ExprEvaluationError) return error.message
    throw error
  }
  throw new Error('expected an evaluation error')
}

const SOURCES = [
  "attacker.status == 'disordered'",
  'attacker.ratings.charisma > 2',
  '2 < attacker.ratings.charisma',
  "attackers.exists(a, a.flags.mounted) && defender.status != 'retired'",
  'attackers.count(a, a.ratings.quality >= 4) * 2 >= size(attackers)',
  'attackers.filter(a, a.status == attacker.status).map(a, a.id)',
  'unit.hexes.exists_one(h, h > 200)',
  'max(attackers.map(a, a.ratings.quality)) - min(attackers.map(a, a.ratings.quality))',
  'data.nested.deep ? roll : -roll',
  'maybe == null',
  'data.list == [1, 2, 3]',
]

describe('one frame, many evaluations', () => {
  test('evaluateIn gives what evaluate gives, for expressions sharing a frame', () => {
    const frame = createFrame(vars)
    for (const source of SOURCES) {
      const expr = compiled(source)
      expect(expr.evaluateIn(frame), source).toEqual(expr.evaluate(vars))
    }
    // Read again through the frame's remembered variables: the same answers.
    for (const source of SOURCES)
      expect(compiled(source).evaluateIn(frame), source).toEqual(evaluate(source))
  })

  test('a variable missing from the frame fails as in evaluate, every time it is read', () => {
    const frame = createFrame({ ...vars, roll: undefined })
    const expr = compiled('roll + 1')
    expect(failureOf(() => expr.evaluateIn(frame))).toBe('roll is not set here')
    expect(failureOf(() => expr.evaluateIn(frame))).toBe('roll is not set here')
  })

  test('plain data skips the own-field check only for names Object.prototype lacks', () => {
    const data = { n: 1, toString: undefined }
    const frame = createFrame({ ...vars, data }, undefined, { plainData: true })
    expect(compiled('data.n').evaluateIn(frame)).toBe(1)
    expect(failureOf(() => compiled('data.toString').evaluateIn(frame))).toBe(
      'data has no field "toString"',
    )
    expect(failureOf(() => compiled('data.valueOf').evaluateIn(frame))).toBe(
      'data has no field "valueOf"',
    )
    expect(failureOf(() => compiled('data.missing').evaluateIn(frame))).toBe(
      'data has no field "missing"',
    )
  })

  test('without plainData a frame keeps to own fields, as evaluate does', () => {
    class Thing {
      own = 1
      get computed(): number {
        return 2
      }
    }
    const frame = createFrame({ ...vars, data: new Thing() })
    expect(compiled('data.own').evaluateIn(frame)).toBe(1)
    expect(failureOf(() => compiled('data.computed').evaluateIn(frame))).toBe(
      'data has no field "computed"',
    )
  })
})

describe('names read from local slots', () => {
  const bound = extendEnvironment(env, { variables: { a: 'Unit' } })

  test('withLocals reads the name from the first slot; macros inside keep to later slots', () => {
    const expr = compiled(
      "a.tags.exists(t, t == 'heavy') && a.status == 'disordered' && attackers.exists(x, x.id == a.id)",
      bound,
    ).withLocals(['a'])
    const frame = createFrame(vars)
    frame.locals[0] = knight
    expect(expr.evaluateIn(frame)).toBe(true)
    frame.locals[0] = archer
    expect(expr.evaluateIn(frame)).toBe(false)
  })

  test('evaluate on a local-bound expression takes the name from the variables', () => {
    const expr = compiled('a.ratings.quality * 2', bound).withLocals(['a'])
    expect(expr.evaluate({ ...vars, a: knight })).toBe(12)
    expect(failureOf(() => expr.evaluate(vars))).toBe('a is not set here')
  })

  test('a failure inside a local-bound expression is located as before', () => {
    const plain = compiled('a.ratings.missing + 1', bound)
    const local = plain.withLocals(['a'])
    const frame = createFrame(vars)
    frame.locals[0] = knight
    const expected = failureOf(() => plain.evaluate({ ...vars, a: knight }))
    expect(failureOf(() => local.evaluateIn(frame))).toBe(expected)
    expect(expected).toBe('a.ratings has no field "missing"')
  })
})

describe('fused shapes give the answers and errors of the general ones', () => {
  test.each([
    ['data.n == 2', true],
    ['2 == data.n', true],
    ["data.text != 'abc'", false],
    ["data.n == '2'", false],
    ['data.nested == null', false],
    ['maybe == null', true],
    ['data.n > 1', true],
    ['1 < data.n', true],
    ['3 >= data.n', true],
    ['-1 > data.n', false],
    ['data.n <= -1', false],
  ])('%s', (source, expected) => {
    expect(evaluate(source)).toBe(expected)
  })

  test.each([
    ['data.text > 1', 'cannot compare a string with a number using ">"'],
    ['1 < data.text', 'cannot compare a number with a string using "<"'],
    ['data.list >= 2', 'cannot compare a list with a number using ">="'],
  ])('%s fails with the general message', (source, message) => {
    expect(failureOf(() => evaluate(source))).toBe(message)
  })

  test('count and exists_one test every element, so a failing element fails the expression', () => {
    const data = { list: [3, 2, 1] }
    expect(
      failureOf(() => evaluate('data.list.count(x, 6 / (x - 2) > 0)', { ...vars, data })),
    ).toBe('division by zero: (x - 2) is 0')
    expect(
      failureOf(() => evaluate('data.list.exists_one(x, 6 / (x - 2) > 0)', { ...vars, data })),
    ).toBe('division by zero: (x - 2) is 0')
    expect(evaluate('data.list.exists(x, 6 / (x - 2) > 0)', { ...vars, data })).toBe(true)
  })

  test('a host function checks its arguments and result in the declared types', () => {
    const expr = compiled("table('crt', attacker.id, attacker.status)")
    expect(expr.evaluate(vars, { table: () => 4 })).toBe(4)
    expect(failureOf(() => expr.evaluate(vars, { table: () => 'four' }))).toBe(
      'table(…) should give a number, but gave a string',
    )
    const anyArgument = compiled("table('crt', data, 'x')")
    expect(failureOf(() => anyArgument.evaluate(vars, { table: () => 1 }))).toBe(
      'argument 2 of table must be string, got an object',
    )
  })
})
