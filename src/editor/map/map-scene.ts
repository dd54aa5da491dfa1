/**
 * What HexMap paints, rebuilt from its props, and which parts of the map changed between two
 * versions, so an edit repaints only the hexes it touched.
 */
import type { Hex, HexMap, TerrainChart } from '../../runtime'
import type { LayerFlags, LayerName, PaintUnit, Scene } from './hex-painter'
import { LAYER_NAMES, hexsideSegments } from './hex-painter'
import { NEIGHBOUR_DISTANCE } from './wide-counters'
import { previewParts } from './map-edits'
import type { MapGeometry, Rect } from './map-geometry'
import { terrainLook } from './terrain-style'

export interface MapUnit {
  id: string
  hex: string
  /** Degrees clockwise; 0 = counter upright. */
  rotation?: number
  /** Counter markup, square (for a two-hex counter, WIDE_COUNTER_LENGTH by 100). */
  svg: string
  selected?: boolean
  /**
   * Set for a counter that fills two hexes (a rider): `hex` is its front, this its rear hex (null
   * when that is off the map) and `rotation` its heading, from the rear to the front.
   */
  rear?: string | null
}

/** The hexes a unit covers: its own, and a two-hex counter's rear. */
export function unitHexes(u: MapUnit): string[] {
  return u.rear ? [u.hex, u.rear] : [u.hex]
}

export interface Highlight {
  hex: string
  color: string
  /** A short text drawn over the hex (a movement cost, a range). */
  label?: string
  /** The editor's own mark (the selected hex), not the content's: shown, never exported. */
  transient?: boolean
}

/**
 * What an exported image shows: the content (regions, counters) without the marks of the
 * editor's own state (the selected hex, a selected counter's outline).
 */
export function exportOverlays(
  units: readonly MapUnit[],
  highlights: readonly Highlight[],
): { units: MapUnit[]; highlights: Highlight[] } {
  return {
    units: units.map((u) => (u.selected ? { ...u, selected: false } : u)),
    highlights: highlights.filter((h) => !h.transient),
  }
}

/** Every layer shown unless switched off. */
export function layerFlags(layers: Partial<Record<LayerName, boolean>> | undefined): LayerFlags {
  const out = {} as LayerFlags
  for (const name of LAYER_NAMES) out[name] = layers?.[name] !== false
  return out
}

export function buildScene(
  geo: MapGeometry,
  map: HexMap,
  terrain: TerrainChart | undefined,
  layers: LayerFlags,
  units: readonly MapUnit[],
  highlights: readonly Highlight[],
  imageOf: (svg: string) => CanvasImageSource | null,
): Scene {
  const look = terrainLook(terrain)
  const hl = new Map<number, string[]>()
  const tags = new Map<number, string>()
  for (const h of highlights) {
    const i = geo.indexOf(h.hex)
    if (i < 0) continue
    const list = hl.get(i)
    if (list) list.push(h.color)
    else hl.set(i, [h.color])
    if (h.label) tags.set(i, h.label)
  }
  const stacks = new Map<number, PaintUnit[]>()
  const wide: PaintUnit[] = []
  const stack = (i: number, pu: PaintUnit) => {
    const list = stacks.get(i)
    if (list) list.push(pu)
    else stacks.set(i, [pu])
  }
  for (const u of units) {
    const i = geo.indexOf(u.hex)
    if (i < 0) continue
    const pu: PaintUnit = {
      id: u.id,
      rotation: u.rotation ?? 0,
      image: imageOf(u.svg),
      selected: u.selected === true,
    }
    if (u.rear !== undefined) {
      // The rear centre from the heading, so a rear off the map is drawn where it would be.
      const front = { x: geo.centers[2 * i]!, y: geo.centers[2 * i + 1]! }
      const t = ((u.rotation ?? 0) * Math.PI) / 180
      const d = geo.size * NEIGHBOUR_DISTANCE
      pu.span = { front, rear: { x: front.x - d * Math.sin(t), y: front.y + d * Math.cos(t) } }
      wide.push(pu)
      const r = u.rear === null ? -1 : geo.indexOf(u.rear)
      if (r >= 0) stack(r, pu)
    }
    stack(i, pu)
  }
  return {
    geo,
    map,
    look,
    layers,
    highlights: hl,
    tags,
    units: stacks,
    wide,
    sides: hexsideSegments(map, geo, look),
  }
}

/** Id of the counter drawn on top in a hex, when units are shown. */
export function topUnitOf(scene: Scene, hex: string): string | null {
  const i = scene.geo.indexOf(hex)
  const stack = scene.layers.units && i >= 0 ? scene.units.get(i) : undefined
  return stack?.[stack.length - 1]?.id ?? null
}

const json = (v: unknown) => JSON.stringify(v) ?? ''

