/**
 * Hand-worked vertex facing (Men of Iron 8.0) for all six corners of both orientations: the
 * sector and hand of each of the six neighbours. Compass conventions and neighbour vectors
 * are in facing-by-hand.ts; nothing here uses the runtime's clock arithmetic to build an
 * expected value.
 *
 * A counter faces a corner. The two sides touching that corner (±30°) are front, the next
 * side round on each hand (±90°) is flank, the two far sides (±150°) are rear. So walking
 * clockwise round the hex from the faced corner: front R, flank R, rear R, rear L, flank L,
 * front L (R = clockwise of the faced corner = the counter's right, positive bearing).
 * MoI names the sectors by bearing in content/rulesets/men-of-iron-system.json
 * board.facing.sectors: 90 is "right-flank", −90 "left-flank", ±30 "front", ±150 "rear".
 */
import { describe, expect, it } from 'vitest'
import type { Orientation, SectorTable } from '../../../src/runtime/hex'
import moiRules from '../../../content/rulesets/men-of-iron-system.json'
import {
  classifyVertexFacing,
  cubeAdd,
  cubeScale,
  relativeBearing,
  sectorOfDirection,
  sideClockFromName,
  sideToward,
  vertexClockFromName,
} from '../../../src/runtime/hex'
import { CORNER_CLOCK, HOME, ORIENTATIONS, SIDE_CLOCK, STEP, asTable } from './facing-by-hand'

type Vertex = 'front L' | 'front R' | 'flank L' | 'flank R' | 'rear L' | 'rear R'

/** Faced corner → neighbour side → sector and hand. */
const VERTEX: Record<Orientation, Record<string, Record<string, Vertex>>> = {
  flat: {
    NE: { N: 'front L', NE: 'front R', SE: 'flank R', S: 'rear R', SW: 'rear L', NW: 'flank L' },
    E: { NE: 'front L', SE: 'front R', S: 'flank R', SW: 'rear R', NW: 'rear L', N: 'flank L' },
    SE: { SE: 'front L', S: 'front R', SW: 'flank R', NW: 'rear R', N: 'rear L', NE: 'flank L' },
    SW: { S: 'front L', SW: 'front R', NW: 'flank R', N: 'rear R', NE: 'rear L', SE: 'flank L' },
    W: { SW: 'front L', NW: 'front R', N: 'flank R', NE: 'rear R', SE: 'rear L', S: 'flank L' },
    NW: { NW: 'front L', N: 'front R', NE: 'flank R', SE: 'rear R', S: 'rear L', SW: 'flank L' },
  },
  pointy: {
    N: { NW: 'front L', NE: 'front R', E: 'flank R', SE: 'rear R', SW: 'rear L', W: 'flank L' },
    NE: { NE: 'front L', E: 'front R', SE: 'flank R', SW: 'rear R', W: 'rear L', NW: 'flank L' },
    SE: { E: 'front L', SE: 'front R', SW: 'flank R', W: 'rear R', NW: 'rear L', NE: 'flank L' },
    S: { SE: 'front L', SW: 'front R', W: 'flank R', NW: 'rear R', NE: 'rear L', E: 'flank L' },
    SW: { SW: 'front L', W: 'front R', NW: 'flank R', NE: 'rear R', E: 'rear L', SE: 'flank L' },
    NW: { W: 'front L', NW: 'front R', NE: 'flank R', E: 'rear R', SE: 'rear L', SW: 'flank L' },
  },
}

/** What each hand-worked vertex class means: bearing, and MoI's sector name for it. */
const VERTEX_MEANING: Record<Vertex, { bearing: number; moi: string }> = {
  'front L': { bearing: -30, moi: 'front' },
  'front R': { bearing: 30, moi: 'front' },
  'flank L': { bearing: -90, moi: 'left-flank' },
  'flank R': { bearing: 90, moi: 'right-flank' },
  'rear L': { bearing: -150, moi: 'rear' },
  'rear R': { bearing: 150, moi: 'rear' },
}

/** men-of-iron-system.json board.facing.sectors, as the board turns it into a table. */
const MOI_SECTORS: SectorTable = {
  '0': 'front',
  '30': 'front',
  '-30': 'front',
  '60': 'front',
  '-60': 'front',
  '90': 'right-flank',
  '-90': 'left-flank',
  '120': 'rear',
  '-120': 'rear',
  '150': 'rear',
  '-150': 'rear',
  '180': 'rear',
}

describe('compass names, by hand', () => {
  for (const o of ORIENTATIONS) {
    it(`${o}-top: side and corner names sit at the hand-worked clock positions`, () => {
      for (const [name, clock] of Object.entries(SIDE_CLOCK[o])) {
        expect(sideClockFromName(name, o)).toEqual({ ok: true, clock })
        const side = sideToward(HOME, cubeAdd(HOME, STEP[o][name]!), o)
        expect(side).toMatchObject({ clock, name })
      }
      for (const [name, clock] of Object.entries(CORNER_CLOCK[o]))
        expect(vertexClockFromName(name, o)).toEqual({ ok: true, clock })
    })
  }
})

describe('the MoI sector table used here', () => {
  it('is the one men-of-iron-system.json declares', () => {
    expect(moiRules.board.facing.mode).toBe('vertex')
    expect(asTable(moiRules.board.facing.sectors)).toEqual(MOI_SECTORS)
  })
})

describe('vertex facing (Men of Iron 8.0): all six facings, both orientations', () => {
  for (const o of ORIENTATIONS) {
    for (const [corner, table] of Object.entries(VERTEX[o])) {
      it(`${o}-top facing the ${corner} corner`, () => {
        const facing = CORNER_CLOCK[o][corner]!
        expect(Object.keys(table).sort()).toEqual(Object.keys(SIDE_CLOCK[o]).sort())
        for (const [side, expected] of Object.entries(table)) {
          const sideClock = SIDE_CLOCK[o][side]!
          const [sector, hand] = expected.split(' ')
          const { bearing, moi } = VERTEX_MEANING[expected]
          const why = `${o} facing ${corner}, neighbour ${side}`
          expect(classifyVertexFacing(facing, sideClock), why).toEqual({
            sector,
            hand: hand === 'L' ? 'left' : 'right',
          })
          expect(relativeBearing(facing, sideClock), why).toBe(bearing)
          // Through the board's sector lookup, to the neighbour and further along the same line.
          for (const k of [1, 4]) {
            const target = cubeAdd(HOME, cubeScale(STEP[o][side]!, k))
            expect(sectorOfDirection(facing, HOME, target, o, MOI_SECTORS), why).toBe(moi)
          }
        }
      })
    }
  }
})
