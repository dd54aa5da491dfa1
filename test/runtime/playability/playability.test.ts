/**
 * Valid means playable (DESIGN.md): what the engine cannot play is a located problem before
 * play. A ruleset whose sequence the engine has no procedure for gets a warning naming what is
 * missing, a scenario on it an error; under activations, a unit outside every command of its
 * side (activation, Men of Iron 6.1: a command is what is activated) gets a warning, and a
 * scenario where no unit can act is an error.
 */
import { describe, expect, it } from 'vitest'
import { content, loadLibrary, validateContent } from '../../../src/runtime'
import type { Problem, Scenario, Side, SourceText, UnitPlacement } from '../../../src/runtime'
import { bundledRuleset } from '../../content/bundled'
import { describeGaps, sequenceGaps } from '../../../src/runtime/play/capabilities'
import { readContentFolder, withEdit } from '../../helpers/fixtures'
import { replayCommand, testGameOf } from '../../../src/runtime/playability/test-game'

const bundled = readContentFolder('content')
const SAMPLE = 'scenarios/sample-skirmish.json'

const lines = (problems: readonly Problem[]): string[] =>
  problems.map((p) => `${p.file} ${p.pointer} ${p.severity}: ${p.message}`)

/** The sample scenario with its JSON changed by `edit`. */
function sampleWith(edit: (sides: [Side, Side]) => void, sources = bundled): SourceText[] {
  return withEdit(sources, SAMPLE, (text) => {
    const scenario = JSON.parse(text) as Scenario
    edit(scenario.sides as [Side, Side])
    return JSON.stringify(scenario, null, 2)
  })
}

describe('the sequence of play the engine cannot play yet', () => {
  it('names every phase and reaction without a procedure, and every setting unread, at its place', () => {
    const gaps = sequenceGaps(bundledRuleset('les-croisades').ruleset)
    // Turns are played, but not the operational game's phases.
    expect(gaps.structure).toBe(null)
    expect(gaps.missing.slice(0, 3).map((m) => [m.pointer, m.mechanic, m.trigger ?? null])).toEqual(
      [
        ['/sequence/phases/0/mechanic', 'random-events', null],
        ['/sequence/phases/1/mechanic', 'supply', null],
        ['/sequence/phases/2/mechanic', 'reinforcements', null],
      ],
    )
    expect(describeGaps(gaps)).toContain('"supply" (2. Supply)')
  })

  it('finds nothing missing in the rulesets played today, nor in a phase no activation runs', () => {
    for (const id of ['croisades-tactical', 'croisades-tactical-revised']) {
      // Every phase, reaction and setting of Croisades tactical is played (issue 14).
      expect(sequenceGaps(bundledRuleset(id).ruleset), id).toEqual({ structure: null, missing: [] })
    }
    for (const id of ['men-of-iron', 'infidel', 'blood-and-roses', 'infidel-v1-2']) {
      const ruleset = bundledRuleset(id).ruleset
      expect(sequenceGaps(ruleset), id).toEqual({ structure: null, missing: [] })
      // The activation choice is a phase of the sequence with no procedure of its own: the
      // engine's game procedure makes it, and no activation kind lists it.
      expect(ruleset.sequence.phases.map((p) => p.mechanic)).toContain('activation-choice')
    }
  })

  it('warns on Les Croisades at its sequence (Croisades tactical plays); the bundled content has no error', () => {
    const report = validateContent(bundled)
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([])
    const warnings = report.problems.filter((p) => p.severity === 'warning')
    expect(warnings.map((p) => [p.file, p.pointer])).toEqual([
      ['content/rulesets/les-croisades.json', '/sequence/phases/0/mechanic'],
    ])
    expect(warnings[0]?.message).toMatch(
      /^no scenario can be played on this ruleset yet: it has no procedure for "random-events" \(1\. Random events\), "supply" \(2\. Supply\)/,
    )
    // The content layer alone knows nothing of the engine: no warning there.
    expect(content.validateContent(bundled).problems).toEqual([])
  })

  it('makes a scenario on such a ruleset an error at its ruleset, and does not load it', () => {
    const mini = readContentFolder('test/fixtures/mini')
    const report = validateContent(mini)
    const errors = report.problems.filter((p) => p.severity === 'error')
    expect(lines(errors)).toEqual([
      'test/fixtures/mini/scenarios/mini-battle.json /ruleset error: this scenario cannot be played yet, because of its ruleset Mini ruleset: it has no procedure for "supply" (Fight)',
    ])
    expect(errors[0]).toMatchObject({ line: 6, column: 14 })
    const loaded = loadLibrary(mini).scenario('mini-battle')
    expect(loaded.ok).toBe(false)
    if (!loaded.ok) expect(lines(loaded.problems)).toEqual(lines(errors))
  })

  it('asks again about the rules a game adds: a variant that plays by activations loads', () => {
    const state = readContentFolder('test/fixtures/state')
    const library = loadLibrary(state)
    expect(library.scenario('kernel-skirmish').ok).toBe(false)
    const played = library.scenario('kernel-skirmish', { variants: ['kernel-activations'] })
    expect(played.ok).toBe(true)
  })
})

