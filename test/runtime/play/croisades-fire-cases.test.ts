/**
 * The §4A fire cases of Croisades tactical (Card 5, T-CH-8 to T-CH-11) played through the engine
 * with forced dice: offensive fire in the crusaders' phase 1, defensive fire at a crusader moving
 * in phase 3. The olive grove is 25 hexes across, too small for the ranges of the cases, so a copy
 * of it is turned into a bare field 70 hexes wide (numbered column then row, "1005" is column 10,
 * row 5; along a row the distance is the difference of columns), with the few hexes of terrain a
 * case needs. Two things no Croisades character or map has are added to that copy for the tests
 * only: a terrain with heavy cover (the column exists for the Siege maps, none on these) and a
 * slinger (the sling has a range row but nobody of the roster carries one).
 * CH-28 (ballista) stays a table lookup (test/content/croisades-tables.test.ts): the roster's
 * ballista has no strength or range printed and cannot shoot.
 */
import { describe, expect, it } from 'vitest'
import type { Action, GameState, LoadedScenario } from '../../../src/runtime'
import { boardOf, legalActions, openPrompt, startGame } from '../../../src/runtime'
import { forcedSource } from '../../../src/runtime/dice'
import { readContentFolder, withEdit } from '../../helpers/fixtures'
import type { Placement } from './croisades-fixture'
import {
  bundled,
  crusader,
  load,
  MOD,
  saracen,
  SCENARIO,
  withPlacements,
} from './croisades-fixture'
import type { Played } from './move-steps'
import { act, lines, until } from './move-steps'

const REVISED = 'croisades-tactical-revised'

/** A terrain with heavy cover, for the tests only (no Croisades map has one). */
const RAMPART = {
  id: 'test-rampart',
  label: 'Rampart',
  movement: { 'foot-unarmoured': 1, 'foot-armoured': 1, mounted: 'prohibited' },
  attributes: { cover: 'heavy', combatClass: 'neutral' },
}

/** A Saracen archer with a sling instead of his bow, for the tests only. */
const SLINGER = {
  id: 'test-slinger',
  name: 'Slinger',
  class: 'foot-unarmoured',
  flags: ['missile'],
  ratings: { attack: 4, defense: 3, movement: 8 },
  weapons: [{ weapon: 'sling' }],
}

const fields = new Map<string, LoadedScenario>()

/**
 * The fixture scenario on a bare field 70 by 30 under `ruleset`, with `terrain` in a few hexes,
 * and these characters set up. Loaded and validated once per ruleset and terrain.
 */
function field(
  units: Placement[],
  options: { ruleset?: string; terrain?: Record<string, string> } = {},
): LoadedScenario {
  const ruleset = options.ruleset ?? 'croisades-tactical'
  const terrain = options.terrain ?? {}
  const key = JSON.stringify([ruleset, terrain])
  let base = fields.get(key)
  if (base === undefined) {
    let sources = [...bundled, ...readContentFolder(MOD)]
    sources = withEdit(sources, 'croisades-olive-grove.json', (text) => {
      const map = JSON.parse(text) as Record<string, unknown>
      map.grid = {
        orientation: 'flat',
        offset: 'even',
        columns: 70,
        rows: 30,
        numbering: { scheme: 'numeric', columnDigits: 2, rowDigits: 2 },
      }
      map.hexes = Object.fromEntries(Object.entries(terrain).map(([h, t]) => [h, { terrain: t }]))
      delete map.labels
      delete map.regions
      return JSON.stringify(map)
    })
    sources = withEdit(sources, 'rulesets/croisades-tactical.json', (text) => {
      const rules = JSON.parse(text) as { terrain: { hexTypes: unknown[] } }
      rules.terrain.hexTypes.push(RAMPART)
      return JSON.stringify(rules)
    })
    sources = withEdit(sources, 'croisades-characters.json', (text) => {
      const roster = JSON.parse(text) as { types: unknown[] }
      roster.types.push(SLINGER)
      return JSON.stringify(roster)
    })
    sources = withEdit(sources, `${SCENARIO}.json`, (text) => {
      const scenario = JSON.parse(text) as { ruleset: string; sides: { units: unknown[] }[] }
      scenario.ruleset = ruleset
      for (const side of scenario.sides) side.units = []
      return JSON.stringify(scenario)
    })
    base = load(sources)
    fields.set(key, base)
  }
  return withPlacements(base, units)
}

