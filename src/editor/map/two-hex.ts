/**
 * Where a counter that fills two hexes (a rider) lies on a map's grid, from its front hex and
 * heading, worked out by the runtime's hex geometry: the rear hex is the front's neighbour on
 * the side opposite the heading. Pure, on hex labels as the map prints them, so the scenario
 * editor can ask before any game is loaded.
 */
import type { Cube, Grid, GridSpec } from '../../runtime'
import { cubeToOffset, formatLabel, hex, inBounds } from '../../runtime'
import { numberingOf } from './map-geometry'

function specOf(grid: Grid): GridSpec {
  return {
    orientation: grid.orientation,
    offset: grid.offset,
    columns: grid.columns,
    rows: grid.rows,
  }
}

/** The cube of a hex label of this grid, or null when it is not a hex of the map. */
export function cubeOfLabel(grid: Grid, label: string): Cube | null {
  const spec = specOf(grid)
  const parsed = hex.parseLabel(numberingOf(grid), label, spec)
  return parsed.ok ? hex.offsetToCube(parsed.offset, spec) : null
}

/** The label of a cube, or null when it is off the map. */
export function labelOfCube(grid: Grid, c: Cube): string | null {
  const spec = specOf(grid)
  const o = cubeToOffset(c, spec)
  return inBounds(spec, o) ? formatLabel(numberingOf(grid), o) : null
}

/**
 * The rear hex of a two-hex counter with its front in `front` and heading `heading` (a side's
 * clock position, rear → front): null when it is off the map, undefined when `front` is not a
 * hex of the map.
 */
export function rearHexOf(grid: Grid, front: string, heading: number): string | null | undefined {
  const c = cubeOfLabel(grid, front)
  return c ? labelOfCube(grid, hex.neighborAtClock(c, heading + 6)) : undefined
}

/**
 * The hex `label` lands on when the hex `from` is carried to `to` (a counter dragged by one of
 * its hexes): null off the map.
 */
export function carried(grid: Grid, label: string, from: string, to: string): string | null {
  const [c, a, b] = [label, from, to].map((l) => cubeOfLabel(grid, l))
  if (!c || !a || !b) return null
  return labelOfCube(grid, hex.cubeAdd(c, hex.cubeSub(b, a)))
}
