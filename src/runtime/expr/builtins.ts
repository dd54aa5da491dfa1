import { ANY, BOOLEAN, NUMBER, describeType, isAssignable, resolveType, stripNull } from './types'
import type { ExprType, TypeResolver } from './types'
import { describeValue, isRecord, stringLength } from './values'

/** How a built-in reports a static problem: `argument` is 0-based (the receiver is 0 for methods). */
export type BuiltinCheckContext = {
  readonly resolve: TypeResolver
  report(argument: number, message: string): void
}

export type Fail = (message: string) => never

export type Builtin = {
  readonly name: string
  readonly usage: string
  readonly minArgs: number
  readonly maxArgs: number
  readonly check: (args: readonly ExprType[], context: BuiltinCheckContext) => ExprType
  readonly run: (args: readonly unknown[], fail: Fail) => unknown
  /** `run` for a single argument, without the array around it. */
  readonly runOne?: (arg: unknown, fail: Fail) => unknown
}

/** Macros take an unevaluated argument (a variable name or a field), so they are not builtins. */
export const MACRO_NAMES: ReadonlySet<string> = new Set([
  'exists',
  'all',
  'exists_one',
  'filter',
  'map',
  'count',
  'has',
])

// -0 would survive into saved games as "0" but compare as a different key in some tools.
const normalize = (value: number): number => value + 0

function expectNumber(name: string, args: readonly ExprType[], context: BuiltinCheckContext): void {
  args.forEach((arg, index) => {
    if (!isAssignable(arg, NUMBER, context.resolve)) {
      context.report(index, `${name} needs numbers, not ${describeType(arg, context.resolve)}`)
    }
  })
}

function numberArg(name: string, value: unknown, fail: Fail): number {
  if (typeof value !== 'number') fail(`${name} needs a number, got ${describeValue(value)}`)
  return value as number
}

function numberList(name: string, values: readonly unknown[], fail: Fail): number[] {
  return values.map((value) => numberArg(name, value, fail))
}

function unary(name: string, apply: (value: number) => number): Builtin {
  return {
    name,
    usage: `${name}(number)`,
    minArgs: 1,
    maxArgs: 1,
    check: (args, context) => {
      expectNumber(name, args, context)
      return NUMBER
    },
    run: (args, fail) => normalize(apply(numberArg(name, args[0], fail))),
    runOne: (arg, fail) => normalize(apply(numberArg(name, arg, fail))),
  }
}

/** min/max take either several numbers or one list of numbers. */
function extreme(name: 'min' | 'max', pick: (values: number[]) => number): Builtin {
  return {
    name,
    usage: `${name}(a, b, …) or ${name}(list)`,
    minArgs: 1,
    maxArgs: Infinity,
    check: (args, context) => {
      const only = args.length === 1 ? stripNull(args[0] ?? ANY, context.resolve) : undefined
      if (only?.kind === 'list') {
        if (!isAssignable(only.element, NUMBER, context.resolve)) {
          context.report(
            0,
            `${name} needs a list of numbers, not a list of ${describeType(only.element, context.resolve).replace(/^an? /, '')}s`,
          )
        }
      } else if (only?.kind !== 'any') {
        expectNumber(name, args, context)
      }
      return NUMBER
    },
    run: (args, fail) => {
      const first = args[0]
      const values =
        args.length === 1 && Array.isArray(first)
          ? numberList(name, first, fail)
          : numberList(name, args, fail)
      if (values.length === 0) fail(`${name} of an empty list has no value`)
      return pick(values)
    },
    runOne: (arg, fail) => {
      const values = Array.isArray(arg) ? numberList(name, arg, fail) : [numberArg(name, arg, fail)]
      if (values.length === 0) fail(`${name} of an empty list has no value`)
      return pick(values)
    },
  }
}

const size: Builtin = {
  name: 'size',
  usage: 'size(list), size(string) or size(map)',
  minArgs: 1,
  maxArgs: 1,
  check: (args, context) => {
    const type = stripNull(args[0] ?? ANY, context.resolve)
    if (!['list', 'string', 'enum', 'map', 'object', 'any'].includes(type.kind)) {
      context.report(
        0,
        `size needs a list, a string or a map, not ${describeType(type, context.resolve)}`,
      )
    }
    return NUMBER
  },
  run: ([value], fail) => sizeOf(value, fail),
  runOne: sizeOf,
}