const fire = (unit: string, target: string): Action => ({ type: 'fire', unit, target })

/**
 * The crusaders' offensive fire (B.1.21 phase 1) with these characters, some of them put in a
 * status, every shooter's plan fixed where plans are fixed (B.1.34), the dice forced.
 */
function atFire(
  units: Placement[],
  faces: number[],
  options: { ruleset?: string; terrain?: Record<string, string> } = {},
  statuses: Record<string, string> = {},
): { loaded: LoadedScenario; state: GameState } {
  const loaded = field(units, options)
  const started = structuredClone(startGame(loaded, { forced: [] }).state)
  expect(openPrompt(started)).toMatchObject({ side: 'crusaders', kind: 'fire' })
  for (const [id, status] of Object.entries(statuses)) {
    const unit = started.units[id]
    if (unit === undefined) throw new Error(`no unit ${id}`)
    unit.status = status
  }
  let state = started
  for (const action of legalActions(loaded, started))
    if (action.type === 'fire-plan' && action.plan === 'offensive')
      state = act(loaded, state, { type: 'fire-plan', unit: action.unit, plan: 'offensive' }).state
  return { loaded, state: { ...state, dice: forcedSource(faces) } }
}

/** The crusaders' movement phase (B.1.21 phase 3) with these characters, the dice forced. */
function atMovement(
  units: Placement[],
  faces: number[],
): { loaded: LoadedScenario; state: GameState } {
  const loaded = field(units)
  const state = until(loaded, startGame(loaded, { forced: [] }).state, 'movement', 'crusaders')
  return { loaded, state: { ...state, dice: forcedSource(faces) } }
}

/** The missile-fire record of a shot played. */
function shotOf(played: Played) {
  const record = played.entries
    .flatMap((e) => e.records)
    .find((r) => r.resolution.id === 'missile-fire')
  if (record === undefined) throw new Error('no shot was rolled')
  return record
}

/** What a shot was read with: table, cover column, range-band modifier, rolls, result. */
function reading(played: Played) {
  const record = shotOf(played)
  return {
    table: record.table?.id,
    cover: record.column?.id,
    band: record.rollModifiers?.terms.find((t) => t.id === 'range-band')?.value,
    natural: record.roll?.natural,
    modified: record.roll?.modified,
    codes: record.codes.map((c) => c.code),
  }
}

/**
 * A defensive shot at a mover (B.1.33): the mover's path played, the shooter named when the mover
 * has entered its first hex, and fire opened.
 */
function defensiveShot(
  loaded: LoadedScenario,
  state: GameState,
  move: Action,
  shooter: string,
): Played {
  const moved = act(loaded, state, move)
  const mover = move.unit as string
  const first = (move.path as string[])[0] as string
  expect(openPrompt(moved.state)).toMatchObject({
    side: 'saracens',
    kind: 'reaction-fire',
    rule: 'B.1.33',
    text: `${mover} entered ${first}: name the units to fire at it (${shooter}), then open fire ("done"); or decline`,
  })
  // The only shooter there named, fire opens by itself.
  return act(loaded, moved.state, fire(shooter, mover))
}

