/**
 * Draws a rectangle of the map onto a 2D canvas already transformed to map units. The same code
 * paints Leaflet's tiles and the PNG export, so what is exported is what the designer sees.
 * Passes run in a fixed order (fills, shading, overlays, grid, hexsides, units, text) so a tile
 * repainted alone matches its neighbours exactly.
 */
import type { HexMap, Point } from '../../runtime'
import type { FittedLabel } from './label-fit'
import { fitLabel, LABEL_DY, LABEL_SIZES, labelBox, LINE_HEIGHT, MIN_LABEL_SIZE } from './label-fit'
import type { MapGeometry, Rect } from './map-geometry'
import { drawPattern, drawSide } from './paint-marks'
import { COUNTER_SIDE, paintWide } from './wide-counters'
import type { SideLook, TerrainLook } from './terrain-style'
import { terrainOf } from './terrain-style'

export const LAYER_NAMES = [
  'underlay',
  'terrain',
  'hexsides',
  'numbers',
  'labels',
  'elevation',
  'units',
  'overlays',
] as const
export type LayerName = (typeof LAYER_NAMES)[number]
export type LayerFlags = Record<LayerName, boolean>

export interface PaintUnit {
  id: string
  rotation: number
  image: CanvasImageSource | null
  selected: boolean
  /**
   * A counter filling two hexes: the centres of its rear and front hexes. It is listed under
   * both hexes (so either picks it) and painted once, by paintWide.
   */
  span?: { rear: Point; front: Point }
}

interface SideSegment {
  a: Point
  b: Point
  /** Unit vector from the side towards the lower ground (ticks point that way). */
  down: Point
  looks: SideLook[]
  mid: Point
}

export interface Scene {
  geo: MapGeometry
  map: HexMap
  look: TerrainLook
  layers: LayerFlags
  /** Colours of the highlights on each hex, by dense index. */
  highlights: Map<number, string[]>
  /** Short texts over hexes (movement costs, ranges), by dense index; drawn above the units. */
  tags: Map<number, string>
  units: Map<number, PaintUnit[]>
  /** The two-hex counters, each once, in the order they are drawn (above the others). */
  wide: PaintUnit[]
  sides: SideSegment[]
}

export function hexsideSegments(map: HexMap, geo: MapGeometry, look: TerrainLook): SideSegment[] {
  const out: SideSegment[] = []
  for (const s of map.hexsides ?? []) {
    const ends = geo.sideEnds(s.hex, s.side)
    const c = geo.center(s.hex)
    if (!ends || !c || !Array.isArray(s.features)) continue
    const [a, b] = ends
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
    const len = Math.hypot(mid.x - c.x, mid.y - c.y) || 1
    const sign = s.upTo === 'neighbor' ? -1 : 1
    const down = { x: (sign * (mid.x - c.x)) / len, y: (sign * (mid.y - c.y)) / len }
    out.push({ a, b, down, mid, looks: s.features.map((f) => look.side(String(f))) })
  }
  return out
}

// Corner offsets per orientation, computed once: trig per vertex adds up over 10 000 hexes.
const CORNERS: Record<'flat' | 'pointy', Array<[number, number]>> = { flat: [], pointy: [] }
for (const o of ['flat', 'pointy'] as const)
  for (let k = 0; k < 6; k++) {
    const t = (o === 'flat' ? 0 : Math.PI / 6) + (k * Math.PI) / 3
    CORNERS[o].push([Math.cos(t), Math.sin(t)])
  }

/**
 * Adds one hexagon to the current path. It returns to the first corner with lineTo rather than
 * closePath: Chromium's closePath gets slower with every subpath already in the path, which
 * made a tile of 2 000 hexes take a second.
 */
function hexPath(ctx: CanvasRenderingContext2D, geo: MapGeometry, i: number, inset = 0): void {
  const x = geo.centers[2 * i]!
  const y = geo.centers[2 * i + 1]!
  const r = geo.size - inset
  const corners = CORNERS[geo.orientation]
  const [c0x, c0y] = corners[0]!
  ctx.moveTo(x + r * c0x, y + r * c0y)
  for (let k = 1; k < 6; k++) ctx.lineTo(x + r * corners[k]![0], y + r * corners[k]![1])
  ctx.lineTo(x + r * c0x, y + r * c0y)
}

