/**
 * The edits the units view makes to a unit-set file, as JSON-pointer edits for `ws.edit`. Pure,
 * so the rules (a flag the class has is dropped through withoutFlags, an emptied block is
 * removed rather than left as {}) are tested without a browser.
 */
import type { UnitClass, UnitSet, UnitType } from '../../runtime'
import { joinPointer } from '../../runtime'
import type { ValueEdit } from '../workspace/json-edit'

export type RatingType = 'number' | 'string' | 'boolean'
export type RatingValue = number | string | boolean

const typePointer = (index: number, ...rest: (string | number)[]) =>
  joinPointer(['types', index, ...rest])

/**
 * Turn a flag on or off for a type. A class flag is turned off by listing it in withoutFlags
 * (and on again by taking it out); any other flag goes in or out of the type's own flags.
 */
export function flagEdits(
  index: number,
  type: UnitType,
  cls: UnitClass | undefined,
  flag: string,
  on: boolean,
): ValueEdit[] {
  const fromClass = cls?.flags?.includes(flag) ?? false
  const own = (type.flags ?? []).filter((f) => f !== flag)
  const without = (type.withoutFlags ?? []).filter((f) => f !== flag)
  if (on && !fromClass) own.push(flag)
  if (!on && fromClass) without.push(flag)
  const list = (xs: string[]) => (xs.length ? xs : undefined)
  const edits: ValueEdit[] = []
  if (own.length !== (type.flags ?? []).length)
    edits.push({ pointer: typePointer(index, 'flags'), value: list(own) })
  if (without.length !== (type.withoutFlags ?? []).length)
    edits.push({ pointer: typePointer(index, 'withoutFlags'), value: list(without) })
  return edits
}

/** What a rating input's text means: a value, undefined (cleared), or null (not valid). */
export function parseRating(
  text: string,
  type: RatingType,
  values?: readonly string[],
): RatingValue | undefined | null {
  const t = text.trim()
  if (t === '') return undefined
  if (type === 'number') {
    const n = Number(t.replace('−', '-'))
    return Number.isFinite(n) ? n : null
  }
  if (type === 'boolean') return t === 'true' ? true : t === 'false' ? false : null
  if (values && !values.includes(t)) return null
  return t
}

/**
 * Set or clear one rating of a type, on its front (status undefined) or for a status. Clearing
 * the last rating of a block removes the block.
 */
export function ratingEdits(
  index: number,
  type: UnitType,
  key: string,
  value: RatingValue | undefined,
  status?: string,
): ValueEdit[] {
  const path = status ? ['ratingsByStatus', status] : ['ratings']
  const block = (status ? type.ratingsByStatus?.[status] : type.ratings) ?? {}
  if (value === undefined) {
    if (!(key in block)) return []
    const rest = Object.keys(block).filter((k) => k !== key)
    if (rest.length > 0) return [{ pointer: typePointer(index, ...path, key), value: undefined }]
    if (status && Object.keys(type.ratingsByStatus ?? {}).length === 1)
      return [{ pointer: typePointer(index, 'ratingsByStatus'), value: undefined }]
    return [{ pointer: typePointer(index, ...path), value: undefined }]
  }
  if (block[key] === value) return []
  return [{ pointer: typePointer(index, ...path, key), value }]
}

/** Set a plain field of a type (name, abbreviation, class…); empty text clears optional ones. */
export function fieldEdit(index: number, field: string, value: unknown): ValueEdit[] {
  return [{ pointer: typePointer(index, field), value: value === '' ? undefined : value }]
}

/** An id not yet used by a type of this set, based on `base`. */
export function freshTypeId(set: UnitSet, base: string): string {
  const taken = new Set((set.types ?? []).map((t) => t.id))
  const stem =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'type'
  if (!taken.has(stem)) return stem
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`
}

/** Append a type; the first edit makes the types list when the file has none. */
export function addTypeEdits(set: UnitSet, type: UnitType): ValueEdit[] {
  if (!set.types) return [{ pointer: '/types', value: [type] }]
  return [{ pointer: '/types/-', value: type }]
}

export function newType(set: UnitSet, classId: string): UnitType {
  const id = freshTypeId(set, 'new-type')
  return { id, name: 'New unit type', class: classId }
}

export function copyOfType(set: UnitSet, type: UnitType): UnitType {
  const copy = JSON.parse(JSON.stringify(type)) as UnitType
  copy.id = freshTypeId(set, `${type.id}-copy`)
  copy.name = `${type.name} (copy)`
  return copy
}

export function deleteTypeEdits(index: number): ValueEdit[] {
  return [{ pointer: typePointer(index), value: undefined }]
}
