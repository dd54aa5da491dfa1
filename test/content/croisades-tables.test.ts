/**
 * Every cell of the Croisades (Cry Havoc family) charts, as printed on Game Aid Card No. 1 and in
 * Annex D, checked against the JSON content. The expected values are typed in here from the
 * printed charts (CI cannot see the rulebook), in a compact form of our own; the content files
 * were written separately, so a slip in either shows up as a mismatch.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type {
  MatrixTable,
  ModifierList,
  OddsTable,
  RangeBandsTable,
  RollTable,
  RulesetManifest as Ruleset,
  VariantOverlay,
} from '../../src/runtime/generated/content-types'
import { lookupMatrix, lookupRoll, oddsColumn, rangeBand } from '../../src/runtime/rules/tables'

function content<T>(folder: string, id: string): T {
  return JSON.parse(
    readFileSync(new URL(`../../content/${folder}/${id}.json`, import.meta.url), 'utf8'),
  ) as T
}
const table = <T>(id: string): T => content<T>('tables', id)

type Band = { min?: number; max?: number }

/** "7" → exactly 7; "9+" → 9 and up; "." → no such row on that scale. */
function printedBand(text: string): Band | undefined {
  if (text === '.') return undefined
  return text.endsWith('+')
    ? { min: Number(text.slice(0, -1)) }
    : { min: Number(text), max: Number(text) }
}

/** Whitespace-separated rows of a printed chart, blank lines skipped. */
function grid(text: string): string[][] {
  return text
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
}

const SCALES = ['ballista', 'crossbow-dagger', 'longbow-sling', 'shortbow-javelin']

/**
 * Card 5, missile fire against mounted characters: the four roll columns (ballista,
 * crossbow/dagger, longbow/sling, shortbow/javelin), then the result for no, light and medium
 * cover. There is no heavy column against riders.
 */
const FIRE_VS_MOUNTED = `
  1  .  .  .   F F F
  2  .  .  .   F F E
  3  1  .  .   F E D
  4  2  1  .   E D C
  5  3  2  1   D C B
  6  4  3  2   C B A
  7  5  4  3   B A -
  8  6  5  4   A - -
  9+ 7+ 6+ 5+  - - -
`

/** Card 5, missile fire against characters on foot: same roll columns, then no/light/medium/heavy. */
const FIRE_VS_FOOT = `
  1  .  .  .   C C C C
  2  .  .  .   C C C B
  3  1  .  .   C C C B
  4  2  1  .   C C B A
  5  3  2  1   C B B A
  6  4  3  2   B B A -
  7  5  4  3   B A A -
  8  6  5  4   A A - -
  9  7  6  5   A - - -
  10 8+ 7+ 6+  - - - -
`

/** Card 6, combat against mounted characters: one row per die roll 1-10, columns 1:1 … 12:1+. */
const COMBAT_VS_MOUNTED = `
  C D D E E F F G G H H H
  C C D D E E F F G G H H
  C C C D D E E F F G G H
  B C C C D D E E F F G G
  B B C C C D D E E F F G
  A A B C C C D D E E F F
  - - A B C C C D D E E F
  - - - A B C C C D D E E
  - - - - A B C C C D D E
  - - - - - B B C C C D D
`

/** Card 6, combat against characters on foot. */
const COMBAT_VS_FOOT = `
  D E E E F F F F F F F F
  C D D E E F F F F F F F
  C C D D E E E F F F F F
  B C C D D E E E F F F F
  B C C C D D E E E F F F
  A B C C C D D E E E F F
  - B C C C C D D E E E F
  - A B C C C C D D E E F
  - - A B C C C C D D E E
  - - - B B C C C C D D E
`

const ODDS = [
  '1:1',
  '2:1',
  '3:1',
  '4:1',
  '5:1',
  '6:1',
  '7:1',
  '8:1',
  '9:1',
  '10:1',
  '11:1',
  '12:1+',
]

/** Card 5 range chart (weapon: short, medium, long in hexes); the ballista line is Siege's. */
const RANGES = `
  throwing-dagger   1-2   3-4    5-7
  javelin           1-7   8-15   16-30
  sling             1-10  11-25  26-45
  shortbow-mounted  1-12  13-30  31-55
  shortbow-foot     1-15  16-40  41-70
  crossbow          1-25  26-55  56-90
  longbow           1-30  31-60  61-120
  ballista          1-50  51-100 101-175
`

