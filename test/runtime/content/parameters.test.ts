/**
 * Parameters a ruleset declares for sides, commands and the scenario (flight level 3.0, seizure
 * counters 6.3, the timed side 16.1): set where the rules give no default, of the declared type,
 * read with their defaults, and never read when undeclared.
 */
import { describe, expect, it } from 'vitest'
import { loadLibrary, validateContent } from '../../../src/runtime'
import type { Problem, Scenario, Side, SourceText } from '../../../src/runtime'
import { startGame } from '../../../src/runtime/play'
import { sideVariables } from '../../../src/runtime/state'
import { readContentFolder, withEdit } from '../../helpers/fixtures'

const bundled = readContentFolder('content')
const SAMPLE = 'scenarios/sample-skirmish.json'
const SYSTEM = 'rulesets/men-of-iron-system.json'

const errors = (sources: SourceText[]): string[] =>
  validateContent(sources)
    .problems.filter((p: Problem) => p.severity === 'error')
    .map((p) => `${p.file}:${p.line}:${p.column} ${p.pointer}: ${p.message}`)

function sampleWith(edit: (sides: [Side, Side]) => void, sources = bundled): SourceText[] {
  return withEdit(sources, SAMPLE, (text) => {
    const scenario = JSON.parse(text) as Scenario
    edit(scenario.sides as [Side, Side])
    return JSON.stringify(scenario, null, 2)
  })
}

const params = (side: Side): Record<string, unknown> =>
  (side.parameters ??= {}) as Record<string, unknown>

describe('side parameters', () => {
  it('refuses a value of the wrong type, a fraction where whole numbers are wanted, and a key the ruleset does not declare', () => {
    const sources = sampleWith(([franks, emirate]) => {
      params(franks).timed = 'no'
      params(emirate).seizureCounters = 2.5
      params(emirate).flightLevle = 3
    })
    const found = errors(sources).map((line) => line.replace(/^\S+ /, ''))
    expect(found).toEqual([
      '/sides/0/parameters/timed: Timed side ("timed") must be true or false, found the text "no" [16.1]',
      '/sides/1/parameters/seizureCounters: Seizure counters drawn ("seizureCounters") must be a whole number, found 2.5 [6.3]',
      '/sides/1/parameters/flightLevle: unknown side parameter "flightLevle" — did you mean "flightLevel"?',
    ])
  })

  it('wants each side to set a parameter the rules give no default, where the side is written', () => {
    const noDefault = withEdit(bundled, SYSTEM, (text) =>
      text.replace('      "default": 10,\n', ''),
    )
    const sources = sampleWith(([franks]) => {
      delete params(franks).flightLevel
    }, noDefault)
    expect(errors(sources)).toEqual([
      expect.stringMatching(
        /^content\/scenarios\/sample-skirmish\.json:\d+:\d+ \/sides\/0\/parameters: Frankish column does not set Flight level \("flightLevel"\), and the rules give it no default \[3\.0\]: add it under "parameters"$/,
      ),
    ])
  })

  it('reads a parameter left unset at its default, in expressions and mechanics', () => {
    const sources = sampleWith(([franks]) => {
      delete params(franks).flightLevel
      delete params(franks).timed
    })
    expect(errors(sources)).toEqual([])
    const loaded = loadLibrary(sources).scenario('sample-skirmish')
    if (!loaded.ok) throw new Error('the sample does not load')
    const state = startGame(loaded.value, { seed: 1 }).state
    expect(sideVariables(loaded.value, state, 'franks').params).toMatchObject({
      flightLevel: 10,
      timed: false,
      seizureCounters: 3,
      flightEdge: null,
    })
    expect(sideVariables(loaded.value, state, 'emirate').params).toMatchObject({
      flightLevel: 11,
    })
  })

  it('refuses an expression that reads a side parameter the ruleset does not declare, where it is written', () => {
    const sources = withEdit(bundled, SYSTEM, (text) =>
      text.replace('"target": "side.params.flightLevel"', '"target": "side.params.flightLvl"'),
    )
    const found = errors(sources)
    expect(found).toEqual([
      expect.stringMatching(
        /^content\/rulesets\/men-of-iron-system\.json:\d+:\d+ \/resolutions\/\d+\/target: .*flightLvl.*did you mean "flightLevel"/,
      ),
    ])
  })
})
