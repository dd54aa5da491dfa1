import { FORBIDDEN_NAMES, MAX_MACRO_NESTING } from './ast'
import type { CallNode, ExprNode, MethodNode } from './ast'
import { BUILTIN_FUNCTIONS, BUILTIN_METHODS, BUILTIN_NAMES } from './builtins'
import type { Builtin } from './builtins'
import { checkEnumLiteral, fieldType, report, requireBoolean, textOf } from './checker-state'
import type { CheckerState, Checked, Scope } from './checker-state'
import type { FunctionSignature } from './environment'
import { didYouMean } from './suggest'
import {
  ANY,
  BOOLEAN,
  NUMBER,
  STRING,
  describeType,
  isAssignable,
  listOf,
  stripNull,
} from './types'
import type { ExprType } from './types'

/** Macros written as methods, with the usage shown when they are misused. */
export const LIST_MACROS: Readonly<Record<string, string>> = {
  exists: 'list.exists(x, condition)',
  all: 'list.all(x, condition)',
  exists_one: 'list.exists_one(x, condition)',
  filter: 'list.filter(x, condition)',
  map: 'list.map(x, value)',
  count: 'list.count(x, condition)',
}

function arguments_(count: number): string {
  return count === 1 ? '1 argument' : `${count} arguments`
}

function arityMessage(
  name: string,
  usage: string,
  min: number,
  max: number,
  got: number,
): string | undefined {
  if (got >= min && got <= max) return undefined
  const wanted =
    min === max
      ? `exactly ${arguments_(min)}`
      : got < min
        ? `at least ${arguments_(min)}`
        : `at most ${arguments_(max)}`
  return `${name} takes ${wanted}, not ${got} (${usage})`
}

export function checkCall(state: CheckerState, node: CallNode, scope: Scope | undefined): Checked {
  const { name } = node
  if (name === 'has') return checkHas(state, node, scope)
  const builtin = BUILTIN_FUNCTIONS.get(name)
  if (builtin !== undefined) {
    const types = node.args.map((arg) => state.check(arg, scope).type)
    return { type: checkBuiltin(state, builtin, node, node.args, types, 0) }
  }
  const signature = state.env.functions.get(name)
  if (signature !== undefined) {
    state.functions.add(name)
    return { type: checkHostCall(state, signature, node, scope) }
  }
  // The arguments are left unchecked: until the name is fixed they may mean nothing
  // (a macro's variable, say), and their errors would only bury the real one.
  const where = [node.start, node.nameEnd] as const
  if (Object.hasOwn(LIST_MACROS, name)) {
    report(state, `${name} is written after a list: ${LIST_MACROS[name]}`, ...where)
  } else if (state.env.variables.has(name)) {
    report(state, `${name} is a variable, not a function`, ...where)
  } else {
    const candidates = [...BUILTIN_NAMES, ...state.env.functions.keys()]
    report(state, `unknown function "${name}"${didYouMean(name, candidates)}`, ...where)
  }
  return { type: ANY }
}

function checkBuiltin(
  state: CheckerState,
  builtin: Builtin,
  node: ExprNode,
  args: readonly ExprNode[],
  types: readonly ExprType[],
  offset: number,
): ExprType {
  // For methods the receiver is argument 0, which the designer does not count.
  const arity = arityMessage(
    builtin.name,
    builtin.usage,
    builtin.minArgs - offset,
    builtin.maxArgs - offset,
    types.length - offset,
  )
  if (arity !== undefined) {
    report(state, arity, node.start, node.end)
    return ANY
  }
  return builtin.check(types, {
    resolve: state.resolve,
    report: (index, message) => {
      const arg = args[index] ?? node
      report(state, message, arg.start, arg.end)
    },
  })
}

function checkHostCall(
  state: CheckerState,
  signature: FunctionSignature,
  node: CallNode,
  scope: Scope | undefined,
): ExprType {
  const { name, params, variadic } = signature
  const usage = `${name}(${params.map((param, i) => `${describeType(param, state.resolve)}${variadic && i === params.length - 1 ? ', …' : ''}`).join(', ')})`
  const arity = arityMessage(
    name,
    usage,
    variadic ? params.length - 1 : params.length,
    variadic ? Infinity : params.length,
    node.args.length,
  )
  if (arity !== undefined) report(state, arity, node.start, node.end)
  node.args.forEach((arg, index) => {
    const checked = state.check(arg, scope)
    const param = params[Math.min(index, params.length - 1)]
    if (param === undefined || arity !== undefined) return
    if (!isAssignable(checked.type, param, state.resolve)) {
      report(
        state,
        `argument ${index + 1} of ${name} must be ${describeType(param, state.resolve)}, not ${describeType(checked.type, state.resolve)}`,
        arg.start,
        arg.end,
      )
    } else {
      checkEnumLiteral(state, `argument ${index + 1} of ${name}`, param, arg, checked.literal)
    }
  })
  return signature.returns
}

