/**
 * Names and the fields read from them: the usual operand of an expression, and the commonest
 * shape of a condition (a path compared with a literal). The closures that read paths live in
 * this module with the readers they call.
 */
import { FORBIDDEN_NAMES } from './ast'
import type { BinaryNode, ExprNode, IdentifierNode, IndexNode, MemberNode } from './ast'
import { variableSlot } from './compiler-state'
import type { CompileContext, Evaluator, Frame, LocalScope } from './compiler-state'
import { describeValue, isRecord } from './values'

export function compileIdentifier(
  context: CompileContext,
  name: string,
  node: ExprNode,
  scope: LocalScope | undefined,
): Evaluator {
  const slot = localSlot(name, scope)
  if (slot !== undefined) return (frame) => frame.locals[slot]
  const known = variableSlot(name)
  return (frame) => readVariable(context, frame, name, known, node)
}

/** The slot of a macro's (or a host's) local named `name`, innermost first. */
function localSlot(name: string, scope: LocalScope | undefined): number | undefined {
  for (let current = scope; current !== undefined; current = current.parent)
    if (current.name === name) return current.slot
  return undefined
}

function readVariable(
  context: CompileContext,
  frame: Frame,
  name: string,
  slot: number,
  node: ExprNode,
): unknown {
  const { known, vars } = frame
  const seen = known === undefined ? undefined : known[slot]
  if (seen !== undefined) return seen
  const value = vars[name]
  if (value !== undefined && Object.hasOwn(vars, name)) {
    if (known !== undefined) known[slot] = value
    return value
  }
  return context.fail(`${name} is not set here`, node)
}

/** One field read of a member chain, with what its messages need. */
type FieldStep = {
  readonly name: string
  readonly optional: boolean
  readonly node: MemberNode
  /** Object.prototype has a property of this name (toString…): always check own-ness. */
  readonly inherited: boolean
}

function fieldStep(context: CompileContext, node: MemberNode): FieldStep {
  // The checker reports this to the designer; refusing here too keeps unchecked ASTs safe.
  if (FORBIDDEN_NAMES.has(node.name))
    throw new Error(`"${node.name}" cannot be used as a field name`)
  return {
    name: node.name,
    optional: context.optionalReads.has(node),
    node,
    inherited: node.name in Object.prototype,
  }
}

function readField(
  context: CompileContext,
  frame: Frame,
  value: unknown,
  step: FieldStep,
): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    // Own properties only: a missing field must not fall through to Object.prototype. For
    // plain data only a name Object.prototype has could, so only those are checked.
    const field = (value as Record<string, unknown>)[step.name]
    if (
      field !== undefined &&
      ((frame.plain && !step.inherited) || Object.hasOwn(value, step.name))
    )
      return field
    if (step.optional) return null
    return context.fail(`${context.text(step.node.object)} has no field "${step.name}"`, step.node)
  }
  return context.fail(
    `cannot read field "${step.name}": ${context.text(step.node.object)} is ${describeValue(value)}`,
    step.node,
  )
}

/**
 * A name and the fields read from it (`defender.hex.attributes.shockDrm`, `a.type`, `attack`):
 * the usual operand. Read by `readPath`, which the closures of members, comparisons, macros and
 * one-argument calls run inline: one call instead of one per dot, with the same checks and
 * messages at each step.
 */
export type Path = {
  readonly root: IdentifierNode
  /** The local slot of the name, or undefined for a variable. */
  readonly local: number | undefined
  /** The variable's slot among those a frame remembers (see Frame.known). */
  readonly known: number
  readonly steps: readonly FieldStep[]
}

/** The path `node` is, or undefined when it is something else (a call, an index…). */
export function pathOf(
  context: CompileContext,
  node: ExprNode,
  scope: LocalScope | undefined,
): Path | undefined {
  const steps: FieldStep[] = []
  let base: ExprNode = node
  while (base.kind === 'member') {
    steps.unshift(fieldStep(context, base))
    base = base.object
  }
  if (base.kind !== 'identifier') return undefined
  return {
    root: base,
    local: localSlot(base.name, scope),
    known: variableSlot(base.name),
    steps,
  }
}

export function readPath(context: CompileContext, frame: Frame, path: Path): unknown {
  const value =
    path.local === undefined
      ? readVariable(context, frame, path.root.name, path.known, path.root)
      : frame.locals[path.local]
  return readSteps(context, frame, value, path.steps)
}

/** Each field of `steps` read in turn, from `value`. */
function readSteps(
  context: CompileContext,
  frame: Frame,
  value: unknown,
  steps: readonly FieldStep[],
): unknown {
  for (let i = 0; i < steps.length; i++)
    value = readField(context, frame, value, steps[i] as FieldStep)
  return value
}

/**
 * A closure reading the path, made for its shape: the usual paths (a name and one or two
 * fields) read their steps without the loop of readPath, with the same checks and messages.
 */
