import { expect } from 'vitest'
import { compileExpression, createEnvironment, parseExpression } from '../../../src/runtime/expr'
import type { CompileOptions, ExprError, ExprNode } from '../../../src/runtime/expr'

/** Fully parenthesised rendering, so a test states the tree a source parses to. */
export function show(node: ExprNode): string {
  switch (node.kind) {
    case 'literal':
      return typeof node.value === 'string' ? `'${node.value}'` : String(node.value)
    case 'list':
      return `[${node.items.map(show).join(', ')}]`
    case 'identifier':
      return node.name
    case 'member':
      return `${show(node.object)}.${node.name}`
    case 'index':
      return `${show(node.object)}[${show(node.index)}]`
    case 'call':
      return `${node.name}(${node.args.map(show).join(', ')})`
    case 'method':
      return `${show(node.receiver)}.${node.name}(${node.args.map(show).join(', ')})`
    case 'unary':
      return `(${node.operator}${show(node.operand)})`
    case 'binary':
      return `(${show(node.left)} ${node.operator} ${show(node.right)})`
    case 'conditional':
      return `(${show(node.test)} ? ${show(node.consequent)} : ${show(node.alternate)})`
  }
}

export function parsed(source: string): ExprNode {
  const result = parseExpression(source)
  if (!result.ok) throw new Error(`expected ${source} to parse: ${result.errors[0]?.message}`)
  return result.ast
}

export function syntaxError(source: string): ExprError {
  const result = parseExpression(source)
  if (result.ok) throw new Error(`expected a syntax error in ${source}`)
  expect(result.errors).toHaveLength(1)
  return result.errors[0] as ExprError
}

/** A small Men-of-Iron-like environment, declared the way a ruleset would. */
export const env = createEnvironment({
  types: {
    Status: "'normal' | 'disordered' | 'retired'",
    Unit: `{
      id: string,
      status: Status,
      type: string,
      ratings: map<number>,
      flags: map<boolean>,
      leader?: Unit | null,
      tags: list<string>
    }`,
  },
  variables: {
    attacker: 'Unit',
    defender: 'Unit',
    attackers: 'list<Unit>',
    defenders: 'list<Unit>',
    unit: '{ ratings: { flightPoints: number }, hexes: list<number> }',
    options: '{ engaged: boolean, mode?: string }',
    roll: 'number',
    data: 'any',
    maybe: 'number | null',
  },
  functions: {
    table: { params: ['string', 'string', 'string'], returns: 'number' },
    lookup: {
      params: ["'crt' | 'morale'", 'number'],
      returns: 'string',
      implementation: (t, r) => `${String(t)}:${String(r)}`,
    },
    total: {
      params: ['number'],
      returns: 'number',
      variadic: true,
      implementation: (...xs) => xs.reduce((a: number, b) => a + (b as number), 0),
    },
  },
})

export const knight = {
  id: 'knight-1',
  status: 'disordered',
  type: 'knights',
  ratings: { charisma: 3, quality: 6 },
  flags: { mounted: true },
  leader: null,
  tags: ['heavy', 'noble'],
}
export const archer = {
  id: 'archer-1',
  status: 'normal',
  type: 'archers',
  ratings: { charisma: 1, quality: 4 },
  flags: { mounted: false },
  tags: [],
}

export const vars = {
  attacker: knight,
  defender: archer,
  attackers: [knight, archer],
  defenders: [archer],
  unit: { ratings: { flightPoints: 3 }, hexes: [101, 102, 205] },
  options: { engaged: true },
  roll: 7,
  data: { n: 2, list: [1, 2, 3], text: 'abc', nested: { deep: true } },
  maybe: null,
}

export function evaluate(
  source: string,
  variables: Record<string, unknown> = vars,
  options?: CompileOptions,
): unknown {
  const result = compileExpression(source, env, options)
  if (!result.ok)
    throw new Error(
      `expected ${source} to compile: ${result.errors.map((e) => e.message).join('; ')}`,
    )
  return result.expr.evaluate(variables)
}

export function typeErrors(source: string, options?: CompileOptions): readonly ExprError[] {
  const result = compileExpression(source, env, options)
  if (result.ok) throw new Error(`expected ${source} not to compile`)
  return result.errors
}

/** The single error of a source, with the text its span covers. */
export function onlyError(
  source: string,
  options?: CompileOptions,
): { message: string; text: string; start: number; end: number } {
  const errors = typeErrors(source, options)
  expect(errors.map((error) => error.message)).toHaveLength(1)
  const error = errors[0] as ExprError
  return {
    message: error.message,
    text: source.slice(error.start, error.end),
    start: error.start,
    end: error.end,
  }
}
