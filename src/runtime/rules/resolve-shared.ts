/** Pieces shared by table and check resolutions: dice, result codes, and the roll/finish split. */
import type { LoadedRuleset } from '../content/loaded'
import type { Table } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { formatDiceNotation } from '../dice'
import type { DiceSpec } from '../dice'
import { captureFailure, evaluateBoolean, fail } from './evaluate'
import type { Variables } from './evaluate'
import type { ContextKind } from './expression-context'
import type { CodeRecord, ResolutionRecord } from './resolution-record'

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
      finish: (natural: number, faces: readonly number[]) => ResolutionRecord
    }

export interface RulesDice {
  id: string
  spec: DiceSpec
}

export function diceFor(rules: LoadedRuleset, id: string, where: string): RulesDice {
  const found = rules.ruleset.dice.find((d) => d.id === id)
  if (found === undefined) {
    return fail(
      where,
      `there are no dice "${id}"${didYouMean(
        id,
        rules.ruleset.dice.map((d) => d.id),
      )}`,
    )
  }
  const spec: DiceSpec = {
    count: found.count,
    sides: found.sides,
    ...(found.faces === undefined ? {} : { faces: found.faces }),
  }
  return { id, spec }
}

/** Result codes read from a table, with the effects each has in this situation. */
export function codeRecords(
  rules: LoadedRuleset,
  table: Table,
  codes: readonly string[],
  context: ContextKind,
  variables: Variables,
): CodeRecord[] {
  if (codes.length === 0) return []
  const setId = 'results' in table ? table.results : undefined
  const set = setId === undefined ? undefined : rules.resultSets.get(setId)
  if (set === undefined) {
    const why =
      setId === undefined
        ? 'names no result set'
        : `names the result set "${setId}", which does not exist`
    return fail(`table "${table.id}"`, `it ${why}, so the code "${codes[0]}" has no meaning`)
  }
  return codes.map((code) => {
    const entry = set.codes.find((c) => c.code === code)
    if (entry === undefined) {
      return fail(
        `result set "${set.id}"`,
        `there is no code "${code}"${didYouMean(
          code,
          set.codes.map((c) => c.code),
        )}`,
      )
    }
    const base = {
      code,
      label: entry.label,
      ...(entry.rule === undefined ? {} : { rule: entry.rule }),
    }
    for (const [index, option] of (entry.cases ?? []).entries()) {
      const where = `result set "${set.id}", code "${code}", case ${index + 1}`
      if (evaluateBoolean(rules, context, option.when, variables, where)) {
        return {
          ...base,
          case: { index, ...(option.label === undefined ? {} : { label: option.label }) },
          effects: option.effects,
        }
      }
    }
    return { ...base, effects: entry.effects }
  })
}

/** Runs the after-roll part on a fresh copy of the record; a failure becomes an error record. */
export function finishSafely(
  before: ResolutionRecord,
  dice: RulesDice,
  natural: number,
  faces: readonly number[],
  run: (record: ResolutionRecord) => void,
): ResolutionRecord {
  const record: ResolutionRecord = {
    ...before,
    dice: { id: dice.id, notation: formatDiceNotation(dice.spec), faces: [...faces], natural },
    codes: [],
    effects: [],
  }
  const result = captureFailure(() => run(record))
  return result.ok ? record : errorRecord(record, result.error)
}

export function errorRecord(
  record: ResolutionRecord,
  error: NonNullable<ResolutionRecord['error']>,
): ResolutionRecord {
  return { ...record, status: 'error', codes: [], effects: [], message: error.message, error }
}