describe('fire at a man on foot (Card 5, T-CH-8, T-CH-11)', () => {
  it('CH-23: a crossbowman at 20 hexes, roll 3: short (+0), row 3, no cover: C, killed (Card 5)', () => {
    const { loaded, state } = atFire(
      [crusader('xbow', 'crossbowman', '1005'), saracen('karim', 'syrian-infantry', '3005')],
      [3],
    )
    const shot = act(loaded, state, fire('xbow', 'karim'))
    expect(reading(shot)).toEqual({
      table: 'croisades-fire-vs-foot',
      cover: 'none',
      band: 0,
      natural: 3,
      modified: 3,
      codes: ['C'],
    })
    expect(lines(shot.entries)).toEqual(
      expect.arrayContaining([
        'xbow fires at karim (range 20)',
        'Missile fire (xbow at karim): column No cover, d10 rolled 3, result C (Killed)',
      ]),
    )
    expect(shot.state.units.karim?.status).toBe('dead')
  })

  it('CH-24: the same at 30 hexes: medium (+1), 3 + 1 = 4: B, wounded (Card 5)', () => {
    const { loaded, state } = atFire(
      [crusader('xbow', 'crossbowman', '1005'), saracen('karim', 'syrian-infantry', '4005')],
      [3],
    )
    const shot = act(loaded, state, fire('xbow', 'karim'))
    expect(reading(shot)).toMatchObject({ band: 1, natural: 3, modified: 4, codes: ['B'] })
    expect(lines(shot.entries)).toEqual([
      'unit xbow: marker offensive-fire 0 → 1',
      'xbow fires at karim (range 30)',
      'Missile fire (xbow at karim): column No cover, d10 rolled 3 +1 = 4, result B (Wounded)',
      'unit karim: healthy → wounded (wound, rule Card 5 and 6)',
    ])
    expect(shot.state.units.karim).toMatchObject({ status: 'wounded', hex: '4005' })
  })

  it('CH-24: defensive, B wounds the mover and leaves him half the movement he still has (Card 5)', () => {
    // Movement 8, 4 once wounded: one hex walked, 3 left on his wounded face, half of it is 1.
    const { loaded, state } = atMovement(
      [crusader('karim', 'syrian-infantry', '4105'), saracen('xbow', 'crossbowman', '1005')],
      [3],
    )
    const path = ['4005', '3905', '3805', '3705', '3605']
    const shot = defensiveShot(loaded, state, { type: 'move', unit: 'karim', path }, 'xbow')
    expect(reading(shot)).toMatchObject({ band: 1, natural: 3, modified: 4, codes: ['B'] })
    expect(lines(shot.entries)).toEqual([
      'unit xbow: marker defensive-fire 0 → 1',
      'xbow is named to fire at karim in 4005',
      'saracens opens fire at karim with xbow',
      'Missile fire (xbow at karim): column No cover, d10 rolled 3 +1 = 4, result B (Wounded)',
      'unit karim: healthy → wounded (wound, rule Card 5 and 6)',
      'unit karim loses 2 movement points',
      'karim moves 4005 → 3905 (1 MP)',
      'karim stops in 3905: it has not the movement points left to enter 3805',
    ])
    const loss = shot.entries
      .flatMap((e) => e.effects)
      .find((e) => e.text === 'unit karim loses 2 movement points')
    expect(loss?.rule).toBe('Card 5')
    expect(shot.state.units.karim).toMatchObject({ status: 'wounded', hex: '3905' })
    expect(openPrompt(shot.state)).toMatchObject({ side: 'crusaders', kind: 'movement' })
  })

  it('CH-25: a wounded longbowman at 61 hexes, roll 2: 2 + 2 long + 1 wounded = 5: A, driven back 2 hexes (Card 5)', () => {
    const { loaded, state } = atFire(
      [crusader('bow', 'welsh-longbowman', '0205'), saracen('karim', 'syrian-infantry', '6305')],
      [2],
      {},
      { bow: 'wounded' },
    )
    const shot = act(loaded, state, fire('bow', 'karim'))
    expect(reading(shot)).toMatchObject({ band: 2, natural: 2, modified: 5, codes: ['A'] })
    expect(lines(shot.entries)).toContain(
      'Missile fire (bow at karim): column No cover, d10 rolled 2 +3 = 5, result A (Driven back)',
    )
    // His owner picks where he ends, 2 hexes back, each farther from the shooter.
    expect(openPrompt(shot.state)).toMatchObject({ side: 'saracens', kind: 'retreat' })
    const board = boardOf(loaded)
    const ends = legalActions(loaded, shot.state)
      .filter((a) => a.type === 'retreat')
      .map((a) => a.hex as string)
    expect(ends).toContain('6505')
    for (const hex of ends) {
      expect(board.distance('6305', hex), hex).toBe(2)
      expect(board.distance('0205', hex), hex).toBe(63)
    }
    const back = act(loaded, shot.state, { type: 'retreat', unit: 'karim', hex: '6505' }).state
    expect(back.units.karim?.hex).toBe('6505')
    expect(back.units.karim?.status).toBe('healthy')
  })

  it('CH-30: a man in heavy cover hit by a crossbow, roll 1: B, wounded (Card 5)', () => {
    const { loaded, state } = atFire(
      [crusader('xbow', 'crossbowman', '1005'), saracen('karim', 'syrian-infantry', '1505')],
      [1],
      { terrain: { '1505': 'test-rampart' } },
    )
    const shot = act(loaded, state, fire('xbow', 'karim'))
    expect(reading(shot)).toEqual({
      table: 'croisades-fire-vs-foot',
      cover: 'heavy',
      band: 0,
      natural: 1,
      modified: 1,
      codes: ['B'],
    })
    expect(lines(shot.entries)).toContain(
      'Missile fire (xbow at karim): column Heavy, d10 rolled 1, result B (Wounded)',
    )
    expect(shot.state.units.karim?.status).toBe('wounded')
  })
})

