/**
 * The unit data of the three Men of Iron Tri-Pack games (and the Infidel 1.2 variant) against
 * the rulebooks: the Tri-Pack manual [004] and the Infidel living rules 1.2 [001], as listed in
 * /work/shared/rules/men-of-iron.md (Part 5 unit types, §3.0 flight points, Part 3.2 counter
 * values, Part 2 for 1.2). Every expected value below is written from the text, never read from
 * the JSON; a "?" of the inventory (the player aid card decides) is left out.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedRuleset } from '../../src/runtime/rules/loaded'
import { flagsFor, ratingsFor } from '../../src/runtime/rules'
import { bundledLibrary, bundledRuleset } from './bundled'

const GAMES = ['infidel', 'men-of-iron', 'blood-and-roses'] as const
type Game = (typeof GAMES)[number]

type Mover = 'mounted' | 'foot'
/** Class flags the text states: [mounted or foot, missile, fire group, fires over units]. */
type Kind = [Mover, boolean?, ('bow' | 'slow')?, boolean?]

/** 004 2.4 (Mounted, Foot, Missile), 11.2 (fire groups), 11.4 (units that fire over others). */
const KINDS: Record<Game, Record<string, Kind>> = {
  infidel: {
    kn: ['mounted'],
    hc: ['mounted'],
    mc: ['mounted'],
    'mc-a': ['mounted', true, 'bow', true],
    'lc-a': ['mounted', true, 'bow', true],
    a: ['foot', true, 'bow', true],
    af: ['foot', true, 'bow'],
    cb: ['foot', true, 'slow', false],
    ma: ['foot', false],
    pk: ['foot', false],
    pkj: ['foot', true, 'slow', false],
    cf: ['foot', false],
    wagons: ['foot', false],
    carroccio: ['foot', false],
  },
  'men-of-iron': {
    mm: ['mounted', false],
    dm: ['foot', false],
    uh: ['foot', false],
    mh: ['mounted', false],
    dh: ['foot', true],
    ge: ['mounted', true, 'bow', false],
    cb: ['foot', true, 'slow', false],
    lb: ['foot', true, 'bow', true],
    sl: ['foot', true, 'bow'],
    ax: ['foot', false],
    pk: ['foot', false],
    bombard: ['foot', true],
  },
  'blood-and-roses': {
    mm: ['mounted', false],
    dm: ['foot', false],
    uh: ['foot', false],
    cav: ['mounted', false],
    lb: ['foot', true, 'bow', true],
    a: ['foot', true, 'bow', true],
    hg: ['foot', true, 'slow', false],
    inf: ['foot', false],
    lvy: ['foot', false],
    art: ['foot', true, 'slow', false],
    'art-limbered': ['foot', true, 'slow', false],
    cb: ['foot', true, 'slow', false],
  },
}

/** 004 3.0 flight points per type (Wagons and Carroccio: 1 as foot, 001 3.0 and inventory Q27). */
const FLIGHT_POINTS: Record<Game, Record<string, number>> = {
  infidel: {
    'overall-commander': 5,
    kn: 3,
    hc: 3,
    'lc-a': 2,
    mc: 2,
    'mc-a': 2,
    'battle-leader': 2,
    a: 1,
    af: 1,
    cf: 1,
    cb: 1,
    ma: 1,
    pk: 1,
    pkj: 1,
    wagons: 1,
    carroccio: 1,
    'replacement-leader': 0,
  },
  'men-of-iron': {
    king: 5,
    mm: 3,
    dm: 3,
    uh: 3,
    'overall-commander': 3,
    ax: 2,
    cb: 2,
    ge: 2,
    mh: 2,
    dh: 2,
    lb: 2,
    pk: 2,
    sl: 2,
    'battle-leader': 2,
    bombard: 0,
    'replacement-leader': 0,
  },
  'blood-and-roses': {
    king: 10,
    'overall-commander': 5,
    mm: 3,
    dm: 3,
    uh: 3,
    cav: 2,
    lb: 2,
    'battle-leader': 2,
    a: 1,
    hg: 1,
    inf: 1,
    lvy: 1,
    art: 0,
    'art-limbered': 0,
    'replacement-leader': 0,
  },
}

