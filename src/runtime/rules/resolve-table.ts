/**
 * Table resolutions: pick the chart, try the automatic cases, find the column (by key, by odds,
 * by a differential), shift it, roll, add modifiers, clamp, read the cell and turn its codes
 * into effects. Everything up to the roll is done once in `beginTable`; `finish` does the rest
 * for one roll, so the exact distribution can replay it for every possible total.
 */
import type { LoadedRuleset } from '../content/loaded'
import type { Table, TableResolution } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { clampValue, formatBand } from './bands'
import { evaluateBoolean, evaluateNumber, evaluateText, fail } from './evaluate'
import type { Variables } from './evaluate'
import { computeModifiers } from './modifiers'
import { oddsColumn } from './odds'
import type { ResolutionRecord } from './resolution-record'
import { codeRecords, diceFor, finishSafely } from './resolve-shared'
import type { Begun } from './resolve-shared'
import { differentialColumn, lookupRoll } from './tables'
import type { RolledTable } from './tables'

function chooseTable(
  rules: LoadedRuleset,
  resolution: TableResolution,
  variables: Variables,
  record: ResolutionRecord,
): Table {
  const where = `resolution "${resolution.id}"`
  const choice = resolution.table
  let id: string
  let chosen: { case: number; caseRule?: string } | undefined
  if (typeof choice === 'string') id = choice
  else {
    id = choice.default
    for (const [index, option] of choice.cases.entries()) {
      if (
        evaluateBoolean(
          rules,
          resolution.context,
          option.when,
          variables,
          `${where}, table case ${index + 1}`,
        )
      ) {
        id = option.table
        chosen = { case: index, ...(option.rule === undefined ? {} : { caseRule: option.rule }) }
        break
      }
    }
  }
  const table = rules.tables.get(id)
  if (table === undefined)
    return fail(where, `there is no table "${id}"${didYouMean(id, rules.tables.keys())}`)
  record.table = {
    id,
    label: table.label,
    kind: table.kind,
    ...(table.rule === undefined ? {} : { rule: table.rule }),
    ...chosen,
  }
  return table
}

const ruleOf = (o: { rule?: string }): { rule?: string } =>
  o.rule === undefined ? {} : { rule: o.rule }

function rolledTable(table: Table, where: string): RolledTable {
  if (table.kind === 'matrix' || table.kind === 'range-bands') {
    return fail(
      where,
      `${table.label} is a ${table.kind} table: it gives modifiers to other rolls and cannot be rolled on`,
    )
  }
  return table
}

/** Where the column ends up, recorded on the record; undefined when the odds forbid the attack. */
function findColumn(
  rules: LoadedRuleset,
  resolution: TableResolution,
  table: RolledTable,
  shift: number,
  variables: Variables,
  record: ResolutionRecord,
): string | undefined {
  const where = `resolution "${resolution.id}"`
  const context = resolution.context
  const need = (field: 'attack' | 'defense' | 'value' | 'column'): string =>
    resolution[field] ??
    fail(where, `${table.label} is a ${table.kind} table, so the resolution needs "${field}"`)
  if (table.kind === 'odds') {
    const attack = evaluateNumber(rules, context, need('attack'), variables, `${where}, attack`)
    const defense = evaluateNumber(rules, context, need('defense'), variables, `${where}, defense`)
    const odds = oddsColumn(table, attack, defense, shift)
    record.odds = odds
    if (!odds.ok) {
      if (odds.reason === 'invalid') fail(`${where}, odds`, odds.message)
      record.status = 'not-allowed'
      record.message = odds.message
      return undefined
    }
    record.column = { ...odds.final, base: odds.base, shift, clamped: odds.clamped }
    return odds.final.id
  }
  if (table.kind === 'differential') {
    const value = evaluateNumber(rules, context, need('value'), variables, `${where}, value`)
    const found = differentialColumn(table, value, shift)
    if (!found.ok) return fail(`${where}, value`, found.error)
    record.differential = found
    record.column = { ...found.final, base: found.base, shift, clamped: found.clamped }
    return found.final.id
  }
  const only = table.columns.length === 1 ? table.columns[0]?.id : undefined
  const id =
    resolution.column === undefined && only !== undefined
      ? only
      : evaluateText(rules, context, need('column'), variables, `${where}, column`)
  const index = table.columns.findIndex((c) => c.id === id)
  if (index === -1) {
    return fail(
      `${where}, column`,
      `${table.label} has no column "${id}"${didYouMean(
        id,
        table.columns.map((c) => c.id),
      )}`,
    )
  }
  const wanted = index + shift
  const finalIndex = Math.min(Math.max(wanted, 0), table.columns.length - 1)
  const final = table.columns[finalIndex] as RolledTable['columns'][number]
  const base = table.columns[index] as RolledTable['columns'][number]
  const label = (column: { label?: string }) =>
    column.label === undefined ? {} : { label: column.label }
  record.column = {
    id: final.id,
    index: finalIndex,
    ...label(final),
    base: { index, id: base.id, ...label(base) },
    shift,
    clamped: finalIndex !== wanted,
  }
  return final.id
}

