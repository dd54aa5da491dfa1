import { describePosition } from './errors'
import type { ExprError } from './errors'

export type SymbolText =
  | '('
  | ')'
  | '['
  | ']'
  | ','
  | '.'
  | '?'
  | ':'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '!'
  | '<'
  | '<='
  | '>'
  | '>='
  | '=='
  | '!='
  | '&&'
  | '||'
  | 'in'

export type Token =
  | {
      readonly kind: 'number'
      readonly value: number
      readonly start: number
      readonly end: number
    }
  | {
      readonly kind: 'string'
      readonly value: string
      readonly start: number
      readonly end: number
    }
  | {
      readonly kind: 'identifier'
      readonly value: string
      readonly start: number
      readonly end: number
    }
  | {
      readonly kind: 'symbol'
      readonly value: SymbolText
      readonly start: number
      readonly end: number
    }
  | { readonly kind: 'eof'; readonly start: number; readonly end: number }

/** Internal control flow: the first syntax error aborts parsing and becomes the result. */
export class SyntaxFailure extends Error {
  readonly error: ExprError
  constructor(error: ExprError) {
    super(error.message)
    this.error = error
  }
}

const SYMBOLS: readonly SymbolText[] = [
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
  '?',
  ':',
  '+',
  '-',
  '*',
  '/',
  '%',
  '!',
  '<',
  '>',
]

/** Operators from other languages, longest first, with the advice a designer needs. */
const MISTAKES: readonly (readonly [text: string, advice: string])[] = [
  ['===', 'use == to compare'],
  ['!==', 'use != to compare'],
  ['<>', 'use != for "not equal"'],
  ['=>', 'use >= for "at least"'],
  ['=<', 'use <= for "at most"'],
  ['**', 'there is no power operator'],
  ['=', 'use == to compare'],
  ['&', 'use && for "and"'],
  ['|', 'use || for "or"'],
  ['^', 'there is no power operator'],
  [';', 'an expression cannot contain ";"'],
]

const CURLY_QUOTES = /[\u2018\u2019\u201C\u201D]/

const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  r: '\r',
  t: '\t',
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

function isIdentifierStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
}

function isIdentifierPart(code: number): boolean {
  return isIdentifierStart(code) || isDigit(code)
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  const fail: Fail = (message, start, end, advice) => {
    const where = describePosition(source, start)
    throw new SyntaxFailure({
      message: `${message} at ${where}${advice === undefined ? '' : ` — ${advice}`}`,
      start,
      end,
    })
  }
  let i = 0
  while (i < source.length) {
    const code = source.charCodeAt(i)
    if (code === 32 || code === 9 || code === 10 || code === 13) {
      i++
      continue
    }
    const start = i
    if (isDigit(code)) {
      i = scanNumber(source, i, fail)
      tokens.push({ kind: 'number', value: Number(source.slice(start, i)), start, end: i })
      continue
    }
    if (isIdentifierStart(code)) {
      while (i < source.length && isIdentifierPart(source.charCodeAt(i))) i++
      const word = source.slice(start, i)
      tokens.push(
        word === 'in'
          ? { kind: 'symbol', value: 'in', start, end: i }
          : { kind: 'identifier', value: word, start, end: i },
      )
      continue
    }
    if (code === 39 || code === 34) {
      const scanned = scanString(source, i, fail)
      tokens.push({ kind: 'string', value: scanned.value, start, end: scanned.end })
      i = scanned.end
      continue
    }
    const mistake = MISTAKES.find(([text]) => source.startsWith(text, i))
    const symbol = SYMBOLS.find((text) => source.startsWith(text, i))
    // "==" is a symbol but "===" is a mistake: the longer match decides.
    if (mistake !== undefined && (symbol === undefined || mistake[0].length > symbol.length)) {
      fail(`unknown operator "${mistake[0]}"`, start, start + mistake[0].length, mistake[1])
    }
    if (symbol !== undefined) {
      i += symbol.length
      tokens.push({ kind: 'symbol', value: symbol, start, end: i })
      continue
    }
    const char = source[i] ?? ''
    if (CURLY_QUOTES.test(char))
      fail(`curly quote ${char}`, start, start + 1, `use a straight quote ' or "`)
    fail(`unexpected character "${char}"`, start, start + 1)
  }
  tokens.push({ kind: 'eof', start: source.length, end: source.length })
  return tokens
}

type Fail = (message: string, start: number, end: number, advice?: string) => never

function scanNumber(source: string, start: number, fail: Fail): number {
  let i = start
  const digits = (): void => {
    while (i < source.length && isDigit(source.charCodeAt(i))) i++
  }
  digits()
  if (source[i] === '.' && isDigit(source.charCodeAt(i + 1))) {
    i++
    digits()
  }
  if (source[i] === 'e' || source[i] === 'E') {
    const mark = i
    i++
    if (source[i] === '+' || source[i] === '-') i++
    if (isDigit(source.charCodeAt(i))) digits()
    else i = mark
  }
  if (i < source.length && isIdentifierPart(source.charCodeAt(i))) {
    let end = i
    while (end < source.length && isIdentifierPart(source.charCodeAt(end))) end++
    fail(`"${source.slice(start, end)}" is not a number`, start, end)
  }
  return i
}

function scanString(source: string, start: number, fail: Fail): { value: string; end: number } {
  const quote = source[start]
  let value = ''
  let i = start + 1
  while (i < source.length) {
    const char = source[i]
    if (char === quote) return { value, end: i + 1 }
    if (char === '\n') break
    if (char === '\\') {
      const next = source[i + 1]
      if (next === 'u') {
        const hex = source.slice(i + 2, i + 6)
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          fail('"\\u" must be followed by four hex digits', i, i + 2)
        value += String.fromCharCode(parseInt(hex, 16))
        i += 6
        continue
      }
      const escaped = next === undefined ? undefined : ESCAPES[next]
      if (escaped === undefined) {
        // A backslash that ends the text has no second character to cover.
        const end = Math.min(i + 2, source.length)
        fail(`unknown escape "\\${next ?? ''}" in a string`, i, end, 'write \\\\ for a backslash')
      }
      value += escaped
      i += 2
      continue
    }
    value += char
    i++
  }
  return fail('unterminated string starting', start, i, `add a closing ${quote}`)
}
