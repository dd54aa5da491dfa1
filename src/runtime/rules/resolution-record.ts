/**
 * The record of one resolution: the single structure the game log, the combat panel, the odds
 * preview and the tests read. It says everything a player would say at the table: which chart
 * and column, the dice, every modifier (applied or not, and why), the row read, the result
 * codes and what they do.
 */
import type { Effect } from '../generated/content-types'
import type { Band } from './bands'
import type { EvaluationFailure } from './evaluate'
import type { ContextKind } from './expression-context'
import type { TermRecord } from './modifiers'
import type { ColumnRef, OddsResult } from './odds'
import type { CellProvenance, CellValue, ClampNote, DifferentialResult } from './tables'

export interface ModifierTotals {
  total: number
  terms: TermRecord[]
}

export interface DiceRecord {
  /** Id of the ruleset's dice used. */
  id: string
  /** `2d6`, `d10z` (a d10 read 0–9). */
  notation: string
  faces: number[]
  /** Sum of the faces, before any modifier. */
  natural: number
}

export interface CodeRecord {
  code: string
  label: string
  rule?: string
  /** The case of the code whose condition held; its effects replaced the default ones. */
  case?: { index: number; label?: string }
  /** Effects to apply; their own `when` is left for the code that applies them. */
  effects: Effect[]
}

export type ResolutionStatus =
  /** Rolled and read (or checked). */
  | 'resolved'
  /** An automatic case gave the result without a roll. */
  | 'automatic'
  /** The odds are below the lowest column and the table forbids the attack. */
  | 'not-allowed'
  /** The content could not be evaluated for this situation; see `error`. */
  | 'error'

export interface ResolutionRecord {
  resolution: {
    id: string
    label: string
    rule?: string
    kind: 'table' | 'check'
    context: ContextKind
  }
  status: ResolutionStatus
  /** The chart read; `case` is the index of the table case that chose it, absent for the default. */
  table?: {
    id: string
    label: string
    kind: string
    rule?: string
    case?: number
    caseRule?: string
  }
  automatic?: { index: number; rule?: string }
  columnShifts?: ModifierTotals
  /** The column read: where the rules put it (base), the shift asked for and where it ended. */
  column?: {
    id: string
    index: number
    label?: string
    base: ColumnRef
    shift: number
    clamped: boolean
  }
  /** Odds tables: strengths, raw ratio, rounding, base column, shift, final column. */
  odds?: Extract<OddsResult, { ok: true }> | Extract<OddsResult, { ok: false }>
  differential?: Extract<DifferentialResult, { ok: true }>
  /** Roll tables with roll scales: the scale read. */
  scale?: string
  dice?: DiceRecord
  rollModifiers?: ModifierTotals
  roll?: {
    natural: number
    /** Total of the roll modifiers. */
    modifiers: number
    modified: number
    /** The value the row was found with (or compared with the target), after every clamp. */
    final: number
    clamped?: ClampNote
  }
  row?: { index: number; band: Band }
  cell?: CellValue
  provenance?: CellProvenance
  /** A cell holding a number rather than result codes. */
  value?: number
  codes: CodeRecord[]
  /** All codes' effects, in order, then those of the natural-roll cases that applied. */
  effects: Effect[]
  /** Table resolutions: the onNatural cases the natural roll triggered, by index. */
  onNatural?: { index: number; rule?: string }[]
  check?: { target: number; compare: '<=' | '<' | '>=' | '>'; natural?: 'success' | 'failure' }
  outcome?: 'success' | 'failure'
  /** A sentence for not-allowed and error records. */
  message?: string
  error?: EvaluationFailure
}

/** No codes, no effects: shared by every record that has none (frozen, like all shared parts). */
export const NO_CODES = Object.freeze([] as CodeRecord[]) as CodeRecord[]
export const NO_EFFECTS = Object.freeze([] as Effect[]) as Effect[]

/**
 * A record as a resolution begins it. Every field a record may have is written here, the
 * absent ones undefined (JSON leaves them out, so the record as logged is the same): a record
 * filled in one field at a time would change shape at each step, and V8 would copy its fields
 * each time they outgrow their room.
 */
export function draftRecord(resolution: ResolutionRecord['resolution']): ResolutionRecord {
  return {
    resolution,
    status: 'error',
    table: undefined,
    automatic: undefined,
    columnShifts: undefined,
    column: undefined,
    odds: undefined,
    differential: undefined,
    scale: undefined,
    dice: undefined,
    rollModifiers: undefined,
    roll: undefined,
    row: undefined,
    cell: undefined,
    provenance: undefined,
    value: undefined,
    codes: NO_CODES,
    effects: NO_EFFECTS,
    onNatural: undefined,
    check: undefined,
    outcome: undefined,
    message: undefined,
    error: undefined,
  }
}

/** A fresh record for one roll: what `before` found up to the roll, then the dice. */
export function rolledRecord(
  before: ResolutionRecord,
  dice: { readonly id: string; readonly notation: string },
  natural: number,
  faces: readonly number[],
): ResolutionRecord {
  return {
    resolution: before.resolution,
    status: before.status,
    table: before.table,
    automatic: before.automatic,
    columnShifts: before.columnShifts,
    column: before.column,
    odds: before.odds,
    differential: before.differential,
    scale: before.scale,
    dice: { id: dice.id, notation: dice.notation, faces: faces.slice(), natural },
    rollModifiers: before.rollModifiers,
    roll: undefined,
    row: undefined,
    cell: undefined,
    provenance: undefined,
    value: undefined,
    codes: NO_CODES,
    effects: NO_EFFECTS,
    onNatural: undefined,
    check: before.check,
    outcome: undefined,
    message: before.message,
    error: undefined,
  }
}
