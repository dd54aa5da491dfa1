import type { BinaryNode, ExprNode } from './ast'
import { compileCall, compileMethod } from './compiler-calls'
import {
  compileIdentifier,
  compileIndex,
  compileMember,
  compileWithConstant,
} from './compiler-paths'
import type { CompileContext, Evaluator, LocalScope } from './compiler-state'
import type { Environment } from './environment'
import { ExprEvaluationError, excerpt } from './errors'
import { arithmeticMessage, deepEqual, describeValue, isRecord } from './values'

/**
 * Turns a checked AST into a tree of closures. Every closure still checks the kinds of the
 * values it handles: the data may not match its declaration, and `any` defers checks here.
 */
export function compileTree(
  ast: ExprNode,
  env: Environment,
  source: string,
  optionalReads: ReadonlySet<ExprNode> = new Set(),
  locals: readonly string[] = [],
): { root: Evaluator; usesLocals: boolean } {
  const context: CompileContext = {
    env,
    source,
    resolve: (name) => env.types.get(name),
    compile: (node, scope) => compileNode(context, node, scope),
    fail: (message, node) => {
      throw new ExprEvaluationError(message, node.start, node.end, source)
    },
    text: (node) => excerpt(source, node.start, node.end),
    usesLocals: locals.length > 0,
    optionalReads,
  }
  let scope: LocalScope | undefined
  locals.forEach((name, slot) => {
    scope = { name, slot, parent: scope }
  })
  const root = context.compile(ast, scope)
  return { root, usesLocals: context.usesLocals }
}

