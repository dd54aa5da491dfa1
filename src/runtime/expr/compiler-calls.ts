import { FORBIDDEN_NAMES } from './ast'
import type { CallNode, ExprNode, MethodNode } from './ast'
import { BUILTIN_FUNCTIONS, BUILTIN_METHODS } from './builtins'
import type { Builtin } from './builtins'
import { conforms } from './compiler-state'
import type { CompileContext, Evaluator, Frame, LocalScope } from './compiler-state'
import type { FunctionSignature } from './environment'
import { ExprEvaluationError } from './errors'
import { describeType, formatType } from './types'
import { describeValue, isRecord } from './values'

// Checking has already rejected unknown functions and bad arities; the throws below only
// guard against compiling an AST that skipped the checker.

export function compileCall(
  context: CompileContext,
  node: CallNode,
  scope: LocalScope | undefined,
): Evaluator {
  if (node.name === 'has') return compileHas(context, node, scope)
  const builtin = BUILTIN_FUNCTIONS.get(node.name)
  if (builtin !== undefined) return compileBuiltin(context, builtin, node, node.args, scope)
  const signature = context.env.functions.get(node.name)
  if (signature !== undefined) return compileHostCall(context, signature, node, scope)
  throw new Error(`unknown function ${node.name}`)
}

export function compileMethod(
  context: CompileContext,
  node: MethodNode,
  scope: LocalScope | undefined,
): Evaluator {
  const builtin = BUILTIN_METHODS.get(node.name)
  if (builtin !== undefined)
    return compileBuiltin(context, builtin, node, [node.receiver, ...node.args], scope)
  return compileMacro(context, node, scope)
}

function compileBuiltin(
  context: CompileContext,
  builtin: Builtin,
  node: ExprNode,
  argNodes: readonly ExprNode[],
  scope: LocalScope | undefined,
): Evaluator {
  const args = argNodes.map((arg) => context.compile(arg, scope))
  const fail = (message: string): never => context.fail(message, node)
  const { run } = builtin
  const [first, second] = args
  // The common one- and two-argument shapes avoid a map() per evaluation.
  if (args.length === 1 && first !== undefined) return (frame) => run([first(frame)], fail)
  if (args.length === 2 && first !== undefined && second !== undefined) {
    return (frame) => run([first(frame), second(frame)], fail)
  }
  return (frame) =>
    run(
      args.map((arg) => arg(frame)),
      fail,
    )
}

function compileHostCall(
  context: CompileContext,
  signature: FunctionSignature,
  node: CallNode,
  scope: LocalScope | undefined,
): Evaluator {
  const { name, params, returns, implementation } = signature
  const args = node.args.map((arg) => context.compile(arg, scope))
  return (frame) => {
    const fns = frame.fns
    const fn =
      (fns !== undefined && Object.hasOwn(fns, name) ? fns[name] : undefined) ?? implementation
    if (fn === undefined)
      return context.fail(`${name} is not available when this expression is evaluated`, node)
    const values = args.map((arg, index) => {
      const value = arg(frame)
      const param = params[Math.min(index, params.length - 1)]
      if (param !== undefined && !conforms(value, param, context.resolve)) {
        context.fail(
          `argument ${index + 1} of ${name} must be ${formatType(param)}, got ${describeValue(value)}`,
          node.args[index] ?? node,
        )
      }
      return value
    })
    let result: unknown
    try {
      result = fn(...values)
    } catch (error) {
      if (error instanceof ExprEvaluationError) throw error
      const reason = error instanceof Error ? error.message : String(error)
      return context.fail(`${name}(…) failed: ${reason}`, node)
    }
    if (!conforms(result, returns, context.resolve)) {
      return context.fail(
        `${name}(…) should give ${describeType(returns)}, but gave ${describeValue(result)}`,
        node,
      )
    }
    return result
  }
}

function compileHas(
  context: CompileContext,
  node: CallNode,
  scope: LocalScope | undefined,
): Evaluator {
  const arg = node.args[0]
  if (arg?.kind === 'member' || (arg?.kind === 'index' && arg.index.kind === 'literal')) {
    const key =
      arg.kind === 'member' ? arg.name : arg.index.kind === 'literal' ? arg.index.value : undefined
    if (typeof key === 'string' && !FORBIDDEN_NAMES.has(key)) {
      const object = context.compile(arg.object, scope)
      return (frame) => {
        const value = object(frame)
        if (!isRecord(value)) {
          return context.fail(
            `has needs an object or map, but ${context.text(arg.object)} is ${describeValue(value)}`,
            node,
          )
        }
        return Object.hasOwn(value, key) && value[key] !== undefined
      }
    }
  }
  throw new Error('has needs one field')
}

/** The elements a macro ranges over: list items, or the keys of a map as CEL does. */
function elementsOf(context: CompileContext, node: MethodNode, value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value
  if (isRecord(value)) return Object.keys(value)
  return context.fail(
    `${node.name} works on a list, but ${context.text(node.receiver)} is ${describeValue(value)}`,
    node.receiver,
  )
}

function compileMacro(
  context: CompileContext,
  node: MethodNode,
  scope: LocalScope | undefined,
): Evaluator {
  const [variable, bodyNode] = node.args
  if (variable?.kind !== 'identifier' || bodyNode === undefined)
    throw new Error(`malformed ${node.name}`)
  const receiver = context.compile(node.receiver, scope)
  const slot = scope === undefined ? 0 : scope.slot + 1
  const body = context.compile(bodyNode, { name: variable.name, slot, parent: scope })
  context.usesLocals = true
  const test = (frame: Frame, item: unknown): boolean => {
    frame.locals[slot] = item
    const result = body(frame)
    if (typeof result !== 'boolean') {
      context.fail(
        `the condition of ${node.name} must be true or false, got ${describeValue(result)}`,
        bodyNode,
      )
    }
    return result as boolean
  }
  const items = (frame: Frame): readonly unknown[] => elementsOf(context, node, receiver(frame))
  switch (node.name) {
    case 'exists':
      return (frame) => items(frame).some((item) => test(frame, item))
    case 'all':
      return (frame) => items(frame).every((item) => test(frame, item))
    case 'exists_one':
      return (frame) => items(frame).filter((item) => test(frame, item)).length === 1
    case 'filter':
      return (frame) => items(frame).filter((item) => test(frame, item))
    case 'count':
      return (frame) => items(frame).filter((item) => test(frame, item)).length
    case 'map':
      return (frame) =>
        items(frame).map((item) => {
          frame.locals[slot] = item
          return body(frame)
        })
    default:
      throw new Error(`unknown method ${node.name}`)
  }
}
