/**
 * A slice of Infidel (Men of Iron series) as data: the unit types of the Example of Combat
 * (001 p. 17), the Weapons System Matrix values the text gives, the shock/charge DRM list of
 * 12.3 and the status graph of 14. Values come from /work/shared/rules/men-of-iron.md §3–4;
 * anything the text does not give is a fixture assumption.
 */
import type { LoadedRuleset } from '../../../src/runtime/rules/loaded'
import { flagsFor, ratingsFor } from '../../../src/runtime/rules'
import { load, modifierList, rows, table } from './fixtures'

const type = (
  id: string,
  unitClass: string,
  normal: number,
  disordered: number,
  extra: Record<string, unknown> = {},
) => ({
  id,
  name: id.toUpperCase(),
  class: unitClass,
  ratings: { shockDefense: normal },
  ratingsByStatus: { disordered: { shockDefense: disordered } },
  ...extra,
})

export const INFIDEL = {
  ratings: [
    { key: 'shockDefense', label: 'Shock Defense', type: 'number' },
    { key: 'flightPoints', label: 'Flight points', type: 'number', default: 1 },
    { key: 'charisma', label: 'Charisma', type: 'number', default: 0 },
  ],
  unitFlags: [
    { key: 'mounted', label: 'Mounted' },
    { key: 'missile', label: 'Missile' },
  ],
  board: {
    facing: {
      mode: 'vertex',
      sectors: [
        { bearing: -30, sector: 'front' },
        { bearing: 30, sector: 'front' },
        { bearing: -90, sector: 'left-flank' },
        { bearing: 90, sector: 'right-flank' },
        { bearing: 150, sector: 'rear' },
        { bearing: -150, sector: 'rear' },
      ],
    },
  },
  statuses: {
    states: [
      { id: 'normal', label: 'Normal', initial: true },
      { id: 'disordered', label: 'Disordered' },
      { id: 'retired', label: 'Retired', ratingsOf: 'disordered' },
      { id: 'eliminated', label: 'Eliminated', removed: true },
    ],
    events: [
      { id: 'disorder', label: 'Disorder' },
      { id: 'retire', label: 'Retire' },
      { id: 'retreat', label: 'Forced to retreat' },
      { id: 'eliminate', label: 'Eliminate' },
    ],
    transitions: [
      { from: 'normal', event: 'disorder', to: 'disordered', rule: '14.2' },
      {
        from: 'disordered',
        event: 'disorder',
        to: 'retired',
        rule: '14.2',
        effects: [{ type: 'track', track: 'flight-points', amount: 1, side: 'owner' }],
      },
      {
        from: ['normal', 'disordered'],
        event: 'retire',
        to: 'retired',
        rule: '14.3',
        effects: [{ type: 'track', track: 'flight-points', amount: 1, side: 'owner' }],
      },
      {
        // 3.0: a Retired unit later eliminated scores its elimination value minus the point already counted.
        from: 'retired',
        event: ['retreat', 'eliminate'],
        to: 'eliminated',
        rule: '14.5',
        effects: [
          {
            type: 'track',
            track: 'flight-points',
            amount: 'unit.ratings.flightPoints - 1',
            side: 'owner',
          },
        ],
      },
      {
        from: ['normal', 'disordered'],
        event: 'eliminate',
        to: 'eliminated',
        rule: '3.0',
        effects: [
          {
            type: 'track',
            track: 'flight-points',
            amount: 'unit.ratings.flightPoints',
            side: 'owner',
          },
        ],
      },
    ],
  },
  tracks: [{ id: 'flight-points', label: 'Flight points', scope: 'side' }],
  unitClasses: [
    { id: 'cavalry', label: 'Cavalry', flags: ['mounted'] },
    { id: 'infantry', label: 'Infantry' },
  ],
  unitTypes: [
    // Knights never retire: a retire result becomes a retreat (men-of-iron §0 capability).
    type('kn', 'cavalry', -3, -1, {
      statusOverrides: [
        { event: 'retire', effects: [{ type: 'retreat', hexes: 1 }], rule: '14.3' },
      ],
    }),
    type('hc', 'cavalry', -1, 0, { ratings: { shockDefense: -1, flightPoints: 3 } }),
    type('mc', 'cavalry', 0, 1, { ratings: { shockDefense: 0, flightPoints: 2 } }),
    type('mc-a', 'cavalry', 0, 1, { flags: ['missile'] }),
    type('lc-a', 'cavalry', 1, 2, { flags: ['missile'], withoutFlags: ['mounted'] }),
    type('ma', 'infantry', 0, 1),
    type('pk', 'infantry', 1, 1),
    type('af', 'infantry', 1, 2),
    // 16.6: PKJ attacks and defends as PK on the Weapons System Matrix.
    type('pkj', 'infantry', 1, 1, { asType: { wsm: 'pk' } }),
    type('art', 'infantry', 0, 0),
    type('ldr', 'cavalry', 0, 0, { ratings: { shockDefense: 0, charisma: 2 } }),
  ],
}

