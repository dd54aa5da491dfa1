/**
 * The set of content files being validated or loaded, indexed by format and id. Files reference
 * each other by id only; this is where an id becomes a file.
 */
import type { ContentFormat } from './schema-names'
import type { JsonDocument } from './json-document'

export interface ContentFile {
  /** Path as shown to the user, e.g. content/rulesets/<id>.json. */
  path: string
  /** Content folder the file sits in (rulesets, units…), when recognisable from the path. */
  folder: string | undefined
  /** File name without .json: must equal the file's id. */
  name: string
  doc: JsonDocument
  format: ContentFormat | undefined
  /** Parsed and valid against its schema: safe to read as its generated type. */
  valid: boolean
}

/** Kinds of file reference an x-ref annotation can name, and the formats they accept. */
export const FILE_REF_KINDS: Readonly<Record<string, readonly ContentFormat[]>> = {
  rulesetFile: ['ruleset', 'variant'],
  variantFile: ['variant'],
  unitSetFile: ['unit-set'],
  tableFile: ['table'],
  modifierListFile: ['modifier-list'],
  mapFile: ['map'],
  scenarioFile: ['scenario'],
}

export interface ContentStore {
  files: readonly ContentFile[]
  /** Valid file of one of these formats with this id. */
  get(formats: readonly ContentFormat[], id: string): ContentFile | undefined
  /** Ids of valid files of these formats. */
  ids(formats: readonly ContentFormat[]): string[]
  /**
   * Whether a file with this id exists, valid or not: a reference to a file that has problems of
   * its own is not reported again as unknown.
   */
  exists(formats: readonly ContentFormat[], id: string): boolean
}

export function createContentStore(files: readonly ContentFile[]): ContentStore {
  const byId = new Map<string, ContentFile[]>()
  for (const f of files) {
    if (!f.valid || !f.format) continue
    const id = (f.doc.value as { id?: unknown }).id
    if (typeof id !== 'string') continue
    const list = byId.get(id) ?? []
    list.push(f)
    byId.set(id, list)
  }
  return {
    files,
    get(formats, id) {
      return byId.get(id)?.find((f) => f.format !== undefined && formats.includes(f.format))
    },
    exists(formats, id) {
      return files.some(
        (f) => f.name === id && (f.format === undefined ? true : formats.includes(f.format)),
      )
    },
    ids(formats) {
      return [...byId.entries()]
        .filter(([, list]) =>
          list.some((f) => f.format !== undefined && formats.includes(f.format)),
        )
        .map(([id]) => id)
    },
  }
}

/** Split a path into folder and file name, recognising the content folders. */
export function describePath(
  path: string,
  folders: readonly string[],
): { folder: string | undefined; name: string } {
  const parts = path.replace(/\\/g, '/').split('/')
  const file = parts[parts.length - 1] ?? path
  const name = file.replace(/\.json$/i, '')
  const folder = parts.length >= 2 ? parts[parts.length - 2] : undefined
  return { folder: folder && folders.includes(folder) ? folder : undefined, name }
}