/** `has(unit.leader)`: whether the field is present, without reading it. */
function checkHas(state: CheckerState, node: CallNode, scope: Scope | undefined): Checked {
  const arg = node.args[0]
  const key =
    arg?.kind === 'member'
      ? arg.name
      : arg?.kind === 'index' && arg.index.kind === 'literal'
        ? arg.index.value
        : undefined
  if (
    node.args.length !== 1 ||
    arg === undefined ||
    typeof key !== 'string' ||
    (arg.kind !== 'member' && arg.kind !== 'index')
  ) {
    node.args.forEach((other) => state.check(other, scope))
    report(
      state,
      "has needs one field to look for, as in has(unit.leader) or has(flags['mounted'])",
      node.start,
      node.end,
    )
    return { type: BOOLEAN }
  }
  const [keyStart, keyEnd] =
    arg.kind === 'member' ? [arg.nameStart, arg.end] : [arg.index.start, arg.index.end]
  if (FORBIDDEN_NAMES.has(key)) {
    report(state, `"${key}" cannot be used as a field name`, keyStart, keyEnd)
    return { type: BOOLEAN }
  }
  const object = state.check(arg.object, scope, false)
  const type = stripNull(object.type, state.resolve)
  if (!['object', 'map', 'any'].includes(type.kind)) {
    report(
      state,
      `has needs a field of an object or map, but ${textOf(state, arg.object)} is ${describeType(type, state.resolve)}`,
      arg.start,
      arg.end,
    )
  } else {
    fieldType(state, arg.object, object.type, key, keyStart, keyEnd)
  }
  if (object.path !== undefined) state.references.add(`${object.path}.${key}`)
  return { type: BOOLEAN }
}

export function checkMethod(
  state: CheckerState,
  node: MethodNode,
  scope: Scope | undefined,
): Checked {
  const { name } = node
  if (Object.hasOwn(LIST_MACROS, name)) return checkMacro(state, node, scope)
  const builtin = BUILTIN_METHODS.get(name)
  const receiver = state.check(node.receiver, scope)
  if (builtin !== undefined) {
    const types = [receiver.type, ...node.args.map((arg) => state.check(arg, scope).type)]
    return { type: checkBuiltin(state, builtin, node, [node.receiver, ...node.args], types, 1) }
  }
  const where = [node.nameStart, node.end] as const
  if (BUILTIN_NAMES.has(name) || state.env.functions.has(name)) {
    report(
      state,
      `${name} is not a method: write ${name}(${textOf(state, node.receiver)}${node.args.length > 0 ? ', …' : ''})`,
      ...where,
    )
  } else {
    const candidates = [...BUILTIN_METHODS.keys(), ...Object.keys(LIST_MACROS)]
    report(state, `unknown method "${name}"${didYouMean(name, candidates)}`, ...where)
  }
  return { type: ANY }
}

function checkMacro(state: CheckerState, node: MethodNode, scope: Scope | undefined): Checked {
  const { name } = node
  const usage = LIST_MACROS[name] ?? name
  const receiver = state.check(node.receiver, scope)
  const [variable, body] = node.args
  if (node.args.length !== 2 || variable === undefined || body === undefined) {
    report(
      state,
      `${name} takes a variable name and an expression: ${usage}`,
      node.nameStart,
      node.end,
    )
    return { type: ANY }
  }
  if (variable.kind !== 'identifier') {
    state.check(body, scope)
    report(
      state,
      `the first argument of ${name} must be a variable name, as in ${usage}`,
      variable.start,
      variable.end,
    )
    return { type: ANY }
  }
  const container = stripNull(receiver.type, state.resolve)
  let element: ExprType = ANY
  if (container.kind === 'list') element = container.element
  else if (container.kind === 'map') element = STRING
  else if (container.kind !== 'any') {
    report(
      state,
      `${name} works on a list, but ${textOf(state, node.receiver)} is ${describeType(receiver.type, state.resolve)}`,
      node.receiver.start,
      node.receiver.end,
    )
  }
  const path =
    receiver.path === undefined
      ? undefined
      : container.kind === 'map'
        ? `${receiver.path}.*`
        : `${receiver.path}[]`
  const inner: Scope = { name: variable.name, type: element, path, parent: scope }
  // Reported once, at the level that goes too deep: the levels inside it are its cost.
  if (macroNesting(inner) === MAX_MACRO_NESTING + 1)
    report(
      state,
      `${name} here is nested in ${MAX_MACRO_NESTING} other list macros, a level too many: at most ${MAX_MACRO_NESTING} levels are allowed, because each level multiplies the work by the length of its list`,
      node.nameStart,
      node.end,
    )
  const bodyType = state.check(body, inner).type
  if (name === 'map') return { type: listOf(bodyType) }
  requireBoolean(state, body, bodyType, `the condition of ${name}`)
  if (name === 'filter') return { type: listOf(element) }
  return { type: name === 'count' ? NUMBER : BOOLEAN }
}

/** How many macro variables are in scope: the levels of macros nested one in another's body. */
function macroNesting(scope: Scope | undefined): number {
  let depth = 0
  for (let current = scope; current !== undefined; current = current.parent) depth++
  return depth
}
