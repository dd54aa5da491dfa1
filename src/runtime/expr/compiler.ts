import { FORBIDDEN_NAMES } from './ast'
import type { BinaryNode, ExprNode, IndexNode, MemberNode } from './ast'
import { compileCall, compileMethod } from './compiler-calls'
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
    usesLocals: false,
    optionalReads,
  }
  const root = context.compile(ast, undefined)
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

function compileIdentifier(
  context: CompileContext,
  name: string,
  node: ExprNode,
  scope: LocalScope | undefined,
): Evaluator {
  for (let current = scope; current !== undefined; current = current.parent) {
    if (current.name === name) {
      const { slot } = current
      return (frame) => frame.locals[slot]
    }
  }
  return (frame) => {
    const { vars } = frame
    const value = vars[name]
    if (value !== undefined && Object.hasOwn(vars, name)) return value
    return context.fail(`${name} is not set here`, node)
  }
}

function compileMember(
  context: CompileContext,
  node: MemberNode,
  scope: LocalScope | undefined,
): Evaluator {
  const object = context.compile(node.object, scope)
  const { name } = node
  // The checker reports this to the designer; refusing here too keeps unchecked ASTs safe.
  if (FORBIDDEN_NAMES.has(name)) throw new Error(`"${name}" cannot be used as a field name`)
  const optional = context.optionalReads.has(node)
  return (frame) => {
    const value = object(frame)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      // Own properties only: a missing field must not fall through to Object.prototype.
      if (Object.hasOwn(value, name)) {
        const field = (value as Record<string, unknown>)[name]
        if (field !== undefined) return field
      }
      if (optional) return null
      return context.fail(`${context.text(node.object)} has no field "${name}"`, node)
    }
    return context.fail(
      `cannot read field "${name}": ${context.text(node.object)} is ${describeValue(value)}`,
      node,
    )
  }
}

function compileIndex(
  context: CompileContext,
  node: IndexNode,
  scope: LocalScope | undefined,
): Evaluator {
  const object = context.compile(node.object, scope)
  const index = context.compile(node.index, scope)
  const optional = context.optionalReads.has(node)
  return (frame) => {
    const value = object(frame)
    const key = index(frame)
    if (Array.isArray(value)) {
      if (typeof key !== 'number')
        return context.fail(
          `a list position must be a number, got ${describeValue(key)}`,
          node.index,
        )
      if (Number.isInteger(key) && key >= 0 && key < value.length) return value[key] as unknown
      return context.fail(
        `position ${key} is outside ${context.text(node.object)} (size ${value.length})`,
        node,
      )
    }
    if (isRecord(value)) {
      if (typeof key !== 'string')
        return context.fail(`a key must be a string, got ${describeValue(key)}`, node.index)
      if (FORBIDDEN_NAMES.has(key))
        return context.fail(`"${key}" cannot be used as a key`, node.index)
      const field = Object.hasOwn(value, key) ? value[key] : undefined
      if (field !== undefined) return field
      if (optional) return null
      return context.fail(`${context.text(node.object)} has no key "${key}"`, node)
    }
    return context.fail(`cannot index ${describeValue(value)} (${context.text(node.object)})`, node)
  }
}

function compileBinary(
  context: CompileContext,
  node: BinaryNode,
  scope: LocalScope | undefined,
): Evaluator {
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
  const compare = {
    '<': (a: number | string, b: number | string) => a < b,
    '<=': (a: number | string, b: number | string) => a <= b,
    '>': (a: number | string, b: number | string) => a > b,
    '>=': (a: number | string, b: number | string) => a >= b,
  }[operator]
  return (frame) => {
    const a = left(frame)
    const b = right(frame)
    if (
      (typeof a === 'number' && typeof b === 'number') ||
      (typeof a === 'string' && typeof b === 'string')
    ) {
      return compare(a, b)
    }
    return fail(`cannot compare ${describeValue(a)} with ${describeValue(b)} using "${operator}"`)
  }
}
