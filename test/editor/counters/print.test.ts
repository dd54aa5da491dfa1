import { describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import {
  backPlacement,
  COUNTER_SIZES,
  cutLines,
  frontPlacement,
  MM_TO_PT,
  PAPERS,
  pixelsAt,
  sheetCount,
  sheetLayout,
} from '../../../src/editor/counters/print-layout'
import { buildCountersPdf } from '../../../src/editor/counters/print-pdf'

const letter = PAPERS.find((p) => p.id === 'letter')!
const a4 = PAPERS.find((p) => p.id === 'a4')!
const size = (id: string) => COUNTER_SIZES.find((s) => s.id === id)!.mm

/** A valid 1×1 PNG, standing in for the canvas rasterizer (Node has no canvas). */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
)

describe('print-and-play layout', () => {
  it('fits the right number of counters per page at each size', () => {
    // Letter minus 10 mm margins: 195.9 × 259.4 mm.
    expect(sheetLayout(letter, size('half'))).toMatchObject({ cols: 15, rows: 20, perPage: 300 })
    expect(sheetLayout(letter, size('five-eighths'))).toMatchObject({ cols: 12, rows: 16 })
    expect(sheetLayout(letter, size('three-quarters'))).toMatchObject({ cols: 10, rows: 13 })
    // A4 minus margins: 190 × 277 mm.
    expect(sheetLayout(a4, size('half'))).toMatchObject({ cols: 14, rows: 21 })
    expect(sheetLayout(a4, 19)).toMatchObject({ cols: 10, rows: 14, perPage: 140 })
    // An exact fit is kept: 190 / 19 = 10 columns.
    expect(sheetLayout(a4, 19).cols).toBe(10)
  })

  it('centres the grid and mirrors each back behind its front', () => {
    const l = sheetLayout(letter, size('half'))
    expect(l.originX * 2 + l.cols * l.size).toBeCloseTo(letter.width)
    expect(l.originY * 2 + l.rows * l.size).toBeCloseTo(letter.height)
    for (const i of [0, 1, 14, 15, 299, 300, 317]) {
      const f = frontPlacement(l, i)
      const b = backPlacement(l, i)
      expect(b.sheet).toBe(f.sheet)
      expect(b.row).toBe(f.row)
      expect(b.col).toBe(l.cols - 1 - f.col)
      // Flipped on the long edge, the back's left edge lands on the front's right edge.
      expect(b.x).toBeCloseTo(l.pageWidth - f.x - l.size)
      expect(b.y).toBe(f.y)
    }
    expect(frontPlacement(l, 300)).toMatchObject({ sheet: 1, col: 0, row: 0 })
    expect(sheetCount(l, 301)).toBe(2)
    expect(sheetCount(l, 0)).toBe(1)
  })

  it('draws cut lines along every edge of the rows in use', () => {
    const l = sheetLayout(letter, size('three-quarters'))
    const lines = cutLines(l, 12) // two rows of 10 columns in use
    const vertical = lines.filter((x) => x.x1 === x.x2)
    const horizontal = lines.filter((x) => x.y1 === x.y2)
    expect(vertical.length).toBe(l.cols + 1)
    expect(horizontal.length).toBe(3)
    expect(vertical[0]!.y2 - vertical[0]!.y1).toBeCloseTo(2 * l.size + 8)
    expect(cutLines(l, 0)).toEqual([])
  })

  it('rasterizes at 300 dpi', () => {
    expect(pixelsAt(25.4)).toBe(300)
    expect(pixelsAt(size('half'))).toBe(150)
  })

  it('writes a PDF that loads back with fronts and backs at page size', async () => {
    const counters = Array.from({ length: 200 }, (_, i) => ({
      front: `<svg id="f${i % 3}"/>`,
      back: `<svg id="b${i % 3}"/>`,
    }))
    const asked: number[] = []
    const bytes = await buildCountersPdf(
      counters,
      { paper: a4, sizeMm: size('five-eighths'), title: 'Test' },
      async (_svg, px) => {
        asked.push(px)
        return PNG
      },
    )
    const doc = await PDFDocument.load(bytes)
    const layout = sheetLayout(a4, size('five-eighths'))
    expect(layout.perPage).toBe(11 * 17)
    const sheets = Math.ceil(200 / layout.perPage)
    expect(sheets).toBe(2)
    expect(doc.getPageCount()).toBe(sheets * 2)
    for (const page of doc.getPages()) {
      expect(page.getWidth()).toBeCloseTo(a4.width * MM_TO_PT, 1)
      expect(page.getHeight()).toBeCloseTo(a4.height * MM_TO_PT, 1)
    }
    expect(doc.getTitle()).toBe('Test')
    // Six distinct faces, each rasterized once, at 300 dpi.
    expect(asked.length).toBe(6)
    expect(new Set(asked)).toEqual(new Set([pixelsAt(size('five-eighths'))]))
  })
})
