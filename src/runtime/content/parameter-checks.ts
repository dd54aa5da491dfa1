/**
 * The parameters a scenario must give: each parameter its ruleset declares for sides, commands
 * or the scenario, without a default, is set on every side (command, the scenario), and every
 * value given has the declared type and range. A parameter read by an expression but never set
 * would stop the game at the first resolution that reads it; this finds it where it is missing.
 * (A key the ruleset does not declare is refused by the reference checks: x-ref-keys.)
 */
import type { ResolvedRuleset, Scenario } from '../generated/content-types'
import type { ContentFile } from './content-store'
import { errorAt, escapePointerSegment } from './json-document'
import type { Problem } from './problems'
import { describeValue } from './schema-messages'

type Declaration = NonNullable<ResolvedRuleset['sideParameters']>[number]

const TYPE_NAMES: Record<Declaration['type'], string> = {
  number: 'a number',
  boolean: 'true or false',
  string: 'a text',
}

/** Why a value does not fit its declaration, or null. */
function valueProblem(p: Declaration, value: unknown): string | null {
  if (value === null) return p.default === null ? null : `must be set, as ${TYPE_NAMES[p.type]}`
  const type = typeof value === 'number' && !Number.isFinite(value) ? 'none' : typeof value
  if (type !== p.type) return `must be ${TYPE_NAMES[p.type]}, found ${describeValue(value)}`
  if (typeof value !== 'number') return null
  if (p.integer === true && !Number.isInteger(value))
    return `must be a whole number, found ${value}`
  if (p.min !== undefined && value < p.min) return `must be at least ${p.min}, found ${value}`
  if (p.max !== undefined && value > p.max) return `must be at most ${p.max}, found ${value}`
  return null
}

export function parameterProblems(
  file: ContentFile,
  scenario: Scenario,
  ruleset: ResolvedRuleset,
): Problem[] {
  const problems: Problem[] = []
  const report = (pointer: string, message: string): void => {
    problems.push(errorAt(file.doc, pointer, message))
  }
  const check = (
    declared: readonly Declaration[] | undefined,
    given: object | undefined,
    at: string,
    owner: string,
  ): void => {
    const values = (given ?? {}) as Record<string, unknown>
    for (const p of declared ?? []) {
      const name = `${p.label} ("${p.key}")`
      const rule = p.rule === undefined ? '' : ` [${p.rule}]`
      if (!Object.hasOwn(values, p.key)) {
        if (p.default === undefined)
          report(
            given === undefined ? at : `${at}/parameters`,
            `${owner} does not set ${name}, and the rules give it no default${rule}: add it under "parameters"`,
          )
        continue
      }
      const problem = valueProblem(p, values[p.key])
      if (problem !== null)
        report(`${at}/parameters/${escapePointerSegment(p.key)}`, `${name} ${problem}${rule}`)
    }
  }
  check(ruleset.scenarioParameters, scenario.parameters, '', `the scenario "${scenario.name}"`)
  scenario.sides.forEach((side, s) => {
    check(ruleset.sideParameters, side.parameters, `/sides/${s}`, side.name)
    ;(side.commands ?? []).forEach((command, c) =>
      check(
        ruleset.commandParameters,
        command.parameters,
        `/sides/${s}/commands/${c}`,
        `the command ${command.name}`,
      ),
    )
  })
  return problems
}