// Very long paths rasterise slowly too; fill and stroke in batches.
const BATCH = 400

function eachBatch(list: number[], draw: (part: number[]) => void): void {
  for (let k = 0; k < list.length; k += BATCH) draw(list.slice(k, k + BATCH))
}

function hexOf(scene: Scene, i: number) {
  return scene.map.hexes?.[scene.geo.ids[i]!]
}

function paintTerrain(ctx: CanvasRenderingContext2D, scene: Scene, idx: number[], scale: number) {
  const { geo, look } = scene
  const byColor = new Map<string, number[]>()
  // Over a scan, plain ground stays clear and painted terrain is see-through, so the grid can
  // be lined up and traced.
  const overScan = scene.layers.underlay && scene.map.underlay !== undefined
  ctx.globalAlpha = overScan ? 0.5 : 1
  for (const i of idx) {
    const kind = terrainOf(scene.map, geo.ids[i]!)
    if (overScan && kind === scene.map.defaultTerrain) continue
    const color = look.color(kind)
    const list = byColor.get(color)
    if (list) list.push(i)
    else byColor.set(color, [i])
  }
  for (const [color, list] of byColor) {
    ctx.fillStyle = color
    eachBatch(list, (part) => {
      ctx.beginPath()
      for (const i of part) hexPath(ctx, geo, i)
      ctx.fill()
    })
  }
  ctx.globalAlpha = 1
  const onScreen = geo.size * scale
  if (onScreen < 10) return
  for (const i of idx) {
    const pattern = look.pattern(terrainOf(scene.map, geo.ids[i]!))
    if (pattern) drawPattern(ctx, pattern, geo.centers[2 * i]!, geo.centers[2 * i + 1]!, geo.size)
  }
  paintFeatures(ctx, scene, idx)
}

/** Features added to a hex's terrain: a dot, joined to the same feature next door (tracks). */
function paintFeatures(ctx: CanvasRenderingContext2D, scene: Scene, idx: number[]) {
  const { geo, look } = scene
  ctx.lineCap = 'round'
  for (const i of idx) {
    const features = hexOf(scene, i)?.features
    if (!Array.isArray(features)) continue
    const x = geo.centers[2 * i]!
    const y = geo.centers[2 * i + 1]!
    for (const f of features) {
      ctx.strokeStyle = ctx.fillStyle = look.color(String(f))
      ctx.lineWidth = geo.size * 0.16
      ctx.beginPath()
      for (const n of geo.neighbors(i)) {
        if (!hexOf(scene, n)?.features?.includes(f)) continue
        ctx.moveTo(x, y)
        ctx.lineTo((x + geo.centers[2 * n]!) / 2, (y + geo.centers[2 * n + 1]!) / 2)
      }
      ctx.stroke()
      ctx.beginPath()
      ctx.arc(x, y, geo.size * 0.14, 0, 2 * Math.PI)
      ctx.fill()
    }
  }
}

function paintElevation(ctx: CanvasRenderingContext2D, scene: Scene, idx: number[], scale: number) {
  const { geo } = scene
  const showNumber = geo.size * scale >= 24
  for (const i of idx) {
    const e = hexOf(scene, i)?.elevation
    if (typeof e !== 'number' || e === 0) continue
    ctx.fillStyle = e > 0 ? '#5a3c10' : '#10407a'
    ctx.globalAlpha = Math.min(0.45, 0.1 * Math.abs(e))
    ctx.beginPath()
    hexPath(ctx, geo, i)
    ctx.fill()
    ctx.globalAlpha = 1
    if (showNumber) {
      ctx.font = `bold ${geo.size * 0.3}px sans-serif`
      ctx.textAlign = 'center'
      ctx.textBaseline = 'middle'
      ctx.fillStyle = '#3a2a10'
      const x = geo.centers[2 * i]!
      const y = geo.centers[2 * i + 1]!
      ctx.fillText(e > 0 ? `+${e}` : String(e), x, y + geo.size * 0.6)
    }
  }
}

