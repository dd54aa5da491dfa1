import { describe, expect, it } from 'vitest'
import { loadLibrary, validateContent as validateForPlay } from '../../../src/runtime'
import type { Scenario } from '../../../src/runtime'
import { validateContent } from '../../../src/runtime/library'
import { legalActions, startGame } from '../../../src/runtime/play'
import { pathFor } from '../../../src/editor/workspace/files'
import { addTypeEdits, newType } from '../../../src/editor/units/type-edits'
import { applyValueEdits } from '../../../src/editor/workspace/json-edit'
import {
  copyFile,
  diceRange,
  firstHexType,
  idProblem,
  includeEdits,
  newMap,
  newRuleset,
  newRulesetPart,
  newScenario,
  newVariant,
} from '../../../src/editor/workspace/templates'
import { readContentFolder } from '../../helpers/fixtures'

const bundled = readContentFolder('content')
const errorsIn = (extra: Array<{ path: string; text: string }>, path: string) =>
  validateContent([...bundled, ...extra]).problems.filter(
    (p) => p.file === path && p.severity === 'error',
  )

const part = (format: 'table' | 'unit-set', id: string, ruleset: string, facts: object) => {
  const made = newRulesetPart(format, { id, ruleset }, facts)
  if ('error' in made) throw new Error(made.error)
  return { path: pathFor(format, id), text: made.text }
}

describe('templates for new files', () => {
  it('a new ruleset, a variant of it, a map, a scenario, tables and unit sets validate with the bundled content', () => {
    const files: Array<{ path: string; text: string }> = [
      { path: pathFor('ruleset', 'my-rules'), text: newRuleset({ id: 'my-rules' }) },
      {
        path: pathFor('variant', 'my-variant'),
        text: newVariant({ id: 'my-variant', base: 'my-rules' }),
      },
      {
        path: pathFor('map', 'my-map'),
        text: newMap({
          id: 'my-map',
          ruleset: 'my-rules',
          columns: 20,
          rows: 15,
          defaultTerrain: 'clear',
        }),
      },
      {
        path: pathFor('scenario', 'my-battle'),
        text: newScenario({ id: 'my-battle', ruleset: 'my-variant', map: 'my-map' }),
      },
    ]
    // A table and a unit set for a bundled system and a bundled variant, each included by it.
    const rulesets = new Map<string, string>()
    for (const format of ['table', 'unit-set'] as const)
      for (const ruleset of ['men-of-iron-system', 'infidel']) {
        const path = pathFor('ruleset', ruleset)
        const text = rulesets.get(path) ?? bundled.find((f) => f.path === path)!.text
        const id = `my-${format}-${ruleset}`
        const facts =
          ruleset === 'infidel'
            ? JSON.parse(
                bundled.find((f) => f.path === pathFor('ruleset', 'men-of-iron-system'))!.text,
              )
            : JSON.parse(text)
        files.push(part(format, id, ruleset, facts))
        rulesets.set(path, applyValueEdits(text, includeEdits(JSON.parse(text), format, id)))
      }
    const changed = [...rulesets].map(([path, text]) => ({ path, text }))
    const sources = [...bundled.filter((f) => !rulesets.has(f.path)), ...changed, ...files]
    const report = validateContent(sources)
    const mine = report.problems.filter((p) =>
      [...files, ...changed].some((f) => f.path === p.file),
    )
    expect(mine.filter((p) => p.severity === 'error')).toEqual([])
    expect(JSON.parse(rulesets.get(pathFor('ruleset', 'infidel'))!).include).toMatchObject({
      unitSets: ['infidel-units', 'my-unit-set-infidel'],
      tables: expect.arrayContaining(['inf-weapons-matrix', 'my-table-infidel']),
    })
    const formats = new Map(report.files.map((f) => [f.doc.file, f.format]))
    expect(files.map((f) => formats.get(f.path))).toEqual([
      'ruleset',
      'variant',
      'map',
      'scenario',
      ...['table', 'table', 'unit-set', 'unit-set'],
    ])
  })

  it('a map and a scenario on a bundled ruleset and variant validate', () => {
    const ruleset = bundled.find(
      (s) => s.path.includes('/rulesets/') && s.text.includes('ruleset.schema'),
    )!
    const rulesetId = (JSON.parse(ruleset.text) as { id: string }).id
    const terrain = firstHexType(JSON.parse(ruleset.text))!
    expect(terrain).toBeTruthy()
    const variant = bundled.find((s) => s.text.includes('variant.schema'))!
    const variantId = (JSON.parse(variant.text) as { id: string }).id
    for (const o of [
      { orientation: 'flat', offset: 'odd' },
      { orientation: 'pointy', offset: 'even' },
    ] as const) {
      const map = {
        path: pathFor('map', 'blank-map'),
        text: newMap({
          id: 'blank-map',
          ruleset: rulesetId,
          columns: 120,
          rows: 9,
          defaultTerrain: terrain,
          ...o,
        }),
      }
      expect(JSON.parse(map.text).grid.numbering).toMatchObject({ columnDigits: 3, rowDigits: 2 })
      const scenario = {
        path: pathFor('scenario', 'blank-battle'),
        text: newScenario({ id: 'blank-battle', ruleset: variantId, map: 'blank-map' }),
      }
      expect(errorsIn([map, scenario], map.path)).toEqual([])
      expect(errorsIn([map, scenario], scenario.path)).toEqual([])
    }
    const lettered = {
      path: pathFor('map', 'lettered'),
      text: newMap({
        id: 'lettered',
        ruleset: rulesetId,
        columns: 30,
        rows: 20,
        defaultTerrain: terrain,
        numbering: { scheme: 'letter-row', firstRow: 1 },
      }),
    }
    expect(errorsIn([lettered], lettered.path)).toEqual([])
  })

  it('a map whose default terrain the ruleset lacks is reported (the validator really runs)', () => {
    const map = {
      path: pathFor('map', 'bad-map'),
      text: newMap({
        id: 'bad-map',
        ruleset: 'my-rules',
        columns: 5,
        rows: 5,
        defaultTerrain: 'lava',
      }),
    }
    const rules = { path: pathFor('ruleset', 'my-rules'), text: newRuleset({ id: 'my-rules' }) }
    expect(errorsIn([rules, map], map.path).length).toBeGreaterThan(0)
  })
})

