import { FORBIDDEN_NAMES, isIdentifierName } from './ast'
import type { ExprNode, IndexNode, MemberNode } from './ast'
import { BUILTIN_NAMES } from './builtins'
import { checkCall, checkMethod } from './checker-calls'
import { checkBinary } from './checker-operators'
import { fieldType, lookupScope, report, requireBoolean, scopeNames, textOf } from './checker-state'
import type { CheckerState, Checked, Scope } from './checker-state'
import type { Environment } from './environment'
import type { ExprError } from './errors'
import { didYouMean } from './suggest'
import {
  ANY,
  BOOLEAN,
  NULL,
  NUMBER,
  STRING,
  describeType,
  isAssignable,
  listOf,
  resolveType,
  stripNull,
  unifyTypes,
} from './types'
import type { ExprType } from './types'

export type CheckResult = {
  readonly type: ExprType
  readonly errors: readonly ExprError[]
  /** Variable paths read, sorted: `attacker.status`, `attackers[].ratings.charisma`. */
  readonly references: readonly string[]
  /** Host functions called, sorted. */
  readonly functions: readonly string[]
  /** Nodes reading a declared optional field, which give null when it is absent. */
  readonly optionalReads: ReadonlySet<ExprNode>
}

/** Infers the type of a parsed expression and reports every type error found. */
export function checkExpression(ast: ExprNode, env: Environment, source: string): CheckResult {
  const state: CheckerState = {
    env,
    source,
    resolve: (name) => env.types.get(name),
    errors: [],
    references: new Set(),
    functions: new Set(),
    optionalReads: new Set(),
    check: (node, scope, consume = true) => checkNode(state, node, scope, consume),
  }
  const { type } = state.check(ast, undefined)
  return {
    type,
    errors: [...state.errors].sort((a, b) => a.start - b.start || a.end - b.end),
    references: [...state.references].sort(),
    functions: [...state.functions].sort(),
    optionalReads: state.optionalReads,
  }
}

function checkNode(
  state: CheckerState,
  node: ExprNode,
  scope: Scope | undefined,
  consume: boolean,
): Checked {
  const checked = checkBare(state, node, scope)
  if (consume && checked.path !== undefined) state.references.add(checked.path)
  return checked
}

function checkBare(state: CheckerState, node: ExprNode, scope: Scope | undefined): Checked {
  switch (node.kind) {
    case 'literal': {
      const { value } = node
      const type =
        value === null
          ? NULL
          : typeof value === 'number'
            ? NUMBER
            : typeof value === 'string'
              ? STRING
              : BOOLEAN
      return { type, literal: value }
    }
    case 'list':
      return checkList(state, node.items, scope)
    case 'identifier':
      return checkIdentifier(state, node.name, node.start, node.end, scope)
    case 'member':
      return checkMember(state, node, scope)
    case 'index':
      return checkIndex(state, node, scope)
    case 'call':
      return checkCall(state, node, scope)
    case 'method':
      return checkMethod(state, node, scope)
    case 'unary': {
      const operand = state.check(node.operand, scope)
      const wanted = node.operator === '!' ? BOOLEAN : NUMBER
      if (!isAssignable(operand.type, wanted, state.resolve)) {
        const message =
          node.operator === '!'
            ? `"!" needs true or false, not ${describeType(operand.type, state.resolve)}`
            : `cannot negate ${describeType(operand.type, state.resolve)}`
        report(state, message, node.start, node.end)
      }
      return { type: wanted }
    }
    case 'binary':
      return { type: checkBinary(state, node, scope) }
    case 'conditional': {
      requireBoolean(
        state,
        node.test,
        state.check(node.test, scope).type,
        'the condition before "?"',
      )
      const consequent = state.check(node.consequent, scope).type
      const alternate = state.check(node.alternate, scope).type
      const type = unifyTypes(consequent, alternate, state.resolve)
      if (type !== undefined) return { type }
      report(
        state,
        `the two branches of "? :" give different types: ${describeType(consequent, state.resolve)} and ${describeType(alternate, state.resolve)}`,
        node.consequent.start,
        node.alternate.end,
      )
      return { type: ANY }
    }
  }
}

