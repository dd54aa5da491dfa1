/**
 * Content packs: a .zip of content files under their content/ paths, the assets they use and a
 * small manifest; or a mod pack (mod-pack.ts), laid out as a mod folder. Files travel as the exact bytes of their text, so an export imported into an
 * empty workspace gives the same files, a broken one included (it is the designer's work in
 * progress, and the problems panel will point at the fault).
 */
import { unzipSync, zipSync, type Zippable } from 'fflate'
import { parseFile, pathFor } from './files'
import { modFolderOf, WORKSPACE_MANIFEST } from './mod-pack'

export const MANIFEST = 'hexwright-pack.json'
export const PACK_FORMAT_VERSION = 1

export interface PackAsset {
  bytes: Uint8Array
  type: string
}

/** What a pack is made from and imported into: the workspace's texts and assets. */
export interface PackSource {
  files: ReadonlyMap<string, string>
  assets: ReadonlyMap<string, PackAsset>
}

export interface PackManifest {
  format: 'hexwright-pack'
  formatVersion: number
  created: string
  files: Array<{ path: string; kind: 'content' | 'asset'; type?: string; size: number }>
}

/** Types of the binaries a pack may carry (images a map uses as its underlay). */
export const ASSET_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
}

const extension = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''
const encoder = new TextEncoder()
// Keep a byte-order mark if a file has one: the round trip must give the same bytes back.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true })

/** A selection of workspace files and assets to export. */
export interface PackSelection {
  files: string[]
  assets: string[]
}

export function everything(source: PackSource): PackSelection {
  return { files: [...source.files.keys()].sort(), assets: [...source.assets.keys()].sort() }
}

/** The zip of the chosen files and assets, with the manifest listing them. */
export function exportPack(
  source: PackSource,
  selection: PackSelection = everything(source),
  created = new Date(),
): Uint8Array {
  const zippable: Zippable = {}
  const manifest: PackManifest = {
    format: 'hexwright-pack',
    formatVersion: PACK_FORMAT_VERSION,
    created: created.toISOString(),
    files: [],
  }
  for (const path of [...selection.files].sort()) {
    const text = source.files.get(path)
    if (text === undefined) continue
    const bytes = encoder.encode(text)
    zippable[path] = bytes
    manifest.files.push({ path, kind: 'content', size: bytes.length })
  }
  for (const path of [...selection.assets].sort()) {
    const asset = source.assets.get(path)
    if (!asset) continue
    // Images are compressed already; storing them saves time for nothing lost.
    zippable[path] = [asset.bytes, { level: 0 }]
    manifest.files.push({ path, kind: 'asset', type: asset.type, size: asset.bytes.length })
  }
  zippable[MANIFEST] = encoder.encode(JSON.stringify(manifest, null, 2) + '\n')
  return zipSync(zippable, { level: 6, mtime: created })
}

/** One file found in what the user chose to import. */
export type Incoming =
  | { kind: 'text'; path: string; text: string; broken: boolean }
  | { kind: 'asset'; path: string; bytes: Uint8Array; type: string }

export interface Rejected {
  name: string
  reason: string
}

export interface ReadResult {
  incoming: Incoming[]
  rejected: Rejected[]
}

/** A path inside the workspace: relative, forward slashes, no `.` or `..` steps. */
export function safePath(name: string): string | undefined {
  const p = name.replace(/^\.\//, '')
  if (p === '' || p.startsWith('/') || p.includes('\\') || p.includes('\0')) return undefined
  if (/^[a-z]:/i.test(p)) return undefined
  const parts = p.split('/')
  if (parts.some((s) => s === '' || s === '.' || s === '..')) return undefined
  return p
}

/**
 * Where a loose JSON file goes: under the folder of its format and its id when it parses, else
 * the folder its `$schema` names (read from the raw text), else content/misc.
 */
export function placeJson(fileName: string, text: string): string {
  const base = fileName.split('/').pop() ?? fileName
  const parsed = parseFile(`import/${base}`, text)
  const id = (parsed.value as { id?: unknown } | undefined)?.id
  // A pack's manifest has one place in the workspace, whatever the pack's id (mod-pack.ts).
  if (parsed.format === 'mod') return WORKSPACE_MANIFEST
  if (parsed.format && typeof id === 'string' && safePath(id) === id)
    return pathFor(parsed.format, id)
  const schema = /"\$schema"\s*:\s*"[^"]*?([a-z-]+)\.schema\.json"/.exec(text)?.[1]
  return pathFor(schema ?? 'misc', base.replace(/\.json$/i, ''))
}

function textEntry(path: string, bytes: Uint8Array): Incoming {
  const text = decoder.decode(bytes)
  return { kind: 'text', path, text, broken: parseFile(path, text).value === undefined }
}

