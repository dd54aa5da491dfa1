/**
 * The combat tables and modifier lists of the Men of Iron games against what the rulebooks print
 * (inventory /work/shared/rules/men-of-iron.md Part 3, T1–T8): the Weapons System Matrix cells
 * and the Shock/Charge/Fire table cells the worked examples reveal, the Fire/Range values, the
 * fire and shock modifiers of 11.3 and 12.3, and that every other value is marked provisional
 * with a note. Expected numbers come from the text ([001] Infidel 1.2, [004] Tri-Pack).
 */
import { describe, expect, it } from 'vitest'
import type { LoadedRuleset } from '../../src/runtime/rules/loaded'
import type { Table } from '../../src/runtime/generated/content-types'
import {
  flagsFor,
  lookupMatrix,
  lookupRoll,
  matrixValue,
  maxRangeOf,
  rangeBand,
  resolveWithRoll,
} from '../../src/runtime/rules'
import { readContentFolder } from '../helpers/fixtures'
import type { UnitSpec } from './bundled'
import {
  appliedTerms,
  attackVariables,
  bundledRuleset,
  codesOf,
  openHexside,
  participant,
} from './bundled'

const GAMES = ['infidel', 'men-of-iron', 'blood-and-roses'] as const
const PREFIX: Record<(typeof GAMES)[number], string> = {
  infidel: 'inf',
  'men-of-iron': 'moi',
  'blood-and-roses': 'bnr',
}

function table<K extends Table['kind']>(rules: LoadedRuleset, id: string, kind: K) {
  const found = rules.tables.get(id)
  if (found?.kind !== kind) throw new Error(`no ${kind} table "${id}"`)
  return found as Extract<Table, { kind: K }>
}

function cell(rules: LoadedRuleset, id: string, roll: number, column: string) {
  const found = lookupRoll(table(rules, id, 'roll'), { roll, column })
  if (!found.ok) throw new Error(found.error)
  return found
}

describe('T1 Weapons System Matrix (12.1, 12.3-5)', () => {
  it.each(['infidel', 'infidel-v1-2'])(
    '%s: the six cells of the 001 examples, marked as text',
    (game) => {
      const rules = bundledRuleset(game)
      const wsm = table(rules, 'inf-weapons-matrix', 'matrix')
      // Example of Combat (001 p.17) and the 12.3-5 example.
      for (const [attacker, defender, value] of [
        ['kn', 'pk', 2],
        ['kn', 'mc', 2],
        ['kn', 'hc', 1],
        ['ma', 'pk', 1],
        ['pk', 'pk', 0],
        ['af', 'pk', 1],
      ] as const) {
        const found = lookupMatrix(wsm, attacker, defender)
        expect(found.ok && found.value, `${attacker}→${defender}`).toBe(value)
        expect(found.ok && found.provenance, `${attacker}→${defender}`).toMatchObject({
          status: 'text',
          source: '001',
        })
      }
      // 001 play note and 16.6: MC/A uses the MC line, PKJ attacks and defends as PK.
      expect(matrixValue(rules, 'inf-weapons-matrix', 'mc-a', 'pk')).toBe(
        matrixValue(rules, 'inf-weapons-matrix', 'mc', 'pk'),
      )
      expect(matrixValue(rules, 'inf-weapons-matrix', 'kn', 'pkj')).toBe(2)
      expect(matrixValue(rules, 'inf-weapons-matrix', 'pkj', 'pk')).toBe(0)
    },
  )

  it.each(GAMES)(
    '%s: the Attacker rows are exactly the shock-capable types, and every unit type defends',
    (game) => {
      const rules = bundledRuleset(game)
      const id = `${PREFIX[game]}-weapons-matrix`
      const wsm = table(rules, id, 'matrix')
      const units = [...rules.unitTypes.values()].filter((t) => t.class !== 'leader')
      for (const type of units) {
        const key = (type.asType?.[id] as string | undefined) ?? type.id
        // 12.1: "Units not listed in the Attacker row can never Shock attack (or Charge)."
        expect((wsm.rows ?? []).includes(key), `${type.id} attacker row`).toBe(
          flagsFor(rules, type.id).canShock,
        )
        expect(() => matrixValue(rules, id, wsm.rows?.[0] ?? '', type.id)).not.toThrow()
      }
      expect(wsm.provenance?.status).toBe('provisional')
      expect(wsm.provenance?.note).toBeTruthy()
    },
  )
})

