import { BINARY_PRECEDENCE, MAX_DEPTH, MAX_SOURCE_LENGTH, PRECEDENCE, WORD_OPERATORS } from './ast'
import type { BinaryOperator, ExprNode, LiteralNode } from './ast'
import { describePosition } from './errors'
import type { ExprError } from './errors'
import { SyntaxFailure, tokenize } from './lexer'
import type { Token } from './lexer'

export type ParseResult =
  | { readonly ok: true; readonly ast: ExprNode }
  | { readonly ok: false; readonly errors: readonly ExprError[] }

/** Parses an expression; only the first syntax error is reported, as later ones are noise. */
export function parseExpression(source: string): ParseResult {
  if (source.length > MAX_SOURCE_LENGTH) {
    return {
      ok: false,
      errors: [
        {
          message: `expression is too long (${source.length} characters, at most ${MAX_SOURCE_LENGTH})`,
          start: MAX_SOURCE_LENGTH,
          end: source.length,
        },
      ],
    }
  }
  try {
    const parser = new Parser(source, tokenize(source))
    return { ok: true, ast: parser.parseRoot() }
  } catch (failure) {
    if (failure instanceof SyntaxFailure) return { ok: false, errors: [failure.error] }
    throw failure
  }
}

function describeToken(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'end of expression'
    case 'string':
      return 'string'
    case 'number':
      return `"${token.value}"`
    default:
      return `"${token.value}"`
  }
}

// A class keeps the token cursor private to one parse; it never escapes this module.
class Parser {
  private position = 0
  private depth = 0

  constructor(
    private readonly source: string,
    private readonly tokens: readonly Token[],
  ) {}

  parseRoot(): ExprNode {
    if (this.peek().kind === 'eof') this.fail('the expression is empty', 0, this.source.length)
    const ast = this.parseConditional()
    const next = this.peek()
    if (next.kind !== 'eof') {
      if (next.kind === 'symbol' && next.value === ')') {
        this.fail(
          `unexpected ")" at ${this.where(next)} — there is no "(" to close`,
          next.start,
          next.end,
        )
      }
      this.fail(
        `unexpected ${describeToken(next)} at ${this.where(next)} — is an operator missing?`,
        next.start,
        next.end,
      )
    }
    return ast
  }

  private parseConditional(): ExprNode {
    this.enter()
    const test = this.parseBinary(PRECEDENCE.or)
    let result = test
    if (this.isSymbol('?')) {
      this.advance()
      const consequent = this.parseConditional()
      this.expectSymbol(':', 'expected ":" to complete "condition ? then : else"')
      const alternate = this.parseConditional()
      result = {
        kind: 'conditional',
        test,
        consequent,
        alternate,
        start: test.start,
        end: alternate.end,
      }
    }
    this.depth--
    return result
  }

  private parseBinary(minPrecedence: number): ExprNode {
    let left = this.parseUnary()
    // A left-associative chain deepens the tree without recursing; count it all the same.
    let chain = 0
    for (;;) {
      const token = this.peek()
      if (token.kind === 'identifier' && (token.value === 'and' || token.value === 'or')) {
        this.fail(
          `unknown operator "${token.value}" at ${this.where(token)} — use ${WORD_OPERATORS[token.value]}`,
          token.start,
          token.end,
        )
      }
      if (token.kind !== 'symbol' || !Object.hasOwn(BINARY_PRECEDENCE, token.value)) return left
      const operator = token.value as BinaryOperator
      const precedence = BINARY_PRECEDENCE[operator]
      if (precedence < minPrecedence) return left
      this.advance()
      chain++
      this.enter(chain)
      // All binary operators are left-associative: the right side binds strictly tighter.
      const right = this.parseBinary(precedence + 1)
      this.depth--
      left = { kind: 'binary', operator, left, right, start: left.start, end: right.end }
    }
  }

  private parseUnary(): ExprNode {
    const token = this.peek()
    if (token.kind === 'symbol' && (token.value === '!' || token.value === '-')) {
      this.advance()
      this.enter()
      const operand = this.parseUnary()
      this.depth--
      return { kind: 'unary', operator: token.value, operand, start: token.start, end: operand.end }
    }
    return this.parsePostfix(this.parsePrimary())
  }

  private parsePostfix(node: ExprNode): ExprNode {
    let result = node
    for (let chain = 1; ; chain++) {
      const token = this.peek()
      if (token.kind !== 'symbol') return result
      if (token.value === '.' || token.value === '[') this.guard(chain)
      if (token.value === '.') {
        this.advance()
        const name = this.peek()
        if (name.kind !== 'identifier') {
          this.fail(
            `expected a field name after the "." at ${this.where(token)}`,
            name.start,
            name.end,
          )
        }
        this.advance()
        if (this.isSymbol('(')) {
          const open = this.advance()
          const { args, end } = this.parseArguments(open)
          result = {
            kind: 'method',
            receiver: result,
            name: name.value as string,
            nameStart: name.start,
            args,
            start: result.start,
            end,
          }
        } else {
          result = {
            kind: 'member',
            object: result,
            name: name.value as string,
            nameStart: name.start,
            start: result.start,
            end: name.end,
          }
        }
      } else if (token.value === '[') {
        this.advance()
        const index = this.parseConditional()
        const close = this.expectSymbol(
          ']',
          `expected "]" to close the "[" at ${this.where(token)}`,
        )
        result = { kind: 'index', object: result, index, start: result.start, end: close.end }
      } else if (token.value === '(') {
        this.fail(
          `unexpected "(" at ${this.where(token)} — only named functions can be called`,
          token.start,
          token.end,
        )
      } else {
        return result
      }
    }
  }