describe('fire at a rider (Card 5, T-CH-10)', () => {
  it('CH-27: a foot shortbow at 10 hexes at an armoured knight, roll 1: 1 + 1 armour = 2: C, wounded in the saddle (Card 5)', () => {
    // The knight heads south, his front in 1015 and his rear in 1014.
    const { loaded, state } = atFire(
      [
        crusader('bow', 'saracen-foot-archer', '1005'),
        saracen('knight', 'average-knight', '1015', 'S'),
      ],
      [1],
    )
    const shot = act(loaded, state, fire('bow', 'knight'))
    expect(reading(shot)).toEqual({
      table: 'croisades-fire-vs-mounted',
      cover: 'none',
      band: 0,
      natural: 1,
      modified: 2,
      codes: ['C'],
    })
    expect(shotOf(shot).rollModifiers?.terms.filter((t) => t.applied)).toMatchObject([
      { id: 'range-band', value: 0 },
      { id: 'armoured-mounted-target', label: 'Armoured mounted target', value: 1 },
    ])
    expect(lines(shot.entries)).toEqual([
      'unit bow: marker offensive-fire 0 → 1',
      'bow fires at knight (range 10)',
      'Missile fire (bow at knight): column No cover, d10 rolled 1 +1 = 2, result C (Rider wounded)',
      'unit knight: healthy → wounded (wound, rule Card 5 and 6)',
    ])
    // Still mounted where he was, no retreat; his horse does not stand apart on the map.
    expect(shot.state.units.knight).toMatchObject({
      type: 'average-knight',
      status: 'wounded',
      hex: '1015',
    })
    expect(shot.state.units['knight-horse']).toMatchObject({ location: 'removed', hex: null })
  })

  it('CH-27: defensive, C wounds the rider and takes 4 hexes of his movement (Card 5)', () => {
    // Movement 12, unchanged when wounded: 1 spent entering 1003, 11 left, 4 lost: 7 more hexes.
    const { loaded, state } = atMovement(
      [
        crusader('knight', 'average-knight', '1002', 'S'),
        saracen('bow', 'saracen-foot-archer', '1013'),
      ],
      [1],
    )
    const path = ['1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010', '1011', '1012']
    const shot = defensiveShot(
      loaded,
      state,
      { type: 'move', unit: 'knight', path, facing: 'S' },
      'bow',
    )
    expect(reading(shot)).toMatchObject({ band: 0, natural: 1, modified: 2, codes: ['C'] })
    const said = lines(shot.entries)
    expect(said.slice(0, 6)).toEqual([
      'unit bow: marker defensive-fire 0 → 1',
      'bow is named to fire at knight in 1003',
      'saracens opens fire at knight with bow',
      'Missile fire (bow at knight): column No cover, d10 rolled 1 +1 = 2, result C (Rider wounded)',
      'unit knight: healthy → wounded (wound, rule Card 5 and 6)',
      'unit knight loses 4 movement points',
    ])
    expect(said.at(-2)).toBe('knight moves 1009 → 1010 (1 MP)')
    expect(said.at(-1)).toBe(
      'knight stops in 1010: it has not the movement points left to enter 1011',
    )
    expect(shot.state.units.knight).toMatchObject({
      type: 'average-knight',
      status: 'wounded',
      hex: '1010',
    })
  })

  it('CH-29: a shortbow at a rider misses on a modified 5, whatever his cover; a 4 still hits (Card 5)', () => {
    // A horse archer heading south, front 1015 and rear 1014; the shooter 10 hexes north of him.
    const covers: [string, string, Record<string, string>][] = [
      ['none', 'No cover', {}],
      // B.1.44: one of his two hexes in scrub gives the rider light cover.
      ['light', 'Light', { '1014': 'scrub' }],
      // A cart hex on the line of fire gives medium cover.
      ['medium', 'Medium', { '1010': 'cart' }],
    ]
    for (const [cover, label, terrain] of covers) {
      const units = [
        crusader('bow', 'saracen-foot-archer', '1005'),
        saracen('rider', 'horse-archer', '1015', 'S'),
      ]
      const { loaded, state } = atFire(units, [5], { terrain })
      const shot = act(loaded, state, fire('bow', 'rider'))
      expect(reading(shot), cover).toMatchObject({ cover, modified: 5, codes: ['-'] })
      expect(lines(shot.entries)).toContain(
        `Missile fire (bow at rider): column ${label}, d10 rolled 5, result - (Miss)`,
      )
      expect(shot.state.units.rider).toMatchObject({ status: 'healthy', hex: '1015' })
    }
    // An armoured knight: 4 + 1 = 5, a miss too; the horse archer in the open is hit by a 4 (A).
    const knight = atFire(
      [
        crusader('bow', 'saracen-foot-archer', '1005'),
        saracen('knight', 'average-knight', '1015', 'S'),
      ],
      [4],
    )
    const missed = act(knight.loaded, knight.state, fire('bow', 'knight'))
    expect(reading(missed)).toMatchObject({ natural: 4, modified: 5, codes: ['-'] })
    const open = atFire(
      [
        crusader('bow', 'saracen-foot-archer', '1005'),
        saracen('rider', 'horse-archer', '1015', 'S'),
      ],
      [4],
    )
    expect(reading(act(open.loaded, open.state, fire('bow', 'rider')))).toMatchObject({
      modified: 4,
      codes: ['A'],
    })
  })
})

