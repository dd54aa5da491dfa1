/**
 * Hex coordinates. Cube coordinates are the working representation; offset coordinates
 * (0-based column/row) only exist to talk to maps, labels and dense arrays.
 * Algorithms follow Red Blob Games, https://www.redblobgames.com/grids/hexagons/.
 */

/** Cube coordinates; always q + r + s = 0. */
export interface Cube {
  readonly q: number
  readonly r: number
  readonly s: number
}

/** A point in cube space that need not be a hex centre (lerp, pixel → hex). */
export interface FractionalCube {
  readonly q: number
  readonly r: number
  readonly s: number
}

/** 0-based column and row as stored in map arrays; labels are a separate concern. */
export interface Offset {
  readonly col: number
  readonly row: number
}

export type Orientation = 'flat' | 'pointy'

/**
 * Which 0-based columns (flat-top) or rows (pointy-top) are shoved half a hex
 * down (flat) or right (pointy): Red Blob's odd-q / even-q / odd-r / even-r.
 */
export type OffsetParity = 'odd' | 'even'

export interface GridSpec {
  readonly orientation: Orientation
  readonly offset: OffsetParity
  readonly columns: number
  readonly rows: number
}

/** The part of a grid that offset ↔ cube conversion needs. */
export type OffsetLayout = Pick<GridSpec, 'orientation' | 'offset'>

export const ORIENTATIONS: readonly Orientation[] = ['flat', 'pointy']
export const OFFSET_PARITIES: readonly OffsetParity[] = ['odd', 'even']

// Adding +0 turns -0 into 0: Vitest's toEqual and Object.is tell them apart, and a
// stray -0 would make equal hexes compare unequal in snapshots and deep equality.
export function cube(q: number, r: number): Cube {
  return { q: q + 0, r: r + 0, s: 0 - q - r }
}

export function cubeAdd(a: Cube, b: Cube): Cube {
  return cube(a.q + b.q, a.r + b.r)
}

export function cubeSub(a: Cube, b: Cube): Cube {
  return cube(a.q - b.q, a.r - b.r)
}

export function cubeScale(a: Cube, k: number): Cube {
  return cube(a.q * k, a.r * k)
}

export function cubeNegate(a: Cube): Cube {
  return cube(-a.q, -a.r)
}

export function cubeEquals(a: Cube, b: Cube): boolean {
  return a.q === b.q && a.r === b.r
}

/** Stable string key ("q,r"); s is implied. */
export function cubeKey(c: Cube): string {
  return `${c.q},${c.r}`
}

/** True when the value has integer q, r, s summing to zero. */
export function isCube(c: FractionalCube): boolean {
  return (
    Number.isInteger(c.q) && Number.isInteger(c.r) && Number.isInteger(c.s) && c.q + c.r + c.s === 0
  )
}

export function cubeLerp(a: FractionalCube, b: FractionalCube, t: number): FractionalCube {
  return { q: a.q + (b.q - a.q) * t, r: a.r + (b.r - a.r) * t, s: a.s + (b.s - a.s) * t }
}

/** Nearest hex to a fractional cube point (Red Blob: round, then repair the worst axis). */
export function cubeRound(f: FractionalCube): Cube {
  let q = Math.round(f.q)
  let r = Math.round(f.r)
  const s = Math.round(f.s)
  const dq = Math.abs(q - f.q)
  const dr = Math.abs(r - f.r)
  const ds = Math.abs(s - f.s)
  if (dq > dr && dq > ds) q = -r - s
  else if (dr > ds) r = -q - s
  return cube(q, r)
}

/**
 * The skew between offset and axial coordinates at column n (flat-top) or row n
 * (pointy-top): it grows by one every two columns/rows, first at a shoved one.
 */
export function offsetShift(n: number, parity: OffsetParity): number {
  return parity === 'odd' ? (n - (n & 1)) / 2 : (n + (n & 1)) / 2
}

/** Offset (0-based col, row) → cube, for all four Red Blob offset layouts. */
export function offsetToCube(o: Offset, layout: OffsetLayout): Cube {
  if (layout.orientation === 'flat') return cube(o.col, o.row - offsetShift(o.col, layout.offset))
  return cube(o.col - offsetShift(o.row, layout.offset), o.row)
}

/** Cube → offset (0-based col, row); the inverse of offsetToCube. */
export function cubeToOffset(c: Cube, layout: OffsetLayout): Offset {
  if (layout.orientation === 'flat')
    return { col: c.q + 0, row: c.r + offsetShift(c.q, layout.offset) + 0 }
  return { col: c.q + offsetShift(c.r, layout.offset) + 0, row: c.r + 0 }
}

/** A designer-readable problem with the grid's shape, or null when it is usable. */
export function checkGridSpec(grid: GridSpec): string | null {
  if (grid.orientation !== 'flat' && grid.orientation !== 'pointy') {
    return `orientation must be "flat" or "pointy", not ${JSON.stringify(grid.orientation)}`
  }
  if (grid.offset !== 'odd' && grid.offset !== 'even') {
    return `offset must be "odd" or "even", not ${JSON.stringify(grid.offset)}`
  }
  for (const key of ['columns', 'rows'] as const) {
    const n = grid[key]
    if (!Number.isInteger(n) || n < 1)
      return `${key} must be a whole number of at least 1, not ${n}`
  }
  return null
}
