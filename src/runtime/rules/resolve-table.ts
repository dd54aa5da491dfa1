/**
 * Table resolutions: pick the chart, try the automatic cases, find the column (by key, by odds,
 * by a differential), shift it, roll, add modifiers, clamp, read the cell and turn its codes
 * into effects. Everything up to the roll is done once in `beginTable`; `finish` does the rest
 * for one roll, so the exact distribution can replay it for every possible total. Both work
 * from the resolution's plan (table-plan.ts), made when the rules were prepared.
 */
import { didYouMean } from '../content/suggest'
import { clampValue, formatBand } from './bands'
import { fail } from './evaluate'
import type { Scope, Site } from './evaluation'
import { computePrepared } from './modifiers'
import { oddsColumn } from './odds'
import type { ResolutionRecord } from './resolution-record'
import { failWith, readCodes, WaitingRoll } from './resolve-shared'
import type { Begun, RulesDice } from './resolve-shared'
import type { ScaleRows } from './roll-reader'
import type { Chosen, TableOption, TablePlan } from './table-plan'
import { differentialColumn } from './tables'

function chooseTable(scope: Scope, plan: TablePlan, record: ResolutionRecord): TableOption {
  let chosen: Chosen = plan.fallback
  const cases = plan.cases
  for (let index = 0; index < cases.length; index++) {
    const option = cases[index] as TablePlan['cases'][number]
    if (scope.boolean(option.when)) {
      chosen = option.chosen
      break
    }
  }
  const table = chosen.option
  if (table.missing !== undefined) failWith(table.missing)
  record.table = chosen.header
  if (table.notRolled !== undefined) failWith(table.notRolled)
  return table
}

function needed(plan: TablePlan, option: TableOption, site: Site | undefined, field: string): Site {
  const { label, kind } = option.table
  return site ?? fail(plan.where, `${label} is a ${kind} table, so the resolution needs "${field}"`)
}

/**
 * Where the column ends up, recorded on the record: the index of the first column with its id
 * (as the roll is read), or -1 when the odds forbid the attack.
 */
function findColumn(
  scope: Scope,
  plan: TablePlan,
  option: TableOption,
  shift: number,
  record: ResolutionRecord,
): number {
  const where = plan.where
  const table = option.table
  if (table.kind === 'odds') {
    const attack = scope.number(needed(plan, option, plan.attack, 'attack'))
    const defense = scope.number(needed(plan, option, plan.defense, 'defense'))
    const odds = oddsColumn(table, attack, defense, shift)
    record.odds = odds
    if (!odds.ok) {
      if (odds.reason === 'invalid') fail(`${where}, odds`, odds.message)
      record.status = 'not-allowed'
      record.message = odds.message
      return -1
    }
    record.column = { ...odds.final, base: odds.base, shift, clamped: odds.clamped }
    return option.columnIndex.get(odds.final.id) as number
  }
  if (table.kind === 'differential') {
    const value = scope.number(needed(plan, option, plan.value, 'value'))
    const found = differentialColumn(table, value, shift)
    if (!found.ok) return fail(`${where}, value`, found.error)
    record.differential = found
    record.column = { ...found.final, base: found.base, shift, clamped: found.clamped }
    return option.columnIndex.get(found.final.id) as number
  }
  const only = table.columns.length === 1 ? table.columns[0]?.id : undefined
  const id =
    plan.column === undefined && only !== undefined
      ? only
      : scope.text(needed(plan, option, plan.column, 'column'))
  const index = option.columnIndex.get(id)
  if (index === undefined) {
    const ids = table.columns.map((c) => c.id)
    return fail(`${where}, column`, `${table.label} has no column "${id}"${didYouMean(id, ids)}`)
  }
  if (shift === 0) {
    record.column = option.unshifted[index]
    return index
  }
  const wanted = index + shift
  const finalIndex = Math.min(Math.max(wanted, 0), table.columns.length - 1)
  type ColumnRecord = NonNullable<ResolutionRecord['column']>
  const final = option.unshifted[finalIndex] as ColumnRecord
  record.column = {
    id: final.id,
    index: finalIndex,
    ...(final.label === undefined ? {} : { label: final.label }),
    base: (option.unshifted[index] as ColumnRecord).base,
    shift,
    clamped: finalIndex !== wanted,
  }
  return option.columnIndex.get(final.id) as number
}

