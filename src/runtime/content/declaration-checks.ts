/**
 * Declarations of a resolved ruleset that must agree with themselves: a rating's range the right
 * way up and its default inside it, a terrain attribute's default and each terrain's value of the
 * attribute's declared type. The schema cannot relate two fields; an expression reading such a
 * value would otherwise fail during a game.
 */
import type { ResolvedRuleset } from '../generated/content-types'
import { describeValue } from './schema-messages'
import { ratingRangeProblem } from './references'

export interface DeclarationProblem {
  pointer: string
  message: string
}

const typeNames: Record<string, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
}

export function declarationProblems(r: ResolvedRuleset): DeclarationProblem[] {
  const out: DeclarationProblem[] = []
  ;(r.ratings ?? []).forEach((rating, i) => {
    const at = `/ratings/${i}`
    const { minimum, maximum } = rating
    if (minimum !== undefined && maximum !== undefined && minimum > maximum)
      out.push({
        pointer: `${at}/minimum`,
        message: `rating "${rating.key}" has a minimum of ${minimum} above its maximum of ${maximum}: no value could be given`,
      })
    const value = rating.default
    if (value === undefined) return
    if (typeof value !== rating.type)
      out.push({
        pointer: `${at}/default`,
        message: `the default of rating "${rating.key}" must be ${typeNames[rating.type]}, as the rating is declared, found ${describeValue(value)}`,
      })
    else if (typeof value === 'number') {
      const outside = ratingRangeProblem(rating.key, value, rating)
      if (outside !== null) out.push({ pointer: `${at}/default`, message: outside })
    }
  })
  const attributes = new Map((r.terrain.attributes ?? []).map((a) => [a.key, a]))
  const checkValue = (key: string, value: unknown, pointer: string, what: string): void => {
    const declared = attributes.get(key)
    if (declared === undefined) return
    if (typeof value !== declared.type)
      out.push({
        pointer,
        message: `${what} of terrain attribute "${key}" must be ${typeNames[declared.type]}, as the attribute is declared, found ${describeValue(value)}`,
      })
    else if (typeof value === 'string' && declared.values && !declared.values.includes(value))
      out.push({
        pointer,
        message: `${what} of terrain attribute "${key}" must be one of ${declared.values.map((v) => `"${v}"`).join(', ')}, found "${value}"`,
      })
  }
  ;(r.terrain.attributes ?? []).forEach((a, i) => {
    if (a.default !== undefined)
      checkValue(a.key, a.default, `/terrain/attributes/${i}/default`, 'the default')
  })
  const terrains = [
    ['hexTypes', r.terrain.hexTypes],
    ['hexsideTypes', r.terrain.hexsideTypes ?? []],
  ] as const
  for (const [list, types] of terrains)
    types.forEach((t, i) => {
      for (const [key, value] of Object.entries(t.attributes ?? {}))
        checkValue(key, value, `/terrain/${list}/${i}/attributes/${key}`, `${t.label}'s value`)
    })
  out.push(...laterPhaseProblems(r))
  return out
}

/**
 * Phase settings whose effect only comes in a phase of another mechanic: with none in the
 * sequence the rule would validate and never take effect.
 */
const NEEDS_A_PHASE: readonly {
  mechanic: string
  setting: readonly string[]
  needs: string
  what: string
}[] = [
  {
    mechanic: 'movement',
    setting: ['mounting', 'turns'],
    needs: 'mounting',
    what: 'mounting and dismounting that take full turns complete',
  },
]

function laterPhaseProblems(r: ResolvedRuleset): DeclarationProblem[] {
  const out: DeclarationProblem[] = []
  const phases = r.sequence.phases
  for (const need of NEEDS_A_PHASE) {
    if (phases.some((p) => p.mechanic === need.needs)) continue
    phases.forEach((phase, i) => {
      if (phase.mechanic !== need.mechanic) return
      let value: unknown = phase.params
      for (const key of need.setting)
        value =
          value !== null && typeof value === 'object'
            ? (value as Record<string, unknown>)[key]
            : undefined
      if (value === undefined) return
      out.push({
        pointer: `/sequence/phases/${i}/params/${need.setting.join('/')}`,
        message: `in phase "${phase.label}", ${need.what} in a phase of mechanic "${need.needs}", and the sequence has none: add one, or give this setting up`,
      })
    })
  }
  return out
}
