/**
 * Images the map canvas draws: counters (SVG markup → image, decoded once per markup) and the
 * underlay scan placed through its calibration.
 */
import type { HexMap } from '../../runtime'
import { apply, imageToGrid } from './calibration'
import type { Rect } from './map-geometry'

export class CounterImages {
  private cache = new Map<string, HTMLImageElement>()

  constructor(private onLoad: (svg: string) => void) {}

  /** The decoded image, or null while it loads (onLoad fires when it is ready). */
  get(svg: string): HTMLImageElement | null {
    let img = this.cache.get(svg)
    if (!img) {
      img = new Image()
      const el = img
      img.onload = () => this.onLoad(svg)
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
      this.cache.set(svg, el)
    }
    return img.complete && img.naturalWidth > 0 ? img : null
  }
}

/** Draw the underlay into a context already in map units. */
export function paintUnderlay(
  ctx: CanvasRenderingContext2D,
  map: HexMap,
  image: HTMLImageElement | null,
  size: number,
): void {
  const u = map.underlay
  if (!u || !image || !image.complete || image.naturalWidth === 0) return
  let m
  try {
    m = imageToGrid(u.calibration, size)
  } catch {
    return
  }
  ctx.save()
  ctx.globalAlpha = typeof u.opacity === 'number' ? u.opacity : 1
  ctx.transform(m.a, m.b, m.c, m.d, m.e, m.f)
  ctx.drawImage(image, 0, 0, u.width, u.height)
  ctx.restore()
}

/** The underlay's corners in map units, for fitting the view to the scan. */
export function underlayRect(map: HexMap, size: number): Rect | null {
  const u = map.underlay
  if (!u) return null
  try {
    const m = imageToGrid(u.calibration, size)
    const pts = [
      apply(m, { x: 0, y: 0 }),
      apply(m, { x: u.width, y: 0 }),
      apply(m, { x: 0, y: u.height }),
      apply(m, { x: u.width, y: u.height }),
    ]
    return {
      minX: Math.min(...pts.map((p) => p.x)),
      maxX: Math.max(...pts.map((p) => p.x)),
      minY: Math.min(...pts.map((p) => p.y)),
      maxY: Math.max(...pts.map((p) => p.y)),
    }
  } catch {
    return null
  }
}
