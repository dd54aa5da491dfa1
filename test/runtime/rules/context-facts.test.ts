/**
 * The facts mechanics pass to resolutions (schemas/context-facts.json, rules/context-facts.ts):
 * declared once, each by the mechanic that passes it, and read from that one table by the
 * expression types, the resolve action and the what-if form.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { WHAT_IF_ARGUMENTS } from '../../../src/runtime/play/odds'
import { startGame } from '../../../src/runtime/play/game'
import { checkExpression, parseExpression } from '../../../src/runtime/expr'
import { buildEnvironment, CONTEXT_KINDS, contextFacts } from '../../../src/runtime/rules'
import { CONTEXT_ARGS, resolutionVariables } from '../../../src/runtime/state/resolve-action'
import { projectRoot } from '../../helpers/fixtures'
import { scenario } from '../play/extras/helpers'

const mechanics = (
  JSON.parse(readFileSync(join(projectRoot, 'schemas/sequence.schema.json'), 'utf8')) as {
    $defs: { mechanic: { enum: string[] } }
  }
).$defs.mechanic.enum

describe('context facts', () => {
  it('each fact is typed, described and passed by a mechanic of the sequence vocabulary', () => {
    const all = CONTEXT_KINDS.flatMap((k) => Object.entries(contextFacts(k)))
    expect(all.length).toBeGreaterThan(5)
    for (const [name, fact] of all) {
      expect(['number', 'boolean', 'text'], name).toContain(fact.type)
      expect(fact.description.length, name).toBeGreaterThan(10)
      expect(mechanics, name).toContain(fact.mechanic)
    }
  })

  it('are arguments of their context, and the what-if form describes them', () => {
    for (const k of CONTEXT_KINDS)
      for (const [name, fact] of Object.entries(contextFacts(k))) {
        expect(CONTEXT_ARGS[k], `${k}: ${name}`).toContain(name)
        expect(WHAT_IF_ARGUMENTS[name]).toEqual({ kind: fact.type, description: fact.description })
      }
  })

  const loaded = scenario('extras-v12')
  const { state } = startGame(loaded, { seed: 1 })

  it('reach the expressions with the value the mechanic passed, else their default', () => {
    const base = { type: 'resolve', resolution: 'continuation-check', side: 'west' }
    const given = resolutionVariables(loaded, state, { ...base, successes: 2, singleCommand: true })
    expect(given.variables.activation).toMatchObject({ successes: 2, singleCommand: true })
    const none = resolutionVariables(loaded, state, base)
    expect(none.variables.activation).toMatchObject({
      successes: 0,
      singleCommand: false,
      inCommanderRange: false,
      commanderEffectiveness: 0,
    })
  })

  it('are typed in expressions: a misspelt fact is caught with the right name suggested', () => {
    const env = buildEnvironment(loaded.rules.ruleset, 'activation')
    const problems = (source: string): string => {
      const parsed = parseExpression(source)
      if (!parsed.ok) return parsed.errors.map((e) => e.message).join('; ')
      return checkExpression(parsed.ast, env, source)
        .errors.map((e) => e.message)
        .join('; ')
    }
    expect(problems('activation.successes + 1 > 2')).toBe('')
    expect(problems('activation.singleCommand && activation.free')).toBe('')
    expect(problems('activation.sucesses > 0')).toContain('"successes"')
  })
})
