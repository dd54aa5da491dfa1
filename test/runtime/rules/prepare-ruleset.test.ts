import { describe, expect, test } from 'vitest'
import { locateRulesPointer, prepareRuleset } from '../../../src/runtime/rules'
import type { RulesError } from '../../../src/runtime/rules'
import { byPointer, errorsOf, load, modifierList, rows, ruleset, table } from './fixtures'
import {
  INFIDEL,
  SHOCK_DRM,
  SHOCK_RESOLUTION,
  SHOCK_RESULTS,
  SHOCK_TABLE,
  WSM,
  infidelParts as infidel,
  loadInfidel,
} from './infidel-data'

describe('a valid ruleset', () => {
  const rules = loadInfidel()

  test('is indexed by id', () => {
    expect([...rules.unitTypes.keys()]).toContain('mc-a')
    expect(rules.tables.get('wsm')?.kind).toBe('matrix')
    expect(rules.resolutions.get('shock')?.kind).toBe('table')
    expect(rules.resultSets.get('shock-results')?.codes).toHaveLength(7)
    expect(rules.modifierLists.get('shock-drm')?.context).toBe('attack')
    expect(Object.keys(rules.environments).sort()).toEqual([
      'activation',
      'attack',
      'battle',
      'fire',
      'phase',
      'side',
      'unit',
    ])
  })

  test('its expressions are compiled once, by context and source', () => {
    const expr = rules.expression('attack', "matrix('wsm', a.type, defender.type)")
    expect(expr.functions).toEqual(['matrix'])
    expect(expr.type).toEqual({ kind: 'number' })
    // Status transitions are read in the unit context.
    expect(rules.expression('unit', 'unit.ratings.flightPoints - 1').references).toEqual([
      'unit.ratings.flightPoints',
    ])
    expect(() => rules.expression('fire', "matrix('wsm', a.type, defender.type)")).toThrow(
      'was not compiled for the fire context',
    )
  })
})

describe('resolutions fit their tables, lists and dice', () => {
  test('unknown table, list and dice, with suggestions', () => {
    const errors = errorsOf(
      infidel({
        resolutions: [
          { ...SHOCK_RESOLUTION, table: 'shok', rollModifiers: ['shock-dmr'], dice: 'd01' },
        ],
      }),
    )
    expect(byPointer(errors)).toEqual({
      '/resolutions/0/dice': ['there are no dice "d01" — did you mean "d10"?'],
      '/resolutions/0/table': ['there is no table "shok" — did you mean "shock"?'],
      '/resolutions/0/rollModifiers/0': [
        'there is no modifier list "shock-dmr" — did you mean "shock-drm"?',
      ],
    })
  })

  test('an odds table needs attack and defence; a matrix cannot be rolled on', () => {
    const odds = table({
      id: 'crt',
      label: 'CRT',
      kind: 'odds',
      dice: 'd6',
      columns: [{ id: '1-1', attack: 1, defense: 1 }],
      rows: rows([1, 6, 1]),
    })
    const errors = errorsOf({
      tables: [odds, WSM],
      ...INFIDEL,
      resolutions: [
        { id: 'a', label: 'A', kind: 'table', context: 'attack', table: 'crt', attack: '1' },
        {
          id: 'b',
          label: 'B',
          kind: 'table',
          context: 'attack',
          table: { cases: [{ when: 'attack.charge', table: 'wsm' }], default: 'crt' },
          attack: '1',
          defense: '1',
        },
      ],
    })
    expect(byPointer(errors)).toEqual({
      '/resolutions/0/table': ['"crt" is an odds table, so the resolution needs "defense"'],
      '/resolutions/1/table/cases/0/table': [
        '"wsm" is a matrix table: it gives modifiers to other rolls and cannot be rolled on',
      ],
    })
  })

  test("lists used as roll modifiers must add to the roll, in the resolution's context", () => {
    const shifts = modifierList({
      id: 'shifts',
      label: 'Shifts',
      context: 'attack',
      applies: 'column',
      terms: [],
    })
    const fire = modifierList({ id: 'fire-drm', label: 'Fire DRM', context: 'fire', terms: [] })
    const errors = errorsOf(
      infidel({
        modifierLists: [SHOCK_DRM, shifts, fire],
        resolutions: [{ ...SHOCK_RESOLUTION, rollModifiers: ['shifts', 'fire-drm'] }],
      }),
    )
    expect(byPointer(errors)).toEqual({
      '/resolutions/0/rollModifiers/0': [
        'modifier list "shifts" applies to the column, so it cannot be used as a roll modifier',
      ],
      '/resolutions/0/rollModifiers/1': [
        'modifier list "fire-drm" is written for the fire context, but this resolution\'s expressions see the attack context',
      ],
    })
  })

  test('automatic result codes exist; natural rolls are possible and not both success and failure', () => {
    const errors = errorsOf(
      infidel({
        resolutions: [
          { ...SHOCK_RESOLUTION, automatic: [{ when: 'true', result: ['DX'] }] },
          {
            id: 'c',
            label: 'C',
            kind: 'check',
            context: 'side',
            dice: '2d6',
            compare: '<=',
            target: 7,
            natural: { success: [2, 1], failure: [2] },
          },
        ],
      }),
    )
    expect(byPointer(errors)).toEqual({
      '/resolutions/0/automatic/0/result/0': [
        'unknown result code "DX" in result set "shock-results" — did you mean "DD"?',
      ],
      '/resolutions/1/natural/success/1': ['a natural 1 can never be rolled on 2d6 (2–12)'],
      '/resolutions/1/natural/failure/0': ['a natural 2 cannot be both a success and a failure'],
    })
  })
})

