/**
 * The content folder on disk as the dev server sees it, and how each workspace file stands
 * against it (saved / edited / new / deleted). Only `npm start` serves the save endpoints; a
 * built editor finds none and hides everything that writes to disk.
 *
 * Module-level state: the toolbar and any list of files (the sidebar) share one copy.
 */
import { computed, ref, shallowRef } from 'vue'
import type { Problem } from '../../runtime'
import { useWorkspaceStore } from '../stores/useWorkspaceStore'

export const API = '/__hexwright'

export type DiskState = 'saved' | 'edited' | 'new' | 'deleted'

export interface SaveOutcome {
  ok: boolean
  /** A sentence for the user. */
  message: string
  saved: string[]
  deleted: string[]
  problems: Problem[]
}

const writable = ref(false)
const contentDir = ref('')
const disk = shallowRef<ReadonlyMap<string, string> | null>(null)
const busy = ref(false)
const last = shallowRef<SaveOutcome | null>(null)

async function getJson<T>(url: string): Promise<T | undefined> {
  try {
    const res = await fetch(url, { cache: 'no-store' })
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('json')) return undefined
    return (await res.json()) as T
  } catch {
    return undefined
  }
}

export function useDiskState() {
  const ws = useWorkspaceStore()

  /** Ask the server whether it can write, and what is on disk now. */
  async function refresh(): Promise<void> {
    // Only the dev server has the endpoints (tools/dev-save.ts): a production build would ask
    // its static server for nothing while its first page loads.
    if (!import.meta.env.DEV) return
    const status = await getJson<{ writable?: boolean; contentDir?: string }>(`${API}/status`)
    writable.value = status?.writable === true
    contentDir.value = status?.contentDir ?? ''
    if (!writable.value) return
    const files = await getJson<{ files: Array<{ path: string; text: string }> }>(`${API}/files`)
    if (files) disk.value = new Map(files.files.map((f) => [f.path, f.text]))
  }

  /** Workspace files that differ from disk, and disk files the workspace no longer has. */
  const changes = computed<Array<{ path: string; state: DiskState }>>(() => {
    const d = disk.value
    if (!d) return []
    const out: Array<{ path: string; state: DiskState }> = []
    for (const [path, text] of ws.files) {
      const saved = d.get(path)
      if (saved === undefined) out.push({ path, state: 'new' })
      else if (saved !== text) out.push({ path, state: 'edited' })
    }
    for (const path of d.keys()) if (!ws.files.has(path)) out.push({ path, state: 'deleted' })
    return out.sort((a, b) => a.path.localeCompare(b.path))
  })

  function stateOf(path: string): DiskState | undefined {
    if (!disk.value) return undefined
    return changes.value.find((c) => c.path === path)?.state ?? 'saved'
  }

  /** Save the given changed files (all of them by default); the server validates first. */
  async function save(paths?: readonly string[]): Promise<SaveOutcome> {
    const chosen = changes.value.filter((c) => !paths || paths.includes(c.path))
    const files = chosen.map((c) => ({ path: c.path, text: ws.files.get(c.path) ?? null }))
    const result = (
      o: Omit<SaveOutcome, 'saved' | 'deleted' | 'problems'> & Partial<SaveOutcome>,
    ) => (last.value = { saved: [], deleted: [], problems: [], ...o })
    if (files.length === 0)
      return result({ ok: true, message: 'Nothing to save: content/ matches the workspace.' })
    busy.value = true
    try {
      const res = await fetch(`${API}/save`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ files }),
      })
      const body = (await res.json()) as {
        error?: string
        problems?: Problem[]
        saved?: Array<{ path: string; text: string }>
        deleted?: string[]
      }
      if (!res.ok)
        return result({
          ok: false,
          message: body.error ?? `The server refused (${res.status}).`,
          problems: body.problems ?? [],
        })
      const saved = body.saved ?? []
      // The server may lay a file out anew; the workspace follows so both agree, keeping its
      // undo history (the layout is no step of its own).
      ws.relayout(saved)
      await refresh()
      const n = saved.length + (body.deleted ?? []).length
      return result({
        ok: true,
        message: `Saved ${n} file${n === 1 ? '' : 's'} to ${contentDir.value || 'content/'}.`,
        saved: saved.map((s) => s.path),
        deleted: body.deleted ?? [],
        problems: body.problems ?? [],
      })
    } catch (e) {
      return result({ ok: false, message: `Could not reach the dev server: ${String(e)}` })
    } finally {
      busy.value = false
    }
  }

  return { writable, contentDir, disk, busy, last, changes, stateOf, refresh, save }
}
