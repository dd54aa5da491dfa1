/** Every node carries the 0-based span [start, end) of the source text it was parsed from. */
export type Span = { readonly start: number; readonly end: number }

export type LiteralValue = number | string | boolean | null

export type BinaryOperator =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%'

export type UnaryOperator = '!' | '-'

export type LiteralNode = Span & { readonly kind: 'literal'; readonly value: LiteralValue }
export type ListNode = Span & { readonly kind: 'list'; readonly items: readonly ExprNode[] }
export type IdentifierNode = Span & { readonly kind: 'identifier'; readonly name: string }
export type MemberNode = Span & {
  readonly kind: 'member'
  readonly object: ExprNode
  readonly name: string
  /** Offset of the field name, so "unknown field" errors underline just the name. */
  readonly nameStart: number
}
export type IndexNode = Span & {
  readonly kind: 'index'
  readonly object: ExprNode
  readonly index: ExprNode
}
/** A call of a named function: `size(x)`, `max(a, b)`, `has(a.b)`, `table('t', r, c)`. */
export type CallNode = Span & {
  readonly kind: 'call'
  readonly name: string
  readonly nameEnd: number
  readonly args: readonly ExprNode[]
}
/** A receiver-style call: `x.size()`, or a macro such as `list.exists(a, a.flag)`. */
export type MethodNode = Span & {
  readonly kind: 'method'
  readonly receiver: ExprNode
  readonly name: string
  readonly nameStart: number
  readonly args: readonly ExprNode[]
}
export type UnaryNode = Span & {
  readonly kind: 'unary'
  readonly operator: UnaryOperator
  readonly operand: ExprNode
}
export type BinaryNode = Span & {
  readonly kind: 'binary'
  readonly operator: BinaryOperator
  readonly left: ExprNode
  readonly right: ExprNode
}
export type ConditionalNode = Span & {
  readonly kind: 'conditional'
  readonly test: ExprNode
  readonly consequent: ExprNode
  readonly alternate: ExprNode
}

export type ExprNode =
  | LiteralNode
  | ListNode
  | IdentifierNode
  | MemberNode
  | IndexNode
  | CallNode
  | MethodNode
  | UnaryNode
  | BinaryNode
  | ConditionalNode

/**
 * Binding strength, weakest first, as in CEL: `?:` < `||` < `&&` < relations (`== != < <= > >=
 * in`, one level, left-associative) < `+ -` < `* / %` < unary < member/index/call.
 */
export const PRECEDENCE = {
  conditional: 0,
  or: 1,
  and: 2,
  relation: 3,
  additive: 4,
  multiplicative: 5,
  unary: 6,
  postfix: 7,
} as const

export const BINARY_PRECEDENCE: Readonly<Record<BinaryOperator, number>> = {
  '||': PRECEDENCE.or,
  '&&': PRECEDENCE.and,
  '==': PRECEDENCE.relation,
  '!=': PRECEDENCE.relation,
  '<': PRECEDENCE.relation,
  '<=': PRECEDENCE.relation,
  '>': PRECEDENCE.relation,
  '>=': PRECEDENCE.relation,
  in: PRECEDENCE.relation,
  '+': PRECEDENCE.additive,
  '-': PRECEDENCE.additive,
  '*': PRECEDENCE.multiplicative,
  '/': PRECEDENCE.multiplicative,
  '%': PRECEDENCE.multiplicative,
}

/** Property names that lead to prototypes; never readable, whatever the data holds. */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
])

/** Words with a fixed meaning that cannot name a variable, field of a declared type or function. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(['true', 'false', 'null', 'in'])

/** Words from other languages that designers reach for; the parser suggests the operator. */
export const WORD_OPERATORS: Readonly<Record<string, string>> = { and: '&&', or: '||', not: '!' }

/** Source length and nesting limits keep compilation and evaluation bounded for any content. */
export const MAX_SOURCE_LENGTH = 2000
export const MAX_DEPTH = 100
/**
 * List macros (`exists`, `all`, `filter`…) one inside the body of another: each level multiplies
 * the work by the length of its list, so 40 of them within the length limit would never finish.
 */
export const MAX_MACRO_NESTING = 3
/**
 * Elements the macros of one evaluation may visit before it is given up as too costly: a
 * backstop for lists far longer than content expects (a legitimate expression visits hundreds).
 */
export const MAX_MACRO_STEPS = 1_000_000

export function isIdentifierName(text: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(text)
}
