/**
 * The exact odds of every outcome of a resolution in a situation, for the odds preview: the
 * resolution is run up to the roll once, then finished for every possible total of the dice,
 * weighted by the number of face combinations giving it. Fractions stay exact.
 */
import type { LoadedRuleset } from './loaded'
import { distribution, formatDiceNotation, reduceFraction } from '../dice'
import type { Variables } from './evaluate'
import type { ResolutionRecord, ResolutionStatus } from './resolution-record'
import { beginResolution } from './resolve'
import type { ResolutionRef } from './resolve'

export interface OutcomeProbability {
  /** Identifies the outcome: the codes read ("DE + CA"), "success", "not allowed"… */
  key: string
  status: ResolutionStatus
  codes: string[]
  outcome?: 'success' | 'failure'
  /** A cell holding a number. */
  value?: number
  /** For not-allowed and error outcomes. */
  message?: string
  /** Natural totals of the dice that give this outcome. */
  naturals: number[]
  /** Face combinations giving it, out of the dice's equally likely combinations. */
  ways: number
  numerator: number
  denominator: number
  probability: number
}

export interface ResolutionDistribution {
  /** The record as far as it goes before the roll: table, column, odds, every modifier. */
  record: ResolutionRecord
  dice?: { id: string; notation: string; outcomes: number }
  /** Distinct outcomes, in the order of the lowest total giving each. */
  outcomes: OutcomeProbability[]
}

export function outcomeKey(record: ResolutionRecord): string {
  switch (record.status) {
    case 'not-allowed':
      return 'not allowed'
    case 'error':
      return `error: ${record.message ?? ''}`
    default:
      if (record.outcome !== undefined) return record.outcome
      if (record.codes.length > 0) return record.codes.map((c) => c.code).join(' + ')
      return record.value !== undefined ? `${record.value}` : 'no result'
  }
}

function describeOutcome(
  record: ResolutionRecord,
): Omit<OutcomeProbability, 'naturals' | 'ways' | 'numerator' | 'denominator' | 'probability'> {
  return {
    key: outcomeKey(record),
    status: record.status,
    codes: record.codes.map((c) => c.code),
    ...(record.outcome === undefined ? {} : { outcome: record.outcome }),
    ...(record.value === undefined ? {} : { value: record.value }),
    ...(record.message === undefined ? {} : { message: record.message }),
  }
}

function certain(record: ResolutionRecord): ResolutionDistribution {
  return {
    record,
    outcomes: [
      {
        ...describeOutcome(record),
        naturals: [],
        ways: 1,
        numerator: 1,
        denominator: 1,
        probability: 1,
      },
    ],
  }
}

/** The exact probability of each distinct outcome of `resolution` in this situation. */
export function resolutionDistribution(
  rules: LoadedRuleset,
  resolution: ResolutionRef,
  variables: Variables,
): ResolutionDistribution {
  const begun = beginResolution(rules, resolution, variables)
  if (begun.kind === 'done') return certain(begun.record)
  let dist: ReturnType<typeof distribution>
  try {
    dist = distribution(begun.spec)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return certain({ ...begun.record, status: 'error', message, error: { message, where: 'dice' } })
  }
  const byKey = new Map<string, OutcomeProbability>()
  for (const entry of dist.entries) {
    // The faces are not known from a total; the record only needs the total.
    const record = begun.finish(entry.total, [])
    const key = outcomeKey(record)
    const known = byKey.get(key)
    if (known === undefined) {
      byKey.set(key, {
        ...describeOutcome(record),
        naturals: [entry.total],
        ways: entry.ways,
        numerator: 0,
        denominator: 1,
        probability: 0,
      })
    } else {
      known.naturals.push(entry.total)
      known.ways += entry.ways
    }
  }
  const outcomes = [...byKey.values()].map((o) => {
    const fraction = reduceFraction(o.ways, dist.outcomes)
    return { ...o, ...fraction, probability: o.ways / dist.outcomes }
  })
  return {
    record: begun.record,
    dice: { id: begun.diceId, notation: formatDiceNotation(begun.spec), outcomes: dist.outcomes },
    outcomes,
  }
}
