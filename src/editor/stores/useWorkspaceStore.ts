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
import type { Problem, SourceText } from '../../runtime'
import { parseJsonDocument } from '../../runtime'
// Not the runtime/content index, which would bring the schema validators into the first download.
import { parseFile, idOfPath, type ParsedFile } from '../workspace/files'
import { History, type FileChange } from '../workspace/history'
import { applyValueEdits, type ValueEdit } from '../workspace/json-edit'
import type { WorkspaceLibrary } from '../workspace/library'
import {
  memoryStorage,
  openIndexedDbStorage,
  type StoredAsset,
  type WorkspaceStorage,
} from '../workspace/storage'
import { defaultValidator, serialValidation, type Validator } from '../workspace/validation'
import { whenIdle } from '../workspace/when-idle'

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
  /** Whether a full validation has answered yet: until then "no problems" means "not known". */
  const validated = ref(false)
  const saveState = ref<SaveState>('saved')
  const saveError = ref<string | null>(null)
  const history = markRaw(new History())
  const historyRev = ref(0)
  // Its code (the schema validators, most of the runtime's content code) is a chunk of its own,
  // loaded once the page is idle after the files arrive: a map of bundled rules paints without
  // it (workspace/terrain-cache.ts); the views that need it wait for `libraryReady`.
  let library: WorkspaceLibrary | null = null
  const libraryReady = ref(false)
  const libraryError = ref<string | null>(null)
  let storage: WorkspaceStorage = memoryStorage()
  let validation: ReturnType<typeof serialValidation> | null = null
  let validationStart: Promise<void> = Promise.resolve()
  let writes: Promise<void> = Promise.resolve()
  let pendingWrites = 0

  const sources = (): SourceText[] =>
    [...files.value]
      .map(([path, text]) => ({ path, text }))
      .sort((a, b) => a.path.localeCompare(b.path))

  async function openStorage(given: WorkspaceStorage | undefined): Promise<WorkspaceStorage> {
    try {
      return given ?? (await openIndexedDbStorage())
    } catch (e) {
      saveState.value = 'error'
      saveError.value = `Your browser refused local storage, so edits will not survive a reload (${String(e)})`
      return memoryStorage()
    }
  }

  /**
   * Loads the workspace: the bundled content (a lazy chunk: the page shows before it arrives)
   * and the stored edits side by side; `ready` once the files are in. Resolves once the library
   * has loaded too, so a caller that awaits it can use `content()` at once.
   */
  async function init(options: InitOptions = {}): Promise<void> {
    const [base, opened] = await Promise.all([
      options.bundled ?? import('../bundled-content').then((m) => m.bundledSources()),
      openStorage(options.storage),
    ])
    storage = opened
    bundled.value = new Map(base.map((s) => [s.path, s.text]))
    const [stored, storedAssets] = await Promise.all([storage.loadAll(), storage.loadAssets()])
    const next = new Map(bundled.value)
    for (const f of stored) {
      if (f.text === null) next.delete(f.path)
      else next.set(f.path, f.text)
    }
    assets.value = new Map(storedAssets.map((a) => [a.path, a]))
    files.value = next
    const validator = options.validator ?? defaultValidator()
    validation = serialValidation(
      validator,
      sources,
      (p, seen) => {
        problems.value = p
        validatedTexts.value = new Map(seen.map((v) => [v.path, v.text]))
        validationError.value = null
        validated.value = true
      },
      (m) => {
        validationError.value = m
        validated.value = true
      },
    )
    // The full validation waits until the page is idle, so the file opened with the page paints
    // first; an edit before then starts it at once (apply).
    const started = validation
    validationStart = whenIdle().then(() => {
      if (!started.requested()) started.request()
    })
    ready.value = true
    try {
      const code = await whenIdle().then(() => import('../workspace/library'))
      library = markRaw(new code.WorkspaceLibrary())
      libraryReady.value = true
    } catch (e) {
      // Said where the views would be: without it they cannot read any ruleset.
      libraryError.value = e instanceof Error ? e.message : String(e)
    }
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

  /**
   * The same files laid out anew (the dev server formats what it saves): the texts change
   * without an undo step of their own, and the history follows, so a save keeps undo and redo.
   */
  function relayout(texts: ReadonlyArray<{ path: string; text: string }>): void {
    const changes: FileChange[] = []
    for (const t of texts) {
      const before = files.value.get(t.path)
      if (before === undefined || before === t.text) continue
      history.replaceText(t.path, before, t.text)
      changes.push({ path: t.path, before, after: t.text })
    }
    if (changes.length > 0) apply(changes, 'after')
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
    if (!library) throw new Error('the workspace library is still loading (see libraryReady)')
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
    await validationStart
    await validation?.idle()
  }

  return {
    files,
    bundled,
    assets,
    ready,
    libraryReady,
    libraryError,
    problems: allProblems,
    validationError,
    validated,
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
    relayout,
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
