/**
 * Mod packs in the editor (docs/MODDING.md): the workspace is the bundled content with the
 * designer's files over it, and a mod is what differs. "Export mod" writes only the files that
 * differ from the bundled content or are not in it, with the manifest, laid out as a mod folder
 * (hexwright-mod.json at the top, then units/, tables/, …) so that the unzipped folder is what
 * `npm run cli -- validate <folder>` and `--content <folder>` read. Import reads such a zip back
 * over the bundled content (pack.ts, readZip).
 */
import { zipSync, type Zippable } from 'fflate'
import { version as appVersion } from '../../../package.json'
import { content } from '../../runtime'
import type { PackSelection, PackSource } from './pack'

/** Where the workspace keeps the manifest of the designer's own pack. */
export const WORKSPACE_MANIFEST = `content/${content.MOD_MANIFEST}`

/** The version of the bundled content: the application's. */
export const BUNDLED_VERSION = appVersion

/** A manifest for a workspace that has none yet: the designer renames it in the JSON view. */
export function defaultModManifest(id = 'my-mod', name = 'My mod'): string {
  const manifest = {
    $schema: '../schemas/mod.schema.json',
    id,
    schemaVersion: 1,
    name,
    version: '0.1.0',
    dependencies: [{ id: content.BUNDLED_PACK_ID, version: `>=${BUNDLED_VERSION}` }],
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/**
 * The files and images of a mod: every file whose text differs from the bundled one or that is
 * not bundled (the manifest among them), and every image (none is bundled).
 */
export function modSelection(
  source: PackSource,
  bundled: ReadonlyMap<string, string>,
): PackSelection {
  const files = [...source.files.entries()]
    .filter(([path, text]) => bundled.get(path) !== text)
    .map(([path]) => path)
    .sort()
  return { files, assets: [...source.assets.keys()].sort() }
}

const encoder = new TextEncoder()

/** A workspace path in the mod's folder: without its leading content/. */
function inMod(path: string): string {
  return path.startsWith('content/') ? path.slice('content/'.length) : path
}

/**
 * The mod's zip: the selection's files under their paths in the mod folder, the manifest
 * (`manifestText`, which replaces any in the selection) at the top.
 */
export function exportMod(
  source: PackSource,
  selection: PackSelection,
  manifestText: string,
  created = new Date(),
): Uint8Array {
  const zippable: Zippable = {}
  for (const path of selection.files) {
    const text = source.files.get(path)
    if (text !== undefined && path !== WORKSPACE_MANIFEST)
      zippable[inMod(path)] = encoder.encode(text)
  }
  for (const path of selection.assets) {
    const asset = source.assets.get(path)
    // Images are compressed already; storing them saves time for nothing lost.
    if (asset) zippable[inMod(path)] = [asset.bytes, { level: 0 }]
  }
  zippable[content.MOD_MANIFEST] = encoder.encode(manifestText)
  return zipSync(zippable, { level: 6, mtime: created })
}

/**
 * The folder of a zip that holds a mod's manifest ('' at the top, else `name/`), when the zip is
 * a mod: its entries under that folder are content files at their paths in content/.
 */
export function modFolderOf(entries: readonly string[]): string | undefined {
  const manifests = entries
    .filter((e) => e === content.MOD_MANIFEST || e.endsWith(`/${content.MOD_MANIFEST}`))
    .sort((a, b) => a.length - b.length)
  const first = manifests[0]
  return first === undefined ? undefined : first.slice(0, -content.MOD_MANIFEST.length)
}
