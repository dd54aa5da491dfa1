/**
 * Problems found while preparing a resolved ruleset. They are located by JSON pointer into the
 * resolved ruleset, because that is the only document the kernel sees; `locateRulesPointer`
 * tells the loader which content file an error belongs to, so it can report file:line:column.
 */
import type { ResolvedRuleset } from '../generated/content-types'

export interface RulesError {
  /** JSON pointer into the resolved ruleset. */
  pointer: string
  /** A sentence a designer understands, without a trailing full stop. */
  message: string
  /** For expressions: the 0-based span [start, end) of the problem inside the expression string. */
  start?: number
  end?: number
}

/** Where a pointer of the resolved ruleset comes from, and the pointer inside that file. */
export type RulesPointerOrigin =
  | { kind: 'table' | 'modifierList' | 'unitType' | 'unitClass'; id: string; pointer: string }
  /** The manifest itself (or the variant that last patched this place). */
  | { kind: 'ruleset'; pointer: string }

const FILE_ENTITIES = {
  tables: 'table',
  modifierLists: 'modifierList',
  unitTypes: 'unitType',
  unitClasses: 'unitClass',
} as const

export function splitPointer(pointer: string): string[] {
  if (pointer === '') return []
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
}

export function joinPointer(segments: readonly (string | number)[]): string {
  return segments
    .map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`)
    .join('')
}

/**
 * Tables and modifier lists are files of their own and unit classes and types come from unit
 * set files; everything else is the manifest. `/tables/3/rows/2` becomes table "<id>", `/rows/2`.
 */
export function locateRulesPointer(ruleset: ResolvedRuleset, pointer: string): RulesPointerOrigin {
  const [collection, index, ...rest] = splitPointer(pointer)
  if (collection !== undefined && Object.hasOwn(FILE_ENTITIES, collection) && index !== undefined) {
    const kind = FILE_ENTITIES[collection as keyof typeof FILE_ENTITIES]
    const entity = (ruleset[collection as keyof typeof FILE_ENTITIES] as readonly { id: string }[])[
      Number(index)
    ]
    if (entity !== undefined) return { kind, id: entity.id, pointer: joinPointer(rest) }
  }
  return { kind: 'ruleset', pointer }
}
