/**
 * Small resolved rulesets built inline, checked against resolved-ruleset.schema.json first so a
 * test never exercises the kernel with data the loader would have refused.
 */
import { expect } from 'vitest'
import type { LoadedRuleset } from '../../../src/runtime/rules/loaded'
import type {
  ModifierList,
  ResolvedRuleset,
  Table,
} from '../../../src/runtime/generated/content-types'
import { resolvedRuleset as validateResolved } from '../../../src/runtime/generated/validators.js'
import { prepareRuleset } from '../../../src/runtime/rules'
import type { RulesError } from '../../../src/runtime/rules'

const FILE = { schemaVersion: 1, ruleset: 'test' }

/** A table without the file boilerplate ($schema, schemaVersion, ruleset). */
export function table(t: Record<string, unknown>): Table {
  return { $schema: '../../schemas/table.schema.json', ...FILE, ...t } as unknown as Table
}

export function modifierList(l: Record<string, unknown>): ModifierList {
  return {
    $schema: '../../schemas/modifier-list.schema.json',
    ...FILE,
    ...l,
  } as unknown as ModifierList
}

/** Rows of a roll table from `[min, max, ...cells]`; undefined min/max leave the band open. */
export function rows(
  ...specs: [number | undefined, number | undefined, ...(string | string[] | number | null)[]][]
): unknown[] {
  return specs.map(([min, max, ...cells]) => ({
    roll: { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) },
    cells,
  }))
}

export const DICE = [
  { id: 'd10', label: 'd10 read 0-9', count: 1, sides: 10, faces: 'zero-based' },
  { id: 'd10-1', label: 'd10 read 1-10', count: 1, sides: 10 },
  { id: 'd6', count: 1, sides: 6 },
  { id: '2d6', count: 2, sides: 6 },
]

export function ruleset(parts: Record<string, unknown> = {}): ResolvedRuleset {
  return {
    id: 'test',
    name: 'Test rules',
    chain: ['test'],
    dice: DICE,
    statuses: {
      states: [
        { id: 'normal', label: 'Normal', initial: true },
        { id: 'disordered', label: 'Disordered' },
      ],
      events: [{ id: 'disorder', label: 'Disorder' }],
      transitions: [{ from: 'normal', event: 'disorder', to: 'disordered' }],
    },
    terrain: {
      movementClasses: [{ id: 'foot', label: 'Foot' }],
      hexTypes: [{ id: 'clear', label: 'Clear', movement: { foot: 1 } }],
    },
    sequence: {
      structure: 'turns',
      phases: [{ id: 'combat', label: 'Combat', mechanic: 'rally' }],
    },
    unitClasses: [],
    unitTypes: [],
    tables: [],
    modifierLists: [],
    ...parts,
  } as unknown as ResolvedRuleset
}

function schemaCheck(r: ResolvedRuleset): void {
  const valid = validateResolved(r)
  const errors = (validateResolved.errors ?? []).map(
    (e) => `${e.instancePath} ${e.message ?? e.keyword}`,
  )
  expect(errors, 'the test ruleset must be schema-valid').toEqual([])
  expect(valid).toBe(true)
}

export function describeErrors(errors: readonly RulesError[]): string {
  return errors.map((e) => `${e.pointer}: ${e.message}`).join('\n')
}

/** Prepares a test ruleset that must be valid. */
export function load(parts: Record<string, unknown> = {}): LoadedRuleset {
  const r = ruleset(parts)
  schemaCheck(r)
  const prepared = prepareRuleset(r)
  if (!prepared.ok)
    throw new Error(`expected the test ruleset to prepare:\n${describeErrors(prepared.errors)}`)
  return prepared.rules
}

/** The errors of a (schema-valid) test ruleset that must not prepare. */
export function errorsOf(parts: Record<string, unknown>): RulesError[] {
  const r = ruleset(parts)
  schemaCheck(r)
  const prepared = prepareRuleset(r)
  if (prepared.ok) throw new Error('expected the test ruleset to be refused')
  return prepared.errors
}

/** pointer → messages, for compact expectations. */
export function byPointer(errors: readonly RulesError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const e of errors) (out[e.pointer] ??= []).push(e.message)
  return out
}