/** Infidel Weapons System Matrix: the cells the text gives (T1); MC/A reads the MC row. */
export const WSM = table({
  id: 'wsm',
  label: 'Weapons System Matrix',
  rule: '12.3-5',
  kind: 'matrix',
  rowAxis: { of: 'unitType', label: 'Attacker' },
  columnAxis: { of: 'unitType', label: 'Defender' },
  cells: {
    kn: { pk: 2, mc: 2, hc: 1 },
    ma: { pk: 1 },
    pk: { pk: 0 },
    af: { pk: 1 },
    mc: { pk: 0 },
  },
  rowAliases: { 'mc-a': 'mc' },
  default: 0,
})

/** Possible DRMs for Shock or Charge (12.3), as data. */
export const SHOCK_DRM = modifierList({
  id: 'shock-drm',
  label: 'Shock and charge DRMs',
  context: 'attack',
  applies: 'roll',
  groups: [{ id: 'angle', label: 'Angle of attack', pick: 'largest' }],
  terms: [
    {
      id: 'strength',
      label: 'Strength',
      value: 'size(attackers) - size(defenders)',
      when: 'size(attackers) != size(defenders)',
      rule: '12.3-1',
    },
    {
      id: 'angle-flank',
      label: 'Flank attack',
      value: 2,
      group: 'angle',
      when: "attackers.exists(a, a.angle == 'left-flank' || a.angle == 'right-flank')",
      rule: '12.3-2A',
    },
    {
      id: 'angle-rear',
      label: 'Rear attack',
      value: 3,
      group: 'angle',
      when: "attackers.exists(a, a.angle == 'rear')",
      rule: '12.3-2A',
    },
    {
      id: 'angle-two-sides',
      label: 'Attack from two different sides',
      value: 4,
      group: 'angle',
      when: 'attackers.exists(a, attackers.exists(b, a.angle != b.angle))',
      rule: '12.3-2A',
    },
    {
      id: 'defense',
      label: 'Shock Defense',
      value: 'defender.ratings.shockDefense',
      rule: '12.3-3',
    },
    {
      id: 'charisma',
      label: 'Leader Charisma',
      value: 'l.ratings.charisma',
      each: 'attacker.leaders',
      as: 'l',
      aggregate: 'max',
      once: true,
      rule: '12.3-4',
    },
    {
      id: 'wsm',
      label: 'Weapons System Matrix',
      value: "matrix('wsm', a.type, defender.type)",
      each: 'attackers',
      as: 'a',
      aggregate: 'max',
      rule: '12.3-5',
    },
    {
      id: 'charge-moved',
      label: 'Charging unit moved',
      value: -1,
      when: 'attackers.exists(a, a.charging && a.moved)',
      rule: '12.3-6',
    },
    {
      id: 'disordered-attacker',
      label: 'Disordered attacker',
      value: -2,
      when: "attackers.exists(a, a.status == 'disordered')",
      rule: '12.3-6',
    },
  ],
})

/** The leader presence DRM again, as a separate list that a resolution might use together with the shock list. */
export const LEADER_DRM = modifierList({
  id: 'leader-drm',
  label: 'Leader in the hex',
  context: 'attack',
  terms: [
    {
      id: 'charisma',
      label: 'Leader Charisma',
      value: 'l.ratings.charisma',
      each: 'attacker.leaders',
      as: 'l',
      once: true,
      rule: '5.2',
    },
  ],
})

