import { describe, expect, test } from 'vitest'
import { prepareRuleset } from '../../../src/runtime/rules/prepare-ruleset'
import { byPointer, errorsOf, rows, ruleset, table } from './fixtures'
import { SHOCK_TABLE, WSM, infidelParts as infidel } from './infidel-data'

describe('table shapes the schema cannot check', () => {
  test('a row has one cell per column', () => {
    const bad = table({
      ...SHOCK_TABLE,
      rows: rows([undefined, 3, 'AD', 'AD'], [4, undefined, 'DD']),
    })
    expect(byPointer(errorsOf(infidel({ tables: [WSM, bad] })))).toEqual({
      '/tables/1/rows/1/cells': ['row 2 has 1 cell but the table has 2 columns'],
    })
  })

  test('roll bands go up without overlapping, without holes, open only at the ends', () => {
    const bad = table({
      ...SHOCK_TABLE,
      rows: rows(
        [undefined, 3, '-', '-'],
        [3, 5, '-', '-'],
        [7, 8, '-', '-'],
        [9, undefined, '-', '-'],
        [12, undefined, '-', '-'],
      ),
    })
    expect(byPointer(errorsOf(infidel({ tables: [WSM, bad] })))).toEqual({
      '/tables/1/rows/1/roll': ['row 2 (3–5) overlaps row 1 (3 or less)'],
      '/tables/1/rows/2/roll': ['nothing covers 6 between row 2 and row 3'],
      '/tables/1/rows/3/roll': ['only the last band may be open above, but row 4 has no max'],
    })
  })

  test('rows listed from high to low are refused with the reason', () => {
    const bad = table({ ...SHOCK_TABLE, rows: rows([5, 9, '-', '-'], [0, 4, '-', '-']) })
    expect(errorsOf(infidel({ tables: [WSM, bad] }))).toEqual([
      {
        pointer: '/tables/1/rows/1/roll',
        message: 'row 2 (0–4) comes after row 1 (5–9): list them from the lowest to the highest',
      },
    ])
  })

  test('odds columns must climb strictly', () => {
    const odds = table({
      id: 'crt',
      label: 'CRT',
      kind: 'odds',
      dice: 'd6',
      columns: [
        { id: '1-1', label: '1:1', attack: 1, defense: 1 },
        { id: '3-2', label: '3:2', attack: 3, defense: 2 },
        { id: '4-3', label: '4:3', attack: 4, defense: 3 },
        { id: '6-4', label: '6:4', attack: 6, defense: 4 },
      ],
      rows: rows([1, 6, 1, 2, 3, 4]),
    })
    expect(byPointer(errorsOf({ tables: [odds] }))).toEqual({
      '/tables/0/columns/2': [
        'column 4:3 comes after 3:2 but has lower odds: list columns from the lowest odds to the highest',
      ],
    })
    const same = table({
      ...odds,
      columns: [
        { id: 'a', attack: 2, defense: 1 },
        { id: 'b', attack: 4, defense: 2 },
      ],
      rows: rows([1, 6, 1, 2]),
    })
    expect(errorsOf({ tables: [same] }).map((e) => e.message)).toEqual([
      'column b gives the same odds as column a',
    ])
  })

  test('differential columns are ordered bands', () => {
    const diff = table({
      id: 'diff',
      label: 'Diff',
      kind: 'differential',
      dice: 'd6',
      columns: [
        { id: 'low', band: { max: 0 } },
        { id: 'high', band: { min: 0 } },
      ],
      rows: rows([1, 6, 1, 2]),
    })
    expect(errorsOf({ tables: [diff] })).toEqual([
      {
        pointer: '/tables/0/columns/1/band',
        message: 'column high (0+) overlaps column low (0 or less)',
      },
    ])
  })

  test('result codes in cells exist in the result set, one code per entry', () => {
    const bad = table({
      ...SHOCK_TABLE,
      rows: rows([undefined, 3, 'Ad', 'DE+CA'], [4, undefined, ['DE', 'XX'], '-']),
    })
    expect(byPointer(errorsOf(infidel({ tables: [WSM, bad] })))).toEqual({
      '/tables/1/rows/0/cells/0': [
        'unknown result code "Ad" in result set "shock-results" — did you mean "AD"?',
      ],
      '/tables/1/rows/0/cells/1': [
        '"DE+CA" is not a result code: a cell with several results lists them, like ["DE","CA"]',
      ],
      '/tables/1/rows/1/cells/0/1': ['unknown result code "XX" in result set "shock-results"'],
    })
  })

  test('codes in a table without a result set', () => {
    const { results: _none, ...noSet } = SHOCK_TABLE as unknown as Record<string, unknown>
    const errors = errorsOf(infidel({ tables: [WSM, table(noSet)] }))
    expect(byPointer(errors)['/tables/1']).toEqual([
      'Shock table has result codes in its cells but names no result set ("results")',
    ])
  })

  test('matrix keys name unit types of the ruleset, and aliases name existing rows', () => {
    const bad = table({
      ...WSM,
      cells: { knn: { pk: 1 }, mc: { pkk: 0 } },
      rowAliases: { 'mc-a': 'mcc', kn: 'mc' },
    })
    expect(byPointer(errorsOf(infidel({ tables: [bad, SHOCK_TABLE] })))).toEqual({
      '/tables/0/cells/knn': ['"knn" is not a unit type of this ruleset — did you mean "kn"?'],
      '/tables/0/cells/mc/pkk': ['"pkk" is not a unit type of this ruleset — did you mean "pk"?'],
      '/tables/0/rowAliases/mc-a': [
        '"mc-a" reads the row of "mcc", but there is no such row — did you mean "mc"?',
      ],
    })
  })

  // issue 12 (valid means playable): a unit type a matrix must answer, left out of it, would
  // stop a game at its first lookup (12.3: only the types listed as rows may make shock attacks).
  test('a matrix answers every unit type its axes cover, or the type is named', () => {
    const { default: _none, ...noDefault } = WSM as unknown as Record<string, unknown>
    const all = { 'lc-a': 1, ma: 1, pk: 1, art: 1 }
    const wsm = table({
      ...noDefault,
      rowAxis: {
        of: 'unitType',
        label: 'Attacker',
        covers: { flags: ['mounted'], exceptFlags: ['missile'] },
      },
      columnAxis: { of: 'unitType', label: 'Defender', covers: { exceptFlags: ['mounted'] } },
      // hc lacks its art cell; ldr (mounted through its class) has no row; af no column anywhere.
      cells: { kn: all, hc: { 'lc-a': 1, ma: 1, pk: 1 }, mc: all },
      rowAliases: undefined,
    })
    expect(byPointer(errorsOf(infidel({ tables: [wsm, SHOCK_TABLE] })))).toEqual({
      '/unitTypes/10': [
        'Weapons System Matrix has no Attacker row for LDR ("ldr"), a type it must answer: a lookup for it would stop the game. Add it to the table (or an alias to another key).',
      ],
      '/unitTypes/7': [
        'Weapons System Matrix has no Defender column for AF ("af"), a type it must answer: a lookup for it would stop the game. Add it to the table (or an alias to another key).',
      ],
      '/tables/0/cells/hc': [
        'Weapons System Matrix: the Attacker row "hc" has no cell for "art": a lookup of that pair would stop the game.',
      ],
    })
    // mc-a (missile) and lc-a (written without mounted) are no attackers; pkj reads pk's column.
    // With a default every pair has an answer, and nothing is reported.
    expect(
      prepareRuleset(ruleset(infidel({ tables: [{ ...wsm, default: 0 }, SHOCK_TABLE] }))).ok,
    ).toBe(true)
  })

  test('a weapon units carry has its entry in its range chart', () => {
    const ranges = table({
      id: 'ranges',
      label: 'Ranges',
      kind: 'range-bands',
      axis: { of: 'weapon', label: 'Weapon' },
      entries: [{ id: 'bow', bands: [{ min: 1, max: 2, value: 0 }] }],
    })
    const weapons = [
      { id: 'bow', label: 'Bow', ranges: 'ranges' },
      { id: 'crossbow', label: 'Crossbow', ranges: 'ranges' },
      // Nobody carries the sling, so its missing entry stops nothing.
      { id: 'sling', label: 'Sling', ranges: 'ranges' },
    ]
    const unitTypes = [
      { id: 'a', name: 'Archers', class: 'foot', weapons: [{ weapon: 'bow' }] },
      { id: 'cb', name: 'Crossbows', class: 'foot', weapons: [{ weapon: 'crossbow' }] },
    ]
    expect(
      byPointer(
        errorsOf({
          weapons,
          unitTypes,
          unitClasses: [{ id: 'foot', label: 'Foot' }],
          tables: [ranges],
        }),
      ),
    ).toEqual({
      '/weapons/1/ranges': [
        'Crossbow\'s range chart, Ranges, has no entry for it: units carrying it could never fire. Add an entry "crossbow" to the table.',
      ],
    })
  })

  test('range bands climb per entry, and entries name weapons', () => {
    const ranges = table({
      id: 'ranges',
      label: 'Ranges',
      kind: 'range-bands',
      axis: { of: 'weapon', label: 'Weapon' },
      entries: [
        {
          id: 'crosbow',
          bands: [
            { min: 1, max: 25, value: 0 },
            { min: 20, max: 55, value: 1 },
          ],
        },
      ],
    })
    expect(
      byPointer(errorsOf({ weapons: [{ id: 'crossbow', label: 'Crossbow' }], tables: [ranges] })),
    ).toEqual({
      '/tables/0/entries/0/id': [
        '"crosbow" is not a weapon of this ruleset — did you mean "crossbow"?',
      ],
      '/tables/0/entries/0/bands/1': ['band 20–55 (20–55) overlaps band 1–25 (1–25)'],
    })
  })
})
