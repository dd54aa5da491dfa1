/**
 * Workspace operations behind the toolbar: new files from templates or copies, packs and single
 * files in and out. Each change to files is one undo step through the store.
 */
import { useNavigationStore } from '../stores/useNavigationStore'
import { useWorkspaceStore } from '../stores/useWorkspaceStore'
import { defaultView } from '../views/registry'
import { idOfPath, pathFor } from '../workspace/files'
import { applyValueEdits } from '../workspace/json-edit'
import {
  applyImport,
  exportPack,
  planImport,
  readImport,
  type PlannedImport,
  type Rejected,
} from '../workspace/pack'
import { dependenciesOf } from '../workspace/pack-deps'
import {
  defaultModManifest,
  exportMod,
  modSelection,
  WORKSPACE_MANIFEST,
} from '../workspace/mod-pack'
import {
  copyFile,
  idProblem,
  newRuleset,
  includeEdits,
  newRulesetPart,
  newScenario,
  newVariant,
  type NewFormat,
} from '../workspace/templates'

export interface NewFileFields {
  id: string
  name: string
  /** variant: its base; scenario: the ruleset (or variant) it is played with. */
  base: string
  /** Start from a copy of this file instead of the blank template. */
  copyOf: string
  map: string
  sides: [string, string]
}