function readZip(name: string, bytes: Uint8Array, out: ReadResult): void {
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(bytes)
  } catch (e) {
    out.rejected.push({ name, reason: `not a readable .zip file (${String(e)})` })
    return
  }
  let manifest: PackManifest | undefined
  const raw = entries[MANIFEST]
  if (raw) {
    try {
      manifest = JSON.parse(decoder.decode(raw)) as PackManifest
    } catch {
      out.rejected.push({ name: `${name}: ${MANIFEST}`, reason: 'the pack manifest is not JSON' })
    }
  }
  const typeOf = new Map((manifest?.files ?? []).map((f) => [f.path, f.type]))
  // A mod (Export mod, or a mod folder zipped) keeps content folders at its top, beside its
  // hexwright-mod.json: they go to the same paths under content/, over the bundled files.
  const modFolder = modFolderOf(Object.keys(entries))
  for (const [entry, data] of Object.entries(entries)) {
    if (entry === MANIFEST || entry.endsWith('/')) continue
    const inMod = modFolder !== undefined && entry.startsWith(modFolder) && safePath(entry)
    const path = inMod ? safePath(`content/${entry.slice(modFolder.length)}`) : safePath(entry)
    const where = `${name}: ${entry}`
    if (!path) out.rejected.push({ name: where, reason: 'its path leaves the pack folder' })
    else if (extension(path) === 'json') {
      // A pack made outside Hexwright may keep files at its top level.
      out.incoming.push(
        path.startsWith('content/')
          ? textEntry(path, data)
          : textEntry(placeJson(path, decoder.decode(data)), data),
      )
    } else if (ASSET_TYPES[extension(path)] || typeOf.get(path))
      out.incoming.push({
        kind: 'asset',
        path,
        bytes: data,
        type: typeOf.get(path) ?? ASSET_TYPES[extension(path)]!,
      })
    else out.rejected.push({ name: where, reason: 'neither JSON nor an image Hexwright knows' })
  }
}

/** Read chosen files: .zip packs, loose .json files and images. Nothing is changed yet. */
export function readImport(chosen: ReadonlyArray<{ name: string; bytes: Uint8Array }>): ReadResult {
  const out: ReadResult = { incoming: [], rejected: [] }
  for (const { name, bytes } of chosen) {
    const ext = extension(name)
    if (ext === 'zip') readZip(name, bytes, out)
    else if (ext === 'json') {
      const text = decoder.decode(bytes)
      out.incoming.push(textEntry(placeJson(name, text), bytes))
    } else if (ASSET_TYPES[ext])
      out.incoming.push({
        kind: 'asset',
        path: `content/images/${name}`,
        bytes,
        type: ASSET_TYPES[ext],
      })
    else out.rejected.push({ name, reason: 'neither a .zip pack, a .json file nor an image' })
  }
  // The same path twice (two packs): the last one chosen wins, as a copy over a folder would.
  const last = new Map(out.incoming.map((i) => [i.path, i]))
  out.incoming = [...last.values()].sort((a, b) => a.path.localeCompare(b.path))
  return out
}

export type ImportAction = 'add' | 'replace' | 'same'

export interface PlannedImport {
  item: Incoming
  action: ImportAction
  /** For a replacement: whether the file there is the bundled one untouched or has edits. */
  replacing?: 'bundled' | 'edited'
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * What importing would do to each file: add it, replace the one there, or nothing. With the
 * bundled texts, a replacement says whether it replaces a bundled file or one with edits.
 */
export function planImport(
  incoming: readonly Incoming[],
  current: PackSource,
  bundled?: ReadonlyMap<string, string>,
): PlannedImport[] {
  return incoming.map((item) => {
    if (item.kind === 'text') {
      const have = current.files.get(item.path)
      const action = have === undefined ? 'add' : have === item.text ? 'same' : 'replace'
      if (action !== 'replace' || bundled === undefined) return { item, action }
      return { item, action, replacing: bundled.get(item.path) === have ? 'bundled' : 'edited' }
    }
    const have = current.assets.get(item.path)
    const same = have && have.type === item.type && sameBytes(have.bytes, item.bytes)
    return { item, action: !have ? 'add' : same ? 'same' : 'replace' }
  })
}

/** The store calls an import needs (the workspace store has them). */
export interface ImportTarget {
  change(texts: Array<{ path: string; text: string | null }>, label: string): void
  putAsset(path: string, bytes: Uint8Array, type: string): void
}

/**
 * Apply a plan: new files always, replacements only for the paths the user confirmed. Texts
 * change in one undo step; assets are stored beside them.
 */
export function applyImport(
  target: ImportTarget,
  plan: readonly PlannedImport[],
  confirmedReplace: ReadonlySet<string>,
  label = 'Import',
): { added: number; replaced: number } {
  const chosen = plan.filter(
    (p) => p.action === 'add' || (p.action === 'replace' && confirmedReplace.has(p.item.path)),
  )
  const texts = chosen.flatMap((p) =>
    p.item.kind === 'text' ? [{ path: p.item.path, text: p.item.text }] : [],
  )
  for (const p of chosen)
    if (p.item.kind === 'asset') target.putAsset(p.item.path, p.item.bytes, p.item.type)
  if (texts.length > 0) target.change(texts, label)
  return {
    added: chosen.filter((p) => p.action === 'add').length,
    replaced: chosen.filter((p) => p.action === 'replace').length,
  }
}
