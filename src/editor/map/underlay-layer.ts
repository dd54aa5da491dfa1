/**
 * The scan under a HexMap: a canvas layer drawing the map's calibrated underlay image. It is on
 * the map only while there is a scan to show, so a map without one makes no blank tiles.
 */
import type L from 'leaflet'
import type { HexMap } from '../../runtime'
import { CanvasTileLayer } from './canvas-tile-layer'
import { paintUnderlay } from './map-images'

/** What the layer draws from, asked at each paint; null while the map cannot be drawn. */
export type UnderlaySource = () => { map: HexMap; hexSize: number; shown: boolean } | null

export class UnderlayLayer {
  readonly layer: CanvasTileLayer
  /** The loaded scan, once it has arrived (the PNG export draws it too). */
  image: HTMLImageElement | null = null
  private url: string | undefined

  constructor(source: UnderlaySource) {
    this.layer = new CanvasTileLayer(
      (ctx) => {
        const s = source()
        if (s?.shown) paintUnderlay(ctx, s.map, this.image, s.hexSize)
      },
      { zIndex: 1 },
    )
  }

  /** Load the scan at this address (none: nothing to draw); the tiles repaint when it arrives. */
  load(url: string | undefined): void {
    this.url = url
    this.image = null
    this.layer.repaintAll()
    if (!url) return
    const img = new Image()
    img.onload = () => {
      if (this.url !== url) return
      this.image = img
      this.layer.repaintAll()
    }
    img.src = url
  }

  show(map: L.Map, shown: boolean): void {
    this.layer.showOn(map, shown)
  }

  repaintAll(): void {
    this.layer.repaintAll()
  }
}
