import { FORBIDDEN_NAMES, MAX_MACRO_STEPS } from './ast'
import type { CallNode, ExprNode, MethodNode } from './ast'
import { BUILTIN_FUNCTIONS, BUILTIN_METHODS } from './builtins'
import type { Builtin } from './builtins'
import { conformer, variableSlot } from './compiler-state'
import type { CompileContext, Evaluator, Frame, LocalScope } from './compiler-state'
import type { FunctionSignature, HostFunction } from './environment'
import { ExprEvaluationError } from './errors'
import { describeType, formatType } from './types'
import type { ExprType } from './types'
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
  const { run, runOne } = builtin
  const [first, second] = args
  // The common one- and two-argument shapes avoid a map() per evaluation.
  if (args.length === 1 && first !== undefined) {
    if (runOne !== undefined) return (frame) => runOne(first(frame), fail)
    return (frame) => run([first(frame)], fail)
  }
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
  const count = args.length
  // The checks of the declared types, made once per call site.
  const accepts = args.map((_, index) => {
    const param = params[Math.min(index, params.length - 1)]
    return param === undefined ? undefined : conformer(param, context.resolve)
  })
  const gives = conformer(returns, context.resolve)
  // A literal argument of the declared type (a table id) is passed as it is, unchecked.
  const constants = node.args.map((arg, index) => {
    const accept = accepts[index]
    return arg.kind === 'literal' && (accept === undefined || accept(arg.value))
      ? { value: arg.value }
      : undefined
  })
  // The implementation is looked up once per frame and kept with its variables.
  const known = variableSlot(`${name}()`)
  const argument = (frame: Frame, index: number): unknown => {
    const constant = constants[index]
    if (constant !== undefined) return constant.value
    const value = (args[index] as Evaluator)(frame)
    const accept = accepts[index]
    if (accept !== undefined && !accept(value)) {
      const param = params[Math.min(index, params.length - 1)] as ExprType
      context.fail(
        `argument ${index + 1} of ${name} must be ${formatType(param)}, got ${describeValue(value)}`,
        node.args[index] ?? node,
      )
    }
    return value
  }
  return (frame) => {
    const remembered = frame.known
    let fn = remembered === undefined ? undefined : (remembered[known] as HostFunction | undefined)
    if (fn === undefined) {
      const fns = frame.fns
      fn = (fns !== undefined && Object.hasOwn(fns, name) ? fns[name] : undefined) ?? implementation
      if (fn === undefined)
        return context.fail(`${name} is not available when this expression is evaluated`, node)
      if (remembered !== undefined) remembered[known] = fn
    }
    let result: unknown
    // Up to three arguments are passed without an array in between.
    if (count <= 3) {
      const a = count > 0 ? argument(frame, 0) : undefined
      const b = count > 1 ? argument(frame, 1) : undefined
      const c = count > 2 ? argument(frame, 2) : undefined
      try {
        result = count === 3 ? fn(a, b, c) : count === 2 ? fn(a, b) : count === 1 ? fn(a) : fn()
      } catch (error) {
        return hostFailure(context, name, node, error)
      }
    } else {
      const values = new Array<unknown>(count)
      for (let index = 0; index < count; index++) values[index] = argument(frame, index)
      try {
        result = fn(...values)
      } catch (error) {
        return hostFailure(context, name, node, error)
      }
    }
    if (!gives(result)) {
      return context.fail(
        `${name}(…) should give ${describeType(returns)}, but gave ${describeValue(result)}`,
        node,
      )
    }
    return result
  }
}

function hostFailure(context: CompileContext, name: string, node: CallNode, error: unknown): never {
  if (error instanceof ExprEvaluationError) throw error
  const reason = error instanceof Error ? error.message : String(error)
  return context.fail(`${name}(…) failed: ${reason}`, node)
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

/**
 * Elements visited by the macros of the evaluation under way, counted from its outermost macro:
 * evaluations do not overlap (the closures are synchronous), so one count serves them all.
 */
let macroSteps = 0

/**
 * The elements a macro ranges over: list items, or the keys of a map as CEL does. Counts them
 * against MAX_MACRO_STEPS, so no evaluation runs for minutes whatever its lists hold.
 */
function elementsOf(
  context: CompileContext,
  node: MethodNode,
  value: unknown,
  outermost: boolean,
): readonly unknown[] {
  const list = Array.isArray(value)
    ? value
    : isRecord(value)
      ? Object.keys(value)
      : context.fail(
          `${node.name} works on a list, but ${context.text(node.receiver)} is ${describeValue(value)}`,
          node.receiver,
        )
  macroSteps = outermost ? list.length : macroSteps + list.length
  if (macroSteps > MAX_MACRO_STEPS)
    context.fail(
      `this takes too long to work out: its list macros would visit more than ${MAX_MACRO_STEPS.toLocaleString('en-US')} elements; nest fewer of them or use shorter lists`,
      node,
    )
  return list
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
  const body = context.compile(bodyNode, { name: variable.name, slot, parent: scope, macro: true })
  let outermost = true
  for (let up = scope; up !== undefined; up = up.parent) if (up.macro === true) outermost = false
  context.usesLocals = true
  // Plain loops calling only module functions (which V8 can inline): no callback is
  // allocated per evaluation. exists_one and count test every element, as filter did, so an
  // element that fails still fails the expression.
  const holds = (frame: Frame, item: unknown): boolean => {
    frame.locals[slot] = item
    return truth(context, node, bodyNode, body(frame))
  }
  switch (node.name) {
    case 'exists':
      return (frame) => {
        const list = elementsOf(context, node, receiver(frame), outermost)
        for (let i = 0; i < list.length; i++) {
          frame.locals[slot] = list[i]
          if (truth(context, node, bodyNode, body(frame))) return true
        }
        return false
      }
    case 'all':
      return (frame) => {
        const list = elementsOf(context, node, receiver(frame), outermost)
        for (let i = 0; i < list.length; i++) {
          frame.locals[slot] = list[i]
          if (!truth(context, node, bodyNode, body(frame))) return false
        }
        return true
      }
    case 'exists_one':
      return (frame) =>
        countOf(frame, elementsOf(context, node, receiver(frame), outermost), holds) === 1
    case 'count':
      return (frame) => countOf(frame, elementsOf(context, node, receiver(frame), outermost), holds)
    case 'filter':
      return (frame) => {
        const list = elementsOf(context, node, receiver(frame), outermost)
        const kept: unknown[] = []
        for (let i = 0; i < list.length; i++) if (holds(frame, list[i])) kept.push(list[i])
        return kept
      }
    case 'map':
      return (frame) => {
        const list = elementsOf(context, node, receiver(frame), outermost)
        const mapped = new Array<unknown>(list.length)
        for (let i = 0; i < list.length; i++) {
          frame.locals[slot] = list[i]
          mapped[i] = body(frame)
        }
        return mapped
      }
    default:
      throw new Error(`unknown method ${node.name}`)
  }
}

/** A macro's condition for one element, which must be true or false. */
function truth(
  context: CompileContext,
  node: MethodNode,
  bodyNode: ExprNode,
  result: unknown,
): boolean {
  if (result === true) return true
  if (result === false) return false
  return context.fail(
    `the condition of ${node.name} must be true or false, got ${describeValue(result)}`,
    bodyNode,
  )
}

function countOf(
  frame: Frame,
  list: readonly unknown[],
  test: (frame: Frame, item: unknown) => boolean,
): number {
  let count = 0
  for (let i = 0; i < list.length; i++) if (test(frame, list[i])) count++
  return count
}