/** Annex D, card 5: revised short, medium, long, and who proposed them (- unchanged, O official, C Claymore, T translator). */
const RANGES_REVISED = `
  throwing-dagger   1-2   3-4   5-7     -
  javelin           1-5   6-12  13-25   C
  sling             1-8   9-15  16-30   T
  shortbow-mounted  1-8   9-15  16-35   C
  shortbow-foot     1-10  11-25 26-50   O
  crossbow          1-15  16-30 31-75   O
  longbow           1-12  13-30 31-90   O
  ballista          1-30  31-60 61-105  T
`

function checkFireTable(id: string, printed: string, covers: string[]): void {
  const t = table<RollTable>(id)
  const rows = grid(printed)
  expect(t.kind).toBe('roll')
  expect(t.dice).toBe('d10')
  expect(t.rowScales?.map((s) => s.id)).toEqual(SCALES)
  expect(t.columns.map((c) => c.id)).toEqual(covers)
  expect(t.rows).toHaveLength(rows.length)
  rows.forEach((printedRow, i) => {
    const row = t.rows[i]!
    expect(printedRow).toHaveLength(SCALES.length + covers.length)
    SCALES.forEach((scale, s) => {
      const want = printedBand(printedRow[s]!)
      const got = row.rolls?.[scale]
      if (want === undefined) {
        expect(got, `${id} row ${i + 1}, ${scale}`).toBeUndefined()
      } else if (i === rows.length - 1 && want.max !== undefined) {
        // A printed bottom row without "+" is still the miss row for every higher roll; the
        // content may open it only if it says the open end is derived.
        expect(got, `${id} last row, ${scale}`).toEqual({ min: want.min })
        expect(row.provenance?.status).toBe('derived')
      } else {
        expect(got, `${id} row ${i + 1}, ${scale}`).toEqual(want)
      }
    })
    expect(row.cells, `${id} row ${i + 1}`).toEqual(printedRow.slice(SCALES.length))
  })
  // Every scale ends on an open "n+" row: rolls past the chart are misses.
  for (const scale of SCALES) expect(t.rows[t.rows.length - 1]!.rolls?.[scale]?.max).toBeUndefined()
  expect(t.provenance).toMatchObject({ status: 'text', source: '003', section: 'Card 5' })
}

function checkCombatTable(id: string, printed: string): void {
  const t = table<OddsTable>(id)
  const rows = grid(printed)
  expect(t.kind).toBe('odds')
  expect(t.dice).toBe('d10')
  expect(t.columns.map((c) => c.label ?? c.id)).toEqual(ODDS)
  t.columns.forEach((c, i) => expect([c.attack, c.defense]).toEqual([i + 1, 1]))
  expect(t.rounding ?? 'defender').toBe('defender')
  expect(t.belowLowest ?? 'forbidden').toBe('forbidden')
  expect(t.clamp).toEqual({ max: 10 })
  expect(rows).toHaveLength(10)
  expect(t.rows).toHaveLength(10)
  rows.forEach((printedRow, i) => {
    expect(printedRow).toHaveLength(12)
    expect(t.rows[i]!.roll).toEqual({ min: i + 1, max: i + 1 })
    expect(t.rows[i]!.cells, `${id} roll ${i + 1}`).toEqual(printedRow)
  })
  expect(t.provenance).toMatchObject({ status: 'text', source: '003', section: 'Card 6' })
}

function checkRanges(t: RangeBandsTable, printed: string): string[][] {
  const rows = grid(printed)
  expect(t.kind).toBe('range-bands')
  expect(t.axis.of).toBe('weapon')
  expect(t.entries.map((e) => e.id)).toEqual(rows.map((r) => r[0]))
  rows.forEach((printedRow) => {
    const entry = t.entries.find((e) => e.id === printedRow[0])!
    expect(entry.bands).toHaveLength(3)
    entry.bands.forEach((band, b) => {
      const [min, max] = printedRow[b + 1]!.split('-').map(Number)
      expect({ min: band.min, max: band.max, value: band.value }, `${entry.id} band ${b}`).toEqual({
        min,
        max,
        value: b,
      })
    })
  })
  return rows
}

