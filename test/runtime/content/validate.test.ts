import { describe, expect, it } from 'vitest'
import { validateContent } from '../../../src/runtime/library/validate'
import { formatProblem } from '../../../src/runtime/content/problems'
import { readContentFolder, withEdit } from '../../helpers/fixtures'

const mini = readContentFolder('test/fixtures/mini')
const lines = (sources: typeof mini) => validateContent(sources).problems.map(formatProblem)

describe('validateContent on the mini fixture', () => {
  it('accepts the fixture as written', () => {
    expect(lines(mini)).toEqual([])
  })

  it('reports a misspelt terrain id with a suggestion, at the value', () => {
    const edited = withEdit(mini, 'maps/mini-map.json', (t) =>
      t.replace('"0203": { "terrain": "woods" }', '"0203": { "terrain": "wodos" }'),
    )
    expect(lines(edited)).toEqual([
      'test/fixtures/mini/maps/mini-map.json:10:26: unknown terrain "wodos" — did you mean "woods"? (at /hexes/0203/terrain)',
    ])
  })

  it('reports text where a number belongs', () => {
    const edited = withEdit(mini, 'maps/mini-map.json', (t) =>
      t.replace('"columns": 6', '"columns": "6"'),
    )
    expect(lines(edited)).toEqual([
      'test/fixtures/mini/maps/mini-map.json:7:65: "columns": expected a whole number, found the text "6" (at /grid/columns)',
    ])
  })

  it('reports a missing required field at the object that lacks it', () => {
    const edited = withEdit(mini, 'scenarios/mini-battle.json', (t) =>
      t.replace('  "map": "mini-map",\n', ''),
    )
    expect(lines(edited)).toEqual([
      'test/fixtures/mini/scenarios/mini-battle.json:1:1: missing required field "map" (at /)',
    ])
  })

  it('reports a truncated file at the place the text stops', () => {
    const edited = withEdit(mini, 'tables/mini-crt.json', (t) =>
      t.slice(0, t.indexOf('"rows"') + 20),
    )
    expect(lines(edited)).toEqual([
      'test/fixtures/mini/tables/mini-crt.json:15:7: this text is not closed with a double quote: the file ends too early, is it cut short? (at /rows/0/rol)',
    ])
  })

  it('reports an unknown field with the closest declared one', () => {
    const edited = withEdit(mini, 'units/mini-units.json', (t) =>
      t.replace('"abbreviation": "SP"', '"abreviation": "SP"'),
    )
    expect(lines(edited)).toEqual([
      'test/fixtures/mini/units/mini-units.json:13:42: unknown field "abreviation" — did you mean "abbreviation"? (at /types/0/abreviation)',
    ])
  })

  it('reports an id that differs from the file name', () => {
    const edited = withEdit(mini, 'tables/mini-drm.json', (t) =>
      t.replace('"id": "mini-drm"', '"id": "mini-mods"'),
    )
    const messages = lines(edited)
    expect(messages).toContain(
      'test/fixtures/mini/tables/mini-drm.json:3:9: id "mini-mods" must equal the file name "mini-drm" (rename the file or change the id) (at /id)',
    )
  })

  it('reports a reference to a file that does not exist', () => {
    const edited = withEdit(mini, 'scenarios/mini-battle.json', (t) =>
      t.replace('"map": "mini-map"', '"map": "mini-mop"'),
    )
    expect(lines(edited)).toContain(
      'test/fixtures/mini/scenarios/mini-battle.json:7:10: unknown map "mini-mop" — did you mean "mini-map"? (at /map)',
    )
  })

  it('reports a unit type unknown to the scenario ruleset', () => {
    const edited = withEdit(mini, 'scenarios/mini-battle.json', (t) =>
      t.replace('"type": "lancer", "hex": "0604"', '"type": "lancers", "hex": "0604"'),
    )
    expect(lines(edited)).toEqual([
      'test/fixtures/mini/scenarios/mini-battle.json:31:41: unknown unit type "lancers" — did you mean "lancer"? (at /sides/1/units/1/type)',
    ])
  })

  it('reports a hex that is not on the map', () => {
    const edited = withEdit(mini, 'scenarios/mini-battle.json', (t) =>
      t.replace('"hex": "0604"', '"hex": "0704"'),
    )
    const messages = lines(edited)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(
      /mini-battle\.json:31:58: "0704" is not a hex of map "mini-map".* \(at \/sides\/1\/units\/1\/hex\)$/,
    )
  })

  it('reports a facing that the map orientation does not have', () => {
    // Flat-top hexes have no vertex pointing north.
    const edited = withEdit(mini, 'scenarios/mini-battle.json', (t) =>
      t.replace('"hex": "0604", "facing": "W"', '"hex": "0604", "facing": "N"'),
    )
    const messages = lines(edited)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(/\(at \/sides\/1\/units\/1\/facing\)$/)
  })

  it('reports a status unknown to the status graph inside a transition', () => {
    const edited = withEdit(mini, 'rulesets/mini.json', (t) =>
      t.replace(
        '{ "from": "shaken", "event": "shake", "to": "gone" }',
        '{ "from": "shakn", "event": "shake", "to": "gone" }',
      ),
    )
    expect(lines(edited)).toEqual([
      'test/fixtures/mini/rulesets/mini.json:46:17: unknown status "shakn" — did you mean "shaken"? (at /statuses/transitions/2/from)',
    ])
  })

  it('never throws on arbitrary text', () => {
    for (const text of [
      '',
      'null',
      '[]',
      '{',
      '{"$schema": 3}',
      '{"$schema": "../../schemas/nope.schema.json"}',
      '\u0000',
    ]) {
      expect(() => validateContent([{ path: 'content/maps/x.json', text }])).not.toThrow()
      expect(
        validateContent([{ path: 'content/maps/x.json', text }]).problems.length,
      ).toBeGreaterThan(0)
    }
  })

  it('reports units stacked against the ruleset rule at setup, leaders not counting', () => {
    const edited = withEdit(mini, 'scenarios/mini-battle.json', (t) =>
      t.replace(
        '"id": "blue-lancer-1", "type": "lancer", "command": "blue-main", "hex": "0104"',
        '"id": "blue-lancer-1", "type": "lancer", "command": "blue-main", "hex": "0102"',
      ),
    )
    expect(lines(edited)).toEqual([
      'test/fixtures/mini/scenarios/mini-battle.json:19:83: hex 0102 holds 2 units that count for stacking (blue-spear-1, blue-lancer-1); the limit is 1 (at /sides/0/units/2/hex)',
    ])
  })

  it('type-checks the arrival condition of a reinforcement group, at the character', () => {
    const edited = withEdit(mini, 'scenarios/mini-battle.json', (t) =>
      t.replace('"arrive": { "turn": 3 }', '"arrive": { "when": "side.trakcs.x > 1" }'),
    )
    expect(lines(edited)).toEqual([
      expect.stringMatching(
        /^test\/fixtures\/mini\/scenarios\/mini-battle\.json:22:\d+: side has no field "trakcs" — did you mean "tracks"\? \(at \/sides\/0\/reinforcements\/0\/arrive\/when\)$/,
      ),
    ])
  })
})
