/**
 * The workspace: every content file (bundled and the user's own) as text, one undo history over
 * all of them, autosave to IndexedDB after every edit, and the validation report. Every view
 * reads and edits files through this store, so the JSON view and the visual views always agree.
 *
 * The text is the truth: a file that is not valid JSON is kept as typed, never dropped; visual
 * views wait until it parses again.
 */
import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowRef } from 'vue'
import { parseJsonDocument, type Problem, type SourceText } from '../../runtime/content'
import { bundledSources } from '../bundled-content'
import { parseFile, idOfPath, type ParsedFile } from '../workspace/files'
import { History, type FileChange } from '../workspace/history'
import { applyValueEdits, type ValueEdit } from '../workspace/json-edit'
import { WorkspaceLibrary } from '../workspace/library'
import {
  memoryStorage,
  openIndexedDbStorage,
  type StoredAsset,
  type WorkspaceStorage,
} from '../workspace/storage'
import { defaultValidator, serialValidation, type Validator } from '../workspace/validation'

export type FileOrigin = 'bundled' | 'modified' | 'user'

export interface WorkspaceEntry {
  path: string
  id: string
  format: string
  name: string
  origin: FileOrigin
  errors: number
}

export interface InitOptions {
  storage?: WorkspaceStorage
  validator?: Validator
  bundled?: SourceText[]
}

export type SaveState = 'saved' | 'saving' | 'error'