/** Offer a file to the browser's downloads, as a link with `download` would. */
export function download(name: string, data: Uint8Array | string, type: string): void {
  const blob = new Blob([data as BlobPart], { type })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
  // The download has started by the next tick; keep the URL a little longer for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The format in the undo label ("New unit set my-units"). */
const NEW_WORDS: Record<Exclude<NewFormat, 'map'>, string> = {
  ruleset: 'ruleset',
  variant: 'variant',
  scenario: 'scenario',
  table: 'table',
  'unit-set': 'unit set',
}

const stamp = (d = new Date()) => d.toISOString().slice(0, 10)

export function useWorkspaceOps() {
  const ws = useWorkspaceStore()
  const nav = useNavigationStore()
  const exists = (p: string) => ws.files.has(p)

  /** The new file's text, or a sentence saying what is missing. */
  function textFor(
    format: Exclude<NewFormat, 'map'>,
    f: NewFileFields,
  ): { text: string; also?: Array<{ path: string; text: string }> } | { error: string } {
    const name = f.name.trim() || undefined
    if (format === 'ruleset') return { text: newRuleset({ id: f.id, name }) }
    if (!f.base) return { error: `Choose the ruleset the new ${format} is built on.` }
    if (format === 'variant') return { text: newVariant({ id: f.id, name, base: f.base }) }
    if (format === 'table' || format === 'unit-set') {
      // Its dice and movement classes come from the resolved ruleset.
      if (!ws.libraryReady) return { error: 'The rulesets are still being read; try again.' }
      const r = ws.content().ruleset(f.base)
      if (!r.ok)
        return { error: 'That ruleset has errors to fix before a file can be added to it.' }
      const made = newRulesetPart(format, { id: f.id, name, ruleset: f.base }, r.value.ruleset)
      // The ruleset includes it (same undo step), so its units and rolls are part of the rules.
      const owner = ws.entries.find(
        (e) => e.id === f.base && (e.format === 'ruleset' || e.format === 'variant'),
      )
      const value = owner && ws.value<Record<string, unknown>>(owner.path)
      if ('error' in made || !owner || !value) return made
      const text = applyValueEdits(ws.text(owner.path)!, includeEdits(value, format, f.id))
      return { ...made, also: [{ path: owner.path, text }] }
    }
    if (!f.map) return { error: 'Choose the map the battle is fought on.' }
    const sideIds = f.sides.map(
      (s, i) =>
        s
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || `side-${i + 1}`,
    )
    if (sideIds[0] === sideIds[1]) return { error: 'Give the two sides different names.' }
    const text = newScenario({
      id: f.id,
      name,
      ruleset: f.base,
      map: f.map,
      sides: [
        { id: sideIds[0]!, name: f.sides[0].trim() || undefined },
        { id: sideIds[1]!, name: f.sides[1].trim() || undefined },
      ],
    })
    return { text }
  }

  /** Create and open a new file; returns a sentence saying why not, or undefined when done. */
  function create(
    format: Exclude<NewFormat, 'map'> | 'copy',
    f: NewFileFields,
  ): string | undefined {
    if (format === 'copy' || f.copyOf) return copy(f.copyOf, f.id, f.name)
    const refused = idProblem(f.id, format, exists)
    if (refused) return refused
    const made = textFor(format, f)
    if ('error' in made) return made.error
    const path = pathFor(format, f.id)
    ws.change([{ path, text: made.text }, ...(made.also ?? [])], `New ${NEW_WORDS[format]} ${f.id}`)
    // In its own editor (a scenario on its map), whatever view the last file was in.
    nav.open(path, defaultView(format))
    return undefined
  }

  function copy(source: string, id: string, name: string): string | undefined {
    const text = ws.text(source)
    if (text === undefined) return 'Choose the file to copy.'
    const format = ws.parsed(source)?.format
    if (!format)
      return 'This file is not valid JSON, so it cannot be copied: fix it in the JSON view first.'
    const refused = idProblem(id, format, exists)
    if (refused) return refused
    try {
      const c = copyFile(source, text, id, name.trim() || undefined)
      ws.createFile(c.path, c.text, `Copy ${idOfPath(source)} as ${id}`)
      nav.open(c.path, defaultView(format))
      return undefined
    } catch (e) {
      return e instanceof Error ? e.message : String(e)
    }
  }

  const source = () => ({ files: ws.files, assets: ws.assets })

  function exportAll(): void {
    download(`hexwright-workspace-${stamp()}.zip`, exportPack(source()), 'application/zip')
  }

  /** A scenario with every file and image it needs to be played or edited elsewhere. */
  function exportWithDependencies(path: string): void {
    const selection = dependenciesOf(source(), [path])
    download(`${idOfPath(path)}-pack.zip`, exportPack(source(), selection), 'application/zip')
  }

  /**
   * Only the designer's own files (those that differ from the bundled content or are not in it)
   * with the mod manifest, as a mod folder. A workspace without a manifest gets one first (an
   * undo step), to be named in the JSON view.
   */
  function exportModPack(): void {
    let manifest = ws.text(WORKSPACE_MANIFEST)
    if (manifest === undefined) {
      manifest = defaultModManifest()
      ws.createFile(WORKSPACE_MANIFEST, manifest, 'New mod manifest')
    }
    const m = ws.value<{ id?: unknown; version?: unknown }>(WORKSPACE_MANIFEST)
    const name = [m?.id, m?.version].filter((v) => typeof v === 'string').join('-') || 'mod'
    const zip = exportMod(source(), modSelection(source(), ws.bundled), manifest)
    download(`${name}.zip`, zip, 'application/zip')
  }

  function exportFile(path: string): void {
    const text = ws.text(path)
    if (text !== undefined) download(`${idOfPath(path)}.json`, text, 'application/json')
  }

  async function readChosen(
    files: ArrayLike<File>,
  ): Promise<{ plan: PlannedImport[]; rejected: Rejected[] }> {
    const chosen = await Promise.all(
      Array.from(files, async (f) => ({
        name: f.name,
        bytes: new Uint8Array(await f.arrayBuffer()),
      })),
    )
    const read = readImport(chosen)
    return { plan: planImport(read.incoming, source(), ws.bundled), rejected: read.rejected }
  }

  function importPlan(plan: readonly PlannedImport[], replace: ReadonlySet<string>) {
    const n = plan.filter((p) => p.action !== 'same').length
    return applyImport(ws, plan, replace, `Import ${n} file${n === 1 ? '' : 's'}`)
  }

  return {
    create,
    copy,
    exportAll,
    exportWithDependencies,
    exportModPack,
    exportFile,
    readChosen,
    importPlan,
  }
}