describe('units that can never act (6.1)', () => {
  it('warns at a unit outside every command of its side, and at a side with no command', () => {
    const sources = sampleWith(([franks, emirate]) => {
      delete (franks.units[1] as UnitPlacement).command
      ;(franks.units[2] as UnitPlacement).command = 'emir-horse'
      delete emirate.commands
      delete emirate.commander
      for (const unit of emirate.units) delete unit.command
      delete emirate.reinforcements
    })
    const found = validateContent(sources).problems.filter((p) => p.file.endsWith(SAMPLE))
    expect(lines(found.filter((p) => p.message.includes('act')))).toEqual([
      `content/${SAMPLE} /sides/0/units/1 warning: Knights 1 belongs to no command, so it can never act (units act when their command is activated): set its "command" to one of Frankish column's`,
      `content/${SAMPLE} /sides/0/units/2/command warning: Knights 2 is in a command Frankish column does not have, so it can never act: name one of Frankish column's commands`,
      `content/${SAMPLE} /sides/1 warning: The Emir's host has no command, so none of its units can ever act (units act when their command is activated): add one under "commands" and name it in each unit's "command"`,
    ])
  })

  it('makes a scenario where no unit can act an error: New → Scenario with units placed', () => {
    const sources = sampleWith((sides) => {
      for (const side of sides) {
        delete side.commands
        delete side.commander
        delete side.reinforcements
        for (const unit of side.units) delete unit.command
      }
    })
    const report = validateContent(sources)
    // Leaders outside a command count for stacking under these rules: that error is the
    // stacking rule's, not this check's.
    const errors = report.problems.filter(
      (p) => p.severity === 'error' && !p.message.includes('for stacking'),
    )
    expect(lines(errors)).toEqual([
      `content/${SAMPLE} /sides error: no unit belongs to a command of its side, so no one can ever act and the game can only be passed to its end: give each side its commands (a leader and the units he leads) and each unit its "command"`,
    ])
    const loaded = loadLibrary(sources).scenario('sample-skirmish')
    expect(loaded.ok).toBe(false)
  })
})