describe('T2, T3 Shock and Charge tables (12.3, 13.4, 14.1)', () => {
  const rules = bundledRuleset('infidel')
  const text = { status: 'text', source: '001' }

  it('Shock, from the 001 Example of Combat: Normal 1 = AD+AR, Normal 3 = AD, Disordered 7 = DRT, Disordered 8 = DE+CA', () => {
    for (const [roll, column, codes] of [
      [1, 'normal', ['AD', 'AR']],
      [3, 'normal', 'AD'],
      [7, 'disordered', 'DRT'],
      [8, 'disordered', ['DE', 'CA']],
    ] as const) {
      const found = cell(rules, 'inf-shock-crt', roll, column)
      expect(found.cell, `${column} ${roll}`).toEqual(codes)
      expect(found.provenance).toMatchObject({ level: 'cell', provenance: text })
    }
  })

  it('Charge, from the 001 Example of Combat: Disordered 5 and 6 = DE+CA', () => {
    for (const roll of [5, 6]) {
      const found = cell(rules, 'inf-charge-crt', roll, 'disordered')
      expect(found.cell).toEqual(['DE', 'CA'])
      expect(found.provenance).toMatchObject({ level: 'cell', provenance: text })
    }
  })

  it.each(GAMES)(
    '%s: rows are open-ended (inventory Q2) and the rest is provisional with a note',
    (game) => {
      const loaded = bundledRuleset(game)
      for (const id of [`${PREFIX[game]}-shock-crt`, `${PREFIX[game]}-charge-crt`]) {
        for (const roll of [-6, 15])
          expect(cell(loaded, id, roll, 'normal').clampedRoll, `${id} ${roll}`).toBeUndefined()
        const crt = table(loaded, id, 'roll')
        expect(crt.columns.map((c) => c.id)).toEqual(['normal', 'disordered'])
        expect(crt.provenance).toMatchObject({ status: 'provisional' })
        expect(crt.provenance?.note).toBeTruthy()
      }
    },
  )

  it('12.5 (Blood & Roses): lone artillery is eliminated without a roll, with a continued attack if charged', () => {
    const bnr = bundledRuleset('blood-and-roses')
    const gun = participant(bnr, { id: 'art', type: 'art', status: 'normal' })
    for (const [charging, codes] of [
      [false, ['DE']],
      [true, ['DE', 'CA']],
    ] as const) {
      const mm = participant(bnr, { id: 'mm', type: 'mm', status: 'normal', charging })
      const record = resolveWithRoll(bnr, 'shock', attackVariables([mm], gun), [5])
      expect(record.status, record.message).toBe('automatic')
      expect(codesOf(record)).toEqual(codes)
    }
  })
})