function paintHighlights(ctx: CanvasRenderingContext2D, scene: Scene, idx: number[]) {
  for (const i of idx) {
    const colors = scene.highlights.get(i)
    if (!colors) continue
    for (const color of colors) {
      ctx.fillStyle = ctx.strokeStyle = color
      ctx.globalAlpha = 0.3
      ctx.beginPath()
      hexPath(ctx, scene.geo, i)
      ctx.fill()
      ctx.globalAlpha = 0.9
      ctx.lineWidth = scene.geo.size * 0.1
      ctx.beginPath()
      hexPath(ctx, scene.geo, i, scene.geo.size * 0.08)
      ctx.stroke()
      ctx.globalAlpha = 1
    }
  }
}

function paintGrid(ctx: CanvasRenderingContext2D, scene: Scene, idx: number[], scale: number) {
  ctx.strokeStyle = 'rgba(40, 30, 20, 0.45)'
  ctx.lineWidth = Math.max(0.6 / scale, scene.geo.size * 0.025)
  ctx.lineJoin = 'round'
  eachBatch(idx, (part) => {
    ctx.beginPath()
    for (const i of part) hexPath(ctx, scene.geo, i)
    ctx.stroke()
  })
}

function paintSides(ctx: CanvasRenderingContext2D, scene: Scene, rect: Rect) {
  const m = scene.geo.size * 1.5
  for (const s of scene.sides) {
    if (s.mid.x < rect.minX - m || s.mid.x > rect.maxX + m) continue
    if (s.mid.y < rect.minY - m || s.mid.y > rect.maxY + m) continue
    for (const look of s.looks) drawSide(ctx, look, s.a, s.b, s.down, scene.geo.size)
  }
}

function paintUnits(ctx: CanvasRenderingContext2D, scene: Scene, idx: number[], rect: Rect) {
  const { geo } = scene
  const side = geo.size * COUNTER_SIDE
  for (const i of idx) {
    const all = scene.units.get(i)
    const stack = all?.some((u) => u.span) ? all.filter((u) => !u.span) : all
    if (!stack) continue
    stack.forEach((u, k) => {
      ctx.save()
      const shift = k * geo.size * 0.12
      ctx.translate(geo.centers[2 * i]! + shift, geo.centers[2 * i + 1]! - shift)
      ctx.rotate((u.rotation * Math.PI) / 180)
      if (u.image) ctx.drawImage(u.image, -side / 2, -side / 2, side, side)
      else {
        ctx.fillStyle = '#ddd'
        ctx.fillRect(-side / 2, -side / 2, side, side)
      }
      ctx.lineWidth = u.selected ? geo.size * 0.1 : geo.size * 0.03
      ctx.strokeStyle = u.selected ? '#e08a00' : 'rgba(0,0,0,0.6)'
      ctx.strokeRect(-side / 2, -side / 2, side, side)
      ctx.restore()
    })
  }
  paintWide(ctx, scene, rect)
}

function paintTags(ctx: CanvasRenderingContext2D, scene: Scene, idx: number[]) {
  const { geo } = scene
  const px = geo.size * 0.36
  ctx.font = `bold ${px}px sans-serif`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.lineJoin = 'round'
  for (const i of idx) {
    const tag = scene.tags.get(i)
    if (!tag) continue
    const x = geo.centers[2 * i]!
    const y = geo.centers[2 * i + 1]! + geo.size * 0.55
    ctx.lineWidth = px * 0.3
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.95)'
    ctx.strokeText(tag, x, y)
    ctx.fillStyle = '#102040'
    ctx.fillText(tag, x, y)
  }
}