describe('the test game: a few hundred random legal actions on a fixed seed', () => {
  /** A mod's new unit type the weapons matrix does not cover (Infidel 12.3), fielded by the Emirate. */
  function uncovered(): SourceText[] {
    const withType = withEdit(bundled, 'units/infidel-units.json', (text) => {
      const set = JSON.parse(text) as { types: Array<Record<string, unknown>> }
      const horse = set.types.find((t) => t.id === 'hc')
      set.types.push({ ...horse, id: 'x-big', name: 'Big horse', abbreviation: 'XB' })
      return JSON.stringify(set, null, 2)
    })
    return sampleWith(([, emirate]) => {
      for (const unit of emirate.units)
        if (['hc', 'mc', 'lc-a', 'mc-a', 'pk', 'a', 'af'].includes(unit.type)) unit.type = 'x-big'
    }, withType)
  }

  it('names a unit type a table does not cover at the type, before any game is played', () => {
    const errors = validateContent(uncovered()).problems.filter((p) => p.severity === 'error')
    // x-big copies heavy cavalry, which may shock: it needs its Attacker row and Defender column.
    expect(errors.map((p) => [p.file, p.pointer])).toEqual([
      ['content/units/infidel-units.json', '/types/17'],
    ])
    expect(errors[0]?.message).toBe(
      'Infidel Weapons System Matrix has no Attacker row and no Defender column for Big horse ("x-big"), a type it must answer: a lookup for it would stop the game. Add them to the table (or aliases to other keys).',
    )
  })

  /** The weapons-matrix term of the Infidel shock DRMs (12.3) with a value that divides by 0. */
  const BROKEN_TERM = 'a.ratings.movement / (defender.ratings.movement - defender.ratings.movement)'
  function dividesByZero(): SourceText[] {
    return withEdit(bundled, 'tables/inf-shock-drm.json', (text) => {
      const list = JSON.parse(text) as { terms: Array<Record<string, unknown>> }
      const term = list.terms.find((t) => t.id === 'weapons-matrix')
      if (term === undefined) throw new Error('the shock DRMs have no weapons-matrix term')
      term.value = BROKEN_TERM
      return JSON.stringify(list, null, 2)
    })
  }

  it('makes what stops it an error on the scenario and at the expression that failed', () => {
    const sources = dividesByZero()
    const errors = validateContent(sources).problems.filter((p) => p.severity === 'error')
    const onSample = errors.filter((p) => p.file === `content/${SAMPLE}`)
    expect(onSample).toHaveLength(1)
    expect(onSample[0]).toMatchObject({ pointer: '', line: 1 })
    expect(onSample[0]?.message).toMatch(
      /^a test game \(seed 1, random legal actions\) stops after \d+ actions: .*modifier list "inf-shock-drm", term "weapons-matrix".*division by zero.*; play the same game with `npm run cli -- simulate sample-skirmish --games 1 --seed 1`$/,
    )
    // The same stop, at the term's value, from the division that failed (reported once, by the
    // first scenario it stops).
    const atCause = errors.filter((p) => p.file === 'content/tables/inf-shock-drm.json')
    expect(atCause.map((p) => p.pointer)).toEqual(['/terms/0/value'])
    const text = sources.find((s) => s.path === 'content/tables/inf-shock-drm.json')?.text ?? ''
    const line = text.split('\n')[(atCause[0]?.line ?? 0) - 1] ?? ''
    expect(line.slice((atCause[0]?.column ?? 0) - 1)).toMatch(/^a\.ratings\.movement \/ \(defender/)
    expect(atCause[0]?.message).toMatch(
      /^in Arsuf, 7 September 1191, a test game \(seed 1.*division by zero/,
    )
    // Loading for play makes no test game: the scenario can be opened to see the stop happen.
    expect(loadLibrary(sources).scenario('sample-skirmish').ok).toBe(true)
  })

  it('plays again only when the scenario, its rules or its map changed, not for other files', () => {
    const library = content.loadLibrary(bundled)
    const loaded = library.scenario('sample-skirmish')
    if (!loaded.ok) throw new Error('the sample does not load')
    const texts = { scenario: 'one text' }
    const first = testGameOf(loaded.value, texts)
    expect(first).toEqual([])
    expect(testGameOf(loaded.value, { ...texts })).toBe(first)
    expect(testGameOf(loaded.value, { scenario: 'another text' })).not.toBe(first)
    // Another file added (a new map of another game): the same rules and map, the same answer.
    const more = content.loadLibrary([
      ...bundled,
      { path: 'content/maps/another.json', text: '{"id": "another"}' },
    ])
    const again = more.scenario('sample-skirmish')
    if (!again.ok) throw new Error('the sample does not load beside another file')
    expect(again.value.rules.ruleset).not.toBe(loaded.value.rules.ruleset)
    expect(testGameOf(again.value, texts)).toBe(first)
    // One table cell changed: the rules differ, the game is played again.
    const ruleset = structuredClone(loaded.value.rules.ruleset)
    ruleset.tables[0]!.id = `${ruleset.tables[0]!.id}-changed`
    const changed = { ...loaded.value, rules: { ...loaded.value.rules, ruleset } }
    expect(testGameOf(changed, texts)).not.toBe(first)
    const moved = {
      ...loaded.value,
      map: { ...loaded.value.map, map: structuredClone(loaded.value.map.map) },
    }
    moved.map.map.name = 'Another name'
    expect(testGameOf(moved, texts)).not.toBe(first)
  })
})

describe('the command that plays a test game again', () => {
  it('names the variants and optional rules the scenario was loaded with beyond its own', () => {
    const library = loadLibrary(bundled)
    const plain = library.scenario('sample-skirmish')
    if (!plain.ok) throw new Error('the sample does not load')
    expect(replayCommand(plain.value, 1)).toBe(
      'npm run cli -- simulate sample-skirmish --games 1 --seed 1',
    )
    // The sample switches "engaged" off itself; the caller switches it on, and adds the 1.2 rules.
    const changed = library.scenario('sample-skirmish', {
      variants: ['infidel-v1-2'],
      options: { engaged: true, 'timed-engagement': false },
    })
    if (!changed.ok) throw new Error('the sample does not load with the 1.2 rules')
    expect(replayCommand(changed.value, 7)).toBe(
      'npm run cli -- simulate sample-skirmish --variant infidel-v1-2 --option engaged=on --games 1 --seed 7',
    )
  })
})
