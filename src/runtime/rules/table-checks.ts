/**
 * What the table schema cannot say: a row has one cell per column, roll bands climb without
 * overlapping, odds columns climb, result codes exist in the table's result set, matrix keys
 * name real unit types (or terrain, weapons…), aliases point at real rows, and a table answers
 * every unit type it may be asked about (a matrix's unit-type axes, a weapon's range chart): a
 * lookup it cannot answer would stop a game, so it is a problem of the content, found here.
 */
import type {
  DifferentialTable,
  MatrixTable,
  OddsTable,
  RangeBandsTable,
  ResolvedRuleset,
  RollTable,
  UnitType,
} from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { checkBandSequence, formatBand } from './bands'
import { matrixKeyOf } from './literal-keys'
import { typeFlags } from './status'
import type { Band } from './bands'
import type { RulesError } from './rules-error'
import { joinPointer } from './rules-error'

type Report = (segments: readonly (string | number)[], message: string) => void
type Rolled = RollTable | OddsTable | DifferentialTable
type Axis = MatrixTable['rowAxis']

const ids = (items: readonly { id: string }[] | undefined): string[] =>
  (items ?? []).map((i) => i.id)

/** The keys an axis may use, or undefined for free keys. */
function axisKeys(r: ResolvedRuleset, axis: Axis): { keys: Set<string>; what: string } | undefined {
  switch (axis.of) {
    case 'unitType':
      return { keys: new Set(ids(r.unitTypes)), what: 'unit type' }
    case 'unitClass':
      return { keys: new Set(ids(r.unitClasses)), what: 'unit class' }
    case 'terrain':
      return {
        keys: new Set([...ids(r.terrain.hexTypes), ...ids(r.terrain.hexsideTypes)]),
        what: 'terrain',
      }
    case 'weapon': {
      const groups = (r.weapons ?? []).flatMap((w) => (w.group === undefined ? [] : [w.group]))
      return { keys: new Set([...ids(r.weapons), ...groups]), what: 'weapon' }
    }
    default:
      return undefined
  }
}

function checkAxisKey(
  r: ResolvedRuleset,
  axis: Axis,
  key: string,
  at: readonly (string | number)[],
  report: Report,
): void {
  const allowed = axisKeys(r, axis)
  if (allowed === undefined || allowed.keys.has(key)) return
  report(at, `"${key}" is not a ${allowed.what} of this ruleset${didYouMean(key, allowed.keys)}`)
}

function checkBands(
  bands: readonly { band: Band; at: readonly (string | number)[] }[],
  name: (i: number) => string,
  report: Report,
): void {
  for (const problem of checkBandSequence(
    bands.map((b) => b.band),
    name,
  )) {
    report((bands[problem.index] as { at: readonly (string | number)[] }).at, problem.message)
  }
}

function checkRows(r: ResolvedRuleset, table: Rolled, report: Report): void {
  const columns = table.columns.map((c) => c.id)
  const codes =
    table.results === undefined
      ? undefined
      : r.resultSets?.find((s) => s.id === table.results)?.codes.map((c) => c.code)
  const known = new Set(codes ?? [])
  let missingSetReported = false
  const checkCode = (code: string, at: readonly (string | number)[]): void => {
    if (codes === undefined) {
      // Without a (valid) result set no code has a meaning: say it once, where the set is named.
      if (!missingSetReported && table.results === undefined)
        report(
          [],
          `${table.label} has result codes in its cells but names no result set ("results")`,
        )
      missingSetReported = true
      return
    }
    if (known.has(code)) return
    const parts = code.split(/\s*[+/,&]\s*|\s+/).filter((p) => p !== '')
    if (parts.length > 1 && parts.every((p) => known.has(p))) {
      report(
        at,
        `"${code}" is not a result code: a cell with several results lists them, like ${JSON.stringify(parts)}`,
      )
    } else {
      report(
        at,
        `unknown result code "${code}" in result set "${table.results ?? ''}"${didYouMean(code, known)}`,
      )
    }
  }
  table.rows.forEach((row, k) => {
    if (row.cells.length !== columns.length) {
      report(
        ['rows', k, 'cells'],
        `row ${k + 1} has ${row.cells.length} cell${row.cells.length === 1 ? '' : 's'} but the table has ${columns.length} column${columns.length === 1 ? '' : 's'}`,
      )
    }
    row.cells.forEach((cell, c) => {
      if (typeof cell === 'string') checkCode(cell, ['rows', k, 'cells', c])
      // A number in a table of result codes is read as the code it spells, which must exist.
      else if (typeof cell === 'number' && table.results !== undefined)
        checkCode(String(cell), ['rows', k, 'cells', c])
      else if (Array.isArray(cell))
        cell.forEach((code, n) => checkCode(code, ['rows', k, 'cells', c, n]))
    })
    for (const key of Object.keys(row.cellProvenance ?? {})) {
      if (!columns.includes(key))
        report(
          ['rows', k, 'cellProvenance', key],
          `there is no column "${key}"${didYouMean(key, columns)}`,
        )
    }
  })
}