describe('a new scenario plays at once', () => {
  it('New → Scenario on a bundled ruleset, units placed: no error, and the first side may activate a command', () => {
    const path = pathFor('scenario', 'my-skirmish')
    const scenario = JSON.parse(
      newScenario({ id: 'my-skirmish', ruleset: 'infidel', map: 'sample-ford' }),
    ) as Scenario
    // Units placed as the scenario editor places them: each joins its side's command.
    const [first, second] = scenario.sides
    const place = (side: typeof first, type: string, hex: string, facing: 'SE' | 'NW') =>
      side?.units.push({
        id: `${side.id}-${type}-${hex}`,
        type,
        hex,
        facing,
        command: side.commands?.[0]?.id,
      })
    place(first, 'kn', '0303', 'SE')
    place(first, 'pk', '0304', 'SE')
    place(second, 'hc', '0908', 'NW')
    place(second, 'a', '0909', 'NW')
    const sources = [...bundled, { path, text: JSON.stringify(scenario, null, 2) }]
    const problems = validateForPlay(sources).problems.filter((p) => p.file === path)
    expect(problems).toEqual([])
    const loaded = loadLibrary(sources).scenario('my-skirmish')
    if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'))
    const started = startGame(loaded.value, { seed: 1 }).state
    const types = new Set(legalActions(loaded.value, started).map((a) => a.type))
    expect(types).toContain('activate')
  })
})

