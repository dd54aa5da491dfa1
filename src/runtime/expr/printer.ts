import { BINARY_PRECEDENCE, PRECEDENCE } from './ast'
import type { ExprNode, LiteralValue } from './ast'

/**
 * Prints an AST back to source with the fewest parentheses that preserve its structure, so
 * `parseExpression(printExpression(ast))` rebuilds the same tree (spans aside). Used by tools
 * that rewrite expressions and by the round-trip property test.
 */
export function printExpression(node: ExprNode): string {
  return print(node, PRECEDENCE.conditional)
}

function precedenceOf(node: ExprNode): number {
  switch (node.kind) {
    case 'conditional':
      return PRECEDENCE.conditional
    case 'binary':
      return BINARY_PRECEDENCE[node.operator]
    case 'unary':
      return PRECEDENCE.unary
    case 'literal':
      // A negative number prints with a leading "-", which reads back as a unary minus.
      return typeof node.value === 'number' && (node.value < 0 || Object.is(node.value, -0))
        ? PRECEDENCE.unary
        : PRECEDENCE.postfix + 1
    default:
      return PRECEDENCE.postfix + 1
  }
}

function print(node: ExprNode, required: number): string {
  const text = printBare(node)
  return precedenceOf(node) < required ? `(${text})` : text
}

function printBare(node: ExprNode): string {
  switch (node.kind) {
    case 'literal':
      return printLiteral(node.value)
    case 'list':
      return `[${node.items.map((item) => print(item, PRECEDENCE.conditional)).join(', ')}]`
    case 'identifier':
      return node.name
    case 'member':
      return `${printReceiver(node.object)}.${node.name}`
    case 'index':
      return `${printReceiver(node.object)}[${print(node.index, PRECEDENCE.conditional)}]`
    case 'call':
      return `${node.name}(${printArgs(node.args)})`
    case 'method':
      return `${printReceiver(node.receiver)}.${node.name}(${printArgs(node.args)})`
    case 'unary': {
      const operand = print(node.operand, PRECEDENCE.unary)
      // "- -x" rather than "--x": both lex the same today, the space keeps it readable.
      return operand.startsWith('-') ? `${node.operator} ${operand}` : `${node.operator}${operand}`
    }
    case 'binary': {
      const precedence = BINARY_PRECEDENCE[node.operator]
      return `${print(node.left, precedence)} ${node.operator} ${print(node.right, precedence + 1)}`
    }
    case 'conditional':
      return `${print(node.test, PRECEDENCE.or)} ? ${print(node.consequent, PRECEDENCE.conditional)} : ${print(node.alternate, PRECEDENCE.conditional)}`
  }
}

function printReceiver(node: ExprNode): string {
  // "2.size()" would lex as a malformed number, so number receivers are parenthesised.
  if (node.kind === 'literal' && typeof node.value === 'number')
    return `(${printLiteral(node.value)})`
  return print(node, PRECEDENCE.postfix)
}

function printArgs(args: readonly ExprNode[]): string {
  return args.map((arg) => print(arg, PRECEDENCE.conditional)).join(', ')
}

export function printLiteral(value: LiteralValue): string {
  if (typeof value === 'string') return quote(value)
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value)
  return String(value)
}

function quote(text: string): string {
  let out = "'"
  for (const char of text) {
    if (char === "'" || char === '\\') out += `\\${char}`
    else if (char === '\n') out += '\\n'
    else if (char === '\r') out += '\\r'
    else if (char === '\t') out += '\\t'
    else if (char < ' ') out += `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
    else out += char
  }
  return `${out}'`
}
