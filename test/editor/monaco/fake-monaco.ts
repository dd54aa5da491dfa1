/**
 * A stand-in for the few Monaco APIs the JSON view uses, so the wiring (store sync, markers,
 * undo routing, click-to-locate) can be tested in jsdom, where the real editor cannot run.
 */
interface Range {
  startLineNumber: number
  startColumn: number
  endLineNumber: number
  endColumn: number
}
type Listener = () => void

export class FakeModel {
  listeners: Listener[] = []
  pushed: Array<{ range: Range; text: string }> = []
  disposed = false
  constructor(
    public value: string,
    public uri: { toString(): string },
  ) {}
  getValue(): string {
    return this.value
  }
  private starts(): number[] {
    const s = [0]
    for (let i = 0; i < this.value.length; i++) if (this.value[i] === '\n') s.push(i + 1)
    return s
  }
  getPositionAt(offset: number) {
    const s = this.starts()
    let line = 0
    while (line + 1 < s.length && s[line + 1]! <= offset) line++
    return { lineNumber: line + 1, column: offset - s[line]! + 1 }
  }
  getOffsetAt(line: number, column: number): number {
    return (this.starts()[line - 1] ?? 0) + column - 1
  }
  getFullModelRange(): Range {
    const end = this.getPositionAt(this.value.length)
    return {
      startLineNumber: 1,
      startColumn: 1,
      endLineNumber: end.lineNumber,
      endColumn: end.column,
    }
  }
  private apply(range: Range, text: string): void {
    const a = this.getOffsetAt(range.startLineNumber, range.startColumn)
    const b = this.getOffsetAt(range.endLineNumber, range.endColumn)
    this.value = this.value.slice(0, a) + text + this.value.slice(b)
    this.listeners.forEach((l) => l())
  }
  pushEditOperations(_: unknown, ops: Array<{ range: Range; text: string }>) {
    for (const op of ops) {
      this.pushed.push(op)
      this.apply(op.range, op.text)
    }
    return null
  }
  /** What a keystroke does: an edit that did not come from the store. */
  type(at: number, text: string, remove = 0): void {
    const s = this.getPositionAt(at)
    const e = this.getPositionAt(at + remove)
    this.apply(
      {
        startLineNumber: s.lineNumber,
        startColumn: s.column,
        endLineNumber: e.lineNumber,
        endColumn: e.column,
      },
      text,
    )
  }
  onDidChangeContent(l: Listener) {
    this.listeners.push(l)
    return { dispose: () => (this.listeners = this.listeners.filter((x) => x !== l)) }
  }
  dispose(): void {
    this.disposed = true
    fake.models.delete(this.uri.toString())
  }
}

export class FakeEditor {
  actions = new Map<string, { keybindings?: number[]; run: () => void }>()
  selection: Range | undefined
  focused = false
  disposed = false
  constructor(public model: FakeModel) {}
  addAction(a: { id: string; keybindings?: number[]; run: () => void }) {
    this.actions.set(a.id, a)
    return { dispose: () => this.actions.delete(a.id) }
  }
  setSelection(r: Range) {
    this.selection = r
  }
  revealRangeInCenterIfOutsideViewport() {}
  focus() {
    this.focused = true
  }
  executeEdits(_: string, ops: Array<{ range: Range; text: string }>) {
    for (const op of ops)
      this.model.type(
        this.model.getOffsetAt(op.range.startLineNumber, op.range.startColumn),
        op.text,
        this.model.getOffsetAt(op.range.endLineNumber, op.range.endColumn) -
          this.model.getOffsetAt(op.range.startLineNumber, op.range.startColumn),
      )
    return true
  }
  dispose() {
    this.disposed = true
  }
}

export const fake = {
  models: new Map<string, FakeModel>(),
  markers: new Map<string, Array<Range & { message: string; severity: number }>>(),
  editors: [] as FakeEditor[],
  options: [] as unknown[],
}

export const fakeMonaco = {
  Uri: { parse: (s: string) => ({ toString: () => s }) },
  MarkerSeverity: { Error: 8, Warning: 4 },
  KeyMod: { CtrlCmd: 2048, Shift: 1024 },
  KeyCode: { KeyZ: 56, KeyY: 55 },
  editor: {
    getModel: (uri: { toString(): string }) => fake.models.get(uri.toString()) ?? null,
    createModel(text: string, _lang: string, uri: { toString(): string }) {
      const m = new FakeModel(text, uri)
      fake.models.set(uri.toString(), m)
      return m
    },
    create(_host: HTMLElement, options: { model: FakeModel }) {
      fake.options.push(options)
      const e = new FakeEditor(options.model)
      fake.editors.push(e)
      return e
    },
    setModelMarkers(
      model: FakeModel,
      owner: string,
      markers: Array<Range & { message: string; severity: number }>,
    ) {
      fake.markers.set(`${owner}:${model.uri.toString()}`, markers)
    },
    getModelMarkers({ resource, owner }: { resource: { toString(): string }; owner: string }) {
      return fake.markers.get(`${owner}:${resource.toString()}`) ?? []
    },
  },
}