function checkRollBands(table: Rolled, report: Report): void {
  const scales = table.kind === 'roll' ? ids(table.rowScales) : []
  const rowName = (rows: readonly number[]) => (i: number) => `row ${(rows[i] ?? 0) + 1}`
  if (scales.length === 0) {
    const rows: number[] = []
    table.rows.forEach((row, k) => {
      if (row.rolls !== undefined)
        report(
          ['rows', k, 'rolls'],
          `"rolls" gives bands per roll scale, but ${table.label} has no rowScales: use "roll"`,
        )
      if (row.roll === undefined) report(['rows', k], `row ${k + 1} has no roll band ("roll")`)
      else rows.push(k)
    })
    checkBands(
      rows.map((k) => ({ band: table.rows[k]?.roll ?? {}, at: ['rows', k, 'roll'] })),
      rowName(rows),
      report,
    )
    return
  }
  table.rows.forEach((row, k) => {
    if (row.roll !== undefined)
      report(
        ['rows', k, 'roll'],
        `${table.label} reads rows by roll scale: give this row's bands per scale in "rolls"`,
      )
    for (const scale of Object.keys(row.rolls ?? {})) {
      if (!scales.includes(scale))
        report(
          ['rows', k, 'rolls', scale],
          `there is no roll scale "${scale}"${didYouMean(scale, scales)}`,
        )
    }
    if (Object.keys(row.rolls ?? {}).length === 0)
      report(['rows', k], `row ${k + 1} has no band in any roll scale`)
  })
  scales.forEach((scale, s) => {
    const rows = table.rows.flatMap((row, k) => (row.rolls?.[scale] === undefined ? [] : [k]))
    if (rows.length === 0) report(['rowScales', s], `no row has a band for roll scale "${scale}"`)
    checkBands(
      rows.map((k) => ({
        band: table.rows[k]?.rolls?.[scale] ?? {},
        at: ['rows', k, 'rolls', scale],
      })),
      rowName(rows),
      report,
    )
  })
}

function checkColumns(table: Rolled, report: Report): void {
  const seen = new Set<string>()
  table.columns.forEach((column, j) => {
    if (seen.has(column.id)) report(['columns', j, 'id'], `two columns have the id "${column.id}"`)
    seen.add(column.id)
  })
  if (table.kind === 'odds') {
    table.columns.forEach((column, j) => {
      const previous = table.columns[j - 1]
      if (previous === undefined) return
      // Exact: previous a:d below column a':d' when a·d' < a'·d.
      const order = previous.attack * column.defense - column.attack * previous.defense
      const name = (c: { id: string; label?: string }) => c.label ?? c.id
      if (order === 0)
        report(
          ['columns', j],
          `column ${name(column)} gives the same odds as column ${name(previous)}`,
        )
      else if (order > 0)
        report(
          ['columns', j],
          `column ${name(column)} comes after ${name(previous)} but has lower odds: list columns from the lowest odds to the highest`,
        )
    })
  }
  if (table.kind === 'differential') {
    const bands = table.columns.map((column, j) => ({
      band: column.band,
      at: ['columns', j, 'band'] as const,
    }))
    checkBands(
      bands,
      (i) => `column ${table.columns[i]?.label ?? table.columns[i]?.id ?? i + 1}`,
      report,
    )
  }
}

