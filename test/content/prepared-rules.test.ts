/**
 * What the rules kernel works out when a ruleset is loaded must read the content as the plain
 * readings do. Every rolled table of the bundled rulesets, read through its prepared reader,
 * gives lookupRoll's row, roll, cell and provenance at every roll (past the open ends and the
 * clamps too); and the shock modifier lists, evaluated from their prepared terms, give the
 * terms and total of a straightforward reading of the content, term by term, in many
 * situations.
 */
import { fc, test as prop } from '@fast-check/vitest'
import { describe, expect, test } from 'vitest'
import type { LoadedRuleset } from '../../src/runtime/rules/loaded'
import type { ModifierList, Term } from '../../src/runtime/generated/content-types'
import { lookupRoll, resolveModifiers } from '../../src/runtime/rules'
import type { RolledTable, TermRecord, Variables } from '../../src/runtime/rules'
import { clampValue } from '../../src/runtime/rules/bands'
import { withRulesetDefaults } from '../../src/runtime/rules/evaluate'
import { hostFunctions } from '../../src/runtime/rules/host-functions'
import { rollReader } from '../../src/runtime/rules/roll-reader'
import type { UnitSpec } from './bundled'
import { attackVariables, bundledRuleset, participant } from './bundled'

const RULESETS = [
  'infidel',
  'infidel-v1-2',
  'men-of-iron',
  'blood-and-roses',
  'croisades-tactical',
  'croisades-tactical-revised',
]

function rolledTables(rules: LoadedRuleset): RolledTable[] {
  return [...rules.tables.values()].filter(
    (t): t is RolledTable => t.kind === 'roll' || t.kind === 'odds' || t.kind === 'differential',
  )
}

describe('prepared roll readers read as lookupRoll reads', () => {
  test.each(RULESETS)('%s: every table, column, scale and roll', (id) => {
    const rules = bundledRuleset(id)
    let read = 0
    for (const table of rolledTables(rules)) {
      const reader = rollReader(rules, table, 'attack')
      const scales = table.kind === 'roll' ? (table.rowScales ?? []).map((s) => s.id) : []
      for (const scale of scales.length === 0 ? [undefined] : scales) {
        const rows = reader.scale(scale)
        expect(rows.problem).toBeUndefined()
        table.columns.forEach((column, columnIndex) => {
          for (let roll = -25; roll <= 40; roll++) {
            const expected = lookupRoll(table, {
              roll,
              column: column.id,
              ...(scale === undefined ? {} : { scale }),
            })
            if (!expected.ok) throw new Error(expected.error)
            const found = rows.find(clampValue(roll, table.clamp))
            if (found === undefined) throw new Error(`${table.id}: no row for ${roll}`)
            const where = `${table.id} ${column.id} ${scale ?? ''} roll ${roll}`
            expect(found.item.rowIndex, where).toBe(expected.rowIndex)
            expect(found.item.record, where).toEqual({
              index: expected.rowIndex,
              band: expected.band,
            })
            expect(found.value, where).toBe(expected.roll)
            const cell = reader.cell(found.item.rowIndex, columnIndex)
            expect(cell.cell, where).toEqual(expected.cell)
            expect(cell.provenance, where).toEqual(expected.provenance)
            read++
          }
        })
      }
    }
    expect(read).toBeGreaterThan(0)
  })

  test('a roll scale the table does not have is reported as lookupRoll reports it', () => {
    const rules = bundledRuleset('infidel')
    const table = rolledTables(rules).find((t) => t.kind === 'roll') as RolledTable
    const expected = lookupRoll(table, { roll: 1, column: table.columns[0]?.id ?? '', scale: 'x' })
    expect(expected.ok).toBe(false)
    if (expected.ok) return
    expect(rollReader(rules, table, 'attack').scale('x').problem).toBe(expected.error)
  })
})

/**
 * The modifier lists read straight from the content, as the kernel read them before it
 * prepared them: each expression looked up and evaluated with `evaluate`, the element of
 * `each` added to a copy of the variables, groups and `once` settled afterwards.
 */