describe('range bands, original and revised (Card 5, Annex D card 5, T-CH-8, T-CH-9)', () => {
  /** The range-band modifier of a shot from 1005 at a man `distance` hexes east, under `ruleset`. */
  function band(type: string, distance: number, ruleset?: string): unknown {
    const target = `${String(10 + distance).padStart(2, '0')}05`
    const { loaded, state } = atFire(
      [crusader('shooter', type, '1005'), saracen('karim', 'syrian-infantry', target)],
      [10],
      ruleset === undefined ? {} : { ruleset },
    )
    const shot = act(loaded, state, fire('shooter', 'karim'))
    expect(lines(shot.entries)).toContain(`shooter fires at karim (range ${distance})`)
    return reading(shot).band
  }

  it('CH-32: longbow and crossbow at 20, foot shortbow at 12, javelin at 6, sling at 9: short in CH, medium revised (Annex D card 5)', () => {
    // The ballista at 40 is left to the table test: no character can shoot one (CH-28).
    for (const [type, distance] of [
      ['welsh-longbowman', 20],
      ['crossbowman', 20],
      ['saracen-foot-archer', 12],
      ['sudanese-javelinman', 6],
      ['test-slinger', 9],
    ] as const) {
      expect(band(type, distance), `${type} CH`).toBe(0)
      expect(band(type, distance, REVISED), `${type} REV`).toBe(1)
    }
  })

  it('CH-33: a throwing dagger at 5 hexes is at long range (+2) in CH and revised alike (Annex D card 5)', () => {
    expect(band('assassin', 5)).toBe(2)
    expect(band('assassin', 5, REVISED)).toBe(2)
  })
})