export function pathReader(context: CompileContext, path: Path): Evaluator {
  const steps = path.steps
  const slot = path.local
  const first = steps[0]
  const second = steps[1]
  if (slot !== undefined) {
    if (steps.length === 1 && first !== undefined)
      return (frame) => readField(context, frame, frame.locals[slot], first)
    if (steps.length === 2 && first !== undefined && second !== undefined)
      return (frame) =>
        readField(context, frame, readField(context, frame, frame.locals[slot], first), second)
    return (frame) => readPath(context, frame, path)
  }
  const { root, known } = path
  const name = root.name
  if (steps.length === 0) return (frame) => readVariable(context, frame, name, known, root)
  if (steps.length === 1 && first !== undefined)
    return (frame) =>
      readField(context, frame, readVariable(context, frame, name, known, root), first)
  if (steps.length === 2 && first !== undefined && second !== undefined)
    return (frame) =>
      readField(
        context,
        frame,
        readField(context, frame, readVariable(context, frame, name, known, root), first),
        second,
      )
  return (frame) => readPath(context, frame, path)
}

export function compileMember(
  context: CompileContext,
  node: MemberNode,
  scope: LocalScope | undefined,
): Evaluator {
  const path = pathOf(context, node, scope)
  if (path !== undefined) return pathReader(context, path)
  const steps: FieldStep[] = []
  let base: ExprNode = node
  while (base.kind === 'member') {
    steps.unshift(fieldStep(context, base))
    base = base.object
  }
  const object = context.compile(base, scope)
  return (frame) => readSteps(context, frame, object(frame), steps)
}

export function compileIndex(
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

type Constant = string | number | boolean | null

/** The value of a literal (or a negated number literal), which never fails to evaluate. */
function constantOf(node: ExprNode): { value: Constant } | undefined {
  if (node.kind === 'literal') return { value: node.value }
  if (
    node.kind === 'unary' &&
    node.operator === '-' &&
    node.operand.kind === 'literal' &&
    typeof node.operand.value === 'number'
  )
    return { value: -node.operand.value }
  return undefined
}

/**
 * Comparisons with a literal on one side, the common shape of conditions (`x == 'normal'`,
 * `n != 0`, `n > 0`), read one operand instead of two. Against a string, number, boolean or
 * null, `==` can only hold for the same primitive, so it is `===`.
 */
export function compileWithConstant(
  context: CompileContext,
  node: BinaryNode,
  scope: LocalScope | undefined,
): Evaluator | undefined {
  const right = constantOf(node.right)
  const left = right === undefined ? constantOf(node.left) : undefined
  if (right === undefined && left === undefined) return undefined
  const k = (right ?? left)?.value as Constant
  const operator = node.operator
  const equality = operator === '==' || operator === '!='
  const ordering = operator === '<' || operator === '<=' || operator === '>' || operator === '>='
  if (!equality && !(ordering && typeof k === 'number')) return undefined
  const otherNode = right === undefined ? node.right : node.left
  const path = pathOf(context, otherNode, scope)
  const read = path === undefined ? undefined : pathReader(context, path)
  if (read !== undefined && operator === '==') return (frame) => read(frame) === k
  if (read !== undefined && operator === '!=') return (frame) => read(frame) !== k
  const other = read ?? context.compile(otherNode, scope)
  switch (operator) {
    case '==':
      return (frame) => other(frame) === k
    case '!=':
      return (frame) => other(frame) !== k
    case '<':
    case '<=':
    case '>':
    case '>=': {
      if (typeof k !== 'number') return undefined
      const refuse = (value: unknown): never => {
        const [a, b] = right === undefined ? [k, value] : [value, k]
        return context.fail(
          `cannot compare ${describeValue(a)} with ${describeValue(b)} using "${operator}"`,
          node,
        )
      }
      return compareWithNumber(operator, k, right !== undefined, other, refuse)
    }
    default:
      return undefined
  }
}

function compareWithNumber(
  operator: '<' | '<=' | '>' | '>=',
  k: number,
  constantOnRight: boolean,
  other: Evaluator,
  refuse: (value: unknown) => never,
): Evaluator {
  // `k < x` is `x > k`: flip the operator so that the constant is always on the right.
  const flipped = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as const
  switch (constantOnRight ? operator : flipped[operator]) {
    case '<':
      return (frame) => {
        const a = other(frame)
        return typeof a === 'number' ? a < k : refuse(a)
      }
    case '<=':
      return (frame) => {
        const a = other(frame)
        return typeof a === 'number' ? a <= k : refuse(a)
      }
    case '>':
      return (frame) => {
        const a = other(frame)
        return typeof a === 'number' ? a > k : refuse(a)
      }
    case '>=':
      return (frame) => {
        const a = other(frame)
        return typeof a === 'number' ? a >= k : refuse(a)
      }
  }
}