describe('modifier lists', () => {
  test('a list needs a context, its groups are declared, as/aggregate need each, ids are unique', () => {
    const list = modifierList({
      id: 'loose',
      label: 'Loose',
      groups: [{ id: 'angle', pick: 'largest' }],
      terms: [
        { id: 'a', label: 'A', value: 1, group: 'angel' },
        { id: 'a', label: 'A again', value: 1, as: 'x', aggregate: 'max' },
      ],
    })
    expect(byPointer(errorsOf({ modifierLists: [list] }))).toEqual({
      '/modifierLists/0': [
        'modifier list "loose" needs a context (one of attack, fire, unit, activation, battle, side) so its expressions can be checked',
      ],
      '/modifierLists/0/terms/0/group': [
        'group "angel" is not declared in the list\'s groups — did you mean "angle"?',
      ],
      '/modifierLists/0/terms/1/id': ['two terms of modifier list "loose" have the id "a"'],
      '/modifierLists/0/terms/1/as': [
        '"as" names the element of "each", but this term has no "each"',
      ],
      '/modifierLists/0/terms/1/aggregate': [
        '"aggregate" combines the values of "each", but this term has no "each"',
      ],
    })
  })
})

describe('expressions are type-checked in their context', () => {
  const withTerm = (term: Record<string, unknown>): RulesError[] => {
    const result = prepareRuleset(
      ruleset(
        infidel({
          modifierLists: [
            modifierList({ ...SHOCK_DRM, terms: [{ id: 't', label: 'T', value: 1, ...term }] }),
          ],
        }),
      ),
    )
    return result.ok ? [] : result.errors
  }

  test('a misspelt status, located inside the expression', () => {
    const source = "defender.status == 'disorderd'"
    const [error, ...rest] = withTerm({ when: source })
    expect(rest).toEqual([])
    expect(error?.pointer).toBe('/modifierLists/0/terms/0/when')
    expect(error?.message).toContain('"disorderd"')
    expect(error?.message).toContain('did you mean "disordered"?')
    expect(source.slice(error?.start, error?.end)).toBe("'disorderd'")
  })

  test('sector names come from the board: a misspelt flank is caught (Tri-Pack 12.3-2A)', () => {
    const [error] = withTerm({ when: "attackers.exists(a, a.angle == 'left-flnak')" })
    expect(error?.message).toContain('did you mean "left-flank"?')
  })

  test('a condition must be true or false, a value must be a number', () => {
    expect(withTerm({ when: 'defender.ratings.shockDefense' })).toEqual([
      {
        pointer: '/modifierLists/0/terms/0/when',
        message: 'this condition must be true or false, but it gives a number',
        start: 0,
        end: 29,
      },
    ])
    expect(withTerm({ value: 'defender.status' })).toMatchObject([
      {
        pointer: '/modifierLists/0/terms/0/value',
        message: 'this must give a number, but it gives a string',
      },
    ])
  })

  test('each binds its element for value and when only; each must give a list', () => {
    expect(
      withTerm({ each: 'attackers', value: 'it.ratings.shockDefense', when: 'it.charging' }),
    ).toEqual([])
    expect(withTerm({ value: 'it.ratings.shockDefense' })).toMatchObject([
      { pointer: '/modifierLists/0/terms/0/value', message: expect.stringContaining('"it"') },
    ])
    expect(withTerm({ each: 'defender', value: 1 })).toMatchObject([
      {
        pointer: '/modifierLists/0/terms/0/each',
        message: 'each must give a list, but this gives a Participant',
      },
    ])
    expect(withTerm({ each: 'attackers', as: 'in', value: 1 })).toMatchObject([
      { pointer: '/modifierLists/0/terms/0/as', message: expect.stringContaining('reserved word') },
    ])
  })

  test('a literal table id given to matrix() must name a matrix', () => {
    const source = "matrix('wsn', attacker.type, defender.type)"
    const [error] = withTerm({ value: source })
    expect(error).toMatchObject({
      pointer: '/modifierLists/0/terms/0/value',
      message: 'there is no table "wsn" — did you mean "wsm"?',
    })
    expect(source.slice(error?.start, error?.end)).toBe("'wsn'")
    expect(withTerm({ value: "matrix('shock', attacker.type, defender.type)" })[0]?.message).toBe(
      'matrix needs a matrix table, but "shock" is a roll table',
    )
  })

  test('a literal column, or each literal branch of a conditional, names a column of the table', () => {
    const errorsWith = (column: string): RulesError[] => {
      const result = prepareRuleset(
        ruleset(infidel({ resolutions: [{ ...SHOCK_RESOLUTION, column }] })),
      )
      return result.ok ? [] : result.errors
    }
    expect(errorsWith("'normal'")).toEqual([])
    expect(errorsWith('defender.status')).toEqual([])
    const source = "defender.status == 'normal' ? 'normal' : 'disordred'"
    const errors = errorsWith(source)
    expect(errors).toMatchObject([
      {
        pointer: '/resolutions/0/column',
        message: 'table "shock" has no column "disordred" — did you mean "disordered"?',
      },
    ])
    expect(source.slice(errors[0]?.start, errors[0]?.end)).toBe("'disordred'")
    expect(errorsWith("'broken'")[0]?.message).toMatch(/^table "shock" has no column "broken"/)
  })

  test('a literal key given to matrix() names a row or column of it, unless it has a default', () => {
    const noDefault = { ...WSM, default: undefined }
    const withValue = (value: string): RulesError[] => {
      const result = prepareRuleset(
        ruleset(
          infidel({
            tables: [noDefault, SHOCK_TABLE],
            modifierLists: [
              modifierList({ ...SHOCK_DRM, terms: [{ id: 't', label: 'T', value }] }),
            ],
          }),
        ),
      )
      // Without its default the matrix misses pairs too; only the term's problems are wanted.
      return result.ok ? [] : result.errors.filter((e) => e.pointer.startsWith('/modifierLists'))
    }
    expect(withValue("matrix('wsm', 'mc-a', defender.flags.mounted ? 'mc' : 'pk')")).toEqual([])
    const source = "matrix('wsm', 'kn', defender.flags.mounted ? 'mc' : 'pike')"
    const [error] = withValue(source)
    expect(error?.message).toBe('table "wsm" has no column "pike" — did you mean "pk"?')
    expect(source.slice(error?.start, error?.end)).toBe("'pike'")
    expect(withValue("matrix('wsm', 'knight', defender.type)")[0]?.message).toMatch(
      /^table "wsm" has no row "knight"/,
    )
    // With a default every key has an answer.
    expect(withTerm({ value: "matrix('wsm', 'knight', 'pike')" })).toEqual([])
  })

  test('result codes are checked in the context of every resolution reading them', () => {
    const results = {
      ...SHOCK_RESULTS,
      codes: [
        ...SHOCK_RESULTS.codes,
        {
          code: 'FX',
          label: 'Fire only',
          effects: [],
          cases: [{ when: "fire.mode == 'defensive'", effects: [] }],
        },
      ],
    }
    const fireTable = table({ ...SHOCK_TABLE, id: 'fire', label: 'Fire table' })
    const fireResolution = {
      id: 'fire',
      label: 'Fire',
      kind: 'table',
      context: 'fire',
      table: 'fire',
      column: "'normal'",
    }
    // Read only by a fire resolution: fine.
    const only = { ...SHOCK_RESULTS, id: 'fire-results', codes: results.codes }
    expect(() =>
      load(
        infidel({
          tables: [WSM, SHOCK_TABLE, table({ ...fireTable, results: 'fire-results' })],
          resultSets: [SHOCK_RESULTS, only],
          resolutions: [SHOCK_RESOLUTION, fireResolution],
        }),
      ),
    ).not.toThrow()
    // Read by the shock resolution too: the attack context has no fire.
    const errors = errorsOf(
      infidel({
        tables: [WSM, SHOCK_TABLE, fireTable],
        resultSets: [results],
        resolutions: [SHOCK_RESOLUTION, fireResolution],
      }),
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]?.pointer).toBe('/resultSets/0/codes/7/cases/0/when')
    expect(errors[0]?.message).toMatch(
      /"fire".*\(in the attack context, as read by resolution "shock"\)$/,
    )
  })

  test('a result set no resolution reads is checked in the unit context', () => {
    const unused = {
      id: 'unused',
      codes: [
        {
          code: 'X',
          label: 'X',
          effects: [{ type: 'retreat', hexes: 'attacker.ratings.shockDefense' }],
        },
      ],
    }
    const errors = errorsOf(infidel({ resultSets: [SHOCK_RESULTS, unused] }))
    expect(errors).toMatchObject([
      {
        pointer: '/resultSets/1/codes/0/effects/0/hexes',
        message: expect.stringContaining(
          '(in the unit context, since no resolution reads this result set)',
        ),
      },
    ])
  })

  test('triggers, activation kinds, phases and transitions see their own contexts', () => {
    const sequence = {
      structure: 'activations',
      activation: {
        kinds: [
          {
            id: 'battle',
            label: 'Battle',
            scope: 'command',
            when: 'activation.free || leader.ratings.charisma > 0',
          },
        ],
      },
      phases: [
        {
          id: 'shock',
          label: 'Shock',
          mechanic: 'shock',
          params: { resolution: 'shock' },
          repeat: 'side.tracks.flightPoints < 10',
          when: 'unit.flags.mounted',
        },
      ],
    }
    const triggers = [
      { id: 'rout', on: 'unit-eliminated', when: 'unit.flags.mounted', effects: [] },
      { id: 'end', on: 'turn-end', when: 'unit.flags.mounted', effects: [] },
    ]
    const errors = errorsOf(infidel({ sequence, triggers }))
    expect(errors.map((e) => e.pointer)).toEqual(['/sequence/phases/0/when', '/triggers/1/when'])
    expect(errors.every((e) => e.message.includes('"unit"'))).toBe(true)
  })
})

