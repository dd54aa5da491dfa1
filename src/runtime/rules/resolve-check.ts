/**
 * Check resolutions: roll plus modifiers against a target (an activation rating, a morale
 * threshold). Natural rolls listed as automatic successes or failures win over the comparison.
 */
import type { LoadedRuleset } from '../content/loaded'
import type { CheckResolution } from '../generated/content-types'
import { numberOrExpression } from './evaluate'
import type { Variables } from './evaluate'
import { computeModifiers } from './modifiers'
import type { ResolutionRecord } from './resolution-record'
import { diceFor, finishSafely } from './resolve-shared'
import type { Begun } from './resolve-shared'

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

export function beginCheck(
  rules: LoadedRuleset,
  resolution: CheckResolution,
  variables: Variables,
  record: ResolutionRecord,
): Begun {
  const where = `resolution "${resolution.id}"`
  const context = resolution.context
  record.rollModifiers = computeModifiers(rules, resolution.rollModifiers ?? [], context, variables)
  const target = numberOrExpression(
    rules,
    context,
    resolution.target,
    variables,
    `${where}, target`,
  )
  record.check = { target, compare: resolution.compare }
  const dice = diceFor(rules, resolution.dice, where)
  const modifiers = record.rollModifiers.total

  const finish = (natural: number, faces: readonly number[]): ResolutionRecord =>
    finishSafely(record, dice, natural, faces, (result) => {
      const modified = natural + modifiers
      const naturalOutcome = resolution.natural?.success?.includes(natural)
        ? 'success'
        : resolution.natural?.failure?.includes(natural)
          ? 'failure'
          : undefined
      const outcome =
        naturalOutcome ?? (passes(modified, resolution.compare, target) ? 'success' : 'failure')
      result.roll = { natural, modifiers, modified, final: modified }
      result.check = {
        target,
        compare: resolution.compare,
        ...(naturalOutcome === undefined ? {} : { natural: naturalOutcome }),
      }
      result.outcome = outcome
      result.effects = [
        ...((outcome === 'success' ? resolution.success : resolution.failure) ?? []),
      ]
      result.status = 'resolved'
    })
  return { kind: 'roll', record, diceId: dice.id, spec: dice.spec, finish }
}
