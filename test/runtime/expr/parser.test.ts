import { describe, expect, test } from 'vitest'
import {
  MAX_DEPTH,
  MAX_SOURCE_LENGTH,
  parseExpression,
  printExpression,
} from '../../../src/runtime/expr'
import { parsed, show, syntaxError } from './helpers'

describe('precedence and associativity', () => {
  test.each([
    // multiplicative binds tighter than additive, both left-associative
    ['1 + 2 * 3', '(1 + (2 * 3))'],
    ['1 * 2 + 3', '((1 * 2) + 3)'],
    ['1 - 2 - 3', '((1 - 2) - 3)'],
    ['8 / 4 / 2', '((8 / 4) / 2)'],
    ['7 % 4 * 2', '((7 % 4) * 2)'],
    ['1 - 2 + 3', '((1 - 2) + 3)'],
    // unary binds tighter than any binary operator
    ['-a * b', '((-a) * b)'],
    ['-2 - -3', '((-2) - (-3))'],
    ['!a && b', '((!a) && b)'],
    ['!!a', '(!(!a))'],
    ['-a.b', '(-a.b)'],
    ['!a.exists(x, x)', '(!a.exists(x, x))'],
    // relations sit below arithmetic; as in CEL they share one left-associative level
    ['a + 1 < b * 2', '((a + 1) < (b * 2))'],
    ['a < b == c', '((a < b) == c)'],
    ['a == b != c', '((a == b) != c)'],
    ['x in l == true', '((x in l) == true)'],
    ['a + b in l', '((a + b) in l)'],
    // && above ||, both left-associative
    ['a || b && c', '(a || (b && c))'],
    ['a && b || c', '((a && b) || c)'],
    ['a || b || c', '((a || b) || c)'],
    ['a == 1 && b != 2', '((a == 1) && (b != 2))'],
    // the conditional is lowest and right-associative
    ['a ? b : c ? d : e', '(a ? b : (c ? d : e))'],
    ['a ? b ? c : d : e', '(a ? (b ? c : d) : e)'],
    ['a || b ? 1 : 2', '((a || b) ? 1 : 2)'],
    ['a ? 1 + 2 : 3 * 4', '(a ? (1 + 2) : (3 * 4))'],
    // parentheses override everything
    ['(1 + 2) * 3', '((1 + 2) * 3)'],
    ['a && (b || c)', '(a && (b || c))'],
    ['(a ? b : c).d', '(a ? b : c).d'],
    // postfix chains
    ['a.b.c', 'a.b.c'],
    ['a[0].b', 'a[0].b'],
    ["m['k'][1]", "m['k'][1]"],
    ['f(x).y', 'f(x).y'],
    ['size(a) - size(b)', '(size(a) - size(b))'],
    ['l.map(x, x * 2).size()', 'l.map(x, (x * 2)).size()'],
  ])('%s parses as %s', (source, expected) => {
    expect(show(parsed(source))).toBe(expected)
  })
})

describe('literals', () => {
  test.each([
    ['2', 2],
    ['0.5', 0.5],
    ['1e3', 1000],
    ['2.5E-1', 0.25],
    ["'it\\'s'", "it's"],
    ['"say \\"hi\\""', 'say "hi"'],
    ["'a\\\\b'", 'a\\b'],
    ["'\\n\\t\\r'", '\n\t\r'],
    ["'\\u00e9'", 'é'],
    ["''", ''],
    ['true', true],
    ['false', false],
    ['null', null],
  ])('%s', (source, value) => {
    const ast = parsed(source)
    expect(ast.kind).toBe('literal')
    expect(ast.kind === 'literal' && ast.value).toBe(value)
  })

  test('lists allow a trailing comma and nest', () => {
    expect(show(parsed('[1, [2, 3], []]'))).toBe('[1, [2, 3], []]')
    expect(show(parsed("['a', 'b',]"))).toBe("['a', 'b']")
  })

  test('keywords are whole words', () => {
    expect(show(parsed('inside + nullable + trueish'))).toBe('((inside + nullable) + trueish)')
  })
})

describe('spans', () => {
  test('every node records the text it came from', () => {
    const source = "attacker.status == 'disordered'"
    const ast = parsed(source)
    expect(ast.kind).toBe('binary')
    if (ast.kind !== 'binary') return
    expect(source.slice(ast.start, ast.end)).toBe(source)
    expect(source.slice(ast.left.start, ast.left.end)).toBe('attacker.status')
    expect(source.slice(ast.right.start, ast.right.end)).toBe("'disordered'")
    expect(ast.left.kind === 'member' && source.slice(ast.left.nameStart, ast.left.end)).toBe(
      'status',
    )
  })

  test('a call spans its closing parenthesis', () => {
    const source = '  max(a, b)  '
    const ast = parsed(source)
    expect(source.slice(ast.start, ast.end)).toBe('max(a, b)')
  })
})