describe('Croisades tables as printed', () => {
  it('T-CH-10 fire against mounted characters (Card 5)', () => {
    checkFireTable('croisades-fire-vs-mounted', FIRE_VS_MOUNTED, ['none', 'light', 'medium'])
    const t = table<RollTable>('croisades-fire-vs-mounted')
    // CH-28: ballista against a rider in medium cover, roll 1 → F.
    expect(lookupRoll(t, { roll: 1, column: 'medium', scale: 'ballista' })).toMatchObject({
      ok: true,
      cell: 'F',
    })
    // CH-27: foot shortbow at an armoured rider, roll 1 + 1 → C.
    expect(lookupRoll(t, { roll: 2, column: 'none', scale: 'shortbow-javelin' })).toMatchObject({
      ok: true,
      cell: 'C',
    })
    // CH-29: shortbow, modified 5 or more, any cover → miss.
    for (const column of ['none', 'light', 'medium']) {
      for (const roll of [5, 9, 13])
        expect(lookupRoll(t, { roll, column, scale: 'shortbow-javelin' })).toMatchObject({
          ok: true,
          cell: '-',
        })
    }
  })

  it('T-CH-11 fire against characters on foot (Card 5)', () => {
    checkFireTable('croisades-fire-vs-foot', FIRE_VS_FOOT, ['none', 'light', 'medium', 'heavy'])
    const t = table<RollTable>('croisades-fire-vs-foot')
    expect(lookupRoll(t, { roll: 3, column: 'light', scale: 'crossbow-dagger' })).toMatchObject({
      ok: true,
      cell: 'B',
    })
    // CH-23 / CH-24 / CH-25 / CH-30.
    expect(lookupRoll(t, { roll: 3, column: 'none', scale: 'crossbow-dagger' })).toMatchObject({
      ok: true,
      cell: 'C',
    })
    expect(lookupRoll(t, { roll: 4, column: 'none', scale: 'crossbow-dagger' })).toMatchObject({
      ok: true,
      cell: 'B',
    })
    expect(lookupRoll(t, { roll: 5, column: 'none', scale: 'longbow-sling' })).toMatchObject({
      ok: true,
      cell: 'A',
    })
    expect(lookupRoll(t, { roll: 1, column: 'heavy', scale: 'crossbow-dagger' })).toMatchObject({
      ok: true,
      cell: 'B',
    })
    expect(lookupRoll(t, { roll: 13, column: 'none', scale: 'ballista' })).toMatchObject({
      ok: true,
      cell: '-',
    })
  })

  it('T-CH-13 combat against mounted characters (Card 6)', () => {
    checkCombatTable('croisades-combat-vs-mounted', COMBAT_VS_MOUNTED)
    const t = table<OddsTable>('croisades-combat-vs-mounted')
    // CH-04 and CH-05: 42 against 9 is 4:1; 42 against 13 is 3:1.
    expect(oddsColumn(t, 42, 9)).toMatchObject({ ok: true, final: { id: '4:1' } })
    expect(oddsColumn(t, 42, 13)).toMatchObject({ ok: true, final: { id: '3:1' } })
    // CH-15 and CH-16: 12:1+ roll 1 → H; 2:1 roll 1 → D.
    expect(lookupRoll(t, { roll: 1, column: '12:1' })).toMatchObject({ ok: true, cell: 'H' })
    expect(lookupRoll(t, { roll: 1, column: '2:1' })).toMatchObject({ ok: true, cell: 'D' })
  })

  it('T-CH-14 combat against characters on foot (Card 6)', () => {
    checkCombatTable('croisades-combat-vs-foot', COMBAT_VS_FOOT)
    const t = table<OddsTable>('croisades-combat-vs-foot')
    expect(oddsColumn(t, 8, 3)).toMatchObject({ ok: true, final: { id: '2:1' } })
    expect(oddsColumn(t, 3, 4)).toMatchObject({ ok: false, reason: 'forbidden' })
    expect(oddsColumn(t, 25, 2)).toMatchObject({ ok: true, final: { label: '12:1+' } })
    expect(oddsColumn(t, 12, 5)).toMatchObject({ ok: true, final: { id: '2:1' } })
    // CH-11 and CH-12: armoured defender at 3:1, 10 + 1 stays 10 → "-"; 8 + 1 → A.
    expect(lookupRoll(t, { roll: 11, column: '3:1' })).toMatchObject({
      ok: true,
      cell: '-',
      roll: 10,
    })
    expect(lookupRoll(t, { roll: 9, column: '3:1' })).toMatchObject({ ok: true, cell: 'A' })
    expect(lookupRoll(t, { roll: 1, column: '1:1' })).toMatchObject({ ok: true, cell: 'D' })
  })

  it('T-CH-8 missile ranges (Card 5)', () => {
    const t = table<RangeBandsTable>('croisades-ranges')
    checkRanges(t, RANGES)
    const ballista = t.entries.find((e) => e.id === 'ballista')!
    expect(ballista.provenance?.note).toMatch(/Siege/)
    expect(rangeBand(t, 'longbow', 61)).toMatchObject({ ok: true, value: 2 })
    expect(rangeBand(t, 'longbow', 121)).toMatchObject({ ok: false, reason: 'out-of-range' })
    expect(rangeBand(t, 'shortbow-mounted', 10)).toMatchObject({ ok: true, value: 0 })
    // Every weapon of the ruleset reads its bands here, and its group is a roll scale of the fire tables.
    const rules = content<Ruleset>('rulesets', 'croisades-tactical')
    expect(rules.weapons?.map((w) => w.id).sort()).toEqual(t.entries.map((e) => e.id).sort())
    for (const w of rules.weapons ?? []) {
      expect(w.ranges).toBe('croisades-ranges')
      expect(SCALES).toContain(w.group)
    }
  })

  it('T-CH-9 revised missile ranges (Annex D, card 5)', () => {
    const t = table<RangeBandsTable>('croisades-ranges-revised')
    const rows = checkRanges(t, RANGES_REVISED)
    const origin: Record<string, RegExp> = {
      '-': /unchanged/i,
      O: /official/i,
      C: /Claymore/,
      T: /translator/,
    }
    for (const row of rows) {
      const entry = t.entries.find((e) => e.id === row[0])!
      expect(entry.provenance?.note, entry.id).toMatch(origin[row[4]!]!)
    }
    // CH-32 and CH-33: short in the original, medium once revised; the dagger is unchanged.
    for (const [weapon, distance] of [
      ['longbow', 20],
      ['crossbow', 20],
      ['shortbow-foot', 12],
      ['javelin', 6],
      ['sling', 9],
      ['ballista', 40],
    ] as const) {
      expect(rangeBand(table<RangeBandsTable>('croisades-ranges'), weapon, distance)).toMatchObject(
        { ok: true, value: 0 },
      )
      expect(rangeBand(t, weapon, distance)).toMatchObject({ ok: true, value: 1 })
    }
    expect(rangeBand(t, 'throwing-dagger', 5)).toMatchObject({ ok: true, value: 2 })
    const variant = content<VariantOverlay>('rulesets', 'croisades-tactical-revised')
    expect(variant.include?.tables).toContain('croisades-ranges-revised')
  })

  it('T-CH-12 terrain effect on combat (Card 6)', () => {
    // Attacker class, defender class, shift (positive = right); same class on both sides is 0.
    const printed = grid(`
      minus   plus    -2
      minus   neutral -1
      neutral plus    -1
      neutral minus    1
      plus    neutral  1
      plus    minus    2
      minus   minus    0
      neutral neutral  0
      plus    plus     0
    `)
    const t = table<MatrixTable>('croisades-terrain-shifts')
    expect(t.kind).toBe('matrix')
    expect(Object.keys(t.cells)).toHaveLength(3)
    expect(Object.values(t.cells).flatMap((row) => Object.keys(row))).toHaveLength(printed.length)
    for (const [attacker, defender, shift] of printed) {
      expect(t.cells[attacker!]?.[defender!], `${attacker} vs ${defender}`).toBe(Number(shift))
      expect(lookupMatrix(t, attacker!, defender!)).toMatchObject({
        ok: true,
        value: Number(shift),
      })
    }
  })

  it('T-CH-6 infiltration of enemy lines (Card 4), original and revised', () => {
    const pick = (t: RollTable, roll: number, column: string): unknown => {
      const row = t.rows.find(
        (r) => (r.roll?.min ?? -Infinity) <= roll && roll <= (r.roll?.max ?? Infinity),
      )
      return row?.cells[t.columns.findIndex((c) => c.id === column)]
    }
    // Original, 1d6 (modified 0-7): foot wounded on 5 or more, riders only on 6.
    const original = table<RollTable>('croisades-infiltration')
    expect(original.dice).toBe('d6')
    expect(original.columns.map((c) => c.id)).toEqual(['foot', 'mounted'])
    const expected: Record<string, string> = { foot: '- - - - - W W W', mounted: '- - - - - - W' }
    for (const [column, cells] of Object.entries(expected)) {
      cells
        .split(' ')
        .forEach((cell, roll) =>
          expect(pick(original, roll, column), `${column} ${roll}`).toBe(cell),
        )
    }
    const drm = table<ModifierList>('croisades-infiltration-drm')
    expect(drm.terms.map((t) => [t.id, t.value])).toEqual([
      ['wounded-foot-mover', 1],
      ['challengers-wounded', -1],
    ])
    // Revised, 1d10 per adjacent enemy: wounded on 8-9, killed on 10.
    const revised = table<RollTable>('croisades-infiltration-revised')
    expect(revised.dice).toBe('d10')
    const rolls: Record<number, string> = {
      [-3]: '-',
      1: '-',
      7: '-',
      8: 'W',
      9: 'W',
      10: 'K',
      13: 'K',
    }
    for (const [roll, cell] of Object.entries(rolls))
      expect(pick(revised, Number(roll), 'result'), `roll ${roll}`).toBe(cell)
    const rdrm = table<ModifierList>('croisades-infiltration-revised-drm')
    expect(rdrm.terms).toHaveLength(4)
    expect(rdrm.terms.find((t) => t.id === 'challenger-wounded')?.value).toBe(-2)
    expect(rdrm.terms.find((t) => t.id === 'infiltrator-wounded')?.value).toBe(2)
  })

  it('T-CH-1 terrain costs, cover and combat class (Card 2, B.1.59)', () => {
    // Terrain: unarmoured foot, armoured foot, mounted (X = impassable), cover, combat class.
    const printed = grid(`
      flat    1 1 1   none   neutral
      scrub   2 2 2   light  minus
      tree    2 2 X   light  minus
      slope   2 2 2   medium minus
      water   5 X X   light  minus
      cart    4 4 X   medium -
    `)
    const rules = content<Ruleset>('rulesets', 'croisades-tactical')
    const hexTypes = rules.terrain.hexTypes
    expect(rules.terrain.movementClasses.map((c) => c.id)).toEqual([
      'foot-unarmoured',
      'foot-armoured',
      'mounted',
    ])
    expect(hexTypes.map((h) => h.id)).toEqual(printed.map((r) => r[0]))
    for (const [id, foot, armoured, mounted, cover, combat] of printed) {
      const hex = hexTypes.find((h) => h.id === id)!
      const cost = (v: string) => (v === 'X' ? 'prohibited' : Number(v))
      expect(hex.movement, id).toEqual({
        'foot-unarmoured': cost(foot!),
        'foot-armoured': cost(armoured!),
        mounted: cost(mounted!),
      })
      expect(hex.attributes?.cover, id).toBe(cover)
      if (combat !== '-') expect(hex.attributes?.combatClass, id).toBe(combat)
    }
    expect(hexTypes.find((h) => h.id === 'tree')?.blocksLos).toBe(true)
    expect(hexTypes.find((h) => h.id === 'slope')?.attributes?.coverCondition).toBe(
      'across-slope-lip',
    )
    expect(hexTypes.find((h) => h.id === 'water')?.attributes?.coverCondition).toBe(
      'unless-shooter-at-edge',
    )
  })

  it('result legends of Card 5 and Card 6 list every printed code', () => {
    const rules = content<Ruleset>('rulesets', 'croisades-tactical')
    const codes = (id: string) =>
      rules.resultSets?.find((s) => s.id === id)?.codes.map((c) => c.code)
    expect(codes('fire-vs-mounted')).toEqual(['-', 'A', 'B', 'C', 'D', 'E', 'F'])
    expect(codes('fire-vs-foot')).toEqual(['-', 'A', 'B', 'C'])
    expect(codes('combat-vs-mounted')).toEqual(['-', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'])
    expect(codes('combat-vs-foot')).toEqual(['-', 'A', 'B', 'C', 'D', 'E', 'F'])
    const used = (printed: string) =>
      new Set(grid(printed).flatMap((row) => row.filter((c) => /^[A-H-]$/.test(c))))
    expect([...used(FIRE_VS_MOUNTED)].sort()).toEqual(codes('fire-vs-mounted')!.slice().sort())
    expect([...used(COMBAT_VS_MOUNTED)].sort()).toEqual(codes('combat-vs-mounted')!.slice().sort())
  })
})
