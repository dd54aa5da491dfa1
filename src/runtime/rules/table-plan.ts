/**
 * A table resolution prepared once for the ruleset it belongs to: its expressions bound to
 * their sites, the tables it may choose with their columns indexed and their record headers
 * made, the dice and result codes looked up, and the modifier lists prepared. What is missing
 * or wrong in the content becomes a failure kept for the moment the resolution reaches it, so a
 * resolution fails at the same step, with the same words, as when it read the content each time.
 */
import type { LoadedRuleset } from './loaded'
import type { Effect, Table, TableResolution } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { siteOf } from './evaluation'
import type { Site } from './evaluation'
import { prepareModifiers } from './modifier-plan'
import type { PreparedModifiers } from './modifier-plan'
import type { ResolutionRecord } from './resolution-record'
import { diceFor, prepareCodes } from './resolve-shared'
import type { Failing, PreparedCodes, RulesDice } from './resolve-shared'
import { rollReader } from './roll-reader'
import type { RollReader } from './roll-reader'
import type { RolledTable } from './tables'

type Header<K extends keyof ResolutionRecord> = NonNullable<ResolutionRecord[K]>
type Column = RolledTable['columns'][number]

/** A table the resolution may read, prepared for it. */
export interface TableOption {
  readonly id: string
  /** The table does not exist. */
  readonly missing: Failing | undefined
  /** The table exists but is not read with a roll (a matrix, range bands). */
  readonly notRolled: Failing | undefined
  readonly table: RolledTable
  readonly dice: RulesDice | Failing
  /** Roll tables: the index of each column id. */
  readonly columnIndex: ReadonlyMap<string, number>
  /** Roll tables: the record's column when no shift moved it (frozen, by index). */
  readonly unshifted: readonly Header<'column'>[]
  /** Codes of each automatic case of the resolution, read on this table. */
  readonly automatic: readonly PreparedCodes[]
  readonly reader: RollReader
}

/** How the table was chosen: by a case (with its header) or by default. */
export interface Chosen {
  readonly option: TableOption
  /** The record's table: id, label, kind, rule, and the case that chose it (frozen). */
  readonly header: Header<'table'>
}

export interface TablePlan {
  readonly kind: 'table'
  readonly resolution: TableResolution
  readonly header: ResolutionRecord['resolution']
  readonly where: string
  readonly cases: readonly { readonly when: Site; readonly chosen: Chosen }[]
  readonly fallback: Chosen
  readonly automatic: readonly { readonly when: Site; readonly record: Header<'automatic'> }[]
  readonly columnShifts: PreparedModifiers | undefined
  readonly rollModifiers: PreparedModifiers
  readonly attack: Site | undefined
  readonly defense: Site | undefined
  readonly value: Site | undefined
  readonly column: Site | undefined
  readonly rowScale: Site | undefined
  readonly onNatural: readonly {
    readonly rolls: readonly number[]
    readonly when: Site | undefined
    readonly record: { index: number; rule?: string }
    readonly effects: readonly Effect[]
  }[]
}

export function resolutionHeader(resolution: {
  id: string
  label: string
  rule?: string
  kind: 'table' | 'check'
  context: ResolutionRecord['resolution']['context']
}): ResolutionRecord['resolution'] {
  return Object.freeze({
    id: resolution.id,
    label: resolution.label,
    ...(resolution.rule === undefined ? {} : { rule: resolution.rule }),
    kind: resolution.kind,
    context: resolution.context,
  })
}

const ruleOf = (o: { rule?: string }): { rule?: string } =>
  o.rule === undefined ? {} : { rule: o.rule }

const labelOf = (column: { label?: string }): { label?: string } =>
  column.label === undefined ? {} : { label: column.label }