describe('T4, T5, T6 fire (11.1, 11.3, 11.4, 14.2, 16.2, 5.4)', () => {
  it('Fire/Range values the text gives: Infidel archers +1 and mounted archers +1 at 1 hex, Men of Iron crossbows +2 at 1 hex', () => {
    for (const [game, id, weapon, value, source] of [
      ['infidel', 'inf-fire-range', 'bow', 1, '001'],
      ['infidel', 'inf-fire-range', 'mounted-bow', 1, '001'],
      ['men-of-iron', 'moi-fire-range', 'crossbow', 2, '004'],
    ] as const) {
      const found = rangeBand(table(bundledRuleset(game), id, 'range-bands'), weapon, 1)
      expect(found.ok && found.value, weapon).toBe(value)
      expect(found.ok && found.provenance, weapon).toMatchObject({ status: 'text', source })
    }
  })

  it('001 11.1: every Infidel missile weapon reaches exactly 2 hexes', () => {
    const chart = table(bundledRuleset('infidel'), 'inf-fire-range', 'range-bands')
    for (const entry of chart.entries) expect(maxRangeOf(chart, entry.id), entry.id).toBe(2)
  })

  it.each(GAMES)("%s: every weapon a unit carries has a line on the game's range chart", (game) => {
    const rules = bundledRuleset(game)
    const chart = table(rules, `${PREFIX[game]}-fire-range`, 'range-bands')
    for (const type of rules.unitTypes.values())
      for (const { weapon } of type.weapons ?? [])
        expect(maxRangeOf(chart, weapon), `${type.id} ${weapon}`).toBeGreaterThan(0)
  })

  it.each(GAMES)(
    '%s: a modified fire roll of 9 or more checks leaders in the target hex, who die on 8 or 9 (5.4, T16)',
    (game) => {
      const rules = bundledRuleset(game)
      const fire = rules.ruleset.mechanics?.fire as Record<string, unknown> | undefined
      expect(fire?.leaderCasualty).toMatchObject({ minRoll: 9, resolution: 'leader-casualty-fire' })
      // The check is the mechanic's: no cell of the Fire Results Table repeats it.
      const id = `${PREFIX[game]}-fire-results`
      for (const column of table(rules, id, 'roll').columns)
        expect([cell(rules, id, 12, column.id).cell].flat(), column.id).not.toContain('L')
    },
  )

  /** One shot, resolved on the game's fire resolution. */
  function fire(
    game: string,
    firer: UnitSpec,
    target: UnitSpec,
    shot: { weapon: string; range: number; angle?: string; overUnits?: boolean },
    roll = 5,
  ) {
    const rules = bundledRuleset(game)
    const variables = {
      firer: participant(rules, firer),
      target: participant(rules, target),
      range: shot.range,
      fire: {
        mode: '',
        weapon: shot.weapon,
        weaponGroup: '',
        angle: shot.angle ?? 'front',
        overUnits: shot.overUnits ?? false,
        crossing: openHexside(rules),
      },
    }
    const record = resolveWithRoll(rules, 'fire', variables, [roll])
    expect(record.status, record.message).toBe('resolved')
    return record
  }

  it.each(['infidel', 'infidel-v1-2'])(
    '%s, 001 11.3 example: an archer at 1 hex against knights or heavy cavalry: +1 range −1 armour = 0',
    (game) => {
      for (const armoured of ['kn', 'hc']) {
        const record = fire(
          game,
          { id: 'a', type: 'a', status: 'normal' },
          { id: 'x', type: armoured, status: 'normal' },
          { weapon: 'bow', range: 1 },
        )
        expect(appliedTerms(record.rollModifiers?.terms).filter(([, v]) => v !== 0)).toEqual([
          ['range', 1],
          ['armoured-target', -1],
        ])
        expect(record.roll?.modifiers).toBe(0)
      }
    },
  )

  it('001 11.2 Turcoman example: LC/A at 1 hex on a Disordered knight, DR 2: +1 −1 −1 → 1, No Result, no leader check', () => {
    const record = fire(
      'infidel-v1-2',
      { id: 'lca', type: 'lc-a', status: 'normal' },
      { id: 'kn', type: 'kn', status: 'disordered' },
      { weapon: 'mounted-bow', range: 1 },
      2,
    )
    expect(record.roll).toMatchObject({ natural: 2, modifiers: -1, final: 1 })
    expect(record.column?.id).toBe('mounted-disordered')
    expect(codesOf(record)).toEqual(['-'])
  })

  it('004 11.3 Courtrai example: a crossbow at 1 hex into the flank of mounted men-at-arms: +2 +1 = +3', () => {
    const record = fire(
      'men-of-iron',
      { id: 'cb', type: 'cb', status: 'normal' },
      { id: 'mm', type: 'mm', status: 'normal' },
      { weapon: 'crossbow', range: 1, angle: 'left-flank' },
    )
    expect(appliedTerms(record.rollModifiers?.terms).filter(([, v]) => v !== 0)).toEqual([
      ['range', 2],
      ['angle-of-fire', 1],
    ])
  })

  it('11.3 Angle of Fire: LC/A, MC, MC/A (Infidel) through a flank only, never the front or rear', () => {
    for (const type of ['lc-a', 'mc', 'mc-a', 'kn', 'a'])
      for (const angle of ['left-flank', 'right-flank', 'front', 'rear']) {
        const record = fire(
          'infidel',
          { id: 'a', type: 'a', status: 'normal' },
          { id: 't', type, status: 'normal' },
          { weapon: 'bow', range: 2, angle },
        )
        const applied = appliedTerms(record.rollModifiers?.terms).some(
          ([id, v]) => id === 'angle-of-fire' && v === 1,
        )
        const flank = angle.endsWith('flank') && ['lc-a', 'mc', 'mc-a'].includes(type)
        expect(applied, `${type} ${angle}`).toBe(flank)
      }
  })

  it('11.4 Raining Fire −1 (Tri-Pack; none in 1.2, Part 2 #26), 16.2 Shield Wall −1, 14.2 Disordered firer −F', () => {
    const over = (game: string) =>
      fire(
        game,
        { id: 'a', type: 'a', status: 'normal' },
        { id: 'pk', type: 'pk', status: 'normal' },
        { weapon: 'bow', range: 2, overUnits: true },
      ).rollModifiers?.terms
    expect(appliedTerms(over('infidel'))).toContainEqual(['raining-fire', -1])
    expect(appliedTerms(over('infidel-v1-2')).map(([id]) => id)).not.toContain('raining-fire')
    const wall = fire(
      'men-of-iron',
      { id: 'lb', type: 'lb', status: 'disordered' },
      { id: 'pk', type: 'pk', status: 'normal', markers: { 'shield-wall': 1 } },
      { weapon: 'longbow', range: 2 },
    )
    expect(appliedTerms(wall.rollModifiers?.terms)).toContainEqual(['shield-wall', -1])
    expect(appliedTerms(wall.rollModifiers?.terms)).toContainEqual(['disordered-firer', -1])
  })
})

