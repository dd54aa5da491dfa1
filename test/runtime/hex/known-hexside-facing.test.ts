/**
 * Hand-worked hexside facing (Croisades, content/rulesets/croisades-tactical.json) for all
 * six sides of both orientations: the bearing and sector of each of the six neighbours.
 * Compass conventions and neighbour vectors are in facing-by-hand.ts; nothing here uses the
 * runtime's clock arithmetic to build an expected value.
 *
 * A counter faces a side. The runtime has no built-in hexside classification:
 * sectorOfDirection measures the bearing of the side (or corner) the line leaves through,
 * relative to the faced side, and looks it up in the ruleset's table. With the Croisades
 * table the hex across the faced side is dead ahead (0°) and front; the hexes across the
 * two sides either side of it (±60°) are also front, so the three hexes in front of the
 * counter are front; the next side on each hand (±120°) is flank; the hex across the
 * opposite side (180°) is rear. Lines along hexspines (through a corner, ±30°, ±90°,
 * ±150°) are front, flank and rear respectively.
 */
import { describe, expect, it } from 'vitest'
import type { Cube, Orientation, SectorTable } from '../../../src/runtime/hex'
import croisadesRules from '../../../content/rulesets/croisades-tactical.json'
import {
  cube,
  cubeAdd,
  cubeScale,
  relativeBearing,
  sectorOfDirection,
} from '../../../src/runtime/hex'
import {
  BY_BEARING,
  CORNER_CLOCK,
  HOME,
  ORIENTATIONS,
  SIDE_CLOCK,
  STEP,
  asTable,
} from './facing-by-hand'

/** croisades-tactical.json board.facing.sectors (hexside mode). */
const CROISADES_SECTORS: SectorTable = {
  '0': 'front',
  '30': 'front',
  '-30': 'front',
  '60': 'front',
  '-60': 'front',
  '90': 'flank',
  '-90': 'flank',
  '120': 'flank',
  '-120': 'flank',
  '150': 'rear',
  '-150': 'rear',
  '180': 'rear',
}

/** Faced side → neighbour side → hand-worked relative bearing. */
const HEXSIDE_BEARING: Record<Orientation, Record<string, Record<string, number>>> = {
  flat: {
    N: { N: 0, NE: 60, SE: 120, S: 180, SW: -120, NW: -60 },
    NE: { NE: 0, SE: 60, S: 120, SW: 180, NW: -120, N: -60 },
    SE: { SE: 0, S: 60, SW: 120, NW: 180, N: -120, NE: -60 },
    S: { S: 0, SW: 60, NW: 120, N: 180, NE: -120, SE: -60 },
    SW: { SW: 0, NW: 60, N: 120, NE: 180, SE: -120, S: -60 },
    NW: { NW: 0, N: 60, NE: 120, SE: 180, S: -120, SW: -60 },
  },
  pointy: {
    NE: { NE: 0, E: 60, SE: 120, SW: 180, W: -120, NW: -60 },
    E: { E: 0, SE: 60, SW: 120, W: 180, NW: -120, NE: -60 },
    SE: { SE: 0, SW: 60, W: 120, NW: 180, NE: -120, E: -60 },
    SW: { SW: 0, W: 60, NW: 120, NE: 180, E: -120, SE: -60 },
    W: { W: 0, NW: 60, NE: 120, E: 180, SE: -120, SW: -60 },
    NW: { NW: 0, NE: 60, E: 120, SE: 180, SW: -120, W: -60 },
  },
}

/** Faced side → neighbour side → Croisades sector. */
const HEXSIDE: Record<Orientation, Record<string, Record<string, string>>> = {
  flat: {
    N: { N: 'front', NE: 'front', SE: 'flank', S: 'rear', SW: 'flank', NW: 'front' },
    NE: { NE: 'front', SE: 'front', S: 'flank', SW: 'rear', NW: 'flank', N: 'front' },
    SE: { SE: 'front', S: 'front', SW: 'flank', NW: 'rear', N: 'flank', NE: 'front' },
    S: { S: 'front', SW: 'front', NW: 'flank', N: 'rear', NE: 'flank', SE: 'front' },
    SW: { SW: 'front', NW: 'front', N: 'flank', NE: 'rear', SE: 'flank', S: 'front' },
    NW: { NW: 'front', N: 'front', NE: 'flank', SE: 'rear', S: 'flank', SW: 'front' },
  },
  pointy: {
    NE: { NE: 'front', E: 'front', SE: 'flank', SW: 'rear', W: 'flank', NW: 'front' },
    E: { E: 'front', SE: 'front', SW: 'flank', W: 'rear', NW: 'flank', NE: 'front' },
    SE: { SE: 'front', SW: 'front', W: 'flank', NW: 'rear', NE: 'flank', E: 'front' },
    SW: { SW: 'front', W: 'front', NW: 'flank', NE: 'rear', E: 'flank', SE: 'front' },
    W: { W: 'front', NW: 'front', NE: 'flank', E: 'rear', SE: 'flank', SW: 'front' },
    NW: { NW: 'front', NE: 'front', E: 'flank', SE: 'rear', SW: 'flank', W: 'front' },
  },
}

