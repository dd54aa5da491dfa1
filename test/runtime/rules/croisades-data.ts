/**
 * Charts of the Croisades tactical rules (Cry Havoc family) used by several tests, from
 * /work/shared/rules/croisades.md section 2C.
 */
import type { LoadedRuleset } from '../../../src/runtime/rules/loaded'
import type { OddsTable, RollTable } from '../../../src/runtime/generated/content-types'
import { load, modifierList, table } from './fixtures'

const ODDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]

/** T-CH-14, combat results against foot characters (Card 6), 1d10 read 1–10. */
const VS_FOOT: Record<string, string[]> = {
  1: ['D', 'E', 'E', 'E', 'F', 'F', 'F', 'F', 'F', 'F', 'F', 'F'],
  2: ['C', 'D', 'D', 'E', 'E', 'F', 'F', 'F', 'F', 'F', 'F', 'F'],
  3: ['C', 'C', 'D', 'D', 'E', 'E', 'E', 'F', 'F', 'F', 'F', 'F'],
  4: ['B', 'C', 'C', 'D', 'D', 'E', 'E', 'E', 'F', 'F', 'F', 'F'],
  5: ['B', 'C', 'C', 'C', 'D', 'D', 'E', 'E', 'E', 'F', 'F', 'F'],
  6: ['A', 'B', 'C', 'C', 'C', 'D', 'D', 'E', 'E', 'E', 'F', 'F'],
  7: ['-', 'B', 'C', 'C', 'C', 'C', 'D', 'D', 'E', 'E', 'E', 'F'],
  8: ['-', 'A', 'B', 'C', 'C', 'C', 'C', 'D', 'D', 'E', 'E', 'F'],
  9: ['-', '-', 'A', 'B', 'C', 'C', 'C', 'C', 'D', 'D', 'E', 'E'],
  10: ['-', '-', '-', 'B', 'B', 'C', 'C', 'C', 'C', 'D', 'D', 'E'],
}

export const FOOT_RESULTS = {
  id: 'combat-vs-foot',
  label: 'Combat results against foot',
  rule: 'B.1.7',
  codes: [
    { code: '-', label: 'No effect', effects: [{ type: 'none' }] },
    {
      code: 'A',
      label: 'Attacker wounded',
      effects: [{ type: 'status', event: 'wound', who: 'attacker' }],
    },
    {
      code: 'B',
      label: 'Attacker falls back',
      effects: [{ type: 'retreat', hexes: 1, who: 'attackers', immediate: true }],
    },
    {
      code: 'C',
      label: 'Defender retreats',
      effects: [{ type: 'retreat', hexes: 1, who: 'defenders', immediate: true }],
    },
    {
      code: 'D',
      label: 'Defender stunned',
      effects: [{ type: 'status', event: 'stun', who: 'defender' }],
    },
    {
      code: 'E',
      label: 'Defender wounded',
      effects: [{ type: 'status', event: 'wound', who: 'defender' }],
    },
    { code: 'F', label: 'Defender dies', effects: [{ type: 'eliminate', who: 'defender' }] },
  ],
}

export function crtVsFoot(overrides: Record<string, unknown> = {}): OddsTable {
  return table({
    id: 'crt-foot',
    label: 'Combat results against foot',
    rule: 'B.1.7',
    kind: 'odds',
    dice: 'd10-1',
    results: 'combat-vs-foot',
    rounding: 'defender',
    belowLowest: 'forbidden',
    columns: ODDS.map((n) => ({
      id: `${n}-1`,
      label: n === 12 ? '12:1+' : `${n}:1`,
      attack: n,
      defense: 1,
    })),
    rows: Object.entries(VS_FOOT).map(([roll, cells]) => ({
      roll: { min: Number(roll), max: Number(roll) },
      cells,
    })),
    // B.1.73: the armoured +1 cannot take the roll past 10.
    clamp: { max: 10 },
    provenance: { status: 'text', section: 'T-CH-14' },
    ...overrides,
  }) as OddsTable
}

/**
 * T-CH-11, missile fire against foot characters: one roll column per weapon group. The printed
 * rows are the Ballista scale 1–10; the other groups start lower and end in an open "n+" band.
 */
export function fireVsFoot(): RollTable {
  const covers = ['none', 'light', 'medium', 'heavy']
  const cells = [
    ['C', 'C', 'C', 'C'],
    ['C', 'C', 'C', 'B'],
    ['C', 'C', 'C', 'B'],
    ['C', 'C', 'B', 'A'],
    ['C', 'B', 'B', 'A'],
    ['B', 'B', 'A', '-'],
    ['B', 'A', 'A', '-'],
    ['A', 'A', '-', '-'],
    ['A', '-', '-', '-'],
    ['-', '-', '-', '-'],
  ]
  const offsets: Record<string, number> = {
    ballista: 0,
    'crossbow-dagger': 2,
    'longbow-sling': 3,
    'shortbow-javelin': 4,
  }
  return table({
    id: 'fire-foot',
    label: 'Missile fire against foot',
    kind: 'roll',
    dice: 'd10-1',
    results: 'fire-vs-foot',
    rowScales: Object.keys(offsets).map((id) => ({ id })),
    columns: covers.map((id) => ({ id })),
    rows: cells.map((row, index) => {
      const printed = index + 1
      const rolls: Record<string, { min?: number; max?: number }> = {}
      for (const [scale, offset] of Object.entries(offsets)) {
        const roll = printed - offset
        if (roll < 1) continue
        // The last printed row catches every higher roll ("8+", "10" read as 10+).
        rolls[scale] = printed === 10 ? { min: roll } : { min: roll, max: roll }
      }
      return { rolls, cells: row }
    }),
  }) as RollTable
}

