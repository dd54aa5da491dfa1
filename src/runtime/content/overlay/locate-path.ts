import { didYouMean } from '../suggest'
import { hasId, isContainer, isForbiddenKey, forbiddenKeyMessage, rawPrefix } from './json'
import type { Json, JsonObject } from './types'

/** Where a pointer leads: a key of an object or a position in an array, existing or not. */
export type Place =
  | { readonly kind: 'root' }
  | {
      readonly kind: 'object'
      readonly parent: JsonObject
      readonly key: string
      readonly exists: boolean
    }
  | {
      readonly kind: 'array'
      readonly parent: Json[]
      readonly index: number
      readonly exists: boolean
    }

export interface PlaceOptions {
  /** `-` and the index just past the end are allowed (for add). */
  readonly insert: boolean
}

function describe(value: Json | undefined): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}

function ids(array: readonly Json[]): string[] {
  return array.filter(hasId).map((item) => item.id)
}

/**
 * Follows unescaped `segments` (with their `raw` text, for messages) from `root` to the place the
 * last one names. Every earlier segment must exist. In an array, a segment is an index, `@id`, or
 * `-` (one past the end, only when inserting). Returns a designer-readable message on failure.
 */
export function findPlace(
  root: Json,
  segments: readonly string[],
  raw: readonly string[],
  options: PlaceOptions,
): Place | string {
  if (segments.length === 0) return { kind: 'root' }
  let node: Json = root
  for (let depth = 0; depth < segments.length; depth++) {
    const segment = segments[depth] as string
    const last = depth === segments.length - 1
    const where = rawPrefix(raw, depth)
    if (isForbiddenKey(segment)) return forbiddenKeyMessage(segment)
    if (!isContainer(node))
      return `${where} is ${describe(node)}, so it has nothing at "${segment}"`
    if (Array.isArray(node)) {
      let index: number
      if (segment === '-') {
        if (!last || !options.insert)
          return `"-" (after the last item of ${where}) can only end the path of an "add"`
        index = node.length
      } else if (segment.startsWith('@')) {
        const id = segment.slice(1)
        index = node.findIndex((item) => hasId(item) && item.id === id)
        if (index < 0) return `no item with id "${id}" in ${where}${didYouMean(id, ids(node))}`
      } else if (/^(0|[1-9][0-9]*)$/.test(segment)) {
        index = Number(segment)
        const limit = last && options.insert ? node.length : node.length - 1
        if (index > limit) {
          const count = `${node.length} item${node.length === 1 ? '' : 's'}`
          return `${where} has no item ${index} (it has ${count}${last && options.insert ? '; "-" appends' : ''})`
        }
      } else {
        return `"${segment}" is not a position in the array ${where}: use an index from 0, "@id" or "-"`
      }
      if (last) return { kind: 'array', parent: node, index, exists: index < node.length }
      node = node[index] as Json
    } else {
      const exists = Object.hasOwn(node, segment)
      if (last) return { kind: 'object', parent: node, key: segment, exists }
      if (!exists)
        return `${where} has no key "${segment}"${didYouMean(segment, Object.keys(node))}`
      node = node[segment] as Json
    }
  }
  /* c8 ignore next */
  throw new Error('unreachable')
}

/** The message for a place that must exist but does not. */
export function missingMessage(place: Place, pointer: string): string | undefined {
  if (place.kind === 'object' && !place.exists) {
    return `${pointer} does not exist${didYouMean(place.key, Object.keys(place.parent))}`
  }
  if (place.kind === 'array' && !place.exists) return `${pointer} does not exist`
  return undefined
}

export function valueAt(root: Json, place: Place): Json | undefined {
  if (place.kind === 'root') return root
  if (place.kind === 'object') return place.exists ? place.parent[place.key] : undefined
  return place.parent[place.index]
}