function sizeOf(value: unknown, fail: Fail): number {
  if (Array.isArray(value)) return value.length
  if (typeof value === 'string') return stringLength(value)
  if (isRecord(value)) return Object.keys(value).length
  return fail(`size needs a list, a string or a map, got ${describeValue(value)}`)
}

const sum: Builtin = {
  name: 'sum',
  usage: 'sum(list)',
  minArgs: 1,
  maxArgs: 1,
  check: (args, context) => {
    const type = stripNull(args[0] ?? ANY, context.resolve)
    if (
      type.kind !== 'any' &&
      !(type.kind === 'list' && isAssignable(type.element, NUMBER, context.resolve))
    ) {
      context.report(0, `sum needs a list of numbers, not ${describeType(type, context.resolve)}`)
    }
    return NUMBER
  },
  run: ([value], fail) => sumOf(value, fail),
  runOne: sumOf,
}

function sumOf(value: unknown, fail: Fail): number {
  if (!Array.isArray(value)) fail(`sum needs a list of numbers, got ${describeValue(value)}`)
  let total = 0
  for (const item of numberList('sum', value as unknown[], fail)) total += item
  return total
}

const clamp: Builtin = {
  name: 'clamp',
  usage: 'clamp(value, low, high)',
  minArgs: 3,
  maxArgs: 3,
  check: (args, context) => {
    expectNumber('clamp', args, context)
    return NUMBER
  },
  run: (args, fail) => {
    const [value, low, high] = numberList('clamp', args, fail) as [number, number, number]
    if (low > high) fail(`clamp: the low bound ${low} is above the high bound ${high}`)
    return Math.min(Math.max(value, low), high)
  },
}

const FUNCTIONS: readonly Builtin[] = [
  size,
  extreme('min', (values) => Math.min(...values)),
  extreme('max', (values) => Math.max(...values)),
  sum,
  unary('abs', Math.abs),
  unary('floor', Math.floor),
  unary('ceil', Math.ceil),
  // Half away from zero, as rulebooks round: 2.5 → 3 and -2.5 → -3 (Math.round gives -2).
  unary('round', (value) => Math.sign(value) * Math.round(Math.abs(value))),
  unary('trunc', Math.trunc),
  clamp,
]

function stringMethod(name: string, test: (text: string, part: string) => boolean): Builtin {
  return {
    name,
    usage: `text.${name}(string)`,
    minArgs: 2,
    maxArgs: 2,
    check: (args, context) => {
      args.forEach((arg, index) => {
        const kind = resolveType(arg, context.resolve).kind
        if (!['string', 'enum', 'any'].includes(kind)) {
          context.report(
            index,
            `${name} works on strings, not ${describeType(arg, context.resolve)}`,
          )
        }
      })
      return BOOLEAN
    },
    run: ([text, part], fail) => {
      if (typeof text !== 'string' || typeof part !== 'string') {
        fail(
          `${name} works on strings, got ${describeValue(typeof text !== 'string' ? text : part)}`,
        )
      }
      return test(text as string, part as string)
    },
  }
}

/** Receiver-style calls; the receiver is argument 0. */
const METHODS: readonly Builtin[] = [
  { ...size, usage: 'x.size()' },
  stringMethod('contains', (text, part) => text.includes(part)),
  stringMethod('startsWith', (text, part) => text.startsWith(part)),
  stringMethod('endsWith', (text, part) => text.endsWith(part)),
]

const byName = (list: readonly Builtin[]): ReadonlyMap<string, Builtin> =>
  new Map(list.map((builtin) => [builtin.name, builtin]))

export const BUILTIN_FUNCTIONS = byName(FUNCTIONS)
export const BUILTIN_METHODS = byName(METHODS)
export const BUILTIN_NAMES: ReadonlySet<string> = new Set([...BUILTIN_FUNCTIONS.keys(), 'has'])
