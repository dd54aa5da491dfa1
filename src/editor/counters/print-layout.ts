/**
 * Where counters go on print-and-play sheets, in millimetres from the top-left of the page. Pure
 * arithmetic, tested in Node. The grid is centred on the page, so the back of the counter in
 * column c lands in column (cols − 1 − c) on the back page: printed double-sided (flip on the
 * long edge) each back falls right behind its front.
 */

export interface Paper {
  id: string
  label: string
  width: number
  height: number
}

export const PAPERS: readonly Paper[] = [
  { id: 'letter', label: 'US Letter', width: 215.9, height: 279.4 },
  { id: 'a4', label: 'A4', width: 210, height: 297 },
]

export interface CounterSize {
  id: string
  label: string
  mm: number
}

const INCH = 25.4
export const COUNTER_SIZES: readonly CounterSize[] = [
  { id: 'half', label: '1/2 inch (12.7 mm)', mm: INCH / 2 },
  { id: 'five-eighths', label: '5/8 inch (15.9 mm)', mm: (INCH * 5) / 8 },
  { id: 'three-quarters', label: '3/4 inch (19.1 mm)', mm: (INCH * 3) / 4 },
]

/** Smallest and largest counters we lay out (a counter must stay cuttable and fit a page). */
export const MIN_COUNTER_MM = 8
export const MAX_COUNTER_MM = 60

export interface SheetLayout {
  pageWidth: number
  pageHeight: number
  size: number
  cols: number
  rows: number
  perPage: number
  /** Top-left corner of the grid. */
  originX: number
  originY: number
}

export interface Placement {
  /** Index of the sheet (each sheet prints as a front page then a back page). */
  sheet: number
  col: number
  row: number
  x: number
  y: number
  /** Columns the counter covers: 2 for a counter that fills two hexes (a rider). */
  span?: number
}

/** The grid of counters on one page, with at least `margin` mm of paper all round. */
export function sheetLayout(paper: Paper, sizeMm: number, margin = 10): SheetLayout {
  const size = Math.min(MAX_COUNTER_MM, Math.max(MIN_COUNTER_MM, sizeMm))
  // A small tolerance so that an exact fit is not lost to floating-point dust.
  const cols = Math.max(1, Math.floor((paper.width - 2 * margin + 1e-9) / size))
  const rows = Math.max(1, Math.floor((paper.height - 2 * margin + 1e-9) / size))
  return {
    pageWidth: paper.width,
    pageHeight: paper.height,
    size,
    cols,
    rows,
    perPage: cols * rows,
    originX: (paper.width - cols * size) / 2,
    originY: (paper.height - rows * size) / 2,
  }
}

/** Where the front of counter `index` goes. */
export function frontPlacement(layout: SheetLayout, index: number): Placement {
  const sheet = Math.floor(index / layout.perPage)
  const within = index % layout.perPage
  const row = Math.floor(within / layout.cols)
  const col = within % layout.cols
  return {
    sheet,
    col,
    row,
    x: layout.originX + col * layout.size,
    y: layout.originY + row * layout.size,
  }
}

/** Where the back of counter `index` goes: the same row, the mirrored column. */
export function backPlacement(layout: SheetLayout, index: number): Placement {
  return mirrored(layout, frontPlacement(layout, index))
}

/** The back of a counter placed at `front`: the same row, the columns mirrored. */
export function mirrored(layout: SheetLayout, front: Placement): Placement {
  const col = layout.cols - (front.span ?? 1) - front.col
  return { ...front, col, x: layout.originX + col * layout.size }
}

/**
 * Where the fronts of counters of these widths (in columns) go, in order: row by row, a wide
 * counter that does not fit in what is left of a row starting the next. With widths of 1 only,
 * counter i goes where frontPlacement puts it.
 */
export function placeCounters(layout: SheetLayout, spans: readonly number[]): Placement[] {
  const out: Placement[] = []
  let sheet = 0
  let row = 0
  let col = 0
  for (const asked of spans) {
    const span = Math.max(1, Math.min(layout.cols, Math.round(asked)))
    if (col + span > layout.cols) {
      col = 0
      row++
    }
    if (row >= layout.rows) {
      row = 0
      sheet++
    }
    out.push({
      sheet,
      col,
      row,
      x: layout.originX + col * layout.size,
      y: layout.originY + row * layout.size,
      ...(span > 1 ? { span } : {}),
    })
    col += span
  }
  return out
}

/** Sheets for `count` counters; the PDF has twice as many pages (fronts and backs). */
export function sheetCount(layout: SheetLayout, count: number): number {
  return Math.max(1, Math.ceil(count / layout.perPage))
}

export interface CutLine {
  x1: number
  y1: number
  x2: number
  y2: number
}

/**
 * Cut lines for one page holding `used` counters: every grid line of the rows in use, run a
 * few millimetres into the margin so they can be seen after the counters are glued. `used` may
 * be the placements of the page instead (the rows in use are then theirs), so that no line
 * runs through a counter spanning two columns (a back page then has lines of its own).
 */
export function cutLines(
  layout: SheetLayout,
  used: number | readonly Placement[],
  overrun = 4,
): CutLine[] {
  const placed = typeof used === 'number' ? [] : used
  const rowsUsed =
    typeof used === 'number'
      ? Math.min(layout.rows, Math.ceil(used / layout.cols))
      : Math.max(0, ...used.map((p) => p.row + 1))
  if (rowsUsed <= 0) return []
  const { originX: x0, originY: y0, size } = layout
  const lines: CutLine[] = []
  const top = y0 - overrun
  const bottom = y0 + rowsUsed * size + overrun
  // Columns span the whole grid width so the mirrored back page gets the same lines; a column
  // line stops at a wide counter and goes on past it.
  for (let c = 0; c <= layout.cols; c++) {
    const x = x0 + c * size
    const blocked = new Set(
      placed.filter((p) => p.col < c && c < p.col + (p.span ?? 1)).map((p) => p.row),
    )
    let from = 0
    for (let r = 0; r <= rowsUsed; r++) {
      if (r < rowsUsed && !blocked.has(r)) continue
      if (r > from)
        lines.push({
          x1: x,
          y1: from === 0 ? top : y0 + from * size,
          x2: x,
          y2: r === rowsUsed ? bottom : y0 + r * size,
        })
      from = r + 1
    }
  }
  for (let r = 0; r <= rowsUsed; r++) {
    lines.push({
      x1: x0 - overrun,
      y1: y0 + r * size,
      x2: x0 + layout.cols * size + overrun,
      y2: y0 + r * size,
    })
  }
  return lines
}

/** Pixels for `mm` at `dpi`. */
export function pixelsAt(mm: number, dpi = 300): number {
  return Math.max(1, Math.round((mm / INCH) * dpi))
}

export const MM_TO_PT = 72 / INCH
