/**
 * Pieces shared by table and check resolutions: dice, result codes, the roll/finish split, and
 * the failures a prepared resolution keeps for the moment it reaches them.
 */
import type { LoadedRuleset } from './loaded'
import type { Effect, ResultSet, Table } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { checkDiceSpec, faceRange, formatDiceNotation } from '../dice'
import type { DiceSpec } from '../dice'
import { fail } from './evaluate'
import { failureIn, siteOf } from './evaluation'
import type { Scope, Site } from './evaluation'
import type { ContextKind } from './expression-context'
import { NO_CODES, NO_EFFECTS, rolledRecord } from './resolution-record'
import type { CodeRecord, ModifierTotals, ResolutionRecord } from './resolution-record'

/**
 * A resolution after everything that does not depend on the dice: either finished (automatic,
 * not allowed, failed) or waiting for a roll. `finish` never throws and never mutates `record`,
 * so it can be called once per possible total.
 */
export type Begun =
  | { kind: 'done'; record: ResolutionRecord }
  | {
      kind: 'roll'
      record: ResolutionRecord
      diceId: string
      spec: DiceSpec
      dice: RulesDice
      finish(natural: number, faces: readonly number[]): ResolutionRecord
      /**
       * `finish` for a resolution rolled once (resolve, resolveWithRoll): `record` itself is
       * filled in and returned, since nothing reads it as it was before the roll.
       */
      finishOnce(natural: number, faces: readonly number[]): ResolutionRecord
    }

/** Something the content asks for that cannot be done: it fails when a resolution reaches it. */
export interface Failing {
  readonly where: string
  readonly problem: string
}

export function isFailing(value: object): value is Failing {
  return 'problem' in value
}

export function failWith(failing: Failing): never {
  return fail(failing.where, failing.problem)
}

export interface RulesDice {
  id: string
  spec: DiceSpec
  /** `d10z`, `2d6`: worked out once for every record. */
  notation: string
  /** The values one die shows; undefined when the spec itself is wrong (rollDice says why). */
  range: { min: number; max: number } | undefined
}

export function diceFor(rules: LoadedRuleset, id: string, where: string): RulesDice | Failing {
  const found = rules.ruleset.dice.find((d) => d.id === id)
  if (found === undefined) {
    const ids = rules.ruleset.dice.map((d) => d.id)
    return { where, problem: `there are no dice "${id}"${didYouMean(id, ids)}` }
  }
  const spec: DiceSpec = {
    count: found.count,
    sides: found.sides,
    ...(found.faces === undefined ? {} : { faces: found.faces }),
  }
  const range = checkDiceSpec(spec) === undefined ? faceRange(spec) : undefined
  return { id, spec, notation: formatDiceNotation(spec), range }
}

/** One result code of a result set, read in one context. */
interface PreparedCode {
  /** The record when no case applies (frozen, shared by every record that reads the code). */
  readonly plain: CodeRecord
  readonly cases: readonly { readonly when: Site; readonly record: CodeRecord }[]
}

/**
 * The codes of a cell or an automatic result, ready to be read: either fixed (no code has cases,
 * so the records and their effects are the same every time) or evaluated case by case.
 */
export type PreparedCodes =
  | { readonly kind: 'fixed'; readonly codes: readonly CodeRecord[]; readonly effects: Effect[] }
  | { readonly kind: 'cases'; readonly codes: readonly (PreparedCode | Failing)[] }
  | ({ readonly kind: 'failing' } & Failing)

const EMPTY: PreparedCodes = Object.freeze({ kind: 'fixed', codes: NO_CODES, effects: NO_EFFECTS })

function prepareCode(
  rules: LoadedRuleset,
  set: ResultSet,
  code: string,
  context: ContextKind,
): PreparedCode | Failing {
  const entry = set.codes.find((c) => c.code === code)
  if (entry === undefined) {
    const codes = set.codes.map((c) => c.code)
    return {
      where: `result set "${set.id}"`,
      problem: `there is no code "${code}"${didYouMean(code, codes)}`,
    }
  }
  const base = {
    code,
    label: entry.label,
    ...(entry.rule === undefined ? {} : { rule: entry.rule }),
  }
  const cases = (entry.cases ?? []).map((option, index) => ({
    when: siteOf(
      rules,
      context,
      option.when,
      `result set "${set.id}", code "${code}", case ${index + 1}`,
    ),
    record: Object.freeze({
      ...base,
      case: Object.freeze({
        index,
        ...(option.label === undefined ? {} : { label: option.label }),
      }),
      effects: option.effects,
    }),
  }))
  return { plain: Object.freeze({ ...base, effects: entry.effects }), cases }
}

