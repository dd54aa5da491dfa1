/**
 * The workspace's files read as content: each file parsed and schema-checked once per text,
 * rulesets resolved (variants applied) on demand. Views read ruleset facts here — terrain for
 * the map, unit types for the scenario, a base table for a variant's diff — without waiting for
 * the full validation, which runs in a worker.
 */
import {
  checkFile,
  createContentStore,
  createRulesetResolver,
  type ContentFile,
  type ContentStore,
  type ResolveResult,
} from '../../runtime/content'

/** Formats no ruleset is built from. */
const OUTSIDE_RULESETS: ReadonlySet<string> = new Set(['map', 'scenario', 'saved-game'])

export class WorkspaceLibrary {
  private checked = new Map<string, { text: string; file: ContentFile }>()
  private current: {
    store: ContentStore
    resolve: ReturnType<typeof createRulesetResolver>
  } | null = null
  private resolved = new Map<string, ResolveResult>()

  /** Bring the library up to date with these files (cheap when little changed). */
  update(files: ReadonlyMap<string, string>): void {
    let changed = false
    let rulesChanged = false
    const note = (file: ContentFile | undefined) => {
      changed = true
      if (!file?.format || !OUTSIDE_RULESETS.has(file.format)) rulesChanged = true
    }
    for (const [path, text] of files) {
      const had = this.checked.get(path)
      if (had?.text === text) continue
      const file = checkFile({ path, text }).file
      this.checked.set(path, { text, file })
      note(had?.file)
      note(file)
    }
    for (const [path, had] of [...this.checked]) {
      if (!files.has(path)) {
        this.checked.delete(path)
        note(had.file)
      }
    }
    if (changed || !this.current) this.rebuild(rulesChanged || !this.current)
  }

  private rebuild(rulesChanged = true): NonNullable<typeof this.current> {
    const store = createContentStore([...this.checked.values()].map((c) => c.file))
    this.current = { store, resolve: createRulesetResolver(store) }
    // Painting a map or placing a unit leaves every ruleset as it was: keep their resolutions.
    if (rulesChanged) this.resolved.clear()
    return this.current
  }

  get store(): ContentStore {
    return (this.current ?? this.rebuild()).store
  }

  file(path: string): ContentFile | undefined {
    return this.checked.get(path)?.file
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
