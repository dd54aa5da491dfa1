/**
 * The Leaflet side of HexMap: a CRS.Simple map with y growing downward (so map units are the
 * runtime's hex pixels), fractional zoom, and negative zoom for whole big maps on screen.
 */
import L from 'leaflet'
import type { CanvasTileLayer } from './canvas-tile-layer'
import type { Rect } from './map-geometry'

export function createLeafletMap(container: HTMLElement, dragPan: boolean): L.Map {
  const crs = L.extend({}, L.CRS.Simple, { transformation: new L.Transformation(1, 0, 1, 0) })
  return L.map(container, {
    crs,
    minZoom: -8,
    maxZoom: 4,
    zoomSnap: 0.25,
    zoomDelta: 0.5,
    wheelPxPerZoomLevel: 120,
    attributionControl: false,
    doubleClickZoom: false,
    boxZoom: false,
    dragging: dragPan,
    // Tiles are painted as they are made: fading each in over 200 ms only delays the full map.
    fadeAnimation: false,
  })
}

/**
 * Where the hex layer can draw: the grid, with room for names that run past the edge hexes
 * (a label is drawn from up to eight hexes away across, two up or down).
 */
export function paintedArea(grid: Rect, hexSize: number): Rect {
  const across = hexSize * 8
  const down = hexSize * 2
  return {
    minX: grid.minX - across,
    minY: grid.minY - down,
    maxX: grid.maxX + across,
    maxY: grid.maxY + down,
  }
}

export function unionRect(a: Rect, b: Rect | null): Rect {
  if (!b) return a
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  }
}

/** Show the rectangle whole; a map with no size yet (hidden, or jsdom) just gets a view. */
export function fitRect(map: L.Map, r: Rect | null): void {
  const size = map.getSize()
  if (!r || size.x === 0 || size.y === 0) return void map.setView([0, 0], 0)
  map.fitBounds(
    [
      [r.minY, r.minX],
      [r.maxY, r.maxX],
    ],
    { padding: [16, 16], animate: false },
  )
}

/** Repaint the tiles under these rectangles, timed for the benchmark. */
export function measuredRepaint(layer: CanvasTileLayer, rects: Rect[]): void {
  if (rects.length === 0) return
  const start = performance.now()
  const tiles = layer.repaintRects(rects)
  performance.measure('hexwright:brush-repaint', {
    start,
    end: performance.now(),
    detail: { tiles, hexes: rects.length },
  })
}

/** Keep Leaflet's idea of the map's size right when the panel around it resizes. */
export function followSize(map: L.Map, container: HTMLElement): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {}
  const ro = new ResizeObserver(() => map.invalidateSize({ pan: false }))
  ro.observe(container)
  return () => ro.disconnect()
}

/** A line over the map through the centres of some hexes (a line of sight, a charge's path). */
export interface MapLine {
  hexes: readonly string[]
  color: string
  dashed?: boolean
}

/**
 * Draws the lines in their own layer group (vector, above the hex tiles), replacing what it
 * held: they are few and change with the selection, so redrawing them all is cheapest.
 */
export function drawLines(
  map: L.Map,
  group: L.LayerGroup | null,
  lines: readonly MapLine[],
  center: (hex: string) => { x: number; y: number } | null | undefined,
): L.LayerGroup {
  const g = group ?? L.layerGroup().addTo(map)
  g.clearLayers()
  for (const line of lines) {
    const points = line.hexes
      .map((h) => center(h))
      .filter((p): p is { x: number; y: number } => !!p)
      .map((p) => L.latLng(p.y, p.x))
    if (points.length < 2) continue
    L.polyline(points, {
      color: line.color,
      weight: 3,
      opacity: 0.9,
      interactive: false,
      ...(line.dashed ? { dashArray: '6 6' } : {}),
    }).addTo(g)
  }
  return g
}
