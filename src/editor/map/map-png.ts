/** The whole map as a PNG, painted by the same code as the tiles so the export matches the view. */
import type { HexMap } from '../../runtime'
import { paintScene, type Scene } from './hex-painter'
import { paintUnderlay } from './map-images'

// Browsers refuse canvases much past 16k pixels a side; keep well inside that.
const MAX_SIDE = 8000

export function renderPng(
  scene: Scene,
  map: HexMap,
  underlay: HTMLImageElement | null,
  pixelsPerUnit = 2,
): Promise<Blob> {
  const b = scene.geo.bounds
  const pad = scene.geo.size * 0.5
  const w = b.maxX - b.minX + 2 * pad
  const h = b.maxY - b.minY + 2 * pad
  const scale = Math.min(pixelsPerUnit, MAX_SIDE / Math.max(w, h))
  const canvas = document.createElement('canvas')
  canvas.width = Math.ceil(w * scale)
  canvas.height = Math.ceil(h * scale)
  const ctx = canvas.getContext('2d')
  if (!ctx) return Promise.reject(new Error('This browser cannot draw the map into an image.'))
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.setTransform(scale, 0, 0, scale, (pad - b.minX) * scale, (pad - b.minY) * scale)
  if (scene.layers.underlay) paintUnderlay(ctx, map, underlay, scene.geo.size)
  paintScene(ctx, scene, b, scale)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made.'))),
      'image/png',
    ),
  )
}
