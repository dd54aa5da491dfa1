/**
 * Resolving one die-roll procedure of the rules. Pure: the dice source goes in and the advanced
 * source comes out, so the same state and dice always give the same record. Content that cannot
 * be evaluated in the situation gives a record with status 'error' and a readable message,
 * never an exception.
 */
import type { LoadedRuleset } from '../content/loaded'
import type { Resolution } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { describeDice, forcedSource, rollDice } from '../dice'
import type { DiceSource } from '../dice'
import { captureFailure, withRulesetDefaults } from './evaluate'
import type { Variables } from './evaluate'
import type { ResolutionRecord } from './resolution-record'
import { beginCheck } from './resolve-check'
import { errorRecord } from './resolve-shared'
import type { Begun } from './resolve-shared'
import { beginTable } from './resolve-table'

export type ResolutionRef = Resolution | string

/** The resolution named by an id, or the object itself. An unknown id is a caller bug: it throws. */
export function resolutionOf(rules: LoadedRuleset, ref: ResolutionRef): Resolution {
  if (typeof ref !== 'string') return ref
  const found = rules.resolutions.get(ref)
  if (found === undefined)
    throw new RangeError(
      `there is no resolution "${ref}"${didYouMean(ref, rules.resolutions.keys())}`,
    )
  return found
}

/** Everything up to the roll, shared by resolve, resolveWithRoll and resolutionDistribution. */
export function beginResolution(
  rules: LoadedRuleset,
  ref: ResolutionRef,
  variables: Variables,
): Begun {
  const resolution = resolutionOf(rules, ref)
  const record: ResolutionRecord = {
    resolution: {
      id: resolution.id,
      label: resolution.label,
      ...(resolution.rule === undefined ? {} : { rule: resolution.rule }),
      kind: resolution.kind,
      context: resolution.context,
    },
    status: 'error',
    codes: [],
    effects: [],
  }
  const scoped = withRulesetDefaults(rules, variables)
  const begun = captureFailure(() =>
    resolution.kind === 'table'
      ? beginTable(rules, resolution, scoped, record)
      : beginCheck(rules, resolution, scoped, record),
  )
  return begun.ok ? begun.value : { kind: 'done', record: errorRecord(record, begun.error) }
}

/**
 * Resolves `resolution` in the situation described by `variables` (the variables of its
 * context: attackers and defenders, firer and target, unit…), rolling from `dice`. Returns the
 * record and the dice source to use next (unchanged when nothing was rolled).
 */
export function resolve(
  rules: LoadedRuleset,
  resolution: ResolutionRef,
  variables: Variables,
  dice: DiceSource,
): { record: ResolutionRecord; dice: DiceSource } {
  const begun = beginResolution(rules, resolution, variables)
  if (begun.kind === 'done') return { record: begun.record, dice }
  const rolled = rollDice(dice, begun.spec)
  if (!rolled.ok) {
    const where = `resolution "${begun.record.resolution.id}", dice`
    return {
      record: errorRecord(begun.record, { message: `${where}: ${rolled.error}`, where }),
      dice,
    }
  }
  return { record: begun.finish(rolled.roll.natural, rolled.roll.faces), dice: rolled.source }
}

/**
 * Resolves with the dice showing `faces` (one value per die, e.g. [3] for a d10, [2, 5] for
 * 2d6): tests, forced results, a physical roll typed in. The number of faces must match the dice.
 */
export function resolveWithRoll(
  rules: LoadedRuleset,
  resolution: ResolutionRef,
  variables: Variables,
  faces: readonly number[],
): ResolutionRecord {
  const begun = beginResolution(rules, resolution, variables)
  if (begun.kind === 'done') return begun.record
  if (faces.length !== begun.spec.count) {
    const where = `resolution "${begun.record.resolution.id}", dice`
    const message = `${where}: ${describeDice(begun.spec)} needs ${begun.spec.count} face${begun.spec.count === 1 ? '' : 's'}, got ${faces.length}`
    return errorRecord(begun.record, { message, where })
  }
  const rolled = rollDice(forcedSource(faces), begun.spec)
  if (!rolled.ok) {
    const where = `resolution "${begun.record.resolution.id}", dice`
    return errorRecord(begun.record, { message: `${where}: ${rolled.error}`, where })
  }
  return begun.finish(rolled.roll.natural, rolled.roll.faces)
}