function prepareOption(rules: LoadedRuleset, resolution: TableResolution, id: string): TableOption {
  const where = `resolution "${resolution.id}"`
  const found = rules.tables.get(id)
  const missing =
    found === undefined
      ? { where, problem: `there is no table "${id}"${didYouMean(id, rules.tables.keys())}` }
      : undefined
  const table = (found ?? { kind: 'roll', id, label: id, columns: [], rows: [] }) as Table
  const notRolled =
    table.kind === 'matrix' || table.kind === 'range-bands'
      ? {
          where,
          problem: `${table.label} is a ${table.kind} table: it gives modifiers to other rolls and cannot be rolled on`,
        }
      : undefined
  const rolled = (
    notRolled === undefined ? table : { ...table, columns: [], rows: [] }
  ) as RolledTable
  const columns: readonly Column[] = rolled.columns
  return {
    id,
    missing,
    notRolled,
    table: rolled,
    dice: diceFor(rules, resolution.dice ?? ('dice' in rolled ? rolled.dice : ''), where),
    // The first column with an id, as a search through the columns finds it.
    columnIndex: new Map(columns.map((c, index) => [c.id, index] as const).reverse()),
    unshifted: columns.map((column, index) =>
      Object.freeze({
        id: column.id,
        index,
        ...labelOf(column),
        base: Object.freeze({ index, id: column.id, ...labelOf(column) }),
        shift: 0,
        clamped: false,
      }),
    ),
    automatic: (resolution.automatic ?? []).map((a) =>
      prepareCodes(rules, rolled, a.result, resolution.context),
    ),
    reader: rollReader(rules, rolled, resolution.context),
  }
}

export function prepareTablePlan(rules: LoadedRuleset, resolution: TableResolution): TablePlan {
  const where = `resolution "${resolution.id}"`
  const context = resolution.context
  const options = new Map<string, TableOption>()
  const option = (id: string): TableOption => {
    let found = options.get(id)
    if (found === undefined) {
      found = prepareOption(rules, resolution, id)
      options.set(id, found)
    }
    return found
  }
  const chosen = (id: string, how: { case: number; caseRule?: string } | undefined): Chosen => {
    const table = option(id).table
    return {
      option: option(id),
      header: Object.freeze({ id, label: table.label, kind: table.kind, ...ruleOf(table), ...how }),
    }
  }
  const site = (source: string | undefined, field: string): Site | undefined =>
    source === undefined ? undefined : siteOf(rules, context, source, `${where}, ${field}`)
  const choice = resolution.table
  const cases = typeof choice === 'string' ? [] : choice.cases
  return {
    kind: 'table',
    resolution,
    header: resolutionHeader(resolution),
    where,
    cases: cases.map((c, index) => ({
      when: siteOf(rules, context, c.when, `${where}, table case ${index + 1}`),
      chosen: chosen(c.table, {
        case: index,
        ...(c.rule === undefined ? {} : { caseRule: c.rule }),
      }),
    })),
    fallback: chosen(typeof choice === 'string' ? choice : choice.default, undefined),
    automatic: (resolution.automatic ?? []).map((a, index) => ({
      when: siteOf(rules, context, a.when, `${where}, automatic case ${index + 1}`),
      record: Object.freeze({ index, ...ruleOf(a) }),
    })),
    columnShifts:
      (resolution.columnShifts ?? []).length > 0
        ? prepareModifiers(rules, resolution.columnShifts ?? [], context)
        : undefined,
    rollModifiers: prepareModifiers(rules, resolution.rollModifiers ?? [], context),
    attack: site(resolution.attack, 'attack'),
    defense: site(resolution.defense, 'defense'),
    value: site(resolution.value, 'value'),
    column: site(resolution.column, 'column'),
    rowScale: site(resolution.rowScale, 'rowScale'),
    onNatural: (resolution.onNatural ?? []).map((option, index) => ({
      rolls: option.rolls,
      when: site(option.when, `onNatural ${index + 1}`),
      record: Object.freeze({ index, ...ruleOf(option) }),
      effects: option.effects,
    })),
  }
}