/** Result codes read from `table`, prepared in `context`. */
export function prepareCodes(
  rules: LoadedRuleset,
  table: Table,
  codes: readonly string[],
  context: ContextKind,
): PreparedCodes {
  if (codes.length === 0) return EMPTY
  const setId = 'results' in table ? table.results : undefined
  const set = setId === undefined ? undefined : rules.resultSets.get(setId)
  if (set === undefined) {
    const why =
      setId === undefined
        ? 'names no result set'
        : `names the result set "${setId}", which does not exist`
    const problem = `it ${why}, so the code "${codes[0]}" has no meaning`
    return { kind: 'failing', where: `table "${table.id}"`, problem }
  }
  const prepared = codes.map((code) => prepareCode(rules, set, code, context))
  if (prepared.some((p) => isFailing(p) || p.cases.length > 0))
    return { kind: 'cases', codes: prepared }
  const records = prepared.map((p) => (p as PreparedCode).plain)
  return {
    kind: 'fixed',
    codes: Object.freeze(records),
    effects: Object.freeze(records.flatMap((r) => r.effects)) as Effect[],
  }
}

/** Sets the codes read and their effects on `record`, evaluating the codes' cases if any. */
export function readCodes(scope: Scope, prepared: PreparedCodes, record: ResolutionRecord): void {
  if (prepared.kind === 'fixed') {
    // Frozen and shared: nothing writes to a record's codes or effects once it is made.
    record.codes = prepared.codes as CodeRecord[]
    record.effects = prepared.effects
    return
  }
  if (prepared.kind === 'failing') return failWith(prepared)
  const codes: CodeRecord[] = []
  for (const code of prepared.codes) {
    if (isFailing(code)) return failWith(code)
    let chosen = code.plain
    for (const option of code.cases) {
      if (scope.boolean(option.when)) {
        chosen = option.record
        break
      }
    }
    codes.push(chosen)
  }
  const effects: Effect[] = []
  for (const code of codes) for (const effect of code.effects) effects.push(effect)
  record.codes = codes
  record.effects = effects
}

export function errorRecord(
  record: ResolutionRecord,
  error: NonNullable<ResolutionRecord['error']>,
): ResolutionRecord {
  return { ...record, status: 'error', codes: [], effects: [], message: error.message, error }
}

/**
 * A resolution waiting for its roll (the `roll` kind of Begun). A class rather than closures
 * made per resolution: `finish` is one function for every resolution of a kind. Subclasses read
 * the roll onto the record; a failure there becomes the record's error.
 */
export abstract class WaitingRoll {
  readonly kind = 'roll'
  readonly record: ResolutionRecord
  readonly dice: RulesDice
  readonly diceId: string
  readonly spec: DiceSpec
  protected readonly scope: Scope

  constructor(record: ResolutionRecord, dice: RulesDice, scope: Scope) {
    this.record = record
    this.dice = dice
    this.diceId = dice.id
    this.spec = dice.spec
    this.scope = scope
  }

  finish(natural: number, faces: readonly number[]): ResolutionRecord {
    return this.readSafely(rolledRecord(this.record, this.dice, natural, faces), natural)
  }

  finishOnce(natural: number, faces: readonly number[]): ResolutionRecord {
    const { id, notation } = this.dice
    this.record.dice = { id, notation, faces: faces.slice(), natural }
    return this.readSafely(this.record, natural)
  }

  private readSafely(result: ResolutionRecord, natural: number): ResolutionRecord {
    const modifiers = (this.record.rollModifiers as ModifierTotals).total
    try {
      this.read(result, natural, modifiers)
      return result
    } catch (error) {
      return errorRecord(result, failureIn(this.scope, error))
    }
  }

  /** Reads the natural roll and the modifiers' total onto `result`. */
  protected abstract read(result: ResolutionRecord, natural: number, modifiers: number): void
}
