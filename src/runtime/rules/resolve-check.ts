/**
 * Check resolutions: roll plus modifiers against a target (an activation rating, a morale
 * threshold). Natural rolls listed as automatic successes or failures win over the comparison.
 */
import type { LoadedRuleset } from './loaded'
import type { CheckResolution } from '../generated/content-types'
import { siteOf } from './evaluation'
import type { Scope, Site } from './evaluation'
import { prepareModifiers } from './modifier-plan'
import type { PreparedModifiers } from './modifier-plan'
import { computePrepared } from './modifiers'
import type { ResolutionRecord } from './resolution-record'
import { diceFor, failWith, WaitingRoll } from './resolve-shared'
import type { Begun, Failing, RulesDice } from './resolve-shared'
import { resolutionHeader } from './table-plan'

export function passes(
  modified: number,
  compare: CheckResolution['compare'],
  target: number,
): boolean {
  switch (compare) {
    case '<=':
      return modified <= target
    case '<':
      return modified < target
    case '>=':
      return modified >= target
    case '>':
      return modified > target
  }
}

/** A check resolution prepared once: its modifiers, target and dice. */
export interface CheckPlan {
  readonly kind: 'check'
  readonly resolution: CheckResolution
  readonly header: ResolutionRecord['resolution']
  readonly rollModifiers: PreparedModifiers
  readonly target: number | Site
  readonly dice: RulesDice | Failing
}

export function prepareCheckPlan(rules: LoadedRuleset, resolution: CheckResolution): CheckPlan {
  const where = `resolution "${resolution.id}"`
  const context = resolution.context
  const rollModifiers = prepareModifiers(rules, resolution.rollModifiers ?? [], context)
  const target =
    typeof resolution.target === 'number'
      ? resolution.target
      : siteOf(rules, context, resolution.target, `${where}, target`)
  return {
    kind: 'check',
    resolution,
    header: resolutionHeader(resolution),
    rollModifiers,
    target,
    dice: diceFor(rules, resolution.dice, where),
  }
}

export function beginCheck(scope: Scope, plan: CheckPlan, record: ResolutionRecord): Begun {
  const resolution = plan.resolution
  record.rollModifiers = computePrepared(scope, plan.rollModifiers)
  const target = scope.numberOr(plan.target)
  record.check = { target, compare: resolution.compare }
  if ('problem' in plan.dice) failWith(plan.dice)
  const dice = plan.dice as RulesDice
  return new CheckRoll(record, dice, scope, plan, target)
}

/** A check waiting for its roll. */
class CheckRoll extends WaitingRoll {
  private readonly plan: CheckPlan
  private readonly target: number

  constructor(
    record: ResolutionRecord,
    dice: RulesDice,
    scope: Scope,
    plan: CheckPlan,
    target: number,
  ) {
    super(record, dice, scope)
    this.plan = plan
    this.target = target
  }

  protected read(result: ResolutionRecord, natural: number, modifiers: number): void {
    const { resolution } = this.plan
    const target = this.target
    const modified = natural + modifiers
    const naturalOutcome = resolution.natural?.success?.includes(natural)
      ? 'success'
      : resolution.natural?.failure?.includes(natural)
        ? 'failure'
        : undefined
    const outcome =
      naturalOutcome ?? (passes(modified, resolution.compare, target) ? 'success' : 'failure')
    result.roll = { natural, modifiers, modified, final: modified }
    const compare = resolution.compare
    result.check =
      naturalOutcome === undefined
        ? { target, compare }
        : { target, compare, natural: naturalOutcome }
    result.outcome = outcome
    const effects = outcome === 'success' ? resolution.success : resolution.failure
    result.effects = (effects ?? []).slice()
    result.status = 'resolved'
  }
}
