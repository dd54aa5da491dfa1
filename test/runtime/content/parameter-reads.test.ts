/**
 * "Valid means playable": a ruleset parameter that no expression reads and no setting names
 * changes nothing in play. Validation warns about it where it is written, so a designer who
 * edits such a value is not left wondering; values kept for reference live under `reference`.
 */
import { describe, expect, it } from 'vitest'
import { formatProblem, validateContent } from '../../../src/runtime'
import { bundledLibrary } from '../../content/bundled'
import { readContentFolder, withEdit } from '../../helpers/fixtures'

const bundled = readContentFolder('content')
const SYSTEM = 'content/rulesets/men-of-iron-system.json'
const CROISADES = 'content/rulesets/croisades-tactical.json'

/** The warnings about unread parameters (about `key` only, when given). */
const unread = (sources: typeof bundled, key?: string) =>
  validateContent(sources, { testGames: false }).problems.filter((p) =>
    p.message.startsWith(`no rule reads the parameter ${key === undefined ? '' : `"${key}"`}`),
  )

type Ruleset = { parameters: Record<string, unknown>; reference?: Record<string, unknown> }
const editRuleset = (file: string, change: (r: Ruleset) => void) =>
  withEdit(bundled, file, (text) => {
    const ruleset = JSON.parse(text) as Ruleset
    change(ruleset)
    return JSON.stringify(ruleset, null, 2)
  })

describe('ruleset parameters nothing reads', () => {
  it('the bundled rulesets read every parameter they set', () => {
    const problems = bundledLibrary().report.problems
    expect(
      problems.filter((p) => p.message.startsWith('no rule reads')).map(formatProblem),
    ).toEqual([])
  })

  it('a parameter no expression reads is a warning at its key, in the file that sets it; under reference it is not', () => {
    const edited = editRuleset(SYSTEM, (r) => {
      r.parameters.chargeBonus = 2
      r.reference = { ...r.reference, chargeBonusNote: 2 }
    })
    const all = unread(edited)
    expect(all.filter((p) => p.message.includes('chargeBonusNote'))).toEqual([])
    // Every ruleset built on the system inherits it; it is reported once, in the system's file.
    const found = all.filter((p) => p.message.includes('"chargeBonus"'))
    expect(found).toHaveLength(1)
    for (const p of found) {
      expect(p.severity).toBe('warning')
      expect(p.file).toBe(SYSTEM)
      expect(formatProblem(p)).toMatch(
        /^content\/rulesets\/men-of-iron-system\.json:\d+:\d+: warning: no rule reads the parameter "chargeBonus", so its value changes nothing in play: read it in an expression as params\.chargeBonus, or remove it \(at \/parameters\/chargeBonus\)$/,
      )
    }
  })

  it('a parameter a setting names (limited arrows, B.1.35) counts as read, and a missing one is an error', () => {
    const edited = editRuleset(CROISADES, (r) => {
      r.parameters.arrowLimit = r.parameters.optionalArrowLimit
      delete r.parameters.optionalArrowLimit
    })
    const problems = validateContent(edited, { testGames: false }).problems.filter(
      (p) => p.file === CROISADES && p.message.includes('optionalArrowLimit'),
    )
    expect(problems.map((p) => p.severity)).toContain('error')
    expect(problems.find((p) => p.severity === 'error')?.message).toMatch(/ruleset parameter/)
    // arrowLimit is named by no setting now: the renamed value is reported as unread.
    // Reported once, where it is written, for both Croisades rulesets.
    expect(unread(edited, 'arrowLimit').map((p) => p.file)).toEqual([CROISADES])
  })
})