  private parsePrimary(): ExprNode {
    const token = this.peek()
    switch (token.kind) {
      case 'number':
      case 'string':
        this.advance()
        return { kind: 'literal', value: token.value, start: token.start, end: token.end }
      case 'identifier':
        return this.parseIdentifier(token.value, token.start, token.end)
      case 'symbol':
        if (token.value === '(') {
          this.advance()
          const inner = this.parseConditional()
          const close = this.expectSymbol(
            ')',
            `missing ")" to close the "(" at ${this.where(token)}`,
          )
          // The span takes in the parentheses so an enclosing node's span ends at its last ")".
          return { ...inner, start: token.start, end: close.end }
        }
        if (token.value === '[') return this.parseList()
        if (token.value === '.' && this.tokens[this.position + 1]?.kind === 'number') {
          this.fail(
            `unexpected "." at ${this.where(token)} — a number needs a digit before the "." (write 0.5, not .5)`,
            token.start,
            token.end,
          )
        }
        break
      case 'eof': {
        const previous = this.tokens[this.position - 1]
        const after = previous === undefined ? '' : ` after ${describeToken(previous)}`
        this.fail(`the expression ends too early${after}`, token.start, token.end)
      }
    }
    return this.fail(
      `unexpected ${describeToken(token)} at ${this.where(token)}`,
      token.start,
      token.end,
    )
  }

  private parseIdentifier(name: string, start: number, end: number): ExprNode {
    this.advance()
    const literal = (value: LiteralNode['value']): ExprNode => ({
      kind: 'literal',
      value,
      start,
      end,
    })
    if (name === 'true') return literal(true)
    if (name === 'false') return literal(false)
    if (name === 'null') return literal(null)
    if (Object.hasOwn(WORD_OPERATORS, name) && !this.isSymbol('(') && this.peek().kind !== 'eof') {
      this.fail(
        `unknown operator "${name}" at ${describePosition(this.source, start)} — use ${WORD_OPERATORS[name]}`,
        start,
        end,
      )
    }
    if (this.isSymbol('(')) {
      const open = this.advance()
      const { args, end: callEnd } = this.parseArguments(open)
      return { kind: 'call', name, nameEnd: end, args, start, end: callEnd }
    }
    return { kind: 'identifier', name, start, end }
  }

  private parseList(): ExprNode {
    const open = this.advance()
    const items: ExprNode[] = []
    while (!this.isSymbol(']')) {
      items.push(this.parseConditional())
      if (!this.isSymbol(',')) break
      this.advance()
    }
    const close = this.expectSymbol(
      ']',
      `expected "," or "]" in the list opened at ${this.where(open)}`,
    )
    return { kind: 'list', items, start: open.start, end: close.end }
  }

  private parseArguments(open: Token): { args: ExprNode[]; end: number } {
    const args: ExprNode[] = []
    while (!this.isSymbol(')')) {
      args.push(this.parseConditional())
      if (!this.isSymbol(',')) break
      this.advance()
    }
    const close = this.expectSymbol(
      ')',
      `expected "," or ")" in the call opened at ${this.where(open)}`,
    )
    return { args, end: close.end }
  }

  private enter(chain = 0): void {
    this.depth++
    this.guard(chain)
  }

  private guard(chain: number): void {
    if (this.depth + chain > MAX_DEPTH) {
      const token = this.peek()
      this.fail(
        `expression is nested too deeply (more than ${MAX_DEPTH} levels)`,
        token.start,
        token.end,
      )
    }
  }

  private peek(): Token {
    // The token list always ends with eof and the cursor never passes it.
    return this.tokens[this.position] as Token
  }

  private advance(): Token {
    const token = this.peek()
    if (token.kind !== 'eof') this.position++
    return token
  }

  private isSymbol(value: string): boolean {
    const token = this.peek()
    return token.kind === 'symbol' && token.value === value
  }

  private expectSymbol(value: string, message: string): Token {
    const token = this.peek()
    if (token.kind === 'symbol' && token.value === value) return this.advance()
    const found =
      token.kind === 'eof'
        ? 'the expression ends'
        : `found ${describeToken(token)} at ${this.where(token)}`
    return this.fail(`${message}, but ${found}`, token.start, token.end)
  }

  private where(token: Token): string {
    return describePosition(this.source, token.start)
  }

  private fail(message: string, start: number, end: number): never {
    // An empty span at the very end is invisible in an editor: underline the last token.
    const previous = this.tokens[this.position - 1]
    if (start === end && start === this.source.length && previous !== undefined) {
      throw new SyntaxFailure({ message, start: previous.start, end: previous.end })
    }
    throw new SyntaxFailure({ message, start, end })
  }
}