/** Types carrying each flag, exactly (section of the rule in the key's comment). */
const FLAG_SETS: Record<Game, Record<string, string[]>> = {
  infidel: {
    canCharge: ['hc', 'kn'], // 13.1
    canCounterCharge: ['hc', 'kn'], // 13.1
    alwaysInCommand: ['kn'], // 16.4
    mustCounterChargeFire: ['kn'], // 13.9 Infidel box
    chargeReluctant: ['hc'], // 13.5: heavy cavalry, never knights
    lightCavalryRetreat: ['lc-a'], // 12.2 Infidel box
    causesLightCavalryRetreat: ['hc', 'kn', 'mc'], // 12.2 Infidel box
    moveFireMove: ['lc-a', 'mc-a'], // 11.2
    noShockAfterFire: ['af'], // 16.5
    fireAndShock: ['pkj'], // 16.6
    // 001 9.0: every mounted unit and every missile-armed foot unit; MA, PK, CF, Wagons none.
    exertsZoc: ['a', 'af', 'cb', 'hc', 'kn', 'lc-a', 'mc', 'mc-a', 'pkj'],
    canBeUnhorsed: [],
    shieldWallEligible: [],
  },
  'men-of-iron': {
    canCharge: ['mm'], // 13.1
    canCounterCharge: ['mm'], // 13.1
    chargeReluctant: ['mm'], // 13.5
    reluctanceTarget: ['dm', 'pk'], // 13.5: dismounted (not unhorsed) men-at-arms and pikes
    shieldWallEligible: ['dm', 'pk'], // 16.2
    passesThroughMissiles: ['mm'], // 10.0 Men of Iron box
    canBeUnhorsed: ['mm'], // 14.3
    canDismount: ['mh'], // 7.4: mounted men-at-arms only where the battle allows (Najera)
    canRemount: ['dh'], // 7.4
    moveFireMove: ['ge'], // 11.2
    exertsZoc: [],
  },
  'blood-and-roses': {
    canCharge: ['mm'], // 13.1
    canCounterCharge: ['mm'], // 13.1
    chargeReluctant: [], // 13.5: no reluctance in Blood & Roses
    canDismount: ['mm'], // 7.4
    canRemount: [], // 7.4: only hobilars remount
    canBeUnhorsed: ['mm'], // 14.3
    passesThroughFriends: ['a', 'hg', 'lb'], // 10.0 Blood & Roses box
    easyPassage: ['art', 'art-limbered', 'hg'], // 10.0: others pass through guns and handguns free
    noDisorderedSide: ['art', 'art-limbered'], // 2.2: only artillery
    artillery: ['art', 'art-limbered'],
    shockOnlyWithOthers: ['lvy'], // 16.8
    neverAdvances: ['lvy'], // 16.8
    ambusher: ['cav'], // 16.7
    exertsZoc: [],
  },
}

/** Shock capability the text states (T1): true = may shock, false = explicitly may not. */
const SHOCK: Record<Game, Record<string, boolean>> = {
  infidel: { kn: true, hc: true, mc: true, ma: true, pk: true, af: true, pkj: true, a: false },
  'men-of-iron': { mm: true, mh: false },
  'blood-and-roses': { mm: true, cav: true, inf: true, lvy: true },
}

function typesOf(rules: LoadedRuleset, units: boolean): string[] {
  return [...rules.unitTypes.values()]
    .filter((t) => (rules.unitClasses.get(t.class)?.flags ?? []).includes('leader') !== units)
    .map((t) => t.id)
}