function checkMatrix(r: ResolvedRuleset, table: MatrixTable, report: Report): void {
  const rowKeys = new Set([...Object.keys(table.cells), ...(table.rows ?? [])])
  const columnKeys = new Set([
    ...Object.values(table.cells).flatMap((cells) => Object.keys(cells)),
    ...(table.columns ?? []),
  ])
  table.rows?.forEach((key, k) => checkAxisKey(r, table.rowAxis, key, ['rows', k], report))
  table.columns?.forEach((key, k) => checkAxisKey(r, table.columnAxis, key, ['columns', k], report))
  for (const [row, cells] of Object.entries(table.cells)) {
    checkAxisKey(r, table.rowAxis, row, ['cells', row], report)
    if (table.rows !== undefined && !table.rows.includes(row))
      report(['cells', row], `row "${row}" is not listed in "rows"`)
    for (const column of Object.keys(cells)) {
      checkAxisKey(r, table.columnAxis, column, ['cells', row, column], report)
      if (table.columns !== undefined && !table.columns.includes(column)) {
        report(
          ['cells', row, column],
          `column "${column}" is not listed in "columns"${didYouMean(column, table.columns)}`,
        )
      }
    }
  }
  const checkAliases = (
    field: 'rowAliases' | 'columnAliases',
    axis: Axis,
    keys: Set<string>,
    what: string,
  ): void => {
    for (const [key, target] of Object.entries(table[field] ?? {})) {
      checkAxisKey(r, axis, key, [field, key], report)
      if (keys.has(key))
        report(
          [field, key],
          `"${key}" has a ${what} of its own, so it cannot also read the ${what} of "${target}"`,
        )
      if (!keys.has(target))
        report(
          [field, key],
          `"${key}" reads the ${what} of "${target}", but there is no such ${what}${didYouMean(target, keys)}`,
        )
    }
  }
  checkAliases('rowAliases', table.rowAxis, rowKeys, 'row')
  checkAliases('columnAliases', table.columnAxis, columnKeys, 'column')
  for (const key of Object.keys(table.cellProvenance ?? {})) {
    const [row = '', column = ''] = key.split('/')
    if (!rowKeys.has(row) || !columnKeys.has(column))
      report(
        ['cellProvenance', key],
        `"${key}" does not name a cell: write "row/column" with existing keys`,
      )
  }
}

/** The unit types (with their index) a unit-type axis must answer, by its `covers`. */
function coveredTypes(r: ResolvedRuleset, axis: Axis): { type: UnitType; index: number }[] {
  const covers = axis.covers ?? {}
  return r.unitTypes.flatMap((type, index) => {
    const flags = typeFlags(
      type,
      r.unitClasses.find((c) => c.id === type.class),
    )
    const wanted =
      (covers.flags ?? []).every((f) => flags.has(f)) &&
      !(covers.exceptFlags ?? []).some((f) => flags.has(f))
    return wanted ? [{ type, index }] : []
  })
}

const typeName = (type: UnitType): string => `${type.name} ("${type.id}")`

/**
 * Every unit type a unit-type axis covers has its row (and column) in the matrix, and every pair
 * of them a cell, unless the table has a default. Reported at the unit type, since a type added
 * without its row is the usual cause, and named by the table so that either fix is plain.
 */
