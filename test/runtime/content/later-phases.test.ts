/**
 * "Valid means playable": a phase setting whose effect comes in a phase of another mechanic is
 * refused, in the file and at the setting, when the sequence has no such phase. Croisades'
 * full-turn mounting (B.1.57) completes in phase 5, a phase of mechanic "mounting".
 */
import { describe, expect, it } from 'vitest'
import { formatProblem, validateContent } from '../../../src/runtime'
import { readContentFolder, withEdit } from '../../helpers/fixtures'

const bundled = readContentFolder('content')
const RULESET = 'content/rulesets/croisades-tactical.json'

describe('a setting that needs a later phase of another mechanic', () => {
  it('B.1.57: full-turn mounting with no mounting phase is located at the setting', () => {
    const edited = withEdit(bundled, RULESET, (text) => {
      const ruleset = JSON.parse(text) as { sequence: { phases: { mechanic: string }[] } }
      ruleset.sequence.phases = ruleset.sequence.phases.filter((p) => p.mechanic !== 'mounting')
      return JSON.stringify(ruleset, null, 2)
    })
    // (The revised variant, which deletes that phase, is refused too: it has nothing to delete.)
    const lines = validateContent(edited)
      .problems.filter((p) => p.severity === 'error' && p.file === RULESET)
      .map(formatProblem)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^content\/rulesets\/croisades-tactical\.json:\d+:\d+: in phase "3\. Movement and defensive fire", mounting and dismounting that take full turns complete in a phase of mechanic "mounting", and the sequence has none: add one, or give this setting up \(at \/sequence\/phases\/2\/params\/mounting\/turns\)$/,
    )
  })

  it('the bundled rulesets, which have the phase, are clean', () => {
    const messages = validateContent(bundled).problems.map((p) => p.message)
    expect(messages.filter((m) => m.includes('mechanic "mounting"'))).toEqual([])
  })
})
