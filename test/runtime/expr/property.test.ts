import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import {
  ExprEvaluationError,
  compileExpression,
  createEnvironment,
  parseExpression,
  printExpression,
} from '../../../src/runtime/expr'
import type { BinaryOperator, ExprNode } from '../../../src/runtime/expr'

const at = { start: 0, end: 0 }

const literal = (value: number | string | boolean | null): ExprNode => ({
  kind: 'literal',
  value,
  ...at,
})
const identifier = (name: string): ExprNode => ({ kind: 'identifier', name, ...at })

/** Numbers as the lexer can read them: non-negative (a minus sign is a unary node). */
const numberArb = fc.oneof(
  fc.integer({ min: 0, max: 20 }),
  fc.double({ min: 0, max: 1000, noNaN: true, noDefaultInfinity: true }).map((x) => x + 0),
)

const ARITHMETIC: readonly BinaryOperator[] = ['+', '-', '*', '/', '%']
const COMPARISON: readonly BinaryOperator[] = ['<', '<=', '>', '>=', '==', '!=']

/** Arithmetic over a, b, c, with calls and conditionals, never deeper than the parser allows. */
const arithmetic = fc.letrec<{ num: ExprNode; cond: ExprNode }>((tie) => ({
  num: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numberArb.map(literal),
    fc.constantFrom('a', 'b', 'c').map(identifier),
    fc
      .record({ operand: tie('num') })
      .map(({ operand }): ExprNode => ({ kind: 'unary', operator: '-', operand, ...at })),
    fc
      .record({ operator: fc.constantFrom(...ARITHMETIC), left: tie('num'), right: tie('num') })
      .map((parts): ExprNode => ({ kind: 'binary', ...parts, ...at })),
    fc
      .record({ name: fc.constantFrom('abs', 'floor', 'ceil', 'round', 'trunc'), arg: tie('num') })
      .map(({ name, arg }): ExprNode => ({ kind: 'call', name, nameEnd: 0, args: [arg], ...at })),
    fc
      .record({
        name: fc.constantFrom('min', 'max'),
        args: fc.array(tie('num'), { minLength: 1, maxLength: 3 }),
      })
      .map(({ name, args }): ExprNode => ({ kind: 'call', name, nameEnd: 0, args, ...at })),
    fc
      .record({ test: tie('cond'), consequent: tie('num'), alternate: tie('num') })
      .map((parts): ExprNode => ({ kind: 'conditional', ...parts, ...at })),
  ),
  cond: fc.oneof(
    fc
      .record({ operator: fc.constantFrom(...COMPARISON), left: tie('num'), right: tie('num') })
      .map((parts): ExprNode => ({ kind: 'binary', ...parts, ...at })),
    fc
      .record({
        operator: fc.constantFrom<BinaryOperator>('&&', '||'),
        left: tie('cond'),
        right: tie('cond'),
      })
      .map((parts): ExprNode => ({ kind: 'binary', ...parts, ...at })),
    fc
      .record({ operand: tie('cond') })
      .map(({ operand }): ExprNode => ({ kind: 'unary', operator: '!', operand, ...at })),
  ),
})).num

class DivisionByZero extends Error {}

/** An interpreter written straight from the language description, independent of the compiler. */
function reference(node: ExprNode, scope: Record<string, number>): number | boolean {
  const num = (n: ExprNode): number => reference(n, scope) as number
  const bool = (n: ExprNode): boolean => reference(n, scope) as boolean
  switch (node.kind) {
    case 'literal':
      return node.value as number
    case 'identifier':
      return scope[node.name] as number
    case 'unary':
      return node.operator === '-' ? -num(node.operand) : !bool(node.operand)
    case 'conditional':
      return bool(node.test) ? reference(node.consequent, scope) : reference(node.alternate, scope)
    case 'call': {
      const args = node.args.map(num)
      const x = args[0] as number
      const rounded: Record<string, () => number> = {
        abs: () => Math.abs(x),
        floor: () => Math.floor(x),
        ceil: () => Math.ceil(x),
        round: () => (x < 0 ? -Math.round(-x) : Math.round(x)),
        trunc: () => Math.trunc(x),
        min: () => Math.min(...args),
        max: () => Math.max(...args),
      }
      const value = (rounded[node.name] as () => number)()
      // The one-argument functions promise never to return -0; min and max pass it through.
      return value === 0 && node.args.length === 1 && node.name !== 'min' && node.name !== 'max'
        ? 0
        : value
    }
    case 'binary': {
      if (node.operator === '&&') return bool(node.left) && bool(node.right)
      if (node.operator === '||') return bool(node.left) || bool(node.right)
      const l = num(node.left)
      const r = num(node.right)
      switch (node.operator) {
        case '+':
          return l + r
        case '-':
          return l - r
        case '*':
          return l * r
        case '/':
        case '%':
          if (r === 0) throw new DivisionByZero()
          return node.operator === '/' ? l / r : l % r
        case '<':
          return l < r
        case '<=':
          return l <= r
        case '>':
          return l > r
        case '>=':
          return l >= r
        case '==':
          return l === r
        case '!=':
          return l !== r
        default:
          throw new Error(node.operator)
      }
    }
    default:
      throw new Error(node.kind)
  }
}

