/** A new, empty map file from the choices of the New map dialog. */
import { ref } from 'vue'
import type { HexMap } from '../../runtime'
import { gridProblem } from './map-geometry'
import { printJson } from '../workspace/json-edit'

export interface NewMapChoices {
  id: string
  name: string
  ruleset: string
  defaultTerrain: string
  columns: number
  rows: number
  orientation: 'flat' | 'pointy'
  offset: 'odd' | 'even'
  scheme: 'numeric' | 'letter-row'
  firstColumn: number
  firstRow: number
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Enough digits for the last column and row, never fewer than two (as printed maps do). */
function digitsFor(first: number, count: number): number {
  return Math.max(2, String(first + count - 1).length)
}

export function newMapValue(c: NewMapChoices): HexMap {
  const numbering: HexMap['grid']['numbering'] =
    c.scheme === 'letter-row'
      ? { scheme: 'letter-row', firstRow: c.firstRow }
      : {
          scheme: 'numeric',
          columnDigits: digitsFor(c.firstColumn, c.columns),
          rowDigits: digitsFor(c.firstRow, c.rows),
          firstColumn: c.firstColumn,
          firstRow: c.firstRow,
        }
  return {
    $schema: '../../schemas/map.schema.json',
    id: c.id,
    schemaVersion: 1,
    name: c.name.trim() || c.id,
    ruleset: c.ruleset,
    grid: {
      orientation: c.orientation,
      offset: c.offset,
      columns: c.columns,
      rows: c.rows,
      numbering,
    },
    defaultTerrain: c.defaultTerrain,
  }
}

/** The problem with these choices, in a designer's words, or null. */
export function newMapProblem(c: NewMapChoices, exists: (id: string) => boolean): string | null {
  if (!ID.test(c.id))
    return 'The id uses lower-case letters and digits joined by hyphens, like "my-first-map".'
  if (exists(c.id)) return `There is already a map "${c.id}".`
  if (!c.ruleset) return 'Pick the ruleset whose terrain the map uses.'
  if (!c.defaultTerrain) return 'That ruleset has no terrain to start the map with.'
  for (const [what, v] of [
    ['columns', c.columns],
    ['rows', c.rows],
  ] as const)
    if (!Number.isInteger(v) || v < 1 || v > 500)
      return `The number of ${what} must be a whole number from 1 to 500.`
  const value = newMapValue(c)
  const numbering = value.grid.numbering
  if (numbering.scheme === 'numeric' && (numbering.columnDigits > 3 || numbering.rowDigits > 3))
    return 'Hex numbers can have at most three digits for the column and three for the row.'
  return gridProblem(value.grid)
}

export function newMapText(c: NewMapChoices): string {
  return printJson(newMapValue(c)) + '\n'
}

/** Open state shared with the toolbar: call openNewMapDialog() from a New menu. */
export const newMapDialogOpen = ref(false)

export function openNewMapDialog(): void {
  newMapDialogOpen.value = true
}
