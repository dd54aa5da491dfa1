/**
 * Hand-worked compass facts shared by the known-value facing tests. Written out from the
 * geometry, not computed with the runtime's clock arithmetic:
 *
 * - Compass: clock 0 is north, one step is 30° clockwise. A flat-top hex has sides N, NE,
 *   SE, S, SW, NW (clockwise) and corners NE, E, SE, SW, W, NW, the corner named after a
 *   side lying just clockwise of it (corner NE between sides N and NE, …). A pointy-top hex
 *   has sides NE, E, SE, SW, W, NW and corners N, NE, SE, S, SW, NW, the corner named after
 *   a side lying just anticlockwise of it (corner N between sides NW and NE, corner NE
 *   between NE and E, …). Sides and corners alternate round the hex 30° apart.
 * - Neighbour vectors are Red Blob Games' axial directions: flat-top (+q is SE, +r is S)
 *   N (0,−1), NE (+1,−1), SE (+1,0), S (0,+1), SW (−1,+1), NW (−1,0); pointy-top (+q is E,
 *   +r is SE) NE (+1,−1), E (+1,0), SE (0,+1), SW (−1,+1), W (−1,0), NW (0,−1).
 * - Relative bearing of a neighbour = angle from the faced corner/side to that side,
 *   clockwise positive ("right"), in (−180, 180].
 */
import type { Cube, Orientation, SectorTable } from '../../../src/runtime/hex'
import { cube } from '../../../src/runtime/hex'

export const ORIENTATIONS: Orientation[] = ['flat', 'pointy']

/** Away from the origin, so nothing depends on the counter standing at (0, 0). */
export const HOME = cube(4, -7)

/** A ruleset sector list as the board turns it into a table (keyed by String(bearing)). */
export function asTable(sectors: { bearing: number; sector: string }[]): SectorTable {
  return Object.fromEntries(sectors.map((s) => [String(s.bearing), s.sector]))
}

/** Axial neighbour vectors by side name (Red Blob). */
export const STEP: Record<Orientation, Record<string, Cube>> = {
  flat: {
    N: cube(0, -1),
    NE: cube(1, -1),
    SE: cube(1, 0),
    S: cube(0, 1),
    SW: cube(-1, 1),
    NW: cube(-1, 0),
  },
  pointy: {
    NE: cube(1, -1),
    E: cube(1, 0),
    SE: cube(0, 1),
    SW: cube(-1, 1),
    W: cube(-1, 0),
    NW: cube(0, -1),
  },
}

/** Clock positions of sides and corners by name (north = 0, 30° a step). */
export const SIDE_CLOCK: Record<Orientation, Record<string, number>> = {
  flat: { N: 0, NE: 2, SE: 4, S: 6, SW: 8, NW: 10 },
  pointy: { NE: 1, E: 3, SE: 5, SW: 7, W: 9, NW: 11 },
}
export const CORNER_CLOCK: Record<Orientation, Record<string, number>> = {
  flat: { NE: 1, E: 3, SE: 5, SW: 7, W: 9, NW: 11 },
  pointy: { N: 0, NE: 2, SE: 4, S: 6, SW: 8, NW: 10 },
}

/** A table naming every bearing after itself, to read back the bearing sectorOfDirection used. */
export const BY_BEARING: SectorTable = Object.fromEntries(
  [0, 30, 60, 90, 120, 150, 180, -150, -120, -90, -60, -30].map((b) => [String(b), String(b)]),
)