export const SHOCK_TABLE = table({
  id: 'shock',
  label: 'Shock table',
  kind: 'roll',
  dice: 'd10',
  results: 'shock-results',
  columns: [{ id: 'normal' }, { id: 'disordered' }],
  // Only the cells of the Example of Combat are known; the rest are fixture values.
  rows: rows(
    [undefined, 1, ['AD', 'AR'], 'AD'],
    [2, 3, 'AD', 'DD'],
    [4, 6, '-', 'DD'],
    [7, 7, 'DD', 'DR'],
    [8, undefined, 'DR', ['DE', 'CA']],
  ),
  provenance: {
    status: 'provisional',
    note: 'cells beyond the worked example are invented for the tests',
  },
})

export const SHOCK_RESULTS = {
  id: 'shock-results',
  codes: [
    { code: '-', label: 'No effect', effects: [{ type: 'none' }] },
    {
      code: 'AD',
      label: 'Attacker Disordered',
      effects: [{ type: 'status', event: 'disorder', who: 'attackers' }],
    },
    {
      code: 'AR',
      label: 'Attacker Retreat 1 hex',
      effects: [{ type: 'retreat', hexes: 1, who: 'attackers' }],
    },
    {
      code: 'DD',
      label: 'Defender Disordered',
      effects: [{ type: 'status', event: 'disorder', who: 'defender' }],
    },
    {
      code: 'DR',
      label: 'Defender Retired',
      effects: [{ type: 'status', event: 'retire', who: 'defender' }],
    },
    {
      code: 'DE',
      label: 'Defender Eliminated',
      effects: [{ type: 'status', event: 'eliminate', who: 'defender' }],
    },
    {
      code: 'CA',
      label: 'Continue Attack',
      effects: [{ type: 'marker', marker: 'continued-attack', op: 'increment', who: 'attackers' }],
    },
  ],
}

export const SHOCK_RESOLUTION = {
  id: 'shock',
  label: 'Shock',
  rule: '12.3',
  kind: 'table',
  context: 'attack',
  table: 'shock',
  column: "defender.status == 'normal' ? 'normal' : 'disordered'",
  rollModifiers: ['shock-drm'],
}

/** The parts of the Infidel test ruleset, with some replaced. */
export function infidelParts(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...INFIDEL,
    tables: [WSM, SHOCK_TABLE],
    modifierLists: [SHOCK_DRM],
    resultSets: [SHOCK_RESULTS],
    resolutions: [SHOCK_RESOLUTION],
    ...extra,
  }
}

export function loadInfidel(extra: Record<string, unknown> = {}): LoadedRuleset {
  return load({
    ...INFIDEL,
    markers: [{ id: 'continued-attack', label: 'Continued attack', counting: true }],
    tables: [WSM, SHOCK_TABLE],
    modifierLists: [SHOCK_DRM, LEADER_DRM],
    resultSets: [SHOCK_RESULTS],
    resolutions: [SHOCK_RESOLUTION],
    ...extra,
  })
}

/** A unit taking part in an attack, as the attack context shows it. */
export function participant(
  rules: LoadedRuleset,
  id: string,
  unitType: string,
  status: string,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  const classId = rules.unitTypes.get(unitType)?.class ?? ''
  return {
    id,
    name: id,
    type: unitType,
    class: classId,
    side: 'x',
    command: 'x',
    status,
    ratings: ratingsFor(rules, unitType, status),
    flags: flagsFor(rules, unitType),
    markers: { continuedAttack: 0 },
    leaders: [],
    isLeader: false,
    angle: 'front',
    charging: false,
    counterCharged: false,
    moved: false,
    ...more,
  }
}

/** Variables of the attack context for attackers against one defender (of `defenders`). */
export function attack(
  attackers: Record<string, unknown>[],
  defender: Record<string, unknown>,
  defenders = [defender],
): Record<string, unknown> {
  return {
    attackers,
    defenders,
    attacker: attackers[0],
    defender,
    attack: {
      charge: attackers.some((a) => a.charging === true),
      continued: 0,
      counterChargedVsShock: false,
      bonus: 0,
    },
  }
}
