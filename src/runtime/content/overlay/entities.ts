import { checkJson, childOrigin, hasId, parsePointer } from './json'
import { findPlace } from './locate-path'
import { IndexBuilder } from './origins'
import type { Indexed, Json, Origin, OverlayError, OverlayResult } from './types'

/**
 * Brings whole entities (unit types, tables, ...) into the id-keyed array at `path` of `target`:
 * an entity whose id is already there replaces that entity in place, a new one is appended, in
 * the order given. The array is created when its key is missing.
 *
 * `origin` says where the entities were written: one origin is the array they came from (entity
 * i at `<origin>/i`, e.g. a unit set's `/types`); a list gives one origin per entity (e.g. each
 * table file at pointer `""`).
 */
export function mergeEntities(
  target: Indexed,
  path: string,
  entities: readonly unknown[],
  origin: Origin | readonly Origin[],
): OverlayResult {
  const origins: readonly Origin[] = isOriginList(origin)
    ? origin
    : entities.map((_, i) => childOrigin(origin, i))
  if (origins.length !== entities.length) {
    throw new RangeError(`mergeEntities: ${entities.length} entities but ${origins.length} origins`)
  }
  const errors: OverlayError[] = []
  entities.forEach((entity, i) => {
    const at = origins[i] as Origin
    checkJson(entity, at, errors, 'entity')
    if (!hasId(entity))
      errors.push({ message: 'an entity must be an object with a string "id"', origin: at })
  })
  const pathOrigin = origins[0] ?? target.index.rootOrigin
  const parsed = parsePointer(path)
  if (typeof parsed === 'string') errors.push({ message: parsed, origin: pathOrigin })
  if (errors.length > 0 || typeof parsed === 'string') return { ok: false, errors }

  const builder = new IndexBuilder(target.index.nodes)
  const root = builder.copyBase(target.value, target.index.rootOrigin)
  const place = findPlace(root, parsed.segments, parsed.raw, { insert: false })
  if (typeof place === 'string')
    return { ok: false, errors: [{ message: place, origin: pathOrigin }] }
  let array: Json | undefined
  if (place.kind === 'root') array = root
  else if (place.kind === 'array') array = place.parent[place.index]
  else if (place.exists) array = place.parent[place.key]
  else {
    array = []
    place.parent[place.key] = array
    builder.register(
      array,
      IndexBuilder.childOf(
        builder.infoOf(place.parent) ?? { origin: pathOrigin, keys: undefined },
        place.key,
      ),
    )
  }
  if (!Array.isArray(array)) {
    return {
      ok: false,
      errors: [{ message: `${path || '/'} is not an array of entities`, origin: pathOrigin }],
    }
  }
  if (!array.every(hasId)) {
    return {
      ok: false,
      errors: [
        {
          message: `${path || '/'} holds items without an "id", so entities cannot be merged into it`,
          origin: pathOrigin,
        },
      ],
    }
  }
  const items: Json[] = array
  entities.forEach((entity, i) => {
    const copy = builder.fromSource(entity as Json, origins[i] as Origin)
    const id = (entity as { id: string }).id
    const at = items.findIndex((item) => hasId(item) && item.id === id)
    if (at < 0) items.push(copy)
    else items[at] = copy
  })
  return { ok: true, value: root, index: builder.finish(root, target.index.rootOrigin) }
}

function isOriginList(origin: Origin | readonly Origin[]): origin is readonly Origin[] {
  return Array.isArray(origin)
}
