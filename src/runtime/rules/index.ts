/**
 * The rules kernel: prepares a resolved ruleset for play and interprets its tables, modifier
 * lists, resolutions, result codes and status graph. Pure and deterministic.
 */
export { prepareRuleset, withExtraExpressions } from './prepare-ruleset'
export type { ExtraExpression, PrepareResult } from './prepare-ruleset'
export { locateRulesPointer } from './rules-error'
export type { RulesError, RulesPointerOrigin } from './rules-error'

export {
  cellProvenance,
  differentialColumn,
  formatOdds,
  lookupMatrix,
  lookupRoll,
  maxRangeOf,
  oddsColumn,
  rangeBand,
} from './tables'
export type {
  Band,
  CellProvenance,
  CellValue,
  ClampNote,
  ColumnRef,
  DifferentialResult,
  MatrixLookup,
  OddsResult,
  RangeLookup,
  RollLookup,
  RolledTable,
} from './tables'
export { formatBand } from './bands'
export { recordLines } from './record-lines'
export { matrixValue } from './host-functions'

export { resolveModifiers } from './modifiers'
export type { Aggregate, ModifierListRef, ModifierResult, TermRecord } from './modifiers'

export { resolve, resolveWithRoll } from './resolve'
export type { ResolutionRef } from './resolve'
export { resolutionDistribution, outcomeKey } from './resolution-distribution'
export type { OutcomeProbability, ResolutionDistribution } from './resolution-distribution'
export type {
  CodeRecord,
  DiceRecord,
  ModifierTotals,
  ResolutionRecord,
  ResolutionStatus,
} from './resolution-record'

export { applyStatusEvent, flagsFor, ratingsFor } from './status'
export type { RatingValues, StatusChange, StatusUnit } from './status'

export { effectApplies, effectNumber } from './evaluate'
export type { Captured, EvaluationFailure, Variables } from './evaluate'

export { CONTEXT_KINDS, buildEnvironment, buildEnvironments, camelKey } from './expression-context'
export { contextFacts, factDefault } from './context-facts'
export type { ContextFact, FactType } from './context-facts'
export type { ContextKind } from './expression-context'
