/**
 * Each mechanic's settings have their own schema (schemas/phase-params.schema.json): a misspelt,
 * missing or stray setting of a phase or a reaction of the sequence of play is a validation
 * error at its place, with the setting's name suggested, and the ids inside the settings are
 * checked against the rules in force. A game system's ruleset may name what its variants
 * define (the shock resolution of each Men of Iron game): it is known when every variant
 * built on it defines it.
 */
import { describe, expect, it } from 'vitest'
import { validateContent } from '../../../src/runtime'
import type { Problem } from '../../../src/runtime/content'
import { readContentFolder, withEdit } from '../../helpers/fixtures'

const bundled = readContentFolder('content')
const SYSTEM = 'content/rulesets/men-of-iron-system.json'

/** The errors of the bundled content with the system ruleset's text edited, as lines. */
function errorsWith(file: string, edit: (text: string) => string): string[] {
  const report = validateContent(withEdit(bundled, file, edit), { testGames: false })
  return report.problems
    .filter((p: Problem) => p.severity === 'error')
    .map((p) => `${p.file}:${p.line}:${p.column} ${p.pointer} ${p.message}`)
}

/** `line:column` of the first `text` after `from` in a bundled file, as edited. */
function placeOf(file: string, edit: (text: string) => string, text: string, from = ''): string {
  const source = bundled.find((s) => s.path === file)
  if (source === undefined) throw new Error(`no ${file}`)
  const all = edit(source.text)
  const offset = all.indexOf(text, all.indexOf(from))
  const lines = all.slice(0, offset).split('\n')
  return `${lines.length}:${(lines.at(-1)?.length ?? 0) + 1}`
}

const SHOCK_PARAMS = '"params": {\n          "resolution": "shock",'

describe('the settings of a phase of the sequence of play', () => {
  it('names a misspelt setting at its key, suggesting the right one, and the one it lacks', () => {
    const edit = (t: string) =>
      t.replace(SHOCK_PARAMS, '"params": {\n          "resolutoin": "shock",')
    expect(errorsWith(SYSTEM, edit)).toEqual([
      `${SYSTEM}:${placeOf(SYSTEM, edit, '{\n          "resolutoin"')} /sequence/phases/5/params missing required field "resolution"`,
      `${SYSTEM}:${placeOf(SYSTEM, edit, '"resolutoin"')} /sequence/phases/5/params/resolutoin unknown field "resolutoin" — did you mean "resolution"?`,
    ])
  })

  it('refuses a setting given to a mechanic that takes none', () => {
    const edit = (t: string) =>
      t.replace('"mechanic": "rally",', '"mechanic": "rally", "params": {"units": 2},')
    expect(errorsWith(SYSTEM, edit)).toEqual([
      `${SYSTEM}:${placeOf(SYSTEM, edit, '"units"', '"mechanic": "rally"')} /sequence/phases/7/params/units unknown field "units": nothing can be set here`,
    ])
  })

  it('checks the values: a step the shock mechanic does not have, a resolution nobody defines', () => {
    const step = (t: string) => t.replace('"place-chargers",', '"place-charger",')
    expect(errorsWith(SYSTEM, step)).toEqual([
      `${SYSTEM}:${placeOf(SYSTEM, step, '"place-charger"')} /sequence/phases/5/params/steps/1 the text "place-charger" is not allowed for item 2 of "steps" — did you mean "place-chargers"?`,
    ])
    const resolution = (t: string) =>
      t.replace(SHOCK_PARAMS, '"params": {\n          "resolution": "shok",')
    expect(errorsWith(SYSTEM, resolution)).toEqual([
      expect.stringMatching(
        /\/sequence\/phases\/5\/params\/resolution unknown resolution "shok": Blood & Roses, Infidel \(living rules 1\.2\), Men of Iron, which build on this ruleset, do not define it — did you mean "shock"\?/,
      ),
    ])
  })

  it('names a misspelt reaction setting', () => {
    const edit = (t: string) =>
      t.replace('"params": {"shockPhase": "shock"}', '"params": {"shockPhse": "shock"}')
    expect(errorsWith(SYSTEM, edit)).toEqual([
      `${SYSTEM}:${placeOf(SYSTEM, edit, '"shockPhse"')} /sequence/phases/4/reactions/2/params/shockPhse unknown field "shockPhse" — did you mean "shockPhase"?`,
    ])
  })

  it('reports a name the system leaves to its games at the system, naming the game without it', () => {
    // Infidel v1.2 builds on Infidel, which no longer defines the shock resolution.
    const infidel = 'content/rulesets/infidel.json'
    const report = validateContent(
      withEdit(bundled, infidel, (t) =>
        t.replace(
          '"id": "shock",\n        "label": "Shock or charge"',
          '"id": "infidel-shock",\n        "label": "Shock or charge"',
        ),
      ),
      { testGames: false },
    )
    const atSystem = report.problems.filter((p) => p.file === SYSTEM && p.severity === 'error')
    expect(atSystem.map((p) => [p.pointer, p.message])).toEqual([
      [
        '/sequence/phases/5/params/resolution',
        'unknown resolution "shock": Infidel (living rules 1.2), which builds on this ruleset, does not define it',
      ],
      [
        '/sequence/phases/6/params/resolution',
        'unknown resolution "shock": Infidel (living rules 1.2), which builds on this ruleset, does not define it',
      ],
    ])
  })
})
