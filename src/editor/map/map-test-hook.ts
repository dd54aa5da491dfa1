/**
 * A hook on `window.__hexwrightMap` so end-to-end tests can click exact hexes and hexsides: the
 * canvas has no per-hex elements to find. Screen coordinates are page (client) pixels.
 */
import type L from 'leaflet'
import type { Point } from '../../runtime'
import type { MapGeometry } from './map-geometry'

export interface MapTestHook {
  hexCenterOnScreen(hexId: string): Point | null
  /** A point just inside the hex, next to the middle of the side, so a click picks that side. */
  hexsideMidOnScreen(hexId: string, side: string): Point | null
}

declare global {
  interface Window {
    __hexwrightMap?: MapTestHook
  }
}

export function installTestHook(
  container: HTMLElement,
  map: () => L.Map | null,
  geo: () => MapGeometry | null,
): () => void {
  const toScreen = (p: Point | null | undefined): Point | null => {
    const m = map()
    if (!m || !p) return null
    // Unrounded (latLngToContainerPoint rounds to whole pixels).
    const layer = m.project([p.y, p.x], m.getZoom()).subtract(m.getPixelOrigin())
    const c = m.layerPointToContainerPoint(layer)
    const r = container.getBoundingClientRect()
    return { x: r.left + c.x, y: r.top + c.y }
  }
  const hook: MapTestHook = {
    hexCenterOnScreen: (id) => toScreen(geo()?.center(id)),
    hexsideMidOnScreen(id, side) {
      const g = geo()
      const mid = g?.sideMid(id, side)
      const c = g?.center(id)
      if (!mid || !c) return null
      return toScreen({ x: mid.x + (c.x - mid.x) * 0.12, y: mid.y + (c.y - mid.y) * 0.12 })
    },
  }
  window.__hexwrightMap = hook
  return () => {
    if (window.__hexwrightMap === hook) delete window.__hexwrightMap
  }
}