describe('provenance of the Men of Iron data (DESIGN.md: values the rulebooks do not print are marked)', () => {
  const family =
    /^content\/(units\/(men-of-iron|infidel|blood-and-roses)-units|tables\/(moi|inf|bnr|mois)-[\w-]+|rulesets\/(men-of-iron-system|men-of-iron|infidel|blood-and-roses|infidel-v1-2))\.json$/

  /** Every provenance record of a document: `provenance` fields and the entries of `*Provenance` maps. */
  function provenances(value: unknown, path: string, out: [string, Record<string, unknown>][]) {
    if (Array.isArray(value)) value.forEach((v, i) => provenances(v, `${path}/${i}`, out))
    else if (typeof value === 'object' && value !== null)
      for (const [key, v] of Object.entries(value)) {
        const at = `${path}/${key}`
        if (key === 'provenance' && typeof v === 'object' && v !== null)
          out.push([at, v as Record<string, unknown>])
        else if (key.endsWith('Provenance') && typeof v === 'object' && v !== null)
          for (const [k, p] of Object.entries(v))
            out.push([`${at}/${k}`, p as Record<string, unknown>])
        else provenances(v, at, out)
      }
    return out
  }

  it('a value taken from the text names its source and section; any other is provisional (or derived) with a note', () => {
    const files = readContentFolder('content').filter((f) => family.test(f.path))
    // Three unit sets, five rulesets and the tables of the family.
    expect(files.length).toBeGreaterThan(3 + 5 + 30)
    const problems: string[] = []
    let text = 0
    for (const file of files)
      for (const [at, p] of provenances(JSON.parse(file.text), '', [])) {
        const where = `${file.path}${at}`
        if (p.status === 'text') {
          text += 1
          if (typeof p.source !== 'string' || typeof p.section !== 'string')
            problems.push(`${where}: text without source and section`)
        } else if (p.status === 'provisional' || p.status === 'derived') {
          if (typeof p.note !== 'string' || p.note === '') problems.push(`${where}: no note`)
        } else problems.push(`${where}: status ${String(p.status)}`)
      }
    expect(problems).toEqual([])
    expect(text).toBeGreaterThan(50)
  })
})