/** Everything before the roll; mutates `record` so a failure still shows how far it got. */
export function beginTable(scope: Scope, plan: TablePlan, record: ResolutionRecord): Begun {
  const option = chooseTable(scope, plan, record)
  const automatic = plan.automatic
  for (let index = 0; index < automatic.length; index++) {
    const { when, record: which } = automatic[index] as TablePlan['automatic'][number]
    if (!scope.boolean(when)) continue
    record.automatic = which
    readCodes(scope, option.automatic[index] as TableOption['automatic'][number], record)
    record.status = 'automatic'
    return { kind: 'done', record }
  }
  let shift = 0
  if (plan.columnShifts !== undefined) {
    record.columnShifts = computePrepared(scope, plan.columnShifts)
    shift = record.columnShifts.total
  }
  const columnIndex = findColumn(scope, plan, option, shift, record)
  if (columnIndex === -1) return { kind: 'done', record }
  const scale = plan.rowScale === undefined ? undefined : scope.text(plan.rowScale)
  if (scale !== undefined) record.scale = scale
  record.rollModifiers = computePrepared(scope, plan.rollModifiers)
  // `problem` is what a Failing has and dice have not.
  if ('problem' in option.dice) failWith(option.dice)
  const dice = option.dice as RulesDice
  return new TableRoll(record, dice, scope, plan, option, columnIndex, option.reader.scale(scale))
}

/** A table resolution waiting for its roll. */
class TableRoll extends WaitingRoll {
  private readonly plan: TablePlan
  private readonly option: TableOption
  private readonly columnIndex: number
  private readonly rows: ScaleRows

  constructor(
    record: ResolutionRecord,
    dice: RulesDice,
    scope: Scope,
    plan: TablePlan,
    option: TableOption,
    columnIndex: number,
    rows: ScaleRows,
  ) {
    super(record, dice, scope)
    this.plan = plan
    this.option = option
    this.columnIndex = columnIndex
    this.rows = rows
  }

  protected read(result: ResolutionRecord, natural: number, modifiers: number): void {
    const { scope, plan, option, rows, columnIndex } = this
    finishRoll(scope, plan, option, rows, columnIndex, modifiers, natural, result)
  }
}

/** The roll read on the table: row, cell, codes, effects; sets them on `result`. */
function finishRoll(
  scope: Scope,
  plan: TablePlan,
  option: TableOption,
  rows: ScaleRows,
  columnIndex: number,
  modifiers: number,
  natural: number,
  result: ResolutionRecord,
): void {
  const { where, resolution } = plan
  const table = option.table
  const modified = natural + modifiers
  let notes: string | undefined
  let value = modified
  if (resolution.rollClamp !== undefined) {
    value = clampValue(modified, resolution.rollClamp)
    if (value !== modified)
      notes = `the rules limit the roll to ${formatBand(resolution.rollClamp)}`
  }
  if (rows.problem !== undefined) fail(where, rows.problem)
  const clamped = table.clamp === undefined ? value : clampValue(value, table.clamp)
  const found = rows.find(clamped)
  if (found === undefined) return fail(where, `${table.label} has no rows to read`)
  const { rowIndex, band } = found.item
  const columnId = (table.columns[columnIndex] as { id: string }).id
  const outcome = option.reader.cell(rowIndex, columnIndex)
  if (outcome.cell === undefined)
    fail(where, `${table.label}, row ${rowIndex + 1} has no cell for column "${columnId}"`)
  const final = found.value
  if (final !== value) {
    // The same notes lookupRoll gives, after those of the resolution's own clamp.
    const more: string[] = []
    if (clamped !== value)
      more.push(`the table limits the roll to ${formatBand(table.clamp ?? {})}`)
    if (found.beyond)
      more.push(
        `${clamped} is beyond the printed rows, read on the nearest row (${formatBand(band)})`,
      )
    const note = more.join('; ')
    notes = notes === undefined ? note : `${notes}; ${note}`
  }
  result.roll =
    notes === undefined
      ? { natural, modifiers, modified, final }
      : { natural, modifiers, modified, final, clamped: { from: modified, to: final, note: notes } }
  result.row = found.item.record
  const cell = outcome.cell as NonNullable<typeof outcome.cell> | null
  result.cell = cell
  if (outcome.provenance !== undefined) result.provenance = outcome.provenance
  if (cell === null)
    return fail(where, `${table.label} has no entry for roll ${final} in column "${columnId}"`)
  if (outcome.value !== undefined) result.value = outcome.value
  readCodes(scope, outcome.codes, result)
  // Some natural rolls add effects of their own, whatever the table gave (a gun bursting).
  const onNatural = plan.onNatural
  for (let index = 0; index < onNatural.length; index++) {
    const option = onNatural[index] as TablePlan['onNatural'][number]
    if (!option.rolls.includes(natural)) continue
    if (option.when !== undefined && !scope.boolean(option.when)) continue
    result.onNatural = [...(result.onNatural ?? []), option.record]
    result.effects = [...result.effects, ...option.effects]
  }
  result.status = 'resolved'
}