describe('the Croisades sector table used here', () => {
  it('is the one croisades-tactical.json declares', () => {
    expect(croisadesRules.board.facing.mode).toBe('hexside')
    expect(asTable(croisadesRules.board.facing.sectors)).toEqual(CROISADES_SECTORS)
  })
})

describe('hexside facing (Croisades): all six facings, both orientations', () => {
  for (const o of ORIENTATIONS) {
    for (const [faced, table] of Object.entries(HEXSIDE[o])) {
      it(`${o}-top facing the ${faced} side`, () => {
        const facing = SIDE_CLOCK[o][faced]!
        expect(Object.keys(table).sort()).toEqual(Object.keys(SIDE_CLOCK[o]).sort())
        for (const [side, sector] of Object.entries(table)) {
          const bearing = HEXSIDE_BEARING[o][faced]![side]!
          const why = `${o} facing ${faced}, neighbour ${side}`
          expect(relativeBearing(facing, SIDE_CLOCK[o][side]!), why).toBe(bearing)
          for (const k of [1, 4]) {
            const target = cubeAdd(HOME, cubeScale(STEP[o][side]!, k))
            expect(sectorOfDirection(facing, HOME, target, o, BY_BEARING), why).toBe(
              String(bearing),
            )
            expect(sectorOfDirection(facing, HOME, target, o, CROISADES_SECTORS), why).toBe(sector)
          }
        }
        // Three front, two flank, one rear; the front one dead ahead is the faced side.
        const sectors = Object.values(table).sort()
        expect(sectors).toEqual(['flank', 'flank', 'front', 'front', 'front', 'rear'])
        expect(table[faced]).toBe('front')
      })
    }
  }

  // Lines leaving through a corner run along a hexspine, at an odd multiple of 30°.
  // Corner vectors are the sums of the two neighbour vectors either side of the corner, e.g.
  // flat NE corner = N + NE = (1, −2).
  const CORNERS: [Orientation, string, Record<string, [Cube, number, string]>][] = [
    [
      'flat',
      'N',
      {
        NE: [cube(1, -2), 30, 'front'],
        E: [cube(2, -1), 90, 'flank'],
        SE: [cube(1, 1), 150, 'rear'],
        SW: [cube(-1, 2), -150, 'rear'],
        W: [cube(-2, 1), -90, 'flank'],
        NW: [cube(-1, -1), -30, 'front'],
      },
    ],
    [
      'pointy',
      'E',
      {
        N: [cube(1, -2), -90, 'flank'],
        NE: [cube(2, -1), -30, 'front'],
        SE: [cube(1, 1), 30, 'front'],
        S: [cube(-1, 2), 90, 'flank'],
        SW: [cube(-2, 1), 150, 'rear'],
        NW: [cube(-1, -1), -150, 'rear'],
      },
    ],
  ]
  for (const [o, faced, corners] of CORNERS) {
    it(`${o}-top facing the ${faced} side: lines along the six hexspines`, () => {
      const facing = SIDE_CLOCK[o][faced]!
      for (const [corner, [v, bearing, sector]] of Object.entries(corners)) {
        const why = `${o} facing ${faced}, corner ${corner}`
        expect(relativeBearing(facing, CORNER_CLOCK[o][corner]!), why).toBe(bearing)
        const target = cubeAdd(HOME, cubeScale(v, 3))
        expect(sectorOfDirection(facing, HOME, target, o, BY_BEARING), why).toBe(String(bearing))
        expect(sectorOfDirection(facing, HOME, target, o, CROISADES_SECTORS), why).toBe(sector)
      }
    })
  }
})
