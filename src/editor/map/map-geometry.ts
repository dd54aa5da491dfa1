/**
 * One map's grid as the editor draws and picks it: hex ids (printed numbers) ↔ dense index ↔
 * centre in map units. Map units are the runtime's hex pixels at HEX_SIZE, with hex column 0,
 * row 0 centred on the origin and y down; the grid is never rotated in map units (an underlay
 * is transformed onto the grid instead), so picking is plain arithmetic.
 */
import type { Cube, Grid, GridIndex, GridSpec, NumberingScheme, Point } from '../../runtime'
import {
  checkGridSpec,
  checkSchemeFits,
  createGridIndex,
  cube,
  cubeToOffset,
  formatLabel,
  hexsideEndpoints,
  hexToPixel,
  inBounds,
  normalizeClock,
  pixelToHex,
  sideClockFromName,
  sideName,
} from '../../runtime'

/** Centre-to-corner distance of a hex in map units (= screen pixels at zoom 0). */
export const HEX_SIZE = 32

export interface Rect {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

export interface SidePick {
  hex: string
  side: string
  /** Distance from the point to the side's line, in map units. */
  distance: number
}

export function numberingOf(grid: Grid): NumberingScheme {
  const n = grid.numbering
  if (n.scheme === 'letter-row') return { scheme: 'letter-row', firstRow: n.firstRow ?? 1 }
  return {
    scheme: 'numeric',
    columnDigits: n.columnDigits,
    rowDigits: n.rowDigits,
    firstColumn: n.firstColumn ?? 1,
    firstRow: n.firstRow ?? 1,
  }
}

/** Why this grid cannot be drawn, in a designer's words, or null. */
export function gridProblem(grid: Grid | undefined): string | null {
  if (!grid || typeof grid !== 'object') return 'the map has no grid'
  const problem = checkGridSpec(grid)
  if (problem) return problem
  if (!grid.numbering || typeof grid.numbering !== 'object') return 'the grid has no numbering'
  return checkSchemeFits(numberingOf(grid), grid)
}

export class MapGeometry {
  readonly spec: GridSpec
  readonly numbering: NumberingScheme
  readonly index: GridIndex
  /** Printed id of each hex, by dense index (col + row · columns). */
  readonly ids: string[]
  /** Centres, x then y, by dense index. */
  readonly centers: Float64Array
  readonly bounds: Rect
  private readonly byId = new Map<string, number>()
  private readonly colStep: number
  private readonly rowStep: number

  constructor(
    grid: Grid,
    readonly size = HEX_SIZE,
  ) {
    this.spec = {
      orientation: grid.orientation,
      offset: grid.offset,
      columns: grid.columns,
      rows: grid.rows,
    }
    this.numbering = numberingOf(grid)
    this.index = createGridIndex(this.spec)
    const n = this.index.size
    this.ids = new Array<string>(n)
    this.centers = new Float64Array(n * 2)
    const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
    for (let i = 0; i < n; i++) {
      const col = i % grid.columns
      const row = (i - col) / grid.columns
      const id = formatLabel(this.numbering, { col, row })
      this.ids[i] = id
      this.byId.set(id, i)
      const p = hexToPixel(cube(this.index.q[i]!, this.index.r[i]!), size, grid.orientation)
      this.centers[2 * i] = p.x
      this.centers[2 * i + 1] = p.y
      b.minX = Math.min(b.minX, p.x - size)
      b.maxX = Math.max(b.maxX, p.x + size)
      b.minY = Math.min(b.minY, p.y - size)
      b.maxY = Math.max(b.maxY, p.y + size)
    }
    this.bounds = b
    const flat = grid.orientation === 'flat'
    this.colStep = flat ? 1.5 * size : Math.sqrt(3) * size
    this.rowStep = flat ? Math.sqrt(3) * size : 1.5 * size
  }

  get orientation(): GridSpec['orientation'] {
    return this.spec.orientation
  }

  indexOf(id: string): number {
    return this.byId.get(id) ?? -1
  }

  has(id: string): boolean {
    return this.byId.has(id)
  }

  cubeOf(i: number): Cube {
    return cube(this.index.q[i]!, this.index.r[i]!)
  }

  center(id: string): Point | undefined {
    const i = this.indexOf(id)
    return i < 0 ? undefined : { x: this.centers[2 * i]!, y: this.centers[2 * i + 1]! }
  }

  idOfCube(c: Cube): string | null {
    const o = cubeToOffset(c, this.spec)
    return inBounds(this.spec, o) ? (this.ids[o.col + o.row * this.spec.columns] ?? null) : null
  }

  /** The hex whose area holds the point, or null off the map. */
  hexAt(p: Point): string | null {
    return this.idOfCube(pixelToHex(p, this.size, this.orientation))
  }