function referenceTerms(
  rules: LoadedRuleset,
  listIds: readonly string[],
  given: Variables,
): { total: number; terms: TermRecord[] } {
  const variables = withRulesetDefaults(rules, given)
  const functions = hostFunctions(rules)
  const run = (source: string, vars: Variables) =>
    rules.expression('attack', source).evaluate(vars, functions)
  const valueOf = (term: Term, vars: Variables) =>
    typeof term.value === 'number' ? term.value : (run(term.value, vars) as number)
  const terms: TermRecord[] = []
  const counted = new Set<string>()
  for (const id of listIds) {
    const list = rules.modifierLists.get(id) as ModifierList
    const made = list.terms.map((term): TermRecord => {
      const base = { list: id, id: term.id, label: term.label, rule: term.rule, group: term.group }
      if (term.each === undefined) {
        if (term.when !== undefined && run(term.when, variables) !== true)
          return { ...base, value: null, applied: false, reason: 'condition not met' }
        return { ...base, value: valueOf(term, variables), applied: true }
      }
      const aggregate = term.aggregate ?? 'max'
      const values = (run(term.each, variables) as unknown[]).flatMap((element) => {
        const scoped = { ...variables, [term.as ?? 'it']: element }
        return term.when !== undefined && run(term.when, scoped) !== true
          ? []
          : [valueOf(term, scoped)]
      })
      if (values.length === 0) {
        const none = (run(term.each, variables) as unknown[]).length === 0
        const reason = none ? `"${term.each}" is empty` : `no element of "${term.each}" qualifies`
        return { ...base, value: null, applied: false, reason, each: { values, aggregate } }
      }
      const value =
        aggregate === 'sum'
          ? values.reduce((a, b) => a + b, 0)
          : aggregate === 'min'
            ? Math.min(...values)
            : Math.max(...values)
      return { ...base, value, applied: true, each: { values, aggregate } }
    })
    for (const group of list.groups ?? []) {
      const members = made.filter((t) => t.group === group.id && t.applied)
      const winner = members.reduce<TermRecord | undefined>((best, t) => {
        if (best === undefined) return t
        const [v, b] = [t.value ?? 0, best.value ?? 0]
        return (group.pick === 'largest' && v > b) || (group.pick === 'smallest' && v < b)
          ? t
          : best
      }, undefined)
      for (const t of members) {
        if (t === winner) continue
        t.applied = false
        t.reason = `superseded by ${winner?.id} (group ${group.id}: ${group.pick})`
      }
    }
    list.terms.forEach((term, i) => {
      const record = made[i] as TermRecord
      if (!record.applied || term.once !== true) return
      if (counted.has(term.id))
        Object.assign(record, { applied: false, reason: 'applied once already' })
      counted.add(term.id)
    })
    terms.push(...made)
  }
  const total = terms.reduce((n, t) => (t.applied && t.value !== null ? n + t.value : n), 0)
  return { total, terms }
}

/** A term record as the log keeps it: JSON, without the fields left undefined. */
const asLogged = (t: TermRecord) => JSON.parse(JSON.stringify(t)) as TermRecord

describe('prepared modifier lists give the terms of the content read term by term', () => {
  const GAMES = {
    infidel: ['mois-shock-drm', 'inf-shock-drm'],
    'men-of-iron': ['mois-shock-drm', 'moi-shock-drm'],
    'blood-and-roses': ['mois-shock-drm', 'bnr-shock-drm'],
  } as const
  const TYPES = {
    infidel: ['kn', 'mc', 'pk', 'af', 'a', 'cb'],
    'men-of-iron': [],
    'blood-and-roses': [],
  }
  const ANGLES = ['front', 'left-flank', 'right-flank', 'rear']
  const STATUSES = ['normal', 'disordered', 'retired']

  const unitArb = (types: readonly string[], side: string) =>
    fc.record({
      type: fc.constantFrom(...types),
      status: fc.constantFrom(...STATUSES),
      angle: fc.constantFrom(...ANGLES),
      charging: fc.boolean(),
      moved: fc.boolean(),
      command: fc.constantFrom('c1', 'c2'),
      charisma: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      side: fc.constant(side),
    })

  for (const [game, lists] of Object.entries(GAMES)) {
    const rules = bundledRuleset(game)
    const known = TYPES[game as keyof typeof TYPES]
    const types = known.length > 0 ? known : [...rules.unitTypes.keys()].slice(0, 6)
    prop.prop(
      [
        fc.array(unitArb(types, 'a'), { minLength: 1, maxLength: 3 }),
        unitArb(types, 'd'),
        fc.record({
          continued: fc.integer({ min: 0, max: 2 }),
          counterChargedVsShock: fc.boolean(),
          bonus: fc.integer({ min: 0, max: 1 }),
        }),
      ],
      { numRuns: 60 },
    )(`${game}: ${lists.join(' + ')}`, (attackers, defender, extra) => {
      const unit = (u: (typeof attackers)[number], id: string) =>
        participant(rules, {
          id,
          type: u.type,
          status: u.status,
          side: u.side,
          command: u.command,
          angle: u.angle,
          charging: u.charging,
          moved: u.moved,
          leaders:
            u.charisma === undefined
              ? []
              : [
                  {
                    command: u.command,
                    flags: { commander: false },
                    ratings: { charisma: u.charisma },
                  },
                ],
        } as UnitSpec)
      const variables = attackVariables(
        attackers.map((a, i) => unit(a, `a${i}`)),
        unit(defender, 'd'),
        extra,
      )
      const prepared = resolveModifiers(rules, lists, 'attack', variables)
      if (!prepared.ok) {
        // A pairing the content does not allow fails both ways.
        expect(() => referenceTerms(rules, lists, variables)).toThrow()
        return
      }
      const reference = referenceTerms(rules, lists, variables)
      expect(prepared.total).toBe(reference.total)
      expect(prepared.terms.map(asLogged)).toEqual(reference.terms.map(asLogged))
    })
  }
})