describe('the status graph and ids', () => {
  test('one initial status, known statuses and events, unique ids', () => {
    const statuses = {
      states: [
        { id: 'normal', label: 'Normal', initial: true },
        { id: 'spent', label: 'Spent', initial: true, ratingsOf: 'normall' },
        { id: 'spent', label: 'Spent again' },
      ],
      events: [{ id: 'tire', label: 'Tire' }],
      transitions: [{ from: ['normal', 'norml'], event: 'tired', to: 'spnt' }],
    }
    expect(byPointer(errorsOf({ statuses }))).toEqual({
      '/statuses/states/1/initial': ['only one status can be initial, and "normal" already is'],
      '/statuses/states/1/ratingsOf': ['unknown status "normall" — did you mean "normal"?'],
      '/statuses/states/2/id': ['two statuses have the id "spent"'],
      '/statuses/transitions/0/from/1': ['unknown status "norml" — did you mean "normal"?'],
      '/statuses/transitions/0/event': ['unknown status event "tired" — did you mean "tire"?'],
      '/statuses/transitions/0/to': ['unknown status "spnt" — did you mean "spent"?'],
    })
  })

  test('names the expression language cannot use are reported, not thrown', () => {
    const result = prepareRuleset(
      ruleset({ ratings: [{ key: 'constructor', label: 'Bad', type: 'number' }] }),
    )
    expect(result.ok).toBe(false)
    expect(!result.ok && result.errors[0]?.message).toContain(
      "the ruleset's names cannot be used in expressions",
    )
  })

  test('errors come in document order', () => {
    const bad = table({
      ...SHOCK_TABLE,
      rows: rows([undefined, 3, 'Ad', 'AD'], [3, undefined, 'XX', '-']),
    })
    const errors = errorsOf(
      infidel({ tables: [WSM, bad], resolutions: [{ ...SHOCK_RESOLUTION, dice: 'd01' }] }),
    )
    // Keys in the order they are written: a row's roll comes before its cells.
    expect(errors.map((e) => e.pointer)).toEqual([
      '/tables/1/rows/0/cells/0',
      '/tables/1/rows/1/roll',
      '/tables/1/rows/1/cells/0',
      '/resolutions/0/dice',
    ])
  })
})

describe('mapping errors back to files', () => {
  const r = ruleset(infidel({}))

  test('tables, modifier lists and unit types are files of their own', () => {
    expect(locateRulesPointer(r, '/tables/1/rows/2/cells/0')).toEqual({
      kind: 'table',
      id: 'shock',
      pointer: '/rows/2/cells/0',
    })
    expect(locateRulesPointer(r, '/modifierLists/0/terms/3/when')).toEqual({
      kind: 'modifierList',
      id: 'shock-drm',
      pointer: '/terms/3/when',
    })
    expect(locateRulesPointer(r, '/unitTypes/0/statusOverrides/0')).toEqual({
      kind: 'unitType',
      id: 'kn',
      pointer: '/statusOverrides/0',
    })
    expect(locateRulesPointer(r, '/tables/0')).toEqual({ kind: 'table', id: 'wsm', pointer: '' })
  })

  test('everything else is the manifest', () => {
    expect(locateRulesPointer(r, '/resolutions/0/column')).toEqual({
      kind: 'ruleset',
      pointer: '/resolutions/0/column',
    })
    expect(locateRulesPointer(r, '')).toEqual({ kind: 'ruleset', pointer: '' })
  })
})
