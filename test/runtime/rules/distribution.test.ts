import { fc, test as prop } from '@fast-check/vitest'
import { describe, expect, test } from 'vitest'
import type { LoadedRuleset } from '../../../src/runtime/rules/loaded'
import { outcomeKey, resolutionDistribution, resolveWithRoll } from '../../../src/runtime/rules'
import type { ResolutionDistribution } from '../../../src/runtime/rules'
import { DICE, load, modifierList, table } from './fixtures'
import { attack, loadInfidel, participant } from './infidel-data'

/** Every combination of faces of the ruleset's dice, resolved one by one. */
function bruteForce(
  rules: LoadedRuleset,
  resolution: string,
  variables: Record<string, unknown>,
  diceId: string,
): Map<string, number> {
  const dice = DICE.find((d) => d.id === diceId)
  if (dice === undefined) throw new Error(diceId)
  const low = dice.faces === 'zero-based' ? 0 : 1
  const counts = new Map<string, number>()
  const visit = (faces: number[]): void => {
    if (faces.length === dice.count) {
      const key = outcomeKey(resolveWithRoll(rules, resolution, variables, faces))
      counts.set(key, (counts.get(key) ?? 0) + 1)
      return
    }
    for (let face = low; face < low + dice.sides; face++) visit([...faces, face])
  }
  visit([])
  return counts
}

function ways(dist: ResolutionDistribution): Map<string, number> {
  return new Map(dist.outcomes.map((o) => [o.key, o.ways]))
}

function expectExact(dist: ResolutionDistribution): void {
  const total = dist.outcomes.reduce((sum, o) => sum + o.ways, 0)
  expect(total).toBe(dist.dice?.outcomes)
  expect(dist.outcomes.reduce((sum, o) => sum + o.probability, 0)).toBeCloseTo(1, 12)
  for (const o of dist.outcomes)
    expect(o.numerator / o.denominator).toBeCloseTo(o.ways / (dist.dice?.outcomes ?? 1), 12)
}

describe('the exact distribution of a resolution', () => {
  test('MA 1 against the Disordered PK 2 (+1): each row of the Shock table weighted by its rolls', () => {
    const rules = loadInfidel()
    const pk1 = participant(rules, 'pk-1', 'pk', 'normal')
    const pk2 = participant(rules, 'pk-2', 'pk', 'disordered')
    const variables = attack([participant(rules, 'ma-1', 'ma', 'normal')], pk2, [pk1, pk2])
    const dist = resolutionDistribution(rules, 'shock', variables)
    expectExact(dist)
    // Modified rolls 1–10 on the Disordered column: AD (≤1), DD (2–6), DR (7), DE + CA (8+).
    expect(
      dist.outcomes.map((o) => [o.key, o.naturals, `${o.numerator}/${o.denominator}`]),
    ).toEqual([
      ['AD', [0], '1/10'],
      ['DD', [1, 2, 3, 4, 5], '1/2'],
      ['DR', [6], '1/10'],
      ['DE + CA', [7, 8, 9], '3/10'],
    ])
    expect(dist.record.rollModifiers?.total).toBe(1)
    expect(ways(dist)).toEqual(bruteForce(rules, 'shock', variables, 'd10'))
  })
})

const CODES = ['-', 'X', 'Y']

const arbitraryResolution = fc.record({
  dice: fc.constantFrom('d6', '2d6', 'd10'),
  start: fc.integer({ min: -2, max: 5 }),
  widths: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 5 }),
  openLow: fc.boolean(),
  openHigh: fc.boolean(),
  cells: fc.array(
    fc.tuple(fc.constantFrom(...CODES), fc.constantFrom(...CODES, ['X', 'Y'], null)),
    { minLength: 5, maxLength: 5 },
  ),
  terms: fc.array(
    fc.record({ value: fc.integer({ min: -3, max: 3 }), on: fc.boolean(), once: fc.boolean() }),
    { maxLength: 3 },
  ),
  column: fc.constantFrom('a', 'b'),
  rollClamp: fc.option(fc.record({ min: fc.integer({ min: -1, max: 3 }) }), { nil: undefined }),
})

describe('distribution against brute-force enumeration (property)', () => {
  prop.prop([arbitraryResolution], { numRuns: 40 })(
    'every outcome has exactly the probability of its face combinations',
    (spec) => {
      let low = spec.start
      const rows = spec.widths.map((width, i) => {
        const band = { min: low, max: low + width - 1 }
        low += width
        // A band needs at least one end (the schema's minProperties).
        const single = spec.widths.length === 1 && spec.openHigh
        const roll = {
          ...(i === 0 && spec.openLow && !single ? {} : { min: band.min }),
          ...(i === spec.widths.length - 1 && spec.openHigh ? {} : { max: band.max }),
        }
        return { roll, cells: spec.cells[i] ?? ['-', '-'] }
      })
      const parameters = Object.fromEntries(spec.terms.map((_, i) => [`c${i}`, false]))
      const rules = load({
        parameters: { ...parameters, column: 'a' },
        resultSets: [
          {
            id: 'r',
            codes: CODES.map((code) => ({ code, label: code, effects: [{ type: 'none' }] })),
          },
        ],
        tables: [
          table({
            id: 't',
            label: 'T',
            kind: 'roll',
            dice: spec.dice,
            results: 'r',
            columns: [{ id: 'a' }, { id: 'b' }],
            rows,
          }),
        ],
        // Terms alternate between two lists, so the same id may appear in both (for once).
        modifierLists: [0, 1].map((parity) =>
          modifierList({
            id: `m${parity}`,
            label: 'M',
            context: 'side',
            terms: spec.terms.flatMap((term, i) =>
              i % 2 === parity
                ? [
                    {
                      id: `t${Math.floor(i / 2)}`,
                      label: 'Term',
                      value: term.value,
                      when: `params.c${i}`,
                      once: term.once,
                    },
                  ]
                : [],
            ),
          }),
        ),
        resolutions: [
          {
            id: 'x',
            label: 'X',
            kind: 'table',
            context: 'side',
            table: 't',
            column: 'params.column',
            rollModifiers: ['m0', 'm1'],
            ...(spec.rollClamp === undefined ? {} : { rollClamp: spec.rollClamp }),
          },
        ],
      })
      const params = {
        ...Object.fromEntries(spec.terms.map((t, i) => [`c${i}`, t.on])),
        column: spec.column,
      }
      const dist = resolutionDistribution(rules, 'x', { params })
      expectExact(dist)
      expect(ways(dist)).toEqual(bruteForce(rules, 'x', { params }, spec.dice))
    },
  )
})