function compileNode(
  context: CompileContext,
  node: ExprNode,
  scope: LocalScope | undefined,
): Evaluator {
  switch (node.kind) {
    case 'literal': {
      const { value } = node
      return () => value
    }
    case 'list': {
      const items = node.items.map((item) => context.compile(item, scope))
      return (frame) => items.map((item) => item(frame))
    }
    case 'identifier':
      return compileIdentifier(context, node.name, node, scope)
    case 'member':
      return compileMember(context, node, scope)
    case 'index':
      return compileIndex(context, node, scope)
    case 'call':
      return compileCall(context, node, scope)
    case 'method':
      return compileMethod(context, node, scope)
    case 'unary': {
      if (
        node.operator === '-' &&
        node.operand.kind === 'literal' &&
        typeof node.operand.value === 'number'
      ) {
        const value = -node.operand.value
        return () => value
      }
      const operand = context.compile(node.operand, scope)
      if (node.operator === '!') {
        return (frame) => {
          const value = operand(frame)
          if (typeof value !== 'boolean')
            context.fail(`"!" needs true or false, got ${describeValue(value)}`, node)
          return !value
        }
      }
      return (frame) => {
        const value = operand(frame)
        if (typeof value !== 'number') context.fail(`cannot negate ${describeValue(value)}`, node)
        return -(value as number)
      }
    }
    case 'binary':
      return compileBinary(context, node, scope)
    case 'conditional': {
      const test = context.compile(node.test, scope)
      const consequent = context.compile(node.consequent, scope)
      const alternate = context.compile(node.alternate, scope)
      return (frame) => {
        const value = test(frame)
        if (value === true) return consequent(frame)
        if (value === false) return alternate(frame)
        return context.fail(
          `the condition before "?" must be true or false, got ${describeValue(value)}`,
          node.test,
        )
      }
    }
  }
}
function compileBinary(
  context: CompileContext,
  node: BinaryNode,
  scope: LocalScope | undefined,
): Evaluator {
  const fused = compileWithConstant(context, node, scope)
  if (fused !== undefined) return fused
  const left = context.compile(node.left, scope)
  const right = context.compile(node.right, scope)
  const fail = (message: string): never => context.fail(message, node)
  const numbers = (a: unknown, b: unknown): never =>
    fail(arithmeticMessage(node.operator, describeValue(a), describeValue(b)))
  switch (node.operator) {
    case '&&':
    case '||': {
      const stop = node.operator === '||'
      return (frame) => {
        const a = left(frame)
        if (a === stop) return stop
        if (a !== !stop)
          return context.fail(
            `the left side of "${node.operator}" must be true or false, got ${describeValue(a)}`,
            node.left,
          )
        const b = right(frame)
        if (typeof b !== 'boolean')
          return context.fail(
            `the right side of "${node.operator}" must be true or false, got ${describeValue(b)}`,
            node.right,
          )
        return b
      }
    }
    case '+':
      return (frame) => {
        const a = left(frame)
        const b = right(frame)
        if (typeof a === 'number' && typeof b === 'number') return a + b
        if (typeof a === 'string' && typeof b === 'string') return a + b
        if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b]
        return numbers(a, b)
      }
    case '-':
      return (frame) => {
        const a = left(frame)
        const b = right(frame)
        return typeof a === 'number' && typeof b === 'number' ? a - b : numbers(a, b)
      }
    case '*':
      return (frame) => {
        const a = left(frame)
        const b = right(frame)
        return typeof a === 'number' && typeof b === 'number' ? a * b : numbers(a, b)
      }
    case '/':
    case '%': {
      const divide = node.operator === '/'
      return (frame) => {
        const a = left(frame)
        const b = right(frame)
        if (typeof a !== 'number' || typeof b !== 'number') return numbers(a, b)
        if (b === 0) return fail(`division by zero: ${context.text(node.right)} is 0`)
        return divide ? a / b : a % b
      }
    }
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compileOrdering(node.operator, left, right, fail)
    case '==':
      return (frame) => {
        const a = left(frame)
        const b = right(frame)
        return a === b || (typeof a === 'object' && typeof b === 'object' && deepEqual(a, b))
      }
    case '!=':
      return (frame) => {
        const a = left(frame)
        const b = right(frame)
        return !(a === b || (typeof a === 'object' && typeof b === 'object' && deepEqual(a, b)))
      }
    case 'in':
      return (frame) => {
        const needle = left(frame)
        const haystack = right(frame)
        if (Array.isArray(haystack)) {
          for (const item of haystack) if (item === needle || deepEqual(item, needle)) return true
          return false
        }
        if (typeof haystack === 'string' || isRecord(haystack)) {
          if (typeof needle !== 'string')
            return fail(`"in" looks for a string here, got ${describeValue(needle)}`)
          if (typeof haystack === 'string') return haystack.includes(needle)
          return Object.hasOwn(haystack, needle) && haystack[needle] !== undefined
        }
        return fail(
          `"in" needs a list, a string or a map on its right, got ${describeValue(haystack)}`,
        )
      }
  }
}

function compileOrdering(
  operator: '<' | '<=' | '>' | '>=',
  left: Evaluator,
  right: Evaluator,
  fail: (message: string) => never,
): Evaluator {
  const refuse = (a: unknown, b: unknown): never =>
    fail(`cannot compare ${describeValue(a)} with ${describeValue(b)} using "${operator}"`)
  const comparable = (a: unknown, b: unknown): boolean =>
    (typeof a === 'number' && typeof b === 'number') ||
    (typeof a === 'string' && typeof b === 'string')
  // One closure per operator: a shared compare function would be one more call per evaluation.
  switch (operator) {
    case '<':
      return (frame) => {
        const a = left(frame)
        const b = right(frame)
        return comparable(a, b) ? (a as number) < (b as number) : refuse(a, b)
      }
    case '<=':
      return (frame) => {
        const a = left(frame)
        const b = right(frame)
        return comparable(a, b) ? (a as number) <= (b as number) : refuse(a, b)
      }
    case '>':
      return (frame) => {
        const a = left(frame)
        const b = right(frame)
        return comparable(a, b) ? (a as number) > (b as number) : refuse(a, b)
      }
    case '>=':
      return (frame) => {
        const a = left(frame)
        const b = right(frame)
        return comparable(a, b) ? (a as number) >= (b as number) : refuse(a, b)
      }
  }
}
