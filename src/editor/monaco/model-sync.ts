/**
 * Two-way binding between a Monaco text model and one workspace file. The store's text is the
 * truth: typing writes the whole new text to the store; a change from elsewhere comes back as
 * one minimal edit (see text-sync.ts) so the cursor and scroll position are kept.
 */
import { minimalEdit } from './text-sync'

/** The few model methods the binding needs; Monaco's ITextModel has them all. */
export interface SyncModel {
  getValue(): string
  getPositionAt(offset: number): { lineNumber: number; column: number }
  pushEditOperations(
    beforeCursorState: null,
    operations: Array<{
      range: {
        startLineNumber: number
        startColumn: number
        endLineNumber: number
        endColumn: number
      }
      text: string
    }>,
    cursorStateComputer: () => null,
  ): unknown
  onDidChangeContent(listener: () => void): { dispose(): void }
}

export interface ModelSync {
  /** Bring the model up to the store's text (call on every store change). */
  pull(text: string | undefined): void
  dispose(): void
}

export function bindModel(model: SyncModel, write: (text: string) => void): ModelSync {
  let applying = false
  // The store text last seen, so a model that normalised line ends does not loop on the difference.
  let last: string | undefined = model.getValue()
  const sub = model.onDidChangeContent(() => {
    if (applying) return
    last = model.getValue()
    write(last)
  })
  return {
    pull(text) {
      if (text === undefined || text === last) return
      last = text
      const edit = minimalEdit(model.getValue(), text)
      if (!edit) return
      const start = model.getPositionAt(edit.start)
      const end = model.getPositionAt(edit.end)
      applying = true
      try {
        model.pushEditOperations(
          null,
          [
            {
              range: {
                startLineNumber: start.lineNumber,
                startColumn: start.column,
                endLineNumber: end.lineNumber,
                endColumn: end.column,
              },
              text: edit.text,
            },
          ],
          () => null,
        )
      } finally {
        applying = false
      }
    },
    dispose: () => sub.dispose(),
  }
}
