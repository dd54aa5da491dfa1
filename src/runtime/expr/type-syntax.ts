import { ANY, BOOLEAN, NULL, NUMBER, STRING } from './types'
import type { ExprType, FieldType } from './types'

/**
 * The type language used to declare variables, named types and function signatures:
 *
 *   number | boolean | string | null | any
 *   list<T>   map<T>   (bare `list` / `map` mean list<any> / map<any>)
 *   { name: T, optionalName?: T }        declared fields only; `,` or `;` between fields
 *   'normal' | 'disordered' | 'retired'  a string restricted to these values
 *   T | null                             may be null
 *   Unit                                 a type registered in the environment
 */
export type TypeParseResult =
  { readonly ok: true; readonly type: ExprType } | { readonly ok: false; readonly error: string }

const PRIMITIVES: Readonly<Record<string, ExprType>> = {
  number: NUMBER,
  boolean: BOOLEAN,
  string: STRING,
  null: NULL,
  any: ANY,
}

export const TYPE_KEYWORDS: ReadonlySet<string> = new Set([
  ...Object.keys(PRIMITIVES),
  'list',
  'map',
])

type TypeToken = { readonly text: string; readonly start: number; readonly quoted: boolean }

class TypeSyntaxError extends Error {}

export function parseType(source: string): TypeParseResult {
  try {
    const tokens = scan(source)
    let position = 0
    const peek = (): TypeToken | undefined => tokens[position]
    const fail = (message: string, token = peek()): never => {
      const where = token === undefined ? 'at the end' : `at column ${token.start + 1}`
      throw new TypeSyntaxError(`${message} ${where} of type "${source}"`)
    }
    const expect = (text: string): void => {
      const token = peek()
      if (token === undefined || token.quoted || token.text !== text) fail(`expected "${text}"`)
      position++
    }
    const isPunct = (text: string): boolean => {
      const token = peek()
      return token !== undefined && !token.quoted && token.text === text
    }

    const parseUnion = (): ExprType => {
      const members = [parseMember()]
      while (isPunct('|')) {
        position++
        members.push(parseMember())
      }
      return combine(members, (message) => {
        throw new TypeSyntaxError(`${message}, in type "${source}"`)
      })
    }

    const parseMember = (): ExprType | string => {
      const token = peek()
      if (token === undefined) return fail('expected a type')
      position++
      if (token.quoted) return token.text
      if (token.text === '(') {
        const inner = parseUnion()
        expect(')')
        return inner
      }
      if (token.text === '{') return parseObject()
      if (token.text === 'list' || token.text === 'map') {
        let inner = ANY
        if (isPunct('<')) {
          position++
          inner = parseUnion()
          expect('>')
        }
        return token.text === 'list'
          ? { kind: 'list', element: inner }
          : { kind: 'map', value: inner }
      }
      const primitive = Object.hasOwn(PRIMITIVES, token.text) ? PRIMITIVES[token.text] : undefined
      if (primitive !== undefined) return primitive
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(token.text)) return { kind: 'named', name: token.text }
      return fail(`unexpected "${token.text}"`, token)
    }

    const parseObject = (): ExprType => {
      const fields: Record<string, FieldType> = {}
      while (!isPunct('}')) {
        const name = peek()
        if (name === undefined || name.quoted || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name.text)) {
          return fail('expected a field name')
        }
        position++
        if (Object.hasOwn(fields, name.text)) fail(`field "${name.text}" is declared twice`, name)
        const optional = isPunct('?')
        if (optional) position++
        expect(':')
        fields[name.text] = { type: parseUnion(), optional }
        if (!isPunct(',') && !isPunct(';')) break
        position++
      }
      expect('}')
      return { kind: 'object', fields }
    }

    const type = parseUnion()
    if (position < tokens.length) fail(`unexpected "${peek()?.text}"`)
    return { ok: true, type }
  } catch (error) {
    if (error instanceof TypeSyntaxError) return { ok: false, error: error.message }
    throw error
  }
}

/** Union members: string literals form an enum, `null` makes the rest nullable. */
function combine(
  members: readonly (ExprType | string)[],
  fail: (message: string) => never,
): ExprType {
  if (members.length === 1) {
    const only = members[0] as ExprType | string
    return typeof only === 'string' ? { kind: 'enum', values: [only] } : only
  }
  const values = members.filter((member): member is string => typeof member === 'string')
  const others = members.filter(
    (member): member is ExprType => typeof member !== 'string' && member.kind !== 'null',
  )
  const nullable = members.some((member) => typeof member !== 'string' && member.kind === 'null')
  if (values.length > 0 && others.length > 0) {
    fail('a union may list string values or one type, not both')
  }
  if (others.length > 1) fail('a union may combine string values, or one type with null')
  const base: ExprType =
    values.length > 0 ? { kind: 'enum', values: [...new Set(values)] } : (others[0] ?? NULL)
  return nullable && base.kind !== 'null' ? { kind: 'nullable', inner: base } : base
}

function scan(source: string): TypeToken[] {
  const tokens: TypeToken[] = []
  let i = 0
  while (i < source.length) {
    const char = source[i] as string
    if (/\s/.test(char)) {
      i++
    } else if (char === "'" || char === '"') {
      const end = source.indexOf(char, i + 1)
      if (end < 0)
        throw new TypeSyntaxError(`unterminated string at column ${i + 1} of type "${source}"`)
      tokens.push({ text: source.slice(i + 1, end), start: i, quoted: true })
      i = end + 1
    } else if ('<>{}(),;:?|'.includes(char)) {
      tokens.push({ text: char, start: i, quoted: false })
      i++
    } else {
      const match = /^[A-Za-z0-9_]+/.exec(source.slice(i))
      if (match === null)
        throw new TypeSyntaxError(`unexpected "${char}" at column ${i + 1} of type "${source}"`)
      tokens.push({ text: match[0], start: i, quoted: false })
      i += match[0].length
    }
  }
  return tokens
}
