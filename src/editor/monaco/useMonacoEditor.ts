/**
 * One Monaco editor over one workspace file: loads Monaco on demand, keeps the model and the
 * store in step, shows the validator's problems as markers, routes undo/redo to the workspace
 * history and reveals the places the problems panel asks for.
 */
import { onBeforeUnmount, onMounted, ref, shallowRef, watch, type Ref } from 'vue'
import { useNavigationStore } from '../stores/useNavigationStore'
import { useWorkspaceStore } from '../stores/useWorkspaceStore'
import { loadMonaco, type Monaco } from './load-monaco'
import { documentOf, problemsToMarkers, rangeAt, type MarkerData } from './markers'
import { bindModel, type ModelSync } from './model-sync'
import { modelUriOf } from './schema-association'

type Editor = ReturnType<Monaco['editor']['create']>
type Model = ReturnType<Monaco['editor']['createModel']>

/** Marker owner: one name for every problem that comes from our validator. */
export const MARKER_OWNER = 'hexwright'

/** The end-to-end tests drive the editor through this, as typing would. */
export interface MonacoTestHook {
  setText(text: string): void
  getText(): string
  markers(): Array<{ line: number; column: number; message: string }>
}

declare global {
  interface Window {
    __hexwrightMonaco?: MonacoTestHook
  }
}

// Places already revealed, across openings: reopening the view must not jump to an old one.
let handledSeq = 0

export function useMonacoEditor(path: Ref<string>, host: Ref<HTMLElement | null>) {
  const ws = useWorkspaceStore()
  const nav = useNavigationStore()
  const status = ref<'loading' | 'ready' | 'failed'>('loading')
  const failure = ref('')
  const editor = shallowRef<Editor>()
  let monaco: Monaco | undefined
  let model: Model | undefined
  let sync: ModelSync | undefined
  const stops: Array<() => void> = []
  let disposed = false

  function showMarkers(): void {
    if (!monaco || !model) return
    const text = ws.text(path.value) ?? ''
    const severity = monaco.MarkerSeverity
    const markers = problemsToMarkers(ws.problems, path.value, text).map((m: MarkerData) => ({
      ...m,
      severity: m.severity === 'error' ? severity.Error : severity.Warning,
    }))
    monaco.editor.setModelMarkers(model, MARKER_OWNER, markers)
  }

  function reveal(): void {
    const t = nav.target
    const ed = editor.value
    if (!t || !ed || !model || t.path !== path.value || t.seq <= handledSeq) return
    handledSeq = t.seq
    const range = rangeAt(documentOf(path.value, model.getValue()), t)
    ed.setSelection(range)
    ed.revealRangeInCenterIfOutsideViewport(range)
    ed.focus()
  }

  function installKeys(m: Monaco, ed: Editor): void {
    const { KeyMod, KeyCode } = m
    // One history across views: Monaco's own undo stack would only know this editor's typing.
    ed.addAction({
      id: 'hexwright.undo',
      label: 'Undo (all views)',
      keybindings: [KeyMod.CtrlCmd | KeyCode.KeyZ],
      run: () => void ws.undo(),
    })
    ed.addAction({
      id: 'hexwright.redo',
      label: 'Redo (all views)',
      keybindings: [KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyZ, KeyMod.CtrlCmd | KeyCode.KeyY],
      run: () => void ws.redo(),
    })
  }

  let hook: MonacoTestHook | undefined
  function installTestHook(m: Monaco, ed: Editor, md: Model): void {
    hook = window.__hexwrightMonaco = {
      setText: (text) => {
        ed.executeEdits('test', [{ range: md.getFullModelRange(), text }])
      },
      getText: () => md.getValue(),
      markers: () =>
        m.editor
          .getModelMarkers({ resource: md.uri, owner: MARKER_OWNER })
          .map((k) => ({ line: k.startLineNumber, column: k.startColumn, message: k.message })),
    }
  }

  async function start(): Promise<void> {
    status.value = 'loading'
    try {
      const loaded = await loadMonaco()
      if (disposed || !host.value) return
      const m = (monaco = loaded.monaco)
      const uri = m.Uri.parse(modelUriOf(path.value))
      // A model left by an earlier opening would hold old text; the store is the truth.
      m.editor.getModel(uri)?.dispose()
      const md = (model = m.editor.createModel(ws.text(path.value) ?? '', 'json', uri))
      const ed = m.editor.create(host.value, {
        model: md,
        automaticLayout: true,
        tabSize: 2,
        insertSpaces: true,
        fontSize: 13,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        fixedOverflowWidgets: true,
        wordBasedSuggestions: 'off',
        quickSuggestions: { strings: true, other: true, comments: false },
        ariaLabel: `JSON text of ${path.value}`,
      })
      editor.value = ed
      sync = bindModel(md, (text) =>
        ws.setText(path.value, text, 'Edit JSON', 'json:' + path.value),
      )
      installKeys(m, ed)
      installTestHook(m, ed, md)
      // Synchronous, so the model is current before anything else reads it after a change.
      stops.push(
        watch(
          () => ws.text(path.value),
          (t) => sync?.pull(t),
          { flush: 'sync' },
        ),
        watch(() => [ws.problems, ws.text(path.value)], showMarkers),
        watch(() => nav.target, reveal),
      )
      showMarkers()
      status.value = 'ready'
      reveal()
    } catch (e) {
      status.value = 'failed'
      failure.value = e instanceof Error ? e.message : String(e)
    }
  }

  onMounted(() => void start())
  onBeforeUnmount(() => {
    disposed = true
    stops.forEach((s) => s())
    sync?.dispose()
    editor.value?.dispose()
    model?.dispose()
    if (hook && window.__hexwrightMonaco === hook) delete window.__hexwrightMonaco
  })

  return { status, failure, editor, retry: start }
}