describe('a new ruleset plays', () => {
  it('New → Ruleset, Unit set (a type added as the Units view adds one), Map and Scenario: no problem at all, and the first side may activate', () => {
    const rules = { path: pathFor('ruleset', 'my-rules'), text: newRuleset({ id: 'my-rules' }) }
    const unitSet = part('unit-set', 'my-units', 'my-rules', JSON.parse(rules.text))
    rules.text = applyValueEdits(
      rules.text,
      includeEdits(JSON.parse(rules.text), 'unit-set', 'my-units'),
    )
    const set = JSON.parse(unitSet.text) as Parameters<typeof newType>[0]
    expect(set.classes?.[0]?.movementClass).toBe('foot')
    unitSet.text = applyValueEdits(
      unitSet.text,
      addTypeEdits(set, newType(set, set.classes![0]!.id)),
    )
    const map = {
      path: pathFor('map', 'my-map'),
      text: newMap({
        id: 'my-map',
        ruleset: 'my-rules',
        columns: 8,
        rows: 6,
        defaultTerrain: 'clear',
      }),
    }
    const scenario = JSON.parse(
      newScenario({ id: 'my-battle', ruleset: 'my-rules', map: 'my-map' }),
    ) as Scenario
    scenario.sides.forEach((side, i) =>
      side.units.push({
        id: `${side.id}-1`,
        type: 'new-type',
        hex: i === 0 ? '0202' : '0605',
        command: side.commands?.[0]?.id,
      }),
    )
    const battle = { path: pathFor('scenario', 'my-battle'), text: JSON.stringify(scenario) }
    const sources = [rules, unitSet, map, battle]
    // The whole check, test games included: not even a warning (the sequence is one it plays).
    expect(validateForPlay(sources).problems).toEqual([])
    const loaded = loadLibrary(sources).scenario('my-battle')
    if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'))
    const started = startGame(loaded.value, { seed: 1 }).state
    expect(legalActions(loaded.value, started).map((a) => a.type)).toContain('activate')
  })

  it("a table rolls the ruleset's own die over its whole range", () => {
    expect(diceRange({ sides: 10, faces: 'zero-based' })).toEqual({ min: 0, max: 9 })
    expect(diceRange({ count: 2, sides: 6 })).toEqual({ min: 2, max: 12 })
    const table = JSON.parse(
      part('table', 't', 'r', { dice: [{ id: 'd10', sides: 10, faces: 'zero-based' }] }).text,
    )
    expect(table).toMatchObject({ kind: 'roll', dice: 'd10', label: 'T' })
    expect(table.rows.map((r: { roll: object }) => r.roll)).toEqual([{ max: 4 }, { min: 5 }])
    expect(newRulesetPart('table', { id: 't', ruleset: 'r' }, {})).toEqual({
      error: expect.stringMatching(/no dice/),
    })
  })
})

describe('ids for new files', () => {
  const exists = (p: string) => p === 'content/maps/taken.json'
  it('accepts a free kebab-case id', () => {
    expect(idProblem('river-crossing-2', 'map', exists)).toBeUndefined()
  })
  it('refuses ids that are not kebab-case, with a sentence', () => {
    for (const bad of ['River', 'two  words', 'a_b', '-x', 'x-', 'a--b', '../x', 'a/b'])
      expect(idProblem(bad, 'map', exists), bad).toMatch(/not a valid id.*\.$/)
    expect(idProblem('', 'map', exists)).toMatch(/Give/)
  })
  it('refuses an id a file already has', () => {
    expect(idProblem('taken', 'map', exists)).toMatch(
      /already a file called content\/maps\/taken\.json/,
    )
    expect(idProblem('taken', 'scenario', exists)).toBeUndefined()
  })
})

describe('copying a file', () => {
  it('rewrites id and name, keeps $schema and the layout of the rest', () => {
    const src = bundled.find((s) => s.path.startsWith('content/maps/'))!
    const copy = copyFile(src.path, src.text, 'my-copy', 'My copy')
    expect(copy.path).toBe('content/maps/my-copy.json')
    const v = JSON.parse(copy.text) as Record<string, unknown>
    const orig = JSON.parse(src.text) as Record<string, unknown>
    expect(v.id).toBe('my-copy')
    expect(v.name).toBe('My copy')
    expect(v.$schema).toBe(orig.$schema)
    expect({ ...v, id: orig.id, name: orig.name }).toEqual(orig)
    // Only the two values changed: the rest of the text is byte for byte the same.
    const tail = (t: string) => t.slice(t.indexOf('"schemaVersion"'))
    expect(tail(copy.text).replace(/"name": "[^"]*"/, '')).toBe(
      tail(src.text).replace(/"name": "[^"]*"/, ''),
    )
    expect(errorsIn([copy], copy.path)).toEqual([])
  })

  it('names the copy after the original when no name is given', () => {
    const rules = newRuleset({ id: 'base', name: 'Base rules' })
    const copy = copyFile('content/rulesets/base.json', rules, 'base-2')
    expect(copy.path).toBe('content/rulesets/base-2.json')
    expect(JSON.parse(copy.text).name).toBe('Base rules (copy)')
  })

  it('refuses to copy a file that is not valid JSON', () => {
    expect(() => copyFile('content/maps/x.json', '{"id": "x",', 'y')).toThrow(/not valid JSON/)
  })
})
