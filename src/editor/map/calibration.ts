/**
 * Underlay calibration: where the grid sits on a scanned map. The image is drawn in map units
 * through the inverse of the grid → image transform, so the grid and the scan stay aligned at
 * every zoom (Leaflet only ever scales map units).
 *
 *   image = origin + R(rotation) · diag(k, k · aspect) · grid,   k = hexSize / HEX_SIZE
 *
 * where `grid` is a point in map units (hex column 0, row 0 centred on 0,0).
 */
import type { Point, Underlay } from '../../runtime'
import { HEX_SIZE } from './map-geometry'

export type Calibration = Underlay['calibration']

/** Canvas-style affine matrix: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export interface Affine {
  a: number
  b: number
  c: number
  d: number
  e: number
  f: number
}

export function gridToImage(cal: Calibration, mapHexSize = HEX_SIZE): Affine {
  const k = cal.hexSize / mapHexSize
  const aspect = cal.aspect ?? 1
  const t = ((cal.rotation ?? 0) * Math.PI) / 180
  const cos = Math.cos(t)
  const sin = Math.sin(t)
  return {
    a: cos * k,
    b: sin * k,
    c: -sin * k * aspect,
    d: cos * k * aspect,
    e: cal.origin.x,
    f: cal.origin.y,
  }
}

export function invert(m: Affine): Affine {
  const det = m.a * m.d - m.b * m.c
  if (det === 0 || !Number.isFinite(det)) throw new RangeError('the calibration has no size')
  return {
    a: m.d / det,
    b: -m.b / det,
    c: -m.c / det,
    d: m.a / det,
    e: (m.c * m.f - m.d * m.e) / det,
    f: (m.b * m.e - m.a * m.f) / det,
  }
}

export function apply(m: Affine, p: Point): Point {
  return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f }
}

export function imageToGrid(cal: Calibration, mapHexSize = HEX_SIZE): Affine {
  return invert(gridToImage(cal, mapHexSize))
}

/**
 * The calibration that puts two hex centres (in map units) on two points of the image, keeping
 * the aspect. Rotation comes out in degrees within −180…180, as the schema wants.
 */
export function solveTwoHexes(
  grid1: Point,
  image1: Point,
  grid2: Point,
  image2: Point,
  aspect = 1,
  mapHexSize = HEX_SIZE,
): Pick<Calibration, 'origin' | 'hexSize' | 'rotation' | 'aspect'> {
  // Stretch the grid vertically first: what is left is a rotation and a uniform scale.
  const g1 = { x: grid1.x, y: grid1.y * aspect }
  const g2 = { x: grid2.x, y: grid2.y * aspect }
  const dg = { x: g2.x - g1.x, y: g2.y - g1.y }
  const di = { x: image2.x - image1.x, y: image2.y - image1.y }
  const lg = Math.hypot(dg.x, dg.y)
  const li = Math.hypot(di.x, di.y)
  if (lg === 0 || li === 0)
    throw new RangeError('pick two different hexes and two different points')
  const k = li / lg
  let rotation = ((Math.atan2(di.y, di.x) - Math.atan2(dg.y, dg.x)) * 180) / Math.PI
  rotation = ((((rotation + 180) % 360) + 360) % 360) - 180
  const t = (rotation * Math.PI) / 180
  const origin = {
    x: image1.x - k * (Math.cos(t) * g1.x - Math.sin(t) * g1.y),
    y: image1.y - k * (Math.sin(t) * g1.x + Math.cos(t) * g1.y),
  }
  const round = (n: number) => Math.round(n * 1000) / 1000
  return {
    origin: { x: round(origin.x), y: round(origin.y) },
    hexSize: round(k * mapHexSize),
    rotation: round(rotation),
    aspect,
  }
}

/** A first guess for a freshly imported image: the grid's bounds fitted inside the picture. */
export function fitCalibration(
  bounds: { minX: number; minY: number; maxX: number; maxY: number },
  width: number,
  height: number,
  mapHexSize = HEX_SIZE,
): Calibration {
  const k = Math.min(width / (bounds.maxX - bounds.minX), height / (bounds.maxY - bounds.minY))
  const round = (n: number) => Math.round(n * 100) / 100
  return {
    origin: { x: round(-bounds.minX * k), y: round(-bounds.minY * k) },
    hexSize: round(k * mapHexSize),
  }
}
