/** Provenance and problem placement in words, shared by the table views. */
import type { Problem } from '../../runtime'
import type { TableGrid } from './grid-model'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

const STATUS: Record<string, string> = {
  text: 'printed in the source',
  derived: 'derived from printed values or examples',
  provisional: 'provisional, to be checked',
}

export function provenanceText(p: unknown): string {
  if (!isObj(p)) return ''
  const status = typeof p.status === 'string' ? (STATUS[p.status] ?? p.status) : ''
  const source =
    typeof p.source === 'string'
      ? `source ${p.source}`
      : isObj(p.source)
        ? `source ${String(p.source.id)}`
        : ''
  const section = typeof p.section === 'string' ? `§ ${p.section}` : ''
  const where = [source, section].filter(Boolean).join(' ')
  const note = typeof p.note === 'string' ? p.note : ''
  return [status, where, note].filter(Boolean).join(' — ')
}

/** Which cell a problem's pointer lies in ("r,c"), or undefined when it is elsewhere. */
export function cellOfPointer(grid: TableGrid, pointer: string): string | undefined {
  for (let r = 0; r < grid.cells.length; r++) {
    const row = grid.cells[r]!
    for (let c = 0; c < row.length; c++) {
      const p = row[c]!.pointer
      if (pointer === p || pointer.startsWith(`${p}/`)) return `${r},${c}`
    }
  }
  return undefined
}

/** The file's problems split into those at a cell and the rest. */
export function placeProblems(
  grid: TableGrid | null,
  problems: readonly Problem[],
): { cells: Map<string, string[]>; rest: Problem[] } {
  const cells = new Map<string, string[]>()
  const rest: Problem[] = []
  for (const p of problems) {
    const at = grid && p.pointer !== undefined ? cellOfPointer(grid, p.pointer) : undefined
    if (at) cells.set(at, [...(cells.get(at) ?? []), p.message])
    else rest.push(p)
  }
  return { cells, rest }
}