  /**
   * The hexside nearest the point: the side of the hex under it whose outward normal is closest
   * in angle (for a regular hexagon that is the nearest edge). Off the map, the same side seen
   * from the hex across it, so the map's edge hexsides can be picked from outside.
   */
  sideAt(p: Point): SidePick | null {
    const c = pixelToHex(p, this.size, this.orientation)
    const centre = hexToPixel(c, this.size, this.orientation)
    const dx = p.x - centre.x
    const dy = p.y - centre.y
    const deg = ((Math.atan2(dx, -dy) * 180) / Math.PI + 360) % 360
    const offset = this.orientation === 'flat' ? 0 : 30
    const k = Math.round((deg - offset) / 60)
    const clock = normalizeClock(2 * k + (this.orientation === 'flat' ? 0 : 1))
    const angle = (clock * 30 * Math.PI) / 180
    const apothem = (Math.sqrt(3) / 2) * this.size
    const distance = Math.abs(apothem - (dx * Math.sin(angle) - dy * Math.cos(angle)))
    const here = this.idOfCube(c)
    if (here) return { hex: here, side: sideName(clock, this.orientation), distance }
    const across = this.neighborAcross(c, clock)
    if (!across) return null
    return { hex: across, side: sideName(clock + 6, this.orientation), distance }
  }

  private neighborAcross(c: Cube, clock: number): string | null {
    const [a, b] = hexsideEndpoints(c, clock, this.size, this.orientation)
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
    const centre = hexToPixel(c, this.size, this.orientation)
    return this.hexAt({ x: 2 * mid.x - centre.x, y: 2 * mid.y - centre.y })
  }

  /** Clock position of a side name on this grid, or null when the name is not a side here. */
  sideClock(side: string): number | null {
    const r = sideClockFromName(side, this.orientation)
    return r.ok ? r.clock : null
  }

  /** The two ends of a hexside in map units. */
  sideEnds(id: string, side: string): [Point, Point] | null {
    const i = this.indexOf(id)
    const clock = this.sideClock(side)
    if (i < 0 || clock === null) return null
    return hexsideEndpoints(this.cubeOf(i), clock, this.size, this.orientation)
  }

  sideMid(id: string, side: string): Point | null {
    const ends = this.sideEnds(id, side)
    if (!ends) return null
    return { x: (ends[0].x + ends[1].x) / 2, y: (ends[0].y + ends[1].y) / 2 }
  }

  /** The hex across a side (null off the map) and the side's name seen from there. */
  across(id: string, side: string): { hex: string; side: string } | null {
    const i = this.indexOf(id)
    const clock = this.sideClock(side)
    if (i < 0 || clock === null) return null
    const other = this.neighborAcross(this.cubeOf(i), clock)
    return other ? { hex: other, side: sideName(clock + 6, this.orientation) } : null
  }

  /** Dense indices of the six (or fewer, at the edge) neighbours. */
  neighbors(i: number): number[] {
    const out: number[] = []
    for (let k = 0; k < 6; k++) {
      const n = this.index.neighbors[i * 6 + k]!
      if (n >= 0) out.push(n)
    }
    return out
  }

  /** Ids of the hexes within `radius` of a hex, on the map. */
  within(id: string, radius: number): string[] {
    const i = this.indexOf(id)
    if (i < 0) return []
    const seen = new Set([i])
    let ring = [i]
    for (let k = 0; k < radius; k++) {
      const next: number[] = []
      for (const h of ring)
        for (const n of this.neighbors(h))
          if (!seen.has(n)) {
            seen.add(n)
            next.push(n)
          }
      ring = next
    }
    return [...seen].map((n) => this.ids[n]!)
  }

  /** Indices of hexes that may overlap the rectangle grown by `margin` (a superset, cheap). */
  indicesInRect(r: Rect, margin = this.size): number[] {
    const { columns, rows } = this.spec
    const xStep = this.colStep
    const yStep = this.rowStep
    const c0 = Math.max(0, Math.floor((r.minX - margin) / xStep) - 1)
    const c1 = Math.min(columns - 1, Math.ceil((r.maxX + margin) / xStep) + 1)
    const r0 = Math.max(0, Math.floor((r.minY - margin) / yStep) - 1)
    const r1 = Math.min(rows - 1, Math.ceil((r.maxY + margin) / yStep) + 1)
    const out: number[] = []
    for (let row = r0; row <= r1; row++)
      for (let col = c0; col <= c1; col++) out.push(col + row * columns)
    return out
  }

  /** Bounding box of a hex in map units. */
  hexRect(i: number): Rect {
    const x = this.centers[2 * i]!
    const y = this.centers[2 * i + 1]!
    return { minX: x - this.size, minY: y - this.size, maxX: x + this.size, maxY: y + this.size }
  }
}