export const useWorkspaceStore = defineStore('workspace', () => {
  const files = shallowRef<ReadonlyMap<string, string>>(new Map())
  const bundled = shallowRef<ReadonlyMap<string, string>>(new Map())
  const assets = shallowRef<ReadonlyMap<string, StoredAsset>>(new Map())
  const assetUrls = new Map<string, { asset: StoredAsset; url: string }>()
  const ready = ref(false)
  const problems = shallowRef<Problem[]>([])
  /** The texts the latest full validation saw. */
  const validatedTexts = shallowRef<ReadonlyMap<string, string>>(new Map())
  const validationError = ref<string | null>(null)
  const saveState = ref<SaveState>('saved')
  const saveError = ref<string | null>(null)
  const history = markRaw(new History())
  const historyRev = ref(0)
  const library = markRaw(new WorkspaceLibrary())
  let storage: WorkspaceStorage = memoryStorage()
  let validation: ReturnType<typeof serialValidation> | null = null
  let writes: Promise<void> = Promise.resolve()
  let pendingWrites = 0

  const sources = (): SourceText[] =>
    [...files.value]
      .map(([path, text]) => ({ path, text }))
      .sort((a, b) => a.path.localeCompare(b.path))

  async function init(options: InitOptions = {}): Promise<void> {
    const base = options.bundled ?? (await bundledSources())
    bundled.value = new Map(base.map((s) => [s.path, s.text]))
    try {
      storage = options.storage ?? (await openIndexedDbStorage())
    } catch (e) {
      storage = memoryStorage()
      saveState.value = 'error'
      saveError.value = `Your browser refused local storage, so edits will not survive a reload (${String(e)})`
    }
    const next = new Map(bundled.value)
    for (const f of await storage.loadAll()) {
      if (f.text === null) next.delete(f.path)
      else next.set(f.path, f.text)
    }
    files.value = next
    assets.value = new Map((await storage.loadAssets()).map((a) => [a.path, a]))
    const validator = options.validator ?? defaultValidator()
    validation = serialValidation(
      validator,
      sources,
      (p, validated) => {
        problems.value = p
        validatedTexts.value = new Map(validated.map((v) => [v.path, v.text]))
        validationError.value = null
      },
      (m) => (validationError.value = m),
    )
    validation.request()
    ready.value = true
  }

  function text(path: string): string | undefined {
    return files.value.get(path)
  }

  function parsed(path: string): ParsedFile | undefined {
    const t = files.value.get(path)
    return t === undefined ? undefined : parseFile(path, t)
  }

  /** The parsed value of a file, when it parses. */
  function value<T = unknown>(path: string): T | undefined {
    return parsed(path)?.value as T | undefined
  }

  function persist(changes: readonly FileChange[]): void {
    queueWrite(async () => {
      for (const c of changes) {
        const now = files.value.get(c.path) ?? null
        const base = bundled.value.get(c.path)
        if (now === base || (now === null && base === undefined)) await storage.remove(c.path)
        else await storage.put({ path: c.path, text: now, updatedAt: Date.now() })
      }
    })
  }

  /** Writes run one after another, in the order the edits were made. */
  function queueWrite(write: () => Promise<void>): void {
    saveState.value = 'saving'
    pendingWrites++
    writes = writes.then(write).then(
      () => {
        if (--pendingWrites === 0 && saveState.value === 'saving') saveState.value = 'saved'
      },
      (e: unknown) => {
        pendingWrites--
        saveState.value = 'error'
        saveError.value = `Could not store your edit in this browser: ${String(e)}`
      },
    )
  }

  function apply(changes: readonly FileChange[], direction: 'after' | 'before'): void {
    const next = new Map(files.value)
    for (const c of changes) {
      const t = c[direction]
      if (t === null) next.delete(c.path)
      else next.set(c.path, t)
    }
    files.value = next
    persist(changes)
    validation?.request()
  }

  /**
   * The one way files change: a labelled set of new texts (null deletes), recorded as one undo
   * step. Consecutive changes with the same `coalesceKey` (typing) merge into one step.
   */
  function change(
    texts: ReadonlyArray<{ path: string; text: string | null }>,
    label: string,
    coalesceKey?: string,
  ): void {
    const changes: FileChange[] = texts
      .map((t) => ({ path: t.path, before: files.value.get(t.path) ?? null, after: t.text }))
      .filter((c) => c.before !== c.after)
    if (changes.length === 0) return
    history.record({ label, changes, coalesceKey, at: Date.now() })
    historyRev.value++
    apply(changes, 'after')
  }

  function setText(path: string, newText: string, label = 'Edit JSON', coalesceKey?: string): void {
    change([{ path, text: newText }], label, coalesceKey)
  }

  /** Set values inside one file by JSON pointer (see ValueEdit); one undo step. */
  function edit(path: string, edits: readonly ValueEdit[], label: string): boolean {
    const t = files.value.get(path)
    if (t === undefined || edits.length === 0) return false
    if (parseFile(path, t).value === undefined) return false
    change([{ path, text: applyValueEdits(t, edits) }], label)
    return true
  }

  function createFile(path: string, newText: string, label = `Create ${idOfPath(path)}`): void {
    if (files.value.has(path)) throw new Error(`${path} already exists`)
    change([{ path, text: newText }], label)
  }

  function deleteFile(path: string): void {
    change([{ path, text: null }], `Delete ${idOfPath(path)}`)
  }

  function revertToBundled(path: string): void {
    const base = bundled.value.get(path)
    if (base !== undefined) change([{ path, text: base }], `Revert ${idOfPath(path)}`)
  }

  function undo(): string | undefined {
    const e = history.undo()
    if (!e) return undefined
    historyRev.value++
    apply([...e.changes].reverse(), 'before')
    return e.label
  }

  function redo(): string | undefined {
    const e = history.redo()
    if (!e) return undefined
    historyRev.value++
    apply(e.changes, 'after')
    return e.label
  }

  const canUndo = computed(() => (historyRev.value, history.canUndo))
  const canRedo = computed(() => (historyRev.value, history.canRedo))
  const undoLabel = computed(() => (historyRev.value, history.undoLabel))
  const redoLabel = computed(() => (historyRev.value, history.redoLabel))

  function origin(path: string): FileOrigin {
    const base = bundled.value.get(path)
    if (base === undefined) return 'user'
    return base === files.value.get(path) ? 'bundled' : 'modified'
  }

  /**
   * Syntax problems at once, the rest from the latest full validation. A file that was broken
   * when the validation ran and has changed since has only its own fresh syntax problems: the
   * validator's copy of a fixed typo would otherwise linger until the next run.
   */
  const allProblems = computed<Problem[]>(() => {
    const syntax = [...files.value.keys()].flatMap((p) => parseFile(p, files.value.get(p)!).syntax)
    const broken = new Set(syntax.map((p) => p.file))
    const stale = new Set<string>()
    for (const [file, seen] of validatedTexts.value) {
      const now = files.value.get(file)
      if (now !== undefined && now !== seen && !parseJsonDocument(file, seen).ok) stale.add(file)
    }
    return [
      ...syntax,
      ...problems.value.filter(
        (p) => !broken.has(p.file) && !stale.has(p.file) && files.value.has(p.file),
      ),
    ]
  })

  const entries = computed<WorkspaceEntry[]>(() =>
    [...files.value.keys()].sort().map((path) => {
      const p = parseFile(path, files.value.get(path)!)
      const v = (p.value ?? {}) as Record<string, unknown>
      const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '')
      return {
        path,
        id: str('id') || idOfPath(path),
        format: p.format ?? 'unknown',
        name: str('name') || str('label') || idOfPath(path),
        origin: origin(path),
        errors: allProblems.value.filter((x) => x.file === path && x.severity === 'error').length,
      }
    }),
  )

  /** The library (parsed files, resolved rulesets) for the current texts. */
  function content(): WorkspaceLibrary {
    library.update(files.value)
    return library
  }

  /**
   * Store a binary the content refers to by path (an underlay image). Assets are not in the undo
   * history: the JSON edit that points at one is, and an asset nothing points at is harmless.
   */
  function putAsset(path: string, bytes: Uint8Array, type: string): void {
    const asset = { path, bytes, type }
    assets.value = new Map(assets.value).set(path, asset)
    queueWrite(() => storage.putAsset(asset))
  }

  function removeAsset(path: string): void {
    const next = new Map(assets.value)
    next.delete(path)
    assets.value = next
    queueWrite(() => storage.removeAsset(path))
  }

  /** A URL the browser can load the asset from (kept while the asset is unchanged). */
  function assetUrl(path: string): string | undefined {
    const asset = assets.value.get(path)
    if (!asset) return undefined
    const known = assetUrls.get(path)
    if (known?.asset === asset) return known.url
    if (known) URL.revokeObjectURL(known.url)
    const url = URL.createObjectURL(new Blob([asset.bytes as BlobPart], { type: asset.type }))
    assetUrls.set(path, { asset, url })
    return url
  }

  /** Resolves when every edit so far is stored and the latest validation has finished. */
  async function settled(): Promise<void> {
    await writes
    await validation?.idle()
  }

  return {
    files,
    bundled,
    assets,
    ready,
    problems: allProblems,
    validationError,
    saveState,
    saveError,
    entries,
    canUndo,
    canRedo,
    undoLabel,
    redoLabel,
    init,
    text,
    parsed,
    value,
    change,
    setText,
    edit,
    createFile,
    deleteFile,
    revertToBundled,
    undo,
    redo,
    origin,
    content,
    settled,
    sources,
    putAsset,
    removeAsset,
    assetUrl,
  }
})
