import { describe, expect, it } from 'vitest'
import { loadLibrary } from '../../../src/runtime/library/loader'
import { formatProblem } from '../../../src/runtime/content/problems'
import { validateContent } from '../../../src/runtime/library/validate'
import { readContentFolder, withEdit } from '../../helpers/fixtures'

const mini = readContentFolder('test/fixtures/mini')

describe('loader', () => {
  it('resolves a base ruleset with its unit sets, tables and modifier lists', () => {
    const r = loadLibrary(mini).ruleset('mini')
    if (!r.ok) throw new Error(r.problems.map(formatProblem).join('\n'))
    expect(r.value.ruleset.chain).toEqual(['mini'])
    expect([...r.value.unitTypes.keys()]).toEqual(['spear', 'lancer', 'general'])
    expect([...r.value.tables.keys()]).toEqual(['mini-crt'])
    expect(r.value.modifierLists.get('mini-drm')?.terms).toHaveLength(2)
  })

  it('applies a variant: entity patched by id, entity deleted, one cell replaced by an operation', () => {
    const r = loadLibrary(mini).ruleset('mini-plus')
    if (!r.ok) throw new Error(r.problems.map(formatProblem).join('\n'))
    expect(r.value.ruleset.chain).toEqual(['mini', 'mini-plus'])
    expect(r.value.ruleset.name).toBe('Mini, with stronger lancers')
    expect(r.value.unitTypes.get('lancer')?.ratings).toEqual({ strength: 5 })
    expect(r.value.unitTypes.get('lancer')?.ratingsByStatus).toEqual({ shaken: { strength: 2 } })
    expect(r.value.unitTypes.has('general')).toBe(false)
    expect(r.value.ruleset.reference).toEqual({ maxTurns: 12 })
    const table = r.value.tables.get('mini-crt')
    expect(table?.kind === 'roll' ? table.rows[0]?.cells : undefined).toEqual(['-', 'S'])
    // The base is untouched by its variant.
    const base = loadLibrary(mini).ruleset('mini')
    expect(base.ok && base.value.unitTypes.get('lancer')?.ratings).toEqual({ strength: 4 })
  })

  it('loads a scenario bound to its ruleset and map, with options', () => {
    const s = loadLibrary(mini).scenario('mini-battle')
    if (!s.ok) throw new Error(s.problems.map(formatProblem).join('\n'))
    expect(s.value.map.grid).toEqual({ orientation: 'flat', offset: 'even', columns: 6, rows: 5 })
    expect(s.value.options).toEqual({ fog: true })
    expect(s.value.rules.ruleset.id).toBe('mini')
    const withVariant = loadLibrary(mini).scenario('mini-battle', {
      variants: ['mini-plus'],
      options: { fog: false },
    })
    expect(withVariant.ok && withVariant.value.rules.unitTypes.get('lancer')?.ratings).toEqual({
      strength: 5,
    })
    expect(withVariant.ok && withVariant.value.options).toEqual({ fog: false })
  })

  it('refuses an unknown variant or option with a suggestion', () => {
    const lib = loadLibrary(mini)
    const v = lib.scenario('mini-battle', { variants: ['mini-pluss'] })
    expect(v.ok ? [] : v.problems.map((p) => p.message)).toEqual([
      'unknown variant "mini-pluss" — did you mean "mini-plus"?',
    ])
    const twice = lib.scenario('mini-battle', { variants: ['mini-plus', 'mini-plus'] })
    expect(twice.ok ? [] : twice.problems.map((p) => p.message)).toEqual([
      'variant "mini-plus" is applied already: the scenario plays "mini → mini-plus"',
    ])
    const o = lib.scenario('mini-battle', { options: { fogg: true } })
    expect(o.ok ? [] : o.problems.map((p) => p.message)).toEqual([
      'no optional rule "fogg" — did you mean "fog"?',
    ])
  })

  it('locates a bad value written by a variant patch in the variant file', () => {
    const edited = withEdit(mini, 'rulesets/mini-plus.json', (t) =>
      t.replace('"ratings": { "strength": 5 }', '"ratings": { "strength": [5] }'),
    )
    expect(validateContent(edited).problems.map(formatProblem)).toEqual([
      'test/fixtures/mini/rulesets/mini-plus.json:8:62: "strength": expected a number, text or true or false, found a list (at /patch/unitTypes/0/ratings/strength)',
    ])
  })

  it('locates an operation on an unknown entity at its path', () => {
    const edited = withEdit(mini, 'rulesets/mini-plus.json', (t) =>
      t.replace('/tables/@mini-crt/rows', '/tables/@mini-ctr/rows'),
    )
    const lines = validateContent(edited).problems.map(formatProblem)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^test\/fixtures\/mini\/rulesets\/mini-plus\.json:11:45: operation 1: no item with id "mini-ctr" in \/tables.*did you mean "mini-crt"\?/,
    )
  })

  it('locates an expression error at the character inside the string', () => {
    const edited = withEdit(mini, 'tables/mini-drm.json', (t) =>
      t.replace('size(attackers) - size(defenders)"', 'size(attackers) - size(defendrs)"'),
    )
    const lines = validateContent(edited).problems.map(formatProblem)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toBe(
      'test/fixtures/mini/tables/mini-drm.json:9:84: unknown variable "defendrs" — did you mean "defenders"? (at /terms/0/value)',
    )
  })

  it('locates a condition that is not true or false', () => {
    const edited = withEdit(mini, 'rulesets/mini.json', (t) =>
      t.replace(
        `"column": "defender.status == 'ok' ? 'ok' : 'shaken'"`,
        `"column": "defender.status == 'okay' ? 'ok' : 'shaken'"`,
      ),
    )
    const lines = validateContent(edited).problems.map(formatProblem)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/mini\.json:\d+:\d+: .*"okay".*did you mean "ok"\?/)
  })

  describe('a scenario victory section', () => {
    const withVictory = (victory: string) =>
      withEdit(mini, 'scenarios/mini-battle.json', (t) =>
        t.replace('"setup":', `"victory": ${victory},\n  "setup":`),
      )
    const conditions = (sources: ReturnType<typeof withVictory>) => {
      const s = loadLibrary(sources).scenario('mini-battle')
      if (!s.ok) throw new Error(s.problems.map(formatProblem).join('\n'))
      return s.value.rules.ruleset.victory?.conditions.map((c) => [c.id, c.kind, c.at])
    }

    it('replaces a ruleset condition with the same id, adds new ones, keeps the rest', () => {
      const sources = withVictory(
        '{ "conditions": [{ "id": "wipe-out", "label": "Wiped out", "kind": "elimination", "at": "any-time" }, ' +
          '{ "id": "held", "label": "Held out", "kind": "threshold", "at": "game-end", "when": "side.commandCount == 0", "outcome": "win" }] }',
      )
      expect(conditions(sources)).toEqual([
        ['wipe-out', 'elimination', 'any-time'],
        ['held', 'threshold', 'game-end'],
      ])
    })

    it('drops a ruleset condition marked $delete, and says so when there is none to drop', () => {
      expect(
        conditions(withVictory('{ "conditions": [{ "id": "wipe-out", "$delete": true }] }')),
      ).toEqual([])
      const lines = validateContent(
        withVictory('{ "conditions": [{ "id": "wipe-ot", "$delete": true }] }'),
      ).problems.map(formatProblem)
      expect(lines).toEqual([
        'test/fixtures/mini/scenarios/mini-battle.json:9:39: patch: no item with id "wipe-ot" in /victory/conditions to delete — did you mean "wipe-out"? (at /victory/conditions/0/id)',
      ])
    })

    it('locates a misspelt resource or a bad expression in the scenario file', () => {
      const badRef = withVictory(
        '{ "conditions": [{ "id": "x", "label": "X", "kind": "check", "at": "turn-end", "resolution": "clsh" }] }',
      )
      const lines = validateContent(badRef).problems.map(formatProblem)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(
        /^test\/fixtures\/mini\/scenarios\/mini-battle\.json:9:\d+: unknown resolution "clsh".* \(at \/victory\/conditions\/0\/resolution\)$/,
      )
      const badWhen = withVictory(
        '{ "conditions": [{ "id": "x", "label": "X", "kind": "threshold", "at": "turn-end", "when": "side.trakcs.x > 1" }] }',
      )
      const when = validateContent(badWhen).problems.map(formatProblem)
      expect(when).toHaveLength(1)
      expect(when[0]).toMatch(
        /^test\/fixtures\/mini\/scenarios\/mini-battle\.json:9:\d+: .*trakcs.* \(at \/victory\/conditions\/0\/when\)$/,
      )
    })
  })
})
