/**
 * The workspace's files read as content: each file parsed and schema-checked once per text,
 * rulesets resolved (variants applied) on demand. Views read ruleset facts here — terrain for
 * the map, unit types for the scenario, a base table for a variant's diff — without waiting for
 * the full validation, which runs in a worker.
 *
 * A file is schema-checked only when something reads it: resolving a ruleset reads the ruleset
 * and the files it includes, not the maps and scenarios (most of the bytes), so a map opened
 * straight after a page load waits for a sixth of the checking it used to.
 */
import type { ContentFile, ContentFormat, ContentStore, ResolveResult } from '../../runtime'
import { checkFile, createContentStore, createRulesetResolver, describePath } from '../../runtime'
import { feedsRulesets, parseFile } from './files'

export class WorkspaceLibrary {
  private files: ReadonlyMap<string, string> = new Map()
  private checked = new Map<string, { text: string; file: ContentFile }>()
  /** Paths by file name and by the id inside: where a file with some id may be. */
  private byKey: Map<string, string[]> | null = null
  private current: {
    store: ContentStore
    resolve: ReturnType<typeof createRulesetResolver>
  } | null = null
  private resolved = new Map<string, ResolveResult>()

  /** Bring the library up to date with these files (cheap when little changed). */
  update(files: ReadonlyMap<string, string>): void {
    const before = this.files
    if (files === before && this.current) return
    this.files = files
    if (!this.current) return void this.rebuild()
    let changed = false
    let rulesChanged = false
    const note = (path: string, text: string | undefined) => {
      changed = true
      if (!rulesChanged && text !== undefined && feedsRulesets(path, text)) rulesChanged = true
    }
    for (const [path, text] of files) {
      const had = before.get(path)
      if (had === text) continue
      note(path, text)
      note(path, had)
    }
    for (const [path, had] of before) if (!files.has(path)) note(path, had)
    if (changed) this.rebuild(rulesChanged)
  }

  private rebuild(rulesChanged = true): NonNullable<typeof this.current> {
    this.byKey = null
    for (const [path, c] of [...this.checked])
      if (this.files.get(path) !== c.text) this.checked.delete(path)
    const store = this.lazyStore()
    this.current = { store, resolve: createRulesetResolver(store) }
    // Painting a map or placing a unit leaves every ruleset as it was: keep their resolutions.
    if (rulesChanged) this.resolved.clear()
    return this.current
  }

  /** The file at this path, schema-checked (once per text). */
  private check(path: string): ContentFile | undefined {
    const text = this.files.get(path)
    if (text === undefined) return undefined
    const had = this.checked.get(path)
    if (had?.text === text) return had.file
    const file = checkFile({ path, text }).file
    this.checked.set(path, { text, file })
    return file
  }

  /** Paths whose file name or id is `key`, in the workspace's order. */
  private pathsFor(key: string): readonly string[] {
    if (!this.byKey) {
      const index = new Map<string, string[]>()
      const add = (k: string, path: string) => {
        const list = index.get(k) ?? []
        if (!list.includes(path)) list.push(path)
        index.set(k, list)
      }
      for (const [path, text] of this.files) {
        add(describePath(path, []).name, path)
        const value = parseFile(path, text).value as { id?: unknown } | undefined
        if (value && typeof value === 'object' && typeof value.id === 'string') add(value.id, path)
      }
      this.byKey = index
    }
    return this.byKey.get(key) ?? []
  }

  /**
   * The store `createContentStore` would build from every checked file, answering `get` and
   * `exists` from the few files that can match (a valid file's id is its name, or at least the
   * id its text holds); the whole list is checked only when asked for (ids, error locations).
   */
  private lazyStore(): ContentStore {
    let full: ContentStore | null = null
    const all = (): ContentStore =>
      (full ??= createContentStore(
        [...this.files.keys()].map((p) => this.check(p)).filter((f) => f !== undefined),
      ))
    const idOf = (f: ContentFile) => (f.doc.value as { id?: unknown } | undefined)?.id
    return {
      get files() {
        return all().files
      },
      ids: (formats) => all().ids(formats),
      get: (formats, id) => {
        for (const path of this.pathsFor(id)) {
          const f = this.check(path)
          if (f?.valid && f.format && formats.includes(f.format) && idOf(f) === id) return f
        }
        return undefined
      },
      exists: (formats: readonly ContentFormat[], id) =>
        this.pathsFor(id).some((path) => {
          const f = this.check(path)
          return f?.name === id && (f.format === undefined || formats.includes(f.format))
        }),
    }
  }

  get store(): ContentStore {
    return (this.current ?? this.rebuild()).store
  }

  file(path: string): ContentFile | undefined {
    return this.check(path)
  }

  /** The ruleset or variant with this id, every layer applied. */
  ruleset(id: string): ResolveResult {
    let r = this.resolved.get(id)
    if (!r) {
      r = (this.current ?? this.rebuild()).resolve(id)
      this.resolved.set(id, r)
    }
    return r
  }
}
