/**
 * Mod packs: a folder of content with a manifest (hexwright-mod.json, `mod.schema.json`) loaded
 * over the bundled content and the packs it builds on. The manifest's own fields are checked
 * with the other files (`checkFile`); what needs the whole stack of packs — is each pack a
 * manifest names loaded, below this one, at a version it accepts — is checked here, by the
 * caller that knows the stack (the CLI's --content roots, the editor's import).
 */
import type { ModPackManifest } from '../generated/content-types'
import type { ContentFile } from './content-store'
import { locate } from './json-document'
import type { Problem } from './problems'
import { didYouMean } from './suggest'

/** The manifest's file name, at the top of its pack. */
export const MOD_MANIFEST = 'hexwright-mod.json'

/** The pack id of the bundled content, the base every pack builds on. */
export const BUNDLED_PACK_ID = 'hexwright'

/** One pack of a stack, in load order; `manifest` is its file (none for the bundled content). */
export interface PackLayer {
  readonly id: string
  readonly name: string
  readonly version: string
  readonly manifest?: ContentFile
}

/** The pack a valid manifest file describes. */
export function packOf(file: ContentFile): PackLayer | undefined {
  if (file.format !== 'mod' || !file.valid) return undefined
  const m = file.doc.value as ModPackManifest
  return { id: m.id, name: m.name, version: m.version, manifest: file }
}

type Triple = [number, number, number]

function parseVersion(text: string): Triple | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(text)
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/**
 * Whether `version` (major.minor.patch) is in `range`: `1.2.3` exactly, `^1.2.3` up to the next
 * major (the next minor below 1.0.0), `~1.2.3` up to the next minor, `>=1.2.3`, or `*`. An
 * unreadable version or range is in no range.
 */
export function versionSatisfies(version: string, range: string): boolean {
  const v = parseVersion(version)
  if (v === undefined) return false
  if (range === '*') return true
  const m = /^(\^|~|>=)?(.*)$/.exec(range)
  const low = parseVersion(m?.[2] ?? '')
  if (low === undefined || compare(v, low) < 0) return false
  switch (m?.[1]) {
    case '>=':
      return true
    case '^':
      return low[0] > 0 ? v[0] === low[0] : v[0] === 0 && v[1] === low[1]
    case '~':
      return v[0] === low[0] && v[1] === low[1]
    default:
      return compare(v, low) === 0
  }
}

function problemIn(file: ContentFile, pointer: string, message: string): Problem {
  return { file: file.doc.file, ...locate(file.doc, pointer), pointer, message, severity: 'error' }
}

/**
 * Problems of a stack of packs, in load order (the bundled content first): two packs with one
 * id, and each dependency a manifest names that is not loaded, is loaded above it (it must be
 * below: the pack overlays what it builds on), or is at a version the range leaves out.
 * `howToLoad` ends the "not loaded" message (e.g. "give its folder with --content before …").
 */
export function packStackProblems(
  stack: readonly PackLayer[],
  howToLoad = 'import it first',
): Problem[] {
  const problems: Problem[] = []
  stack.forEach((pack, i) => {
    const file = pack.manifest
    if (file === undefined) return
    const first = stack.findIndex((p) => p.id === pack.id)
    if (first < i) {
      const other = stack[first]?.manifest?.doc.file ?? 'the bundled content'
      problems.push(
        problemIn(file, '/id', `another pack loaded has the id "${pack.id}" (${other})`),
      )
    }
    const m = file.doc.value as ModPackManifest
    ;(m.dependencies ?? []).forEach((dep, d) => {
      const at = `/dependencies/${d}`
      const index = stack.findIndex((p) => p.id === dep.id)
      const found = stack[index]
      if (found === undefined) {
        const known = stack.filter((p) => p !== pack).map((p) => p.id)
        problems.push(
          problemIn(
            file,
            `${at}/id`,
            `"${pack.name}" builds on the pack "${dep.id}", which is not loaded${didYouMean(dep.id, known)}; ${howToLoad}`,
          ),
        )
      } else if (found === pack) {
        problems.push(problemIn(file, `${at}/id`, `a pack cannot build on itself`))
      } else if (index > i) {
        problems.push(
          problemIn(
            file,
            `${at}/id`,
            `"${pack.name}" builds on "${found.name}", which is loaded after it; load "${found.name}" first, so that "${pack.name}" overlays it`,
          ),
        )
      } else if (!versionSatisfies(found.version, dep.version)) {
        problems.push(
          problemIn(
            file,
            `${at}/version`,
            `"${pack.name}" needs "${found.name}" at version ${dep.version}, but version ${found.version} is loaded`,
          ),
        )
      }
    })
  })
  return problems
}
