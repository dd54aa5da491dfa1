/** Distances, rings, areas and the dense per-grid index used by path search. */
import type { Cube, GridSpec, Offset } from './coords'
import { checkGridSpec, cube, cubeToOffset, offsetShift, offsetToCube } from './coords'
import { directionAtClock, sideClock } from './directions'

export function distance(a: Cube, b: Cube): number {
  return (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.s - b.s)) / 2
}

/**
 * The 6·radius hexes at exactly `radius` from the centre, clockwise, starting with the
 * hex straight along −r (north on a flat-top map, north-west on a pointy-top map).
 */
export function ring(center: Cube, radius: number): Cube[] {
  if (!Number.isInteger(radius) || radius < 0) return []
  if (radius === 0) return [center]
  const out: Cube[] = []
  // Clock 0 is −r in the flat numbering of directions; the walk along each edge of the
  // ring runs two directions (120°) further round.
  const start = directionAtClock(0)
  let q = center.q + start.q * radius
  let r = center.r + start.r * radius
  for (let edge = 0; edge < 6; edge++) {
    const step = directionAtClock(2 * edge + 4)
    for (let i = 0; i < radius; i++) {
      out.push(cube(q, r))
      q += step.q
      r += step.r
    }
  }
  return out
}

/** All 3r(r+1)+1 hexes within `radius`, in spiral order: centre, then ring 1, ring 2, … */
export function hexesWithin(center: Cube, radius: number): Cube[] {
  if (!Number.isInteger(radius) || radius < 0) return []
  const out: Cube[] = []
  for (let k = 0; k <= radius; k++) for (const h of ring(center, k)) out.push(h)
  return out
}

export function inBounds(grid: GridSpec, o: Offset): boolean {
  return (
    Number.isInteger(o.col) &&
    Number.isInteger(o.row) &&
    o.col >= 0 &&
    o.row >= 0 &&
    o.col < grid.columns &&
    o.row < grid.rows
  )
}

export function cubeInBounds(grid: GridSpec, c: Cube): boolean {
  return inBounds(grid, cubeToOffset(c, grid))
}

/** Every hex of the grid, in dense index order (col + row · columns). */
export function allHexes(grid: GridSpec): Cube[] {
  const out: Cube[] = []
  for (let row = 0; row < grid.rows; row++) {
    for (let col = 0; col < grid.columns; col++) out.push(offsetToCube({ col, row }, grid))
  }
  return out
}

/**
 * Precomputed dense arrays for one grid. Typed arrays survive structured clone, so an
 * index built on the main thread can be posted to a worker as is.
 */
export interface GridIndex {
  readonly grid: GridSpec
  /** columns · rows. */
  readonly size: number
  /** q and r of the hex at each dense index (col + row · columns). */
  readonly q: Int32Array
  readonly r: Int32Array
  /**
   * neighbors[i · 6 + k] = dense index of the neighbour across side index k
   * (clockwise from the most northern side of grid.orientation), or −1 off the map.
   */
  readonly neighbors: Int32Array
}

export function denseIndex(grid: GridSpec, o: Offset): number {
  return inBounds(grid, o) ? o.col + o.row * grid.columns : -1
}

/** Dense index of the hex at axial (q, r), or −1 off the map; allocates nothing. */
export function denseIndexOfAxial(grid: GridSpec, q: number, r: number): number {
  let col = q
  let row = r
  if (grid.orientation === 'flat') row += offsetShift(q, grid.offset)
  else col += offsetShift(r, grid.offset)
  return col >= 0 && row >= 0 && col < grid.columns && row < grid.rows
    ? col + row * grid.columns
    : -1
}

export function createGridIndex(grid: GridSpec): GridIndex {
  const problem = checkGridSpec(grid)
  if (problem !== null) throw new RangeError(`cannot index grid: ${problem}`)
  const size = grid.columns * grid.rows
  const q = new Int32Array(size)
  const r = new Int32Array(size)
  const neighbors = new Int32Array(size * 6)
  const stepQ = new Int32Array(6)
  const stepR = new Int32Array(6)
  for (let k = 0; k < 6; k++) {
    const step = directionAtClock(sideClock(k, grid.orientation))
    stepQ[k] = step.q
    stepR[k] = step.r
  }
  for (let i = 0; i < size; i++) {
    const col = i % grid.columns
    const row = (i - col) / grid.columns
    const hq = grid.orientation === 'flat' ? col : col - offsetShift(row, grid.offset)
    const hr = grid.orientation === 'flat' ? row - offsetShift(col, grid.offset) : row
    q[i] = hq
    r[i] = hr
    for (let k = 0; k < 6; k++) {
      neighbors[i * 6 + k] = denseIndexOfAxial(
        grid,
        hq + (stepQ[k] as number),
        hr + (stepR[k] as number),
      )
    }
  }
  return { grid, size, q, r, neighbors }
}

/** Dense index of a hex, or −1 when it is off the map. */
export function indexOfCube(index: GridIndex, c: Cube): number {
  return denseIndexOfAxial(index.grid, c.q, c.r)
}

export function cubeAtIndex(index: GridIndex, i: number): Cube {
  if (!Number.isInteger(i) || i < 0 || i >= index.size)
    throw new RangeError(`hex index ${i} is outside 0..${index.size - 1}`)
  return cube(index.q[i] as number, index.r[i] as number)
}

/** Neighbour indices in side order for the grid's orientation; −1 off the map. */
export function neighborIndices(index: GridIndex, i: number): Int32Array {
  return index.neighbors.subarray(i * 6, i * 6 + 6)
}