function checkMatrixCoverage(
  r: ResolvedRuleset,
  table: MatrixTable,
  reportAt: (pointer: readonly (string | number)[], message: string) => void,
): void {
  if (table.default !== undefined) return
  const rows =
    table.rowAxis.of === 'unitType'
      ? coveredTypes(r, table.rowAxis).map((t) => ({
          ...t,
          key: matrixKeyOf(r, table, 'row', t.type.id),
        }))
      : undefined
  const columns =
    table.columnAxis.of === 'unitType'
      ? coveredTypes(r, table.columnAxis).map((t) => ({
          ...t,
          key: matrixKeyOf(r, table, 'column', t.type.id),
        }))
      : undefined
  const columnKeys = new Set(Object.values(table.cells).flatMap((cells) => Object.keys(cells)))
  // What each type lacks, so that a type without its row and its column gets one sentence.
  const lacks = new Map<number, { type: UnitType; what: string[] }>()
  const lack = (t: { type: UnitType; index: number }, what: string): void => {
    const entry = lacks.get(t.index) ?? { type: t.type, what: [] }
    entry.what.push(what)
    lacks.set(t.index, entry)
  }
  const rowless = new Set<string>()
  for (const row of rows ?? []) {
    if (Object.hasOwn(table.cells, row.key)) continue
    rowless.add(row.key)
    lack(row, `${table.rowAxis.label} row`)
  }
  const columnless = new Set<string>()
  for (const column of columns ?? []) {
    if (columnKeys.has(column.key)) continue
    columnless.add(column.key)
    lack(column, `${table.columnAxis.label} column`)
  }
  for (const [index, { type, what }] of lacks) {
    const both = what.length > 1
    reportAt(
      ['unitTypes', index],
      `${table.label} has no ${what.join(' and no ')} for ${typeName(type)}, a type it must answer: a lookup for it would stop the game. Add ${both ? 'them' : 'it'} to the table (or ${both ? 'aliases to other keys' : 'an alias to another key'}).`,
    )
  }
  if (rows === undefined || columns === undefined) return
  for (const row of rows) {
    if (rowless.has(row.key)) continue
    const cells = table.cells[row.key] ?? {}
    const missing = columns.filter((c) => !columnless.has(c.key) && !Object.hasOwn(cells, c.key))
    if (missing.length === 0) continue
    const keys = [...new Set(missing.map((c) => `"${c.key}"`))]
    reportAt(
      ['tables', r.tables.indexOf(table), 'cells', row.key],
      `${table.label}: the ${table.rowAxis.label} row "${row.key}" has no cell for ${keys.join(', ')}: a lookup of that pair would stop the game.`,
    )
  }
}

/** A weapon with a range chart has its entry there, or no unit carrying it could ever fire. */
function checkWeaponRanges(
  r: ResolvedRuleset,
  reportAt: (pointer: readonly (string | number)[], message: string) => void,
): void {
  const carried = new Set(r.unitTypes.flatMap((t) => (t.weapons ?? []).map((w) => w.weapon)))
  ;(r.weapons ?? []).forEach((weapon, w) => {
    if (weapon.ranges === undefined || !carried.has(weapon.id)) return
    const table = r.tables.find((t) => t.id === weapon.ranges)
    if (table?.kind !== 'range-bands' || table.entries.some((e) => e.id === weapon.id)) return
    reportAt(
      ['weapons', w, 'ranges'],
      `${weapon.label}'s range chart, ${table.label}, has no entry for it: units carrying it could never fire. Add an entry "${weapon.id}" to the table.`,
    )
  })
}

function checkRangeBands(r: ResolvedRuleset, table: RangeBandsTable, report: Report): void {
  const seen = new Set<string>()
  table.entries.forEach((entry, e) => {
    if (seen.has(entry.id)) report(['entries', e, 'id'], `two entries have the id "${entry.id}"`)
    seen.add(entry.id)
    checkAxisKey(r, table.axis, entry.id, ['entries', e, 'id'], report)
    const bands = entry.bands.map((band, b) => ({ band, at: ['entries', e, 'bands', b] as const }))
    checkBands(bands, (i) => `band ${formatBand(entry.bands[i] ?? {})}`, report)
  })
}

export function checkTables(r: ResolvedRuleset): RulesError[] {
  const errors: RulesError[] = []
  const diceIds = ids(r.dice)
  const setIds = ids(r.resultSets)
  r.tables.forEach((table, i) => {
    const report: Report = (segments, message) =>
      errors.push({ pointer: joinPointer(['tables', i, ...segments]), message })
    switch (table.kind) {
      case 'matrix':
        return checkMatrix(r, table, report)
      case 'range-bands':
        return checkRangeBands(r, table, report)
      default:
        if (!diceIds.includes(table.dice))
          report(['dice'], `there are no dice "${table.dice}"${didYouMean(table.dice, diceIds)}`)
        if (table.results !== undefined && !setIds.includes(table.results)) {
          report(
            ['results'],
            `there is no result set "${table.results}"${didYouMean(table.results, setIds)}`,
          )
        }
        checkColumns(table, report)
        checkRollBands(table, report)
        checkRows(r, table, report)
    }
  })
  // Coverage only of tables whose own keys are sound: a misspelt key is reported once, above.
  if (errors.length > 0) return errors
  const reportAt = (segments: readonly (string | number)[], message: string): void => {
    errors.push({ pointer: joinPointer(segments), message })
  }
  for (const table of r.tables) if (table.kind === 'matrix') checkMatrixCoverage(r, table, reportAt)
  checkWeaponRanges(r, reportAt)
  return errors
}
