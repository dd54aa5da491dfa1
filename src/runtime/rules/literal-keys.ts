/**
 * Table keys written as literals: a resolution's `column` or `rowScale` and a matrix call's row
 * and column. Only a literal can be checked before play, so each literal the expression may give
 * (the expression itself, or a branch of a conditional) must name a key of every table it may be
 * read on; otherwise the game would stop at the lookup.
 */
import type { MatrixTable, ResolvedRuleset } from '../generated/content-types'
import type { ExprNode } from '../expr'
import { didYouMean } from '../content/suggest'
import { splitPointer } from './rules-error'

export interface KeyProblem {
  message: string
  start: number
  end: number
}

interface Literal {
  value: string
  start: number
  end: number
}

/** The string literals an expression may give as its value: itself, or its conditional branches. */
function literalValues(node: ExprNode): Literal[] {
  if (node.kind === 'literal')
    return typeof node.value === 'string'
      ? [{ value: node.value, start: node.start, end: node.end }]
      : []
  if (node.kind === 'conditional')
    return [...literalValues(node.consequent), ...literalValues(node.alternate)]
  return []
}

/** The ids of the tables a resolution may read (its table, or every case's and the default). */
function resolutionTables(r: ResolvedRuleset, index: number): string[] {
  const resolution = r.resolutions?.[index]
  if (resolution?.kind !== 'table') return []
  const choice = resolution.table
  const ids =
    typeof choice === 'string' ? [choice] : [...choice.cases.map((c) => c.table), choice.default]
  return [...new Set(ids)]
}

/** A resolution's `column` and `rowScale`: each literal is a column (a scale) of its roll tables. */
export function resolutionKeyProblems(
  r: ResolvedRuleset,
  pointer: string,
  root: ExprNode,
): KeyProblem[] {
  const [top, index, field, ...rest] = splitPointer(pointer)
  if (top !== 'resolutions' || rest.length > 0) return []
  if (field !== 'column' && field !== 'rowScale') return []
  const literals = literalValues(root)
  if (literals.length === 0) return []
  const problems: KeyProblem[] = []
  for (const id of resolutionTables(r, Number(index))) {
    const table = r.tables.find((t) => t.id === id)
    // A missing table, or one of another kind, is reported by the resolution checks.
    if (table?.kind !== 'roll') continue
    const keys = (field === 'column' ? table.columns : (table.rowScales ?? [])).map((c) => c.id)
    if (field === 'rowScale' && keys.length === 0) continue
    const what = field === 'column' ? 'column' : 'roll scale'
    for (const literal of literals) {
      if (keys.includes(literal.value)) continue
      problems.push({
        start: literal.start,
        end: literal.end,
        message: `table "${id}" has no ${what} "${literal.value}"${didYouMean(literal.value, keys)}`,
      })
    }
  }
  return problems
}

/** The keys a literal may name on one axis of a matrix: its rows (columns) and their aliases. */
function matrixAxisKeys(table: MatrixTable, axis: 'row' | 'column'): Set<string> {
  if (axis === 'row') return new Set([...Object.keys(table.cells), ...(table.rows ?? [])])
  return new Set([
    ...Object.values(table.cells).flatMap((cells) => Object.keys(cells)),
    ...(table.columns ?? []),
  ])
}

/** The key a matrix lookup reads for `key`: a unit type's asType for this table, then an alias. */
/** The key a matrix lookup reads for `key`: the key of the unit type it fights as, then an alias. */
export function matrixKeyOf(
  r: ResolvedRuleset,
  table: MatrixTable,
  axis: 'row' | 'column',
  key: string,
): string {
  const of = axis === 'row' ? table.rowAxis.of : table.columnAxis.of
  const asType = of === 'unitType' ? r.unitTypes.find((t) => t.id === key)?.asType : undefined
  const read = asType !== undefined && Object.hasOwn(asType, table.id) ? asType[table.id] : key
  const aliases = axis === 'row' ? table.rowAliases : table.columnAliases
  return aliases !== undefined && Object.hasOwn(aliases, read as string)
    ? (aliases[read as string] as string)
    : (read as string)
}

/** A matrix call with a literal table: each literal row and column key is one of the table's. */
export function matrixCallProblems(r: ResolvedRuleset, node: ExprNode): KeyProblem[] {
  if (node.kind !== 'call' || node.name !== 'matrix') return []
  const [tableArg, rowArg, columnArg] = node.args
  if (tableArg?.kind !== 'literal' || typeof tableArg.value !== 'string') return []
  const tableId = tableArg.value
  const table = r.tables.find((t) => t.id === tableId)
  // A table with a default answers every key; a missing table is reported by tableCallProblems.
  if (table?.kind !== 'matrix' || table.default !== undefined) return []
  const problems: KeyProblem[] = []
  for (const [axis, arg] of [
    ['row', rowArg],
    ['column', columnArg],
  ] as const) {
    if (arg === undefined) continue
    const keys = matrixAxisKeys(table, axis)
    for (const literal of literalValues(arg)) {
      if (keys.has(matrixKeyOf(r, table, axis, literal.value))) continue
      const aliases = Object.keys((axis === 'row' ? table.rowAliases : table.columnAliases) ?? {})
      problems.push({
        start: literal.start,
        end: literal.end,
        message: `table "${tableId}" has no ${axis} "${literal.value}"${didYouMean(literal.value, [...keys, ...aliases])}`,
      })
    }
  }
  return problems
}
