/**
 * The table view's state for one table file: its grid, the result set its codes come from, the
 * problems at each cell (our inline checks plus the validator's), and the edits, each written
 * as one labelled undo step.
 */
import { computed, type Ref } from 'vue'
import { useWorkspaceStore } from '../stores/useWorkspaceStore'
import { cellProblem } from './cell-value'
import { buildGrid } from './grid-model'
import { placeProblems } from './provenance'
import { resultCodesFor } from './result-lookup'
import {
  addColumnEdits,
  addRowEdits,
  removeColumnEdits,
  removeRowEdits,
  setCellEdits,
  setRowBandEdits,
  type EditResult,
} from './table-edits'

export function useTableFile(path: Ref<string>, value: Ref<unknown>) {
  const ws = useWorkspaceStore()
  const grid = computed(() => buildGrid(value.value))
  const results = computed(() => {
    void ws.files // the library is rebuilt from the files: depend on them
    return resultCodesFor(ws.content(), value.value)
  })
  const placed = computed(() =>
    placeProblems(
      grid.value,
      ws.problems.filter((p) => p.file === path.value),
    ),
  )
  /** Sentences per cell "r,c": what is wrong with the value now, then the validator's. */
  const cellProblems = computed(() => {
    const out = new Map<string, string[]>()
    const g = grid.value
    if (!g) return out
    g.cells.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell.type === 'band' || !cell.present) return
        const m = cellProblem(cell.value, cell.type, results.value)
        if (m) out.set(`${r},${c}`, [m])
      }),
    )
    for (const [k, msgs] of placed.value.cells) {
      const mine = out.get(k) ?? []
      // The validator often says the same thing about an unknown code: keep one sentence then.
      out.set(k, mine.length ? mine : msgs)
    }
    return out
  })

  function run(result: EditResult): string | null {
    if (!result.ok) return result.message
    if (result.edits.length) ws.edit(path.value, result.edits, result.label)
    return null
  }

  const commit = (r: number, c: number, text: string) =>
    grid.value ? run(setCellEdits(grid.value, r, c, text)) : 'This table cannot be shown.'
  const addRow = (key?: string) =>
    grid.value ? run(addRowEdits(value.value, grid.value, key)) : null
  const removeRow = (r: number) =>
    grid.value ? run(removeRowEdits(value.value, grid.value, r)) : null
  const addColumn = (key?: string) =>
    grid.value ? run(addColumnEdits(value.value, grid.value, key)) : null
  const removeColumn = (c: number) =>
    grid.value ? run(removeColumnEdits(value.value, grid.value, c)) : null
  const setBand = (r: number, scale: number, text: string) =>
    grid.value ? run(setRowBandEdits(value.value, grid.value, r, scale, text)) : null

  return {
    grid,
    results,
    cellProblems,
    otherProblems: computed(() => placed.value.rest),
    commit,
    addRow,
    removeRow,
    addColumn,
    removeColumn,
    setBand,
  }
}
