/**
 * A Leaflet grid layer whose tiles are canvases painted in map units by a callback. Tiles can be
 * repainted in place by rectangle, so a brush stroke redraws only the few tiles it touches.
 * Leaflet objects stay out of Vue reactivity (the owner keeps this in a plain variable).
 */
import L from 'leaflet'
import type { Rect } from './map-geometry'

export type PaintFn = (ctx: CanvasRenderingContext2D, rect: Rect, scale: number) => void

interface TileRecord {
  el: HTMLCanvasElement
  coords: L.Coords
}

const TILE = 256

export class CanvasTileLayer extends L.GridLayer {
  private paint: PaintFn

  constructor(paint: PaintFn, options: L.GridLayerOptions = {}) {
    super({ tileSize: TILE, minZoom: -10, maxZoom: 10, updateWhenZooming: false, ...options })
    this.paint = paint
  }

  setPaint(paint: PaintFn): void {
    this.paint = paint
  }

  /** Map units covered by a tile: in CRS.Simple one unit is 2^z pixels at zoom z. */
  static tileRect(coords: L.Coords): { rect: Rect; scale: number } {
    const scale = Math.pow(2, coords.z)
    const span = TILE / scale
    return {
      scale,
      rect: {
        minX: coords.x * span,
        minY: coords.y * span,
        maxX: (coords.x + 1) * span,
        maxY: (coords.y + 1) * span,
      },
    }
  }

  override createTile(coords: L.Coords): HTMLElement {
    const el = document.createElement('canvas')
    this.paintTile(el, coords)
    return el
  }

  private paintTile(el: HTMLCanvasElement, coords: L.Coords): void {
    const dpr = Math.min(2, window.devicePixelRatio || 1)
    if (el.width !== TILE * dpr) {
      el.width = el.height = TILE * dpr
      el.style.width = el.style.height = `${TILE}px`
    }
    const ctx = el.getContext('2d')
    if (!ctx) return
    const { rect, scale } = CanvasTileLayer.tileRect(coords)
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.clearRect(0, 0, el.width, el.height)
    ctx.setTransform(
      dpr * scale,
      0,
      0,
      dpr * scale,
      -rect.minX * scale * dpr,
      -rect.minY * scale * dpr,
    )
    this.paint(ctx, rect, scale)
  }

  private tiles(): TileRecord[] {
    const all = (this as unknown as { _tiles?: Record<string, TileRecord> })._tiles ?? {}
    return Object.values(all)
  }

  /** Repaint, in place, every loaded tile that overlaps one of the rectangles; returns how many. */
  repaintRects(rects: readonly Rect[]): number {
    if (rects.length === 0) return 0
    let n = 0
    for (const t of this.tiles()) {
      const { rect } = CanvasTileLayer.tileRect(t.coords)
      const hit = rects.some(
        (r) =>
          r.maxX >= rect.minX && r.minX <= rect.maxX && r.maxY >= rect.minY && r.minY <= rect.maxY,
      )
      if (!hit) continue
      this.paintTile(t.el, t.coords)
      n++
    }
    return n
  }

  /**
   * Make tiles over this rectangle (map units) only. Around a small map they would be blank, and
   * each tile is a canvas to allocate and clear: a tall map on a wide screen had twice the tiles
   * it needed on its first paint. A change of area remakes the tiles, so a larger grid is covered.
   */
  setArea(rect: Rect): void {
    const bounds = L.latLngBounds([rect.minY, rect.minX], [rect.maxY, rect.maxX])
    const options = this.options as L.GridLayerOptions
    if (options.bounds instanceof L.LatLngBounds && options.bounds.equals(bounds)) return
    options.bounds = bounds
    if (this._map) this.redraw()
  }

  /**
   * Leaflet's redraw takes the map's zoom as the tiles' zoom, which is fractional here
   * (zoomSnap 0.25): the tiles made then sit on a level no later view uses and can vanish with
   * nothing in their place (Leaflet issue 9930). Tiles always have a whole zoom.
   */
  override redraw(): this {
    const map = this._map
    if (!map) return this
    const self = this as unknown as {
      _removeAllTiles(): void
      _clampZoom(z: number): number
      _tileZoom?: number
      _updateLevels(): void
      _update(): void
    }
    self._removeAllTiles()
    const zoom = self._clampZoom(Math.round(map.getZoom()))
    if (zoom !== self._tileZoom) {
      self._tileZoom = zoom
      self._updateLevels()
    }
    self._update()
    return this
  }

  /** A view that shows the area but no tile (the map gone blank) gets its tiles again. */
  ensureTiles(): void {
    if (!this._map || this.tiles().some((t) => t.el.isConnected)) return
    this.redraw()
  }

  override onAdd(map: L.Map): this {
    super.onAdd(map)
    map.on('zoomend moveend', this.ensureTiles, this)
    return this
  }

  override onRemove(map: L.Map): this {
    map.off('zoomend moveend', this.ensureTiles, this)
    super.onRemove(map)
    return this
  }

  /** On the map or off it: a layer with nothing to show (no scan) then makes no tiles at all. */
  showOn(map: L.Map, shown: boolean): void {
    if (shown && !map.hasLayer(this)) this.addTo(map)
    else if (!shown && map.hasLayer(this)) this.remove()
  }

  /** Repaint every loaded tile in place (no flash of empty tiles, unlike redraw()). */
  repaintAll(): void {
    for (const t of this.tiles()) this.paintTile(t.el, t.coords)
  }
}
