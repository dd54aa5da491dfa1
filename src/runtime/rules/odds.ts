/**
 * Odds-ratio columns. Ratios are compared exactly by cross-multiplying (a:d ≤ A:D when a·D ≤
 * A·d): 8 against 3 must land on 2:1 without any 2.666… rounding surprise, and strengths of 0
 * need no special case.
 */
import type { OddsTable } from '../generated/content-types'

export interface ColumnRef {
  index: number
  id: string
  label?: string
}

export type OddsResult =
  | {
      ok: true
      attack: number
      defense: number
      /** attack / defense, for display only (Infinity against 0). */
      ratio: number
      rounding: 'defender' | 'attacker' | 'nearest'
      /** The column the ratio rounds to, before shifts. */
      base: ColumnRef
      /** Set when the odds were below the lowest column and the table says to use it anyway. */
      belowLowest?: true
      /** Shift asked for (sum of the column shift modifiers). */
      shift: number
      final: ColumnRef
      /** The shift ran past the first or last column and stopped there. */
      clamped: boolean
    }
  | {
      ok: false
      reason: 'forbidden' | 'invalid'
      attack: number
      defense: number
      message: string
    }

type Column = OddsTable['columns'][number]

/** Sign of (column ratio − actual ratio), exactly. */
function compare(column: Column, attack: number, defense: number): number {
  return Math.sign(column.attack * defense - attack * column.defense)
}

function ref(table: OddsTable, index: number): ColumnRef {
  const column = table.columns[index] as Column
  return { index, id: column.id, ...(column.label === undefined ? {} : { label: column.label }) }
}

/** "8:3" as printed, with the decimals a player would compute. */
export function formatOdds(attack: number, defense: number): string {
  if (defense === 0) return `${attack}:0`
  const ratio = attack / defense
  return Number.isInteger(ratio)
    ? `${attack}:${defense} (${ratio}:1)`
    : `${attack}:${defense} (${ratio.toFixed(2)}:1)`
}

function columnName(column: Column): string {
  return column.label ?? column.id
}

/** Index of the column the odds round to, or -1 when they are below the lowest column. */
function roundedIndex(table: OddsTable, attack: number, defense: number): number {
  const columns = table.columns
  const lowest = columns[0]
  if (lowest === undefined || compare(lowest, attack, defense) > 0) return -1
  const rounding = table.rounding ?? 'defender'
  if (rounding === 'defender') {
    // Highest column not better than the actual odds.
    let found = -1
    columns.forEach((column, index) => {
      if (compare(column, attack, defense) <= 0) found = index
    })
    return found
  }
  if (rounding === 'attacker') {
    const index = columns.findIndex((column) => compare(column, attack, defense) >= 0)
    return index === -1 ? columns.length - 1 : index
  }
  if (defense === 0) return columns.length - 1
  // Nearest: |a/d − A/D| = |a·D − A·d| / (d·D); D is common, so compare |a·D − A·d| / d.
  // Ties go to the lower column, in the defender's favour.
  let best = 0
  columns.forEach((column, index) => {
    const bestColumn = columns[best] as Column
    const gap = Math.abs(column.attack * defense - attack * column.defense)
    const bestGap = Math.abs(bestColumn.attack * defense - attack * bestColumn.defense)
    if (gap * bestColumn.defense < bestGap * column.defense) best = index
  })
  return best
}

/**
 * The column for attack:defense on an odds table, rounded per the table's `rounding`, then
 * shifted by `shift` columns (positive = right) and stopped at the ends. Odds below the lowest
 * column are judged before shifts: `belowLowest: 'forbidden'` (the default) refuses the attack.
 */
export function oddsColumn(
  table: OddsTable,
  attack: number,
  defense: number,
  shift = 0,
): OddsResult {
  const invalid = (message: string): OddsResult => ({
    ok: false,
    reason: 'invalid',
    attack,
    defense,
    message,
  })
  if (!Number.isFinite(attack) || !Number.isFinite(defense) || attack < 0 || defense < 0) {
    return invalid(`odds need two strengths of 0 or more, got ${attack} against ${defense}`)
  }
  if (attack === 0 && defense === 0) return invalid('odds of 0 against 0 have no meaning')
  if (!Number.isInteger(shift))
    return invalid(`a column shift must be a whole number, got ${shift}`)
  let index = roundedIndex(table, attack, defense)
  let belowLowest = false
  if (index === -1) {
    const lowest = table.columns[0] as Column
    if ((table.belowLowest ?? 'forbidden') === 'forbidden') {
      return {
        ok: false,
        reason: 'forbidden',
        attack,
        defense,
        message: `the attack is not allowed: odds of ${formatOdds(attack, defense)} are below the lowest column ${columnName(lowest)} of ${table.label}`,
      }
    }
    index = 0
    belowLowest = true
  }
  const wanted = index + shift
  const last = table.columns.length - 1
  const finalIndex = Math.min(Math.max(wanted, 0), last)
  return {
    ok: true,
    attack,
    defense,
    ratio: defense === 0 ? Infinity : attack / defense,
    rounding: table.rounding ?? 'defender',
    base: ref(table, index),
    ...(belowLowest ? { belowLowest: true as const } : {}),
    shift,
    final: ref(table, finalIndex),
    clamped: finalIndex !== wanted,
  }
}