export const FIRE_FOOT_RESULTS = {
  id: 'fire-vs-foot',
  label: 'Missile fire against foot',
  codes: [
    { code: '-', label: 'Miss', effects: [{ type: 'none' }] },
    {
      code: 'A',
      label: 'Target pushed back',
      effects: [{ type: 'retreat', hexes: 2, who: 'target', immediate: true }],
      cases: [
        {
          when: "fire.mode == 'defensive'",
          label: 'Defensive fire',
          effects: [{ type: 'movement-loss', points: 2, who: 'target' }],
        },
      ],
    },
    {
      code: 'B',
      label: 'Target wounded',
      effects: [{ type: 'status', event: 'wound', who: 'target' }],
      cases: [
        {
          when: "fire.mode == 'defensive'",
          effects: [
            { type: 'status', event: 'wound', who: 'target' },
            { type: 'movement-loss', keepFraction: 0.5, who: 'target' },
          ],
        },
      ],
    },
    { code: 'C', label: 'Target killed', effects: [{ type: 'eliminate', who: 'target' }] },
  ],
}

/** A Croisades tactical slice: the CRT against foot, missile fire against foot, their DRMs and shifts. */
export function loadCroisades(): LoadedRuleset {
  return load({
    ratings: [
      { key: 'attack', label: 'Attack', type: 'number' },
      { key: 'defense', label: 'Defence', type: 'number' },
    ],
    unitFlags: [
      { key: 'armoured', label: 'Armoured' },
      { key: 'mounted', label: 'Mounted' },
    ],
    statuses: {
      states: [
        { id: 'healthy', label: 'Healthy', initial: true },
        { id: 'wounded', label: 'Wounded' },
      ],
      events: [
        { id: 'wound', label: 'Wound' },
        { id: 'stun', label: 'Stun' },
      ],
      transitions: [{ from: 'healthy', event: 'wound', to: 'wounded' }],
    },
    terrain: {
      movementClasses: [{ id: 'foot', label: 'Foot' }],
      attributes: [
        {
          key: 'cover',
          label: 'Cover',
          type: 'string',
          values: ['none', 'light', 'medium', 'heavy'],
          appliesTo: 'hex',
        },
      ],
      hexTypes: [{ id: 'flat', label: 'Flat', movement: { foot: 1 } }],
    },
    weapons: [{ id: 'crossbow', label: 'Crossbow', group: 'crossbow-dagger', ranges: 'ranges' }],
    tables: [
      crtVsFoot(),
      fireVsFoot(),
      table({
        id: 'ranges',
        label: 'Missile ranges',
        kind: 'range-bands',
        axis: { of: 'weapon', label: 'Weapon' },
        entries: [
          {
            id: 'crossbow',
            bands: [
              { min: 1, max: 25, value: 0 },
              { min: 26, max: 55, value: 1 },
              { min: 56, max: 90, value: 2 },
            ],
          },
        ],
      }),
    ],
    resultSets: [FOOT_RESULTS, FIRE_FOOT_RESULTS],
    modifierLists: [
      modifierList({
        id: 'melee-shifts',
        label: 'Combat column shifts',
        context: 'attack',
        applies: 'column',
        terms: [
          {
            id: 'joint-attack',
            label: 'Joint attack on a foot defender',
            value: 1,
            when: 'size(attackers) > 1 && !defender.flags.mounted',
            rule: 'B.1.72',
          },
        ],
      }),
      modifierList({
        id: 'melee-drm',
        label: 'Combat DRM',
        context: 'attack',
        terms: [
          {
            id: 'armoured',
            label: 'Armoured defender',
            value: 1,
            when: 'defenders.all(d, d.flags.armoured)',
            rule: 'B.1.73',
          },
        ],
      }),
      modifierList({
        id: 'fire-drm',
        label: 'Fire DRM',
        context: 'fire',
        terms: [
          {
            id: 'range',
            label: 'Range',
            value: "rangeModifier('ranges', fire.weapon, range)",
            rule: 'T-CH-8',
          },
          {
            id: 'wounded-shooter',
            label: 'Wounded shooter',
            value: 1,
            when: "firer.status == 'wounded'",
            rule: 'T-CH-8',
          },
        ],
      }),
    ],
    resolutions: [
      {
        id: 'melee-vs-foot',
        label: 'Melee against foot',
        rule: 'B.1.7',
        kind: 'table',
        context: 'attack',
        table: 'crt-foot',
        attack: 'sum(attackers.map(a, a.ratings.attack))',
        defense: 'sum(defenders.map(d, d.ratings.defense))',
        columnShifts: ['melee-shifts'],
        rollModifiers: ['melee-drm'],
      },
      {
        id: 'fire-vs-foot',
        label: 'Missile fire against foot',
        kind: 'table',
        context: 'fire',
        table: 'fire-foot',
        column: 'target.hex.attributes.cover',
        rowScale: 'fire.weaponGroup',
        rollModifiers: ['fire-drm'],
      },
    ],
  })
}
