/** A map file's grid geometry and numbering, and the check that a hex number is on it. */
import type { HexMap } from '../generated/content-types'
import {
  checkSchemeFits,
  formatLabel,
  parseLabel,
  type GridSpec,
  type NumberingScheme,
} from '../hex'

export function numberingOf(map: HexMap): NumberingScheme {
  const n = map.grid.numbering
  return n.scheme === 'numeric'
    ? {
        scheme: 'numeric',
        columnDigits: n.columnDigits,
        rowDigits: n.rowDigits,
        firstColumn: n.firstColumn ?? 1,
        firstRow: n.firstRow ?? 1,
      }
    : { scheme: 'letter-row', firstRow: n.firstRow ?? 1 }
}

/** A map ready for play: its geometry and its numbering worked out. */
export interface LoadedMap {
  map: HexMap
  grid: GridSpec
  numbering: NumberingScheme
}

export function loadMap(map: HexMap): LoadedMap {
  const grid: GridSpec = {
    orientation: map.grid.orientation,
    offset: map.grid.offset,
    columns: map.grid.columns,
    rows: map.grid.rows,
  }
  return { map, grid, numbering: numberingOf(map) }
}

/** Why the numbering cannot label this grid, or null. */
export function numberingProblem(m: LoadedMap): string | null {
  return checkSchemeFits(m.numbering, m.grid)
}

/** A message when `label` is not a hex of this map as the map prints it, else null. */
export function hexLabelProblem(m: LoadedMap, label: string): string | null {
  const parsed = parseLabel(m.numbering, label, m.grid)
  if (!parsed.ok) return `"${label}" is not a hex of map "${m.map.id}": ${parsed.message}`
  const canonical = formatLabel(m.numbering, parsed.offset)
  if (canonical !== label) return `write hex "${label}" as "${canonical}", as the map prints it`
  return null
}
