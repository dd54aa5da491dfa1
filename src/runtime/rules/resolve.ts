/**
 * Resolving one die-roll procedure of the rules. Pure: the dice source goes in and the advanced
 * source comes out, so the same state and dice always give the same record. Content that cannot
 * be evaluated in the situation gives a record with status 'error' and a readable message,
 * never an exception.
 */
import type { LoadedRuleset } from './loaded'
import type { Resolution } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { describeDice, forcedSource, rollDice } from '../dice'
import type { DiceSource } from '../dice'
import type { HostFunction } from '../expr'
import type { Variables } from './evaluate'
import { failureIn, Scope } from './evaluation'
import { hostFunctions } from './host-functions'
import { draftRecord } from './resolution-record'
import type { ResolutionRecord } from './resolution-record'
import { beginCheck, prepareCheckPlan } from './resolve-check'
import type { CheckPlan } from './resolve-check'
import { errorRecord } from './resolve-shared'
import type { Begun, RulesDice } from './resolve-shared'
import { beginTable } from './resolve-table'
import { prepareTablePlan, resolutionHeader } from './table-plan'
import type { TablePlan } from './table-plan'

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

type ResolutionPlan = TablePlan | CheckPlan

interface RulesPlans {
  /** By the resolution object: the ruleset's own, or one made by a caller. */
  readonly byResolution: WeakMap<Resolution, ResolutionPlan>
  /** By id, for the ruleset's resolutions named by id. */
  readonly byId: Map<string, ResolutionPlan>
  readonly functions: Readonly<Record<string, HostFunction>>
}

const plans = new WeakMap<LoadedRuleset, RulesPlans>()

function plansOf(rules: LoadedRuleset): RulesPlans {
  let found = plans.get(rules)
  if (found === undefined) {
    found = { byResolution: new WeakMap(), byId: new Map(), functions: hostFunctions(rules) }
    plans.set(rules, found)
  }
  return found
}

/**
 * The plan of a resolution in these rules, made the first time it is asked for (prepareRuleset
 * asks for every resolution of the ruleset, so play finds them made).
 */
export function planOf(rules: LoadedRuleset, resolution: Resolution): ResolutionPlan {
  const { byResolution } = plansOf(rules)
  let plan = byResolution.get(resolution)
  if (plan === undefined) {
    plan =
      resolution.kind === 'table'
        ? prepareTablePlan(rules, resolution)
        : prepareCheckPlan(rules, resolution)
    byResolution.set(resolution, plan)
  }
  return plan
}

/** Everything up to the roll, shared by resolve, resolveWithRoll and resolutionDistribution. */
export function beginResolution(
  rules: LoadedRuleset,
  ref: ResolutionRef,
  variables: Variables,
): Begun {
  const prepared = plansOf(rules)
  let plan = typeof ref === 'string' ? prepared.byId.get(ref) : undefined
  if (plan === undefined) {
    // An unknown id throws here, as it always has: it is the caller's mistake.
    const resolution = resolutionOf(rules, ref)
    try {
      plan = planOf(rules, resolution)
    } catch (error) {
      // Preparing never fails on content that loaded; this keeps a kernel bug to one record.
      const scope = new Scope(prepared.functions, rules, variables)
      const record = draftRecord(resolutionHeader(resolution))
      return { kind: 'done', record: errorRecord(record, failureIn(scope, error)) }
    }
    if (typeof ref === 'string') prepared.byId.set(ref, plan)
  }
  const scope = new Scope(prepared.functions, rules, variables)
  const record = draftRecord(plan.header)
  try {
    return plan.kind === 'table' ? beginTable(scope, plan, record) : beginCheck(scope, plan, record)
  } catch (error) {
    return { kind: 'done', record: errorRecord(record, failureIn(scope, error)) }
  }
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
      record: errorRecord(begun.record, {
        message: `${where}: ${rolled.error}`,
        where,
        ...(rolled.failure === undefined ? {} : { dice: rolled.failure }),
      }),
      dice,
    }
  }
  return { record: begun.finishOnce(rolled.roll.natural, rolled.roll.faces), dice: rolled.source }
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
  const natural = forcedTotal(begun.dice, faces)
  if (natural !== undefined) return begun.finishOnce(natural, faces)
  const rolled = rollDice(forcedSource(faces), begun.spec)
  if (!rolled.ok) {
    const where = `resolution "${begun.record.resolution.id}", dice`
    return errorRecord(begun.record, {
      message: `${where}: ${rolled.error}`,
      where,
      ...(rolled.failure === undefined ? {} : { dice: rolled.failure }),
    })
  }
  return begun.finishOnce(rolled.roll.natural, rolled.roll.faces)
}

/**
 * The total of forced faces that are all faces of the dice, as rollDice would find it without
 * making a dice source and a roll record; undefined when rollDice has something to say.
 */
function forcedTotal(dice: RulesDice, faces: readonly number[]): number | undefined {
  if (dice.range === undefined) return undefined
  const { min, max } = dice.range
  let total = 0
  for (const face of faces) {
    if (!Number.isInteger(face) || face < min || face > max) return undefined
    total += face
  }
  return total
}