/** Everything before the roll; mutates `record` so a failure still shows how far it got. */
export function beginTable(
  rules: LoadedRuleset,
  resolution: TableResolution,
  variables: Variables,
  record: ResolutionRecord,
): Begun {
  const where = `resolution "${resolution.id}"`
  const context = resolution.context
  const table = rolledTable(chooseTable(rules, resolution, variables, record), where)
  for (const [index, automatic] of (resolution.automatic ?? []).entries()) {
    if (
      !evaluateBoolean(
        rules,
        context,
        automatic.when,
        variables,
        `${where}, automatic case ${index + 1}`,
      )
    )
      continue
    record.automatic = { index, ...(automatic.rule === undefined ? {} : { rule: automatic.rule }) }
    record.codes = codeRecords(rules, table, automatic.result, context, variables)
    record.effects = record.codes.flatMap((c) => c.effects)
    record.status = 'automatic'
    return { kind: 'done', record }
  }
  let shift = 0
  if ((resolution.columnShifts ?? []).length > 0) {
    record.columnShifts = computeModifiers(rules, resolution.columnShifts ?? [], context, variables)
    shift = record.columnShifts.total
  }
  const columnId = findColumn(rules, resolution, table, shift, variables, record)
  if (columnId === undefined) return { kind: 'done', record }
  const scale =
    resolution.rowScale === undefined
      ? undefined
      : evaluateText(rules, context, resolution.rowScale, variables, `${where}, rowScale`)
  if (scale !== undefined) record.scale = scale
  record.rollModifiers = computeModifiers(rules, resolution.rollModifiers ?? [], context, variables)
  const dice = diceFor(rules, resolution.dice ?? table.dice, where)
  const modifiers = record.rollModifiers.total
  const before = record

  const finish = (natural: number, faces: readonly number[]): ResolutionRecord =>
    finishSafely(before, dice, natural, faces, (result) => {
      const modified = natural + modifiers
      const notes: string[] = []
      let value = modified
      if (resolution.rollClamp !== undefined) {
        value = clampValue(modified, resolution.rollClamp)
        if (value !== modified)
          notes.push(`the rules limit the roll to ${formatBand(resolution.rollClamp)}`)
      }
      const lookup = lookupRoll(table, {
        roll: value,
        column: columnId,
        ...(scale === undefined ? {} : { scale }),
      })
      if (!lookup.ok) return fail(where, lookup.error)
      if (lookup.clampedRoll !== undefined) notes.push(lookup.clampedRoll.note)
      result.roll = {
        natural,
        modifiers,
        modified,
        final: lookup.roll,
        ...(notes.length > 0
          ? { clamped: { from: modified, to: lookup.roll, note: notes.join('; ') } }
          : {}),
      }
      result.row = { index: lookup.rowIndex, band: lookup.band }
      result.cell = lookup.cell
      if (lookup.provenance !== undefined) result.provenance = lookup.provenance
      const cell = lookup.cell
      if (cell === null) {
        return fail(
          where,
          `${table.label} has no entry for roll ${lookup.roll} in column "${columnId}"`,
        )
      }
      let codes: readonly string[]
      if (typeof cell === 'number') {
        result.value = cell
        // A number may still have a meaning in the result set (losses of 2 = code "2").
        const set = table.results === undefined ? undefined : rules.resultSets.get(table.results)
        codes = set?.codes.some((c) => c.code === String(cell)) === true ? [String(cell)] : []
      } else codes = typeof cell === 'string' ? [cell] : cell
      result.codes = codeRecords(rules, table, codes, context, variables)
      result.effects = result.codes.flatMap((c) => c.effects)
      // Some natural rolls add effects of their own, whatever the table gave (a gun bursting).
      for (const [index, option] of (resolution.onNatural ?? []).entries()) {
        if (!option.rolls.includes(natural)) continue
        const place = `${where}, onNatural ${index + 1}`
        if (
          option.when !== undefined &&
          !evaluateBoolean(rules, context, option.when, variables, place)
        )
          continue
        result.onNatural = [...(result.onNatural ?? []), { index, ...ruleOf(option) }]
        result.effects = [...result.effects, ...option.effects]
      }
      result.status = 'resolved'
    })
  return { kind: 'roll', record, diceId: dice.id, spec: dice.spec, finish }
}
