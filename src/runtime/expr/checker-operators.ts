import type { BinaryNode } from './ast'
import { checkEnumLiteral, report, requireBoolean, textOf } from './checker-state'
import type { CheckerState, Checked, Scope } from './checker-state'
import { didYouMean } from './suggest'
import {
  ANY,
  BOOLEAN,
  NUMBER,
  STRING,
  describeType,
  fieldOf,
  isAssignable,
  isComparable,
  listOf,
  stripNull,
  unifyTypes,
} from './types'
import type { ExprType } from './types'
import { arithmeticMessage } from './values'

export function checkBinary(
  state: CheckerState,
  node: BinaryNode,
  scope: Scope | undefined,
): ExprType {
  const left = state.check(node.left, scope)
  const right = state.check(node.right, scope)
  const l = stripNull(left.type, state.resolve)
  const r = stripNull(right.type, state.resolve)
  const a = describeType(left.type, state.resolve)
  const b = describeType(right.type, state.resolve)
  const fail = (message: string): void => report(state, message, node.start, node.end)
  switch (node.operator) {
    case '&&':
    case '||':
      requireBoolean(state, node.left, left.type, `the left side of "${node.operator}"`)
      requireBoolean(state, node.right, right.type, `the right side of "${node.operator}"`)
      return BOOLEAN
    case '+':
      return checkAddition(state, l, r, () => fail(arithmeticMessage('+', a, b)))
    case '-':
    case '*':
    case '/':
    case '%':
      if (!isAssignable(l, NUMBER, state.resolve) || !isAssignable(r, NUMBER, state.resolve)) {
        fail(arithmeticMessage(node.operator, a, b))
      } else if ((node.operator === '/' || node.operator === '%') && right.literal === 0) {
        report(state, 'division by zero', node.right.start, node.right.end)
      }
      return NUMBER
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const ordered = (t: ExprType): string | undefined =>
        t.kind === 'number'
          ? 'number'
          : t.kind === 'string' || t.kind === 'enum'
            ? 'string'
            : t.kind === 'any'
              ? 'any'
              : undefined
      const x = ordered(l)
      const y = ordered(r)
      if (x === undefined || y === undefined || (x !== y && x !== 'any' && y !== 'any')) {
        fail(`cannot compare ${a} with ${b} using "${node.operator}"`)
      }
      return BOOLEAN
    }
    case '==':
    case '!=':
      if (!isComparable(left.type, right.type, state.resolve)) {
        fail(`cannot compare ${a} with ${b}: they are never equal`)
      } else {
        checkEnumLiteral(state, node.left, left.type, node.right, right.literal)
        checkEnumLiteral(state, node.right, right.type, node.left, left.literal)
      }
      return BOOLEAN
    case 'in':
      checkMembership(state, node, left, r)
      return BOOLEAN
  }
}

function checkAddition(state: CheckerState, l: ExprType, r: ExprType, fail: () => void): ExprType {
  const kind = (t: ExprType): string => (t.kind === 'enum' ? 'string' : t.kind)
  const x = kind(l)
  const y = kind(r)
  if (x === 'any' && y === 'any') return ANY
  if (x === 'any' || y === 'any') {
    const known = x === 'any' ? r : l
    if (['number', 'string', 'list'].includes(kind(known)))
      return kind(known) === 'string' ? STRING : known
  } else if (x === y && (x === 'number' || x === 'string')) {
    return x === 'number' ? NUMBER : STRING
  } else if (l.kind === 'list' && r.kind === 'list') {
    return listOf(unifyTypes(l.element, r.element, state.resolve) ?? ANY)
  }
  fail()
  return ANY
}

function checkMembership(
  state: CheckerState,
  node: BinaryNode,
  left: Checked,
  container: ExprType,
): void {
  switch (container.kind) {
    case 'any':
      return
    case 'list':
      if (!isComparable(left.type, container.element, state.resolve)) {
        report(
          state,
          `a list of ${plural(state, container.element)} never contains ${describeType(left.type, state.resolve)}`,
          node.start,
          node.end,
        )
        return
      }
      checkEnumLiteral(state, node.right, container.element, node.left, left.literal)
      if (node.right.kind === 'list') {
        for (const item of node.right.items) {
          if (item.kind === 'literal')
            checkEnumLiteral(state, node.left, left.type, item, item.value)
        }
      }
      return
    case 'string':
    case 'enum':
    case 'map':
    case 'object':
      if (!['string', 'enum', 'any'].includes(stripNull(left.type, state.resolve).kind)) {
        const what = container.kind === 'map' || container.kind === 'object' ? 'keys' : 'text'
        report(
          state,
          `"in" looks for ${what} in ${describeType(container, state.resolve)}, not ${describeType(left.type, state.resolve)}`,
          node.start,
          node.end,
        )
      } else if (
        container.kind === 'object' &&
        typeof left.literal === 'string' &&
        fieldOf(container, left.literal) === undefined
      ) {
        report(
          state,
          `${textOf(state, node.right)} has no field "${left.literal}"${didYouMean(left.literal, Object.keys(container.fields))}`,
          node.left.start,
          node.left.end,
        )
      }
      return
    default:
      report(
        state,
        `"in" needs a list, a string or a map on its right, not ${describeType(container, state.resolve)}`,
        node.right.start,
        node.right.end,
      )
  }
}

function plural(state: CheckerState, type: ExprType): string {
  return `${describeType(type, state.resolve).replace(/^an? /, '')}s`
}