function paintText(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  idx: number[],
  rect: Rect,
  scale: number,
) {
  const { geo, layers } = scene
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  if (layers.numbers && geo.size * scale >= 22) {
    ctx.font = `${geo.size * 0.26}px sans-serif`
    ctx.fillStyle = 'rgba(30, 25, 20, 0.8)'
    const dy = geo.size * (geo.orientation === 'flat' ? 0.62 : 0.7)
    for (const i of idx)
      ctx.fillText(geo.ids[i]!, geo.centers[2 * i]!, geo.centers[2 * i + 1]! - dy)
  }
  if (!layers.labels) return
  // Notes get a small corner mark so the designer sees where they are.
  ctx.fillStyle = '#7a4fb0'
  for (const i of idx) {
    if (!hexOf(scene, i)?.note) continue
    ctx.beginPath()
    ctx.arc(
      geo.centers[2 * i]! + geo.size * 0.5,
      geo.centers[2 * i + 1]! - geo.size * 0.45,
      geo.size * 0.09,
      0,
      2 * Math.PI,
    )
    ctx.fill()
  }
  const reach = geo.size * 8
  for (const label of scene.map.labels ?? []) {
    const c = geo.center(label.hex)
    if (!c || typeof label.text !== 'string') continue
    if (c.x < rect.minX - reach || c.x > rect.maxX + reach) continue
    if (c.y < rect.minY - geo.size * 2 || c.y > rect.maxY + geo.size * 2) continue
    const asked = geo.size * (LABEL_SIZES[label.size ?? 'medium'] ?? LABEL_SIZES.medium)
    const fit = fittedLabel(ctx, label.text, asked, geo.size, geo.orientation)
    const px = fit.px
    if (px * scale < 5) continue
    ctx.font = `600 ${px}px serif`
    ctx.lineWidth = px * 0.25
    ctx.strokeStyle = 'rgba(255, 252, 240, 0.9)'
    ctx.lineJoin = 'round'
    ctx.fillStyle = '#2a2018'
    const top = c.y + geo.size * LABEL_DY - ((fit.lines.length - 1) * px * LINE_HEIGHT) / 2
    fit.lines.forEach((line, k) => {
      const y = top + k * px * LINE_HEIGHT
      ctx.strokeText(line, c.x, y)
      ctx.fillText(line, c.x, y)
    })
  }
}

/** Place names fitted to their hex, by text, size asked and hex size: a map has a few dozen. */
const fits = new Map<string, FittedLabel>()

function fittedLabel(
  ctx: CanvasRenderingContext2D,
  text: string,
  asked: number,
  size: number,
  orientation: 'flat' | 'pointy',
): FittedLabel {
  const key = `${text}\u0000${asked}\u0000${size}\u0000${orientation}`
  let fit = fits.get(key)
  if (!fit) {
    if (fits.size > 1000) fits.clear()
    ctx.font = '600 100px serif'
    const widthAt1 = (s: string) => ctx.measureText(s).width / 100
    fit = fitLabel(text, widthAt1, labelBox(size, orientation), asked, size * MIN_LABEL_SIZE)
    fits.set(key, fit)
  }
  return fit
}

/** Paint everything of the scene that falls in `rect` (map units); `scale` = screen px per unit. */
export function paintScene(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  rect: Rect,
  scale: number,
): void {
  const idx = scene.geo.indicesInRect(rect)
  const { layers } = scene
  if (layers.terrain) paintTerrain(ctx, scene, idx, scale)
  if (layers.elevation) paintElevation(ctx, scene, idx, scale)
  // Passes with nothing to draw are skipped: a tile is painted dozens of times on a first view,
  // and setting a canvas font (paintTags) costs more than the loop.
  if (layers.overlays && scene.highlights.size) paintHighlights(ctx, scene, idx)
  paintGrid(ctx, scene, idx, scale)
  if (layers.hexsides) paintSides(ctx, scene, rect)
  if (layers.units && scene.units.size) paintUnits(ctx, scene, idx, rect)
  paintText(ctx, scene, idx, rect, scale)
  if (layers.overlays && scene.tags.size) paintTags(ctx, scene, idx)
}