/** The map drawn differently everywhere: another grid, default terrain or terrain chart. */
export function needsFullRepaint(prev: HexMap | undefined, next: HexMap): boolean {
  return !prev || json(prev.grid) !== json(next.grid) || prev.defaultTerrain !== next.defaultTerrain
}

function sameHex(x: Hex | undefined, y: Hex | undefined): boolean {
  if (x === y) return true
  if (!x || !y) return false
  return (
    x.terrain === y.terrain &&
    x.elevation === y.elevation &&
    x.note === y.note &&
    json(x.features) === json(y.features)
  )
}

function plainChanges(a: Record<string, Hex>, b: Record<string, Hex>): string[] {
  const out: string[] = []
  for (const k of Object.keys(a)) if (!sameHex(a[k], b[k])) out.push(k)
  for (const k of Object.keys(b)) if (!(k in a)) out.push(k)
  return out
}

/**
 * Keys whose hex differs. Against a stroke preview only the stroke's hexes can differ from its
 * base, which saves walking 10 000 hexes at every step of a stroke.
 */
function changedKeys(a: Record<string, Hex>, b: Record<string, Hex>): string[] {
  const pa = previewParts(a)
  const pb = previewParts(b)
  if (!pa && !pb) return plainChanges(a, b)
  const out = new Set<string>()
  for (const [p, other] of [
    [pa, b],
    [pb, a],
  ] as const) {
    if (!p) continue
    for (const k of p.own.keys()) if (!sameHex(p.own.get(k), other[k])) out.add(k)
  }
  const baseA = pa?.base ?? a
  const baseB = pb?.base ?? b
  if (baseA !== baseB)
    for (const k of plainChanges(baseA, baseB)) if (!pa?.own.has(k) && !pb?.own.has(k)) out.add(k)
  return [...out]
}

/**
 * Rectangles (map units) that must be repainted between two versions of the same grid: changed
 * hexes (with their neighbours when features change, for the joining lines), both hexes of a
 * changed hexside, and the width of a changed label.
 */
export function changedRects(prev: HexMap, next: HexMap, geo: MapGeometry): Rect[] {
  const rects: Rect[] = []
  const addHex = (id: string, ring = 0) => {
    for (const h of ring > 0 ? geo.within(id, ring) : [id]) {
      const i = geo.indexOf(h)
      if (i >= 0) rects.push(geo.hexRect(i))
    }
  }
  const ph = prev.hexes ?? {}
  const nh = next.hexes ?? {}
  for (const id of changedKeys(ph, nh)) {
    const featuresChanged = json(ph[id]?.features) !== json(nh[id]?.features)
    addHex(id, featuresChanged ? 1 : 0)
  }
  const sideKeys = (m: HexMap) => new Set((m.hexsides ?? []).map(json))
  const ps = sideKeys(prev)
  const ns = sideKeys(next)
  for (const [from, other] of [
    [prev, ns],
    [next, ps],
  ] as const) {
    for (const s of from.hexsides ?? []) {
      if (other.has(json(s))) continue
      addHex(s.hex)
      const across = geo.across(s.hex, s.side)
      if (across) addHex(across.hex)
    }
  }
  const labelKeys = (m: HexMap) => new Set((m.labels ?? []).map(json))
  const pl = labelKeys(prev)
  const nl = labelKeys(next)
  for (const [from, other] of [
    [prev, nl],
    [next, pl],
  ] as const) {
    for (const l of from.labels ?? []) {
      if (other.has(json(l))) continue
      const c = geo.center(l.hex)
      if (c)
        rects.push({
          minX: c.x - geo.size * 8,
          maxX: c.x + geo.size * 8,
          minY: c.y - geo.size,
          maxY: c.y + geo.size,
        })
    }
  }
  return rects
}

/** Hexes whose units or highlights differ between two prop values. */
export function changedOverlayHexes(
  prevUnits: readonly MapUnit[],
  nextUnits: readonly MapUnit[],
  prevHl: readonly Highlight[],
  nextHl: readonly Highlight[],
): Set<string> {
  const out = new Set<string>()
  const key = (u: MapUnit) =>
    json([u.id, u.hex, u.rotation ?? 0, u.svg, u.selected === true, u.rear])
  const p = new Set(prevUnits.map(key))
  const n = new Set(nextUnits.map(key))
  for (const u of prevUnits) if (!n.has(key(u))) for (const h of unitHexes(u)) out.add(h)
  for (const u of nextUnits) if (!p.has(key(u))) for (const h of unitHexes(u)) out.add(h)
  const hk = (h: Highlight) => `${h.hex}\u0000${h.color}\u0000${h.label ?? ''}`
  const ph = new Set(prevHl.map(hk))
  const nh = new Set(nextHl.map(hk))
  for (const h of prevHl) if (!nh.has(hk(h))) out.add(h.hex)
  for (const h of nextHl) if (!ph.has(hk(h))) out.add(h.hex)
  return out
}
