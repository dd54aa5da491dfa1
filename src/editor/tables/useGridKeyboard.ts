/**
 * Spreadsheet keys over a grid: arrows and Tab move, Enter or F2 edits, typing starts an edit,
 * Escape cancels, Delete clears. The grid owns no data: committing hands the typed text to
 * `commit`, which answers with an error sentence (the edit stays open) or null.
 */
import { ref, type Ref } from 'vue'

export interface GridKeyboardOptions {
  rows: () => number
  cols: () => number
  /** The text an edit starts from. */
  textAt: (r: number, c: number) => string
  commit: (r: number, c: number, text: string) => string | null
  editable: () => boolean
}

export function useGridKeyboard(o: GridKeyboardOptions) {
  const active = ref({ r: 0, c: 0 })
  const editing = ref(false)
  const draft = ref('')
  const error: Ref<string | null> = ref(null)

  function select(r: number, c: number): void {
    const rows = o.rows()
    const cols = o.cols()
    if (rows === 0 || cols === 0) return
    active.value = { r: Math.max(0, Math.min(rows - 1, r)), c: Math.max(0, Math.min(cols - 1, c)) }
  }

  function move(dr: number, dc: number): void {
    let { r, c } = active.value
    c += dc
    // Tab runs on to the next row, as in a spreadsheet.
    if (c >= o.cols()) [r, c] = [r + 1, 0]
    if (c < 0) [r, c] = [r - 1, o.cols() - 1]
    select(r + dr, c)
  }

  function begin(initial?: string): void {
    if (!o.editable()) return
    draft.value = initial ?? o.textAt(active.value.r, active.value.c)
    error.value = null
    editing.value = true
  }

  function cancel(): void {
    editing.value = false
    error.value = null
  }

  /** Write the draft; true when it was accepted. */
  function finish(): boolean {
    const message = o.commit(active.value.r, active.value.c, draft.value)
    error.value = message
    if (message) return false
    editing.value = false
    return true
  }

  function onCellKey(e: KeyboardEvent): void {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    }
    if (moves[e.key]) {
      e.preventDefault()
      move(...moves[e.key]!)
    } else if (e.key === 'Tab') {
      e.preventDefault()
      move(0, e.shiftKey ? -1 : 1)
    } else if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault()
      begin()
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault()
      if (o.editable()) error.value = o.commit(active.value.r, active.value.c, '')
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault()
      begin(e.key)
    }
  }

  function onInputKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      e.preventDefault()
      cancel()
    } else if (e.key === 'Enter') {
      e.preventDefault()
      if (finish()) move(1, 0)
    } else if (e.key === 'Tab') {
      e.preventDefault()
      if (finish()) move(0, e.shiftKey ? -1 : 1)
    }
  }

  return {
    active,
    editing,
    draft,
    error,
    select,
    move,
    begin,
    cancel,
    finish,
    onCellKey,
    onInputKey,
  }
}