/** The AST without source positions, which a printed-and-reparsed tree cannot share. */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape)
  if (typeof node !== 'object' || node === null) return node
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !['start', 'end', 'nameStart', 'nameEnd'].includes(key))
      .map(([key, value]) => [key, shape(value)]),
  )
}

const numbers = createEnvironment({ variables: { a: 'number', b: 'number', c: 'number' } })
const scopeArb = fc.record({ a: numberArb, b: fc.integer({ min: -5, max: 5 }), c: fc.constant(0) })

describe('compiled evaluation agrees with a reference interpreter', () => {
  test.prop([arithmetic, scopeArb], { numRuns: 500 })('on random arithmetic', (ast, scope) => {
    const source = printExpression(ast)
    const compiled = compileExpression(source, numbers)
    if (!compiled.ok) {
      // The checker rejects a literal zero divisor even in a branch that is never taken.
      expect(
        compiled.errors.map((error) => error.message),
        source,
      ).toEqual(compiled.errors.map(() => 'division by zero'))
      return
    }
    let expected: unknown
    try {
      expected = reference(ast, scope)
    } catch (error) {
      if (!(error instanceof DivisionByZero)) throw error
      expected = 'division by zero'
    }
    let actual: unknown
    try {
      actual = compiled.expr.evaluate(scope)
    } catch (error) {
      if (!(error instanceof ExprEvaluationError)) throw error
      expect(error.message).toMatch(/^division by zero/)
      actual = 'division by zero'
    }
    expect(Object.is(actual, expected), `${source}: ${String(actual)} vs ${String(expected)}`).toBe(
      true,
    )
  })
})

const NAME_ARB = fc.constantFrom(
  'a',
  'unit',
  'ratings',
  'x_1',
  'andy',
  'notice',
  'inside',
  'nullable',
  'size',
  'exists',
)
const STRING_ARB = fc.string({
  maxLength: 8,
  unit: fc.constantFrom('a', 'b', ' ', "'", '"', '\\', '\n', '\t', 'é', '\u0001'),
})

/** Any tree the parser can produce, to check the printer against it. */
const anyTree = fc.letrec<{ node: ExprNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(numberArb, STRING_ARB, fc.boolean(), fc.constant(null)).map(literal),
    NAME_ARB.map(identifier),
    fc
      .array(tie('node'), { maxLength: 3 })
      .map((items): ExprNode => ({ kind: 'list', items, ...at })),
    fc
      .record({ object: tie('node'), name: NAME_ARB })
      .map((p): ExprNode => ({ kind: 'member', ...p, nameStart: 0, ...at })),
    fc
      .record({ object: tie('node'), index: tie('node') })
      .map((p): ExprNode => ({ kind: 'index', ...p, ...at })),
    fc
      .record({ name: NAME_ARB, args: fc.array(tie('node'), { maxLength: 3 }) })
      .map((p): ExprNode => ({ kind: 'call', ...p, nameEnd: 0, ...at })),
    fc
      .record({
        receiver: tie('node'),
        name: NAME_ARB,
        args: fc.array(tie('node'), { maxLength: 2 }),
      })
      .map((p): ExprNode => ({ kind: 'method', ...p, nameStart: 0, ...at })),
    fc
      .record({ operator: fc.constantFrom<'!' | '-'>('!', '-'), operand: tie('node') })
      .map((p): ExprNode => ({ kind: 'unary', ...p, ...at })),
    fc
      .record({
        operator: fc.constantFrom<BinaryOperator>(
          '||',
          '&&',
          '==',
          '!=',
          '<',
          '<=',
          '>',
          '>=',
          'in',
          '+',
          '-',
          '*',
          '/',
          '%',
        ),
        left: tie('node'),
        right: tie('node'),
      })
      .map((p): ExprNode => ({ kind: 'binary', ...p, ...at })),
    fc
      .record({ test: tie('node'), consequent: tie('node'), alternate: tie('node') })
      .map((p): ExprNode => ({ kind: 'conditional', ...p, ...at })),
  ),
})).node

describe('printing and parsing', () => {
  test.prop([anyTree], { numRuns: 1000 })('parse(print(ast)) rebuilds the tree', (ast) => {
    const source = printExpression(ast)
    const reparsed = parseExpression(source)
    expect(reparsed.ok, source).toBe(true)
    if (reparsed.ok) expect(shape(reparsed.ast)).toEqual(shape(ast))
  })

  test.prop([anyTree])('printing is stable', (ast) => {
    const once = printExpression(ast)
    const reparsed = parseExpression(once)
    if (reparsed.ok) expect(printExpression(reparsed.ast)).toBe(once)
  })

  test.prop([fc.string({ maxLength: 60 })])(
    'any text parses or fails with a located error, never throws',
    (text) => {
      const result = parseExpression(text)
      if (!result.ok) {
        for (const error of result.errors) {
          expect(error.start).toBeGreaterThanOrEqual(0)
          expect(error.end).toBeGreaterThanOrEqual(error.start)
          expect(error.end).toBeLessThanOrEqual(text.length)
        }
      }
    },
  )
})
