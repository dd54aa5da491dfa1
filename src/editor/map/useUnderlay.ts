/**
 * The underlay scan: import (bytes kept as a workspace asset, the map points at it by path),
 * calibration by numbers or by clicking two hex centres on the scan.
 */
import { computed, ref } from 'vue'
import type { HexMap, Point } from '../../runtime'
import { apply, fitCalibration, gridToImage, solveTwoHexes, type Calibration } from './calibration'
import type { MapEditor } from './useMapEditor'

type Underlay = NonNullable<HexMap['underlay']>

/** Where a map's scan is kept: the `image` field is relative to the content folder. */
export function underlayImagePath(mapId: string, fileName: string): string {
  const safe =
    fileName
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'scan'
  return `assets/maps/${mapId}/${safe}`
}

export const assetPathOf = (image: string) => `content/${image}`

async function imageSize(blob: Blob): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(blob)
  try {
    const img = new Image()
    img.src = url
    await img.decode()
    return { width: img.naturalWidth, height: img.naturalHeight }
  } finally {
    URL.revokeObjectURL(url)
  }
}

export function useUnderlay(editor: MapEditor, path: () => string) {
  const { ws, map, geo } = editor
  const underlay = computed<Underlay | undefined>(() => map.value?.underlay)
  const url = computed(() => {
    const image = underlay.value?.image
    // ws.files is read so the URL follows the asset once it is stored.
    return typeof image === 'string' ? ws.assetUrl(assetPathOf(image)) : undefined
  })
  const error = ref<string | null>(null)
  /** Two-hex calibration in progress: which hex's centre the next click gives. */
  const picking = ref<{ hexes: [string, string]; points: Point[] } | null>(null)

  async function importFile(file: File): Promise<void> {
    error.value = null
    const m = map.value
    const g = geo.value
    if (!m || !g) return
    if (!file.type.startsWith('image/')) {
      error.value = `"${file.name}" is not an image. Use a PNG, JPEG or WebP scan.`
      return
    }
    let size
    try {
      size = await imageSize(file)
    } catch {
      error.value = `"${file.name}" could not be read as an image.`
      return
    }
    const image = underlayImagePath(m.id, file.name)
    ws.putAsset(assetPathOf(image), new Uint8Array(await file.arrayBuffer()), file.type)
    const value: Underlay = {
      image,
      width: size.width,
      height: size.height,
      opacity: 0.8,
      calibration: fitCalibration(g.bounds, size.width, size.height),
    }
    ws.edit(path(), [{ pointer: '/underlay', value }], 'Import underlay')
  }

  function setCalibration(patch: Partial<Calibration>, label = 'Calibrate underlay'): void {
    const u = underlay.value
    if (!u) return
    const next = { ...u.calibration, ...patch }
    if (!(next.hexSize > 0) || (next.aspect !== undefined && !(next.aspect > 0))) {
      error.value = 'Hex size and aspect must be more than 0.'
      return
    }
    error.value = null
    ws.edit(path(), [{ pointer: '/underlay/calibration', value: next }], label)
  }

  function setOpacity(opacity: number): void {
    if (!underlay.value || !(opacity >= 0 && opacity <= 1)) return
    ws.edit(path(), [{ pointer: '/underlay/opacity', value: opacity }], 'Underlay opacity')
  }

  function remove(): void {
    if (underlay.value)
      ws.edit(path(), [{ pointer: '/underlay', value: undefined }], 'Remove underlay')
  }

  function startPicking(a: string, b: string): void {
    error.value = null
    const g = geo.value
    if (!g || !g.has(a) || !g.has(b) || a === b) {
      error.value = 'Name two different hexes of this map.'
      return
    }
    picking.value = { hexes: [a, b], points: [] }
  }

  /** A click on the map (map units) while picking: the scan pixel under it. */
  function mapClick(p: Point): boolean {
    const pick = picking.value
    const u = underlay.value
    const g = geo.value
    if (!pick || !u || !g) return false
    const onImage = apply(gridToImage(u.calibration, g.size), p)
    const points = [...pick.points, onImage]
    if (points.length < 2) {
      picking.value = { ...pick, points }
      return true
    }
    picking.value = null
    const [h1, h2] = pick.hexes
    const [p1, p2] = points as [Point, Point]
    try {
      const solved = solveTwoHexes(
        g.center(h1)!,
        p1,
        g.center(h2)!,
        p2,
        u.calibration.aspect ?? 1,
        g.size,
      )
      const round = (v: number) => Math.round(v * 10) / 10
      setCalibration(
        {
          ...solved,
          referenceHexes: [
            { hex: h1, x: round(p1.x), y: round(p1.y) },
            { hex: h2, x: round(p2.x), y: round(p2.y) },
          ],
        },
        'Calibrate underlay on two hexes',
      )
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e)
    }
    return true
  }

  return {
    underlay,
    url,
    error,
    picking,
    importFile,
    setCalibration,
    setOpacity,
    remove,
    startPicking,
    mapClick,
  }
}

export type UnderlayEditor = ReturnType<typeof useUnderlay>
