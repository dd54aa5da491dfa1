/**
 * One undo history for the whole workspace: an entry is a labelled set of file changes, each
 * with the text before and after, so undo restores exactly what was there whichever view made
 * the edit.
 */
export interface FileChange {
  path: string
  /** null: the file did not exist. */
  before: string | null
  after: string | null
}

export interface HistoryEntry {
  label: string
  changes: FileChange[]
  /** Consecutive edits with the same key (typing in one file) merge into one entry. */
  coalesceKey?: string
  at: number
}

export class History {
  private done: HistoryEntry[] = []
  private undone: HistoryEntry[] = []
  constructor(
    private readonly limit = 300,
    private readonly coalesceMs = 1500,
  ) {}

  record(entry: HistoryEntry): void {
    this.undone = []
    const last = this.done[this.done.length - 1]
    if (
      last &&
      entry.coalesceKey &&
      last.coalesceKey === entry.coalesceKey &&
      entry.at - last.at < this.coalesceMs
    ) {
      for (const c of entry.changes) {
        const prev = last.changes.find((p) => p.path === c.path)
        if (prev) prev.after = c.after
        else last.changes.push({ ...c })
      }
      last.at = entry.at
      return
    }
    this.done.push({ ...entry, changes: entry.changes.map((c) => ({ ...c })) })
    if (this.done.length > this.limit) this.done.shift()
  }

  /**
   * A file's text now stands as `to` where it stood as `from` (the same content laid out anew,
   * as Save to content/ does): every entry that holds `from` for it holds `to`, so undo and redo
   * go on from the new text, and no step of its own is added.
   */
  replaceText(path: string, from: string, to: string): void {
    for (const e of [...this.done, ...this.undone])
      for (const c of e.changes) {
        if (c.path !== path) continue
        if (c.before === from) c.before = to
        if (c.after === from) c.after = to
      }
  }

  /** The entry to undo (its changes are to be applied backwards), moved to the redo list. */
  undo(): HistoryEntry | undefined {
    const e = this.done.pop()
    if (e) this.undone.push(e)
    return e
  }

  redo(): HistoryEntry | undefined {
    const e = this.undone.pop()
    if (e) this.done.push(e)
    return e
  }

  get canUndo(): boolean {
    return this.done.length > 0
  }
  get canRedo(): boolean {
    return this.undone.length > 0
  }
  get undoLabel(): string | undefined {
    return this.done[this.done.length - 1]?.label
  }
  get redoLabel(): string | undefined {
    return this.undone[this.undone.length - 1]?.label
  }
}