function checkList(
  state: CheckerState,
  items: readonly ExprNode[],
  scope: Scope | undefined,
): Checked {
  let element: ExprType | undefined
  for (const item of items) {
    const { type } = state.check(item, scope)
    // Mixed lists are legal data (CEL's list<dyn>); they just lose static checking.
    element = element === undefined ? type : (unifyTypes(element, type, state.resolve) ?? ANY)
  }
  return { type: listOf(element ?? ANY) }
}

function checkIdentifier(
  state: CheckerState,
  name: string,
  start: number,
  end: number,
  scope: Scope | undefined,
): Checked {
  const local = lookupScope(scope, name)
  if (local !== undefined) return { type: local.type, path: local.path }
  const variable = state.env.variables.get(name)
  if (variable !== undefined) return { type: variable, path: name }
  if (BUILTIN_NAMES.has(name) || state.env.functions.has(name)) {
    report(state, `${name} is a function: call it as ${name}(…)`, start, end)
  } else {
    const candidates = [...scopeNames(scope), ...state.env.variables.keys()]
    report(state, `unknown variable "${name}"${didYouMean(name, candidates)}`, start, end)
  }
  return { type: ANY }
}

function checkMember(state: CheckerState, node: MemberNode, scope: Scope | undefined): Checked {
  const object = state.check(node.object, scope, false)
  if (FORBIDDEN_NAMES.has(node.name)) {
    report(state, `"${node.name}" cannot be used as a field name`, node.nameStart, node.end)
    return { type: ANY }
  }
  const path = object.path === undefined ? undefined : `${object.path}.${node.name}`
  return {
    type: fieldType(state, node.object, object.type, node.name, node.nameStart, node.end, node),
    path,
  }
}

function checkIndex(state: CheckerState, node: IndexNode, scope: Scope | undefined): Checked {
  const object = state.check(node.object, scope, false)
  const index = state.check(node.index, scope)
  const type = stripNull(object.type, state.resolve)
  const key = index.literal
  if (typeof key === 'string' && FORBIDDEN_NAMES.has(key)) {
    report(state, `"${key}" cannot be used as a key`, node.index.start, node.index.end)
    return { type: ANY }
  }
  const base = object.path
  const keyPath =
    typeof key === 'string'
      ? isIdentifierName(key)
        ? `.${key}`
        : `['${key}']`
      : typeof key === 'number'
        ? `[${key}]`
        : '[]'
  const path = base === undefined ? undefined : `${base}${keyPath}`
  const indexKind = resolveType(index.type, state.resolve).kind
  const wrongKey = (wanted: string): void =>
    report(
      state,
      `${textOf(state, node.object)} is indexed by ${wanted}, not ${describeType(index.type, state.resolve)}`,
      node.index.start,
      node.index.end,
    )
  switch (type.kind) {
    case 'any':
      return { type: ANY, path }
    case 'list':
      if (!['number', 'any'].includes(indexKind)) wrongKey('position numbers (0 is the first)')
      return { type: type.element, path }
    case 'map':
      if (!['string', 'enum', 'any'].includes(indexKind)) wrongKey('strings')
      return { type: type.value, path }
    case 'object':
      if (typeof key === 'string') {
        return {
          type: fieldType(
            state,
            node.object,
            object.type,
            key,
            node.index.start,
            node.index.end,
            node,
          ),
          path,
        }
      }
      if (!['string', 'enum', 'any'].includes(indexKind)) wrongKey('field names')
      return { type: ANY, path }
    default:
      report(
        state,
        `${textOf(state, node.object)} is ${describeType(type, state.resolve)} and cannot be indexed`,
        node.start,
        node.end,
      )
      return { type: ANY }
  }
}