describe.each(GAMES)('unit types of %s (004 2.4, 3.0, Part 5)', (game) => {
  const rules = bundledRuleset(game)

  it('has every unit type of the game, and no other (004 2.4, 2.5)', () => {
    expect(typesOf(rules, true).sort()).toEqual(Object.keys(KINDS[game]).sort())
  })

  it.each(Object.entries(KINDS[game]))(
    '%s: mounted or foot, missile, fire group and fire over units as 2.4, 11.2 and 11.4 say',
    (type, [mover, missile, group, over]) => {
      const flags = flagsFor(rules, type)
      expect(flags.mounted, 'mounted (2.4)').toBe(mover === 'mounted')
      expect(flags.foot, 'foot (2.4)').toBe(mover === 'foot')
      if (missile !== undefined) expect(flags.missile, 'missile (2.4)').toBe(missile)
      if (group !== undefined) {
        expect(flags.bowGroup, 'bow group (11.2)').toBe(group === 'bow')
        expect(flags.slowGroup, 'slow group (11.2)').toBe(group === 'slow')
      }
      if (over !== undefined) expect(flags.firesOver, 'fires over units (11.4)').toBe(over)
      // A missile unit carries a weapon; others carry none.
      const weapons = rules.unitTypes.get(type)?.weapons ?? []
      expect(weapons.length > 0, 'weapons').toBe(flags.missile)
    },
  )

  it('every unit type and leader scores the flight points of 3.0', () => {
    for (const [type, points] of Object.entries(FLIGHT_POINTS[game]))
      expect(ratingsFor(rules, type, 'normal').flightPoints, type).toBe(points)
  })

  it('flag sets of the boxed and special rules (13.1, 13.5, 16.x and the game boxes)', () => {
    for (const [flag, expected] of Object.entries(FLAG_SETS[game])) {
      const having = [...rules.unitTypes.keys()].filter((t) => flagsFor(rules, t)[flag]).sort()
      expect(having, flag).toEqual(expected)
    }
  })

  it('shock capability where the text states it (12.1, 16.3, 16.5, 16.8; inventory T1)', () => {
    for (const [type, canShock] of Object.entries(SHOCK[game]))
      expect(flagsFor(rules, type).canShock, type).toBe(canShock)
  })

  it('every unit has a Disordered back with its own ratings, except artillery (2.2, 14.2)', () => {
    for (const type of typesOf(rules, true)) {
      const flags = flagsFor(rules, type)
      const back = rules.unitTypes.get(type)?.ratingsByStatus?.disordered
      expect(back !== undefined, type).toBe(!flags.noDisorderedSide)
      if (back === undefined) continue
      const front = ratingsFor(rules, type, 'normal')
      const disordered = ratingsFor(rules, type, 'disordered')
      // 14.2: the back prints a lower movement allowance; a Retired unit reads the back (14.5).
      expect(disordered.movement as number, type).toBeLessThanOrEqual(front.movement as number)
      expect(ratingsFor(rules, type, 'retired'), type).toEqual(disordered)
      if (flags.missile) expect(disordered.fireModifier, `${type} F number`).toBeGreaterThan(0)
    }
  })
})

describe('Part 3.2: counter values the examples reveal, in the bundled Infidel units', () => {
  const rules = bundledRuleset('infidel')
  const sd = (type: string, status: string) => ratingsFor(rules, type, status).shockDefense

  it('Templar Knight Shock Defense −3 (001 12.3-3 example)', () =>
    expect(sd('kn', 'normal')).toBe(-3))
  it('Saracen HC and Mamluk HC 3 Shock Defense −1 (001 13.5 example, Example of Combat)', () =>
    expect(sd('hc', 'normal')).toBe(-1))
  it('Seljuk PK +1 on both sides, Bedouin MC 2 +1 Disordered (001 Example of Combat)', () => {
    expect([sd('pk', 'normal'), sd('pk', 'disordered'), sd('mc', 'disordered')]).toEqual([1, 1, 1])
  })
  it('Turcoman LC/A movement allowance 8 (001 11.2 example: its last 2 of 8 MP)', () =>
    expect(ratingsFor(rules, 'lc-a', 'normal').movement).toBe(8))

  it('leader Activation Ratings lie in 1–5 (004 2.4), in the unit types and the sample scenario', () => {
    for (const game of GAMES) {
      const loaded = bundledRuleset(game)
      for (const type of typesOf(loaded, false)) {
        const rating = ratingsFor(loaded, type, 'normal').activation as number
        expect(rating, `${game} ${type}`).toBeGreaterThanOrEqual(1)
        expect(rating, `${game} ${type}`).toBeLessThanOrEqual(5)
      }
    }
    const scenario = bundledLibrary().scenario('sample-skirmish')
    if (!scenario.ok) throw new Error('the sample scenario does not load')
    const units = scenario.value.scenario.sides.flatMap((s) => s.units ?? [])
    const leaders = units.filter((u) => u.ratings?.activation !== undefined)
    expect(leaders.length).toBeGreaterThan(0)
    for (const leader of leaders) {
      expect(leader.ratings?.activation, leader.id).toBeGreaterThanOrEqual(1)
      expect(leader.ratings?.activation, leader.id).toBeLessThanOrEqual(5)
    }
  })
})
