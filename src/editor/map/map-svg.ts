/**
 * The map as a standalone SVG document: a pure function of the map and the terrain chart, so it
 * runs in Node (tests, CLI) as well as the browser. Same geometry and colours as the canvas;
 * terrain patterns are left out (fills tell the kinds apart) to keep files small.
 */
import type { HexMap, TerrainChart } from '../../runtime'
import type { LayerName } from './hex-painter'
import {
  fitLabel,
  LABEL_DY,
  LABEL_SIZES,
  labelBox,
  LINE_HEIGHT,
  MIN_LABEL_SIZE,
  SERIF_CHAR_WIDTH,
} from './label-fit'
import { MapGeometry, gridProblem } from './map-geometry'
import { layerFlags } from './map-scene'
import { terrainLook, terrainOf, type SideLook } from './terrain-style'

export interface MapSvgOptions {
  layers?: Partial<Record<LayerName, boolean>>
  /** Centre-to-corner size of a hex in SVG units (default 32). */
  hexSize?: number
  highlights?: Array<{ hex: string; color: string }>
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const n = (v: number) => String(Math.round(v * 100) / 100)

function hexD(geo: MapGeometry, i: number): string {
  const x = geo.centers[2 * i]!
  const y = geo.centers[2 * i + 1]!
  const start = geo.orientation === 'flat' ? 0 : Math.PI / 6
  let d = ''
  for (let k = 0; k < 6; k++) {
    const t = start + (k * Math.PI) / 3
    d += `${k === 0 ? 'M' : 'L'}${n(x + geo.size * Math.cos(t))} ${n(y + geo.size * Math.sin(t))}`
  }
  return d + 'Z'
}

function sideSvg(
  look: SideLook,
  a: { x: number; y: number },
  b: { x: number; y: number },
  down: { x: number; y: number },
  size: number,
): string {
  const w = size * 0.12
  const line = `M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}`
  const base = `fill="none" stroke="${esc(look.color)}" stroke-linecap="round"`
  switch (look.style) {
    case 'dashed':
      return `<path d="${line}" ${base} stroke-width="${n(w)}" stroke-dasharray="${n(w * 1.6)} ${n(w * 1.2)}"/>`
    case 'dotted':
      return `<path d="${line}" ${base} stroke-width="${n(w * 1.3)}" stroke-dasharray="0.01 ${n(w * 1.6)}"/>`
    case 'double':
      return `<path d="${line}" ${base} stroke-width="${n(w)}"/><path d="${line}" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="${n(w * 0.35)}"/>`
    case 'wavy': {
      let d = ''
      for (let k = 0; k <= 12; k++) {
        const t = k / 12
        const wave = Math.sin(t * Math.PI * 3) * w * 0.7
        d += `${k === 0 ? 'M' : 'L'}${n(a.x + (b.x - a.x) * t + down.x * wave)} ${n(a.y + (b.y - a.y) * t + down.y * wave)}`
      }
      return `<path d="${d}" ${base} stroke-width="${n(w)}"/>`
    }
    case 'ticks': {
      let d = line
      for (let k = 1; k <= 4; k++) {
        const px = a.x + ((b.x - a.x) * k) / 5
        const py = a.y + ((b.y - a.y) * k) / 5
        d += `M${n(px)} ${n(py)}l${n(down.x * size * 0.2)} ${n(down.y * size * 0.2)}`
      }
      return `<path d="${d}" ${base} stroke-width="${n(w * 0.8)}"/>`
    }
    default:
      return `<path d="${line}" ${base} stroke-width="${n(w)}"/>`
  }
}

export function renderMapSvg(
  map: HexMap,
  terrain: TerrainChart | undefined,
  options: MapSvgOptions = {},
): string {
  const problem = gridProblem(map?.grid)
  if (problem) throw new Error(`This map's grid cannot be drawn: ${problem}`)
  const geo = new MapGeometry(map.grid, options.hexSize ?? 32)
  const look = terrainLook(terrain)
  const layers = layerFlags(options.layers)
  const b = geo.bounds
  const pad = geo.size * 0.5
  const w = b.maxX - b.minX + 2 * pad
  const h = b.maxY - b.minY + 2 * pad
  const all = geo.ids.map((_, i) => i)
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${n(b.minX - pad)} ${n(b.minY - pad)} ${n(w)} ${n(h)}" width="${Math.ceil(w)}" height="${Math.ceil(h)}">`,
    `<title>${esc(map.name ?? map.id ?? 'map')}</title>`,
    `<rect x="${n(b.minX - pad)}" y="${n(b.minY - pad)}" width="${n(w)}" height="${n(h)}" fill="#ffffff"/>`,
  ]
  if (layers.terrain) {
    const byColor = new Map<string, string[]>()
    for (const i of all) {
      const c = look.color(terrainOf(map, geo.ids[i]!))
      const list = byColor.get(c) ?? []
      list.push(hexD(geo, i))
      byColor.set(c, list)
    }
    out.push('<g class="terrain">')
    for (const [c, ds] of byColor) out.push(`<path fill="${esc(c)}" d="${ds.join('')}"/>`)
    for (const i of all) {
      const features = map.hexes?.[geo.ids[i]!]?.features ?? []
      for (const f of features)
        out.push(
          `<circle cx="${n(geo.centers[2 * i]!)}" cy="${n(geo.centers[2 * i + 1]!)}" r="${n(geo.size * 0.14)}" fill="${esc(look.color(f))}" data-feature="${esc(f)}"/>`,
        )
    }
    out.push('</g>')
  }
  if (layers.elevation) {
    out.push('<g class="elevation">')
    for (const i of all) {
      const e = map.hexes?.[geo.ids[i]!]?.elevation
      if (typeof e !== 'number' || e === 0) continue
      out.push(
        `<path d="${hexD(geo, i)}" fill="${e > 0 ? '#5a3c10' : '#10407a'}" fill-opacity="${n(Math.min(0.45, 0.1 * Math.abs(e)))}"/>`,
      )
    }
    out.push('</g>')
  }
  if (layers.overlays && options.highlights?.length) {
    out.push('<g class="overlays">')
    for (const hl of options.highlights) {
      const i = geo.indexOf(hl.hex)
      if (i >= 0)
        out.push(
          `<path d="${hexD(geo, i)}" fill="${esc(hl.color)}" fill-opacity="0.3" stroke="${esc(hl.color)}"/>`,
        )
    }
    out.push('</g>')
  }
  out.push(
    `<path class="grid" fill="none" stroke="#281e14" stroke-opacity="0.45" stroke-width="${n(geo.size * 0.025)}" d="${all.map((i) => hexD(geo, i)).join('')}"/>`,
  )
  if (layers.hexsides) {
    out.push('<g class="hexsides">')
    for (const s of map.hexsides ?? []) {
      const ends = geo.sideEnds(s.hex, s.side)
      const c = geo.center(s.hex)
      if (!ends || !c) continue
      const [a, bb] = ends
      const mid = { x: (a.x + bb.x) / 2, y: (a.y + bb.y) / 2 }
      const len = Math.hypot(mid.x - c.x, mid.y - c.y) || 1
      const sign = s.upTo === 'neighbor' ? -1 : 1
      const down = { x: (sign * (mid.x - c.x)) / len, y: (sign * (mid.y - c.y)) / len }
      for (const f of s.features ?? []) out.push(sideSvg(look.side(f), a, bb, down, geo.size))
    }
    out.push('</g>')
  }
  if (layers.numbers) {
    const dy = geo.size * (geo.orientation === 'flat' ? 0.62 : 0.7)
    out.push(
      `<g class="numbers" font-family="sans-serif" font-size="${n(geo.size * 0.26)}" fill="#1e1914" fill-opacity="0.8" text-anchor="middle" dominant-baseline="middle">`,
    )
    for (const i of all)
      out.push(
        `<text x="${n(geo.centers[2 * i]!)}" y="${n(geo.centers[2 * i + 1]! - dy)}">${esc(geo.ids[i]!)}</text>`,
      )
    out.push('</g>')
  }
  if (layers.labels) {
    out.push(
      '<g class="labels" font-family="serif" font-weight="600" text-anchor="middle" dominant-baseline="middle">',
    )
    for (const l of map.labels ?? []) {
      const c = geo.center(l.hex)
      if (!c) continue
      // Fitted to its hex as the canvas does, from an estimate of the width (no canvas here).
      const fit = fitLabel(
        l.text,
        (t) => t.length * SERIF_CHAR_WIDTH,
        labelBox(geo.size, geo.orientation),
        geo.size * LABEL_SIZES[l.size ?? 'medium'],
        geo.size * MIN_LABEL_SIZE,
      )
      const px = fit.px
      const top = c.y + geo.size * LABEL_DY - ((fit.lines.length - 1) * px * LINE_HEIGHT) / 2
      // One text a name, a line a tspan: the name stays one text to search and copy.
      const lines = fit.lines.map(
        (line, k) =>
          `<tspan x="${n(c.x)}" y="${n(top + k * px * LINE_HEIGHT)}">${esc(line)}</tspan>`,
      )
      out.push(
        `<text font-size="${n(px)}" fill="#2a2018" stroke="#fffcf0" stroke-width="${n(px * 0.25)}" paint-order="stroke">${lines.join(' ')}</text>`,
      )
    }
    out.push('</g>')
  }
  out.push('</svg>')
  return out.join('\n')
}