describe('syntax errors a designer makes', () => {
  test.each([
    ['a = 1', 'unknown operator "=" at column 3 — use == to compare', '='],
    ['a === 1', 'unknown operator "===" at column 3 — use == to compare', '==='],
    ['a !== 1', 'unknown operator "!==" at column 3 — use != to compare', '!=='],
    ['a <> 1', 'unknown operator "<>" at column 3 — use != for "not equal"', '<>'],
    ['a => 1', 'unknown operator "=>" at column 3 — use >= for "at least"', '=>'],
    ['a & b', 'unknown operator "&" at column 3 — use && for "and"', '&'],
    ['a | b', 'unknown operator "|" at column 3 — use || for "or"', '|'],
    ['a and b', 'unknown operator "and" at column 3 — use &&', 'and'],
    ['a or b', 'unknown operator "or" at column 3 — use ||', 'or'],
    ['not a', 'unknown operator "not" at column 1 — use !', 'not'],
    ['a ^ 2', 'unknown operator "^" at column 3 — there is no power operator', '^'],
    ['a; b', 'unknown operator ";" at column 2 — an expression cannot contain ";"', ';'],
    ['size(x))', 'unexpected ")" at column 8 — there is no "(" to close', ')'],
    ["'disordered", "unterminated string starting at column 1 — add a closing '", "'disordered"],
    ['"abc', 'unterminated string starting at column 1 — add a closing "', '"abc'],
    ["'a\\qb'", 'unknown escape "\\q" in a string at column 3 — write \\\\ for a backslash', '\\q'],
    // A backslash that ends the text: the span stops at the end, not one past it.
    ['"\\', 'unknown escape "\\" in a string at column 2 — write \\\\ for a backslash', '\\'],
    ['a b', 'unexpected "b" at column 3 — is an operator missing?', 'b'],
    ['1 2', 'unexpected "2" at column 3 — is an operator missing?', '2'],
    ['(1 + 2', 'missing ")" to close the "(" at column 1, but the expression ends', '2'],
    ['[1, 2', 'expected "," or "]" in the list opened at column 1, but the expression ends', '2'],
    [
      'max(1, 2',
      'expected "," or ")" in the call opened at column 4, but the expression ends',
      '2',
    ],
    ['a +', 'the expression ends too early after "+"', '+'],
    ['a ? b', 'expected ":" to complete "condition ? then : else", but the expression ends', 'b'],
    ['a.', 'expected a field name after the "." at column 2', '.'],
    ['a.1', 'expected a field name after the "." at column 2', '1'],
    ['* 2', 'unexpected "*" at column 1', '*'],
    [
      '.5',
      'unexpected "." at column 1 — a number needs a digit before the "." (write 0.5, not .5)',
      '.',
    ],
    ['2d6', '"2d6" is not a number at column 1', '2d6'],
    ['a # b', 'unexpected character "#" at column 3', '#'],
    [
      '\u2018normal\u2019',
      'curly quote \u2018 at column 1 — use a straight quote \' or "',
      '\u2018',
    ],
    ['(a)(b)', 'unexpected "(" at column 4 — only named functions can be called', '('],
    ['', 'the expression is empty', ''],
    ['   ', 'the expression is empty', '   '],
  ])('%s', (source, message, text) => {
    const error = syntaxError(source)
    expect(error.message).toBe(message)
    expect(source.slice(error.start, error.end)).toBe(text)
  })

  test('positions on later lines name the line', () => {
    const error = syntaxError('a &&\n  b = 1')
    expect(error.message).toBe('unknown operator "=" at line 2, column 5 — use == to compare')
    expect(error.start).toBe(9)
  })

  test('overlong sources are rejected before parsing', () => {
    const error = syntaxError('1 + '.repeat(MAX_SOURCE_LENGTH))
    expect(error.message).toMatch(/^expression is too long \(\d+ characters, at most 2000\)$/)
  })

  test('nesting is limited, whatever the length', () => {
    const deep = `${'('.repeat(MAX_DEPTH + 1)}1${')'.repeat(MAX_DEPTH + 1)}`
    expect(syntaxError(deep).message).toBe(
      `expression is nested too deeply (more than ${MAX_DEPTH} levels)`,
    )
    expect(syntaxError(`${'!'.repeat(MAX_DEPTH + 1)}a`).message).toMatch(/nested too deeply/)
    expect(syntaxError(`${'-'.repeat(MAX_DEPTH + 1)}1`).message).toMatch(/nested too deeply/)
    const ok = `${'('.repeat(MAX_DEPTH - 1)}1${')'.repeat(MAX_DEPTH - 1)}`
    expect(parseExpression(ok).ok).toBe(true)
  })

  test('a long flat chain is fine but a chain deeper than the limit is not', () => {
    expect(
      parseExpression(
        Array(MAX_DEPTH - 2)
          .fill('1')
          .join(' + '),
      ).ok,
    ).toBe(true)
    expect(
      parseExpression(
        Array(MAX_DEPTH + 2)
          .fill('1')
          .join(' - '),
      ).ok,
    ).toBe(false)
    expect(parseExpression(`a${'.b'.repeat(MAX_DEPTH - 2)}`).ok).toBe(true)
    expect(parseExpression(`a${'[0]'.repeat(MAX_DEPTH + 1)}`).ok).toBe(false)
  })
})

describe('printing', () => {
  test.each([
    '1 + 2 * 3',
    '(1 + 2) * 3',
    '1 - (2 - 3)',
    '1 - 2 - 3',
    '-(a + b)',
    '- -a',
    '!(a && b) || c',
    'a ? b : c ? d : e',
    '(a ? b : c) ? d : e',
    "attacker.status == 'disordered'",
    'attackers.exists(a, a.flags.mounted) && !defender.flags.mounted',
    "m['it\\'s'][0].x",
    '(2).size()',
    '[1, [2], []]',
    'a < (b < c)',
    'a < b < c',
    'a in (b in c)',
    'max(a, b, 1.5e-7)',
  ])('%s survives print and parse', (source) => {
    const printed = printExpression(parsed(source))
    expect(printed).toBe(source)
    expect(show(parsed(printed))).toBe(show(parsed(source)))
  })

  test('redundant parentheses are dropped', () => {
    expect(printExpression(parsed('((a)) + (b * c)'))).toBe('a + b * c')
  })
})
