/**
 * Print-and-play PDF: counters at true size, each sheet as a front page then a back page with
 * the columns mirrored, cut lines on both. pdf-lib is imported on demand so it stays out of the
 * editor's first load. Turning an SVG into a PNG needs a browser (canvas), so that step is passed
 * in: the view gives the canvas rasterizer, tests give a stub.
 */
import {
  cutLines,
  mirrored,
  MM_TO_PT,
  pixelsAt,
  placeCounters,
  sheetLayout,
  type Paper,
  type Placement,
} from './print-layout'

/** One counter to print: the SVG of its front and of its back. */
export interface PrintCounter {
  front: string
  back: string
  /** It fills two hexes: printed two counters wide (its SVGs drawn at that shape). */
  wide?: boolean
}

export interface PdfOptions {
  paper: Paper
  sizeMm: number
  title?: string
  dpi?: number
}

/** Turns an SVG into PNG bytes `px` pixels high and `width` wide (square when left out). */
export type Rasterize = (svg: string, px: number, width?: number) => Promise<Uint8Array>

export async function buildCountersPdf(
  counters: readonly PrintCounter[],
  options: PdfOptions,
  rasterize: Rasterize,
): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await import('pdf-lib')
  const layout = sheetLayout(options.paper, options.sizeMm)
  const px = pixelsAt(layout.size, options.dpi ?? 300)
  const doc = await PDFDocument.create()
  doc.setTitle(options.title ?? 'Counters')
  doc.setCreator('Hexwright')

  // Identical counters (a unit set's many copies of one type) are rasterized and embedded once;
  // the distinct ones are rasterized a few at a time, which is much faster than one by one.
  const unique = [...new Set(counters.flatMap((c) => [c.front, c.back]))]
  const wide = new Set(counters.filter((c) => c.wide).flatMap((c) => [c.front, c.back]))
  const pngs = new Map<string, Uint8Array>()
  const draw = (svg: string) => (wide.has(svg) ? rasterize(svg, px, 2 * px) : rasterize(svg, px))
  const workers = Array.from({ length: Math.min(6, unique.length) }, async (_, w) => {
    for (let i = w; i < unique.length; i += 6) pngs.set(unique[i]!, await draw(unique[i]!))
  })
  await Promise.all(workers)
  const images = new Map<string, Awaited<ReturnType<typeof doc.embedPng>>>()
  for (const svg of unique) images.set(svg, await doc.embedPng(pngs.get(svg)!))
  const imageOf = (svg: string) => images.get(svg)!

  const pt = (mm: number) => mm * MM_TO_PT
  const w = pt(layout.pageWidth)
  const h = pt(layout.pageHeight)
  const drawCuts = (page: ReturnType<typeof doc.addPage>, used: number | Placement[]) => {
    for (const l of cutLines(layout, used)) {
      page.drawLine({
        start: { x: pt(l.x1), y: h - pt(l.y1) },
        end: { x: pt(l.x2), y: h - pt(l.y2) },
        thickness: 0.3,
        color: rgb(0.55, 0.55, 0.55),
      })
    }
  }
  const place = (page: ReturnType<typeof doc.addPage>, svg: string, at: Placement) => {
    page.drawImage(imageOf(svg), {
      x: pt(at.x),
      // PDF pages measure up from the bottom edge.
      y: h - pt(at.y + layout.size),
      width: pt(layout.size * (at.span ?? 1)),
      height: pt(layout.size),
    })
  }

  const placed = placeCounters(
    layout,
    counters.map((c) => (c.wide ? 2 : 1)),
  )
  const sheets = Math.max(1, ...placed.map((p) => p.sheet + 1))
  const anyWide = counters.some((c) => c.wide)
  for (let s = 0; s < sheets; s++) {
    const fronts: Placement[] = []
    const backs: Placement[] = []
    const front = doc.addPage([w, h])
    const back = doc.addPage([w, h])
    placed.forEach((at, i) => {
      if (at.sheet !== s) return
      const b = mirrored(layout, at)
      place(front, counters[i]!.front, at)
      place(back, counters[i]!.back, b)
      fronts.push(at)
      backs.push(b)
    })
    // Without wide counters, the lines of every page are those of its count, as they always were.
    drawCuts(front, anyWide ? fronts : fronts.length)
    drawCuts(back, anyWide ? backs : backs.length)
  }
  return doc.save()
}

/** The browser's rasterizer: the SVG drawn on a canvas and read back as PNG. */
export async function canvasRasterize(svg: string, px: number, width = px): Promise<Uint8Array> {
  const img = new Image(width, px)
  // onload rather than decode(): decode() waits for a rendering frame, slow in a busy page.
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve()
    img.onerror = () => reject(new Error('a counter image could not be drawn'))
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  })
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = px
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('this browser cannot draw on a canvas')
  ctx.drawImage(img, 0, 0, width, px)
  // toDataURL rather than toBlob: Chromium encodes toBlob in idle time, which a busy page may
  // not have for a second per image; a counter-sized PNG encodes at once.
  const base64 = canvas.toDataURL('image/png').split(',')[1] ?? ''
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
}

/** Offer bytes to the user as a file download. */
export function downloadBytes(bytes: Uint8Array, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
