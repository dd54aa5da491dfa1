import { checkJson, childOrigin, isObject, jsonEqual, parsePointer, preview } from './json'
import { findPlace, missingMessage, valueAt } from './locate-path'
import { IndexBuilder } from './origins'
import type { Indexed, Json, Origin, OverlayError, OverlayResult } from './types'

const OPS = ['add', 'remove', 'replace', 'test'] as const
type Op = (typeof OPS)[number]

/**
 * RFC 6902 add / remove / replace / test over `base`, in order, with `@id` path segments.
 * `operations` was written at `operationsOrigin` (e.g. the variant file at `/operations`).
 * A failing operation is reported and skipped and the rest still run, so one load shows every
 * problem; the result is then not ok.
 */
export function applyOperations(
  base: Indexed,
  operations: unknown,
  operationsOrigin: Origin,
): OverlayResult {
  const errors: OverlayError[] = []
  if (!Array.isArray(operations)) {
    return {
      ok: false,
      errors: [{ message: 'operations must be an array', origin: operationsOrigin }],
    }
  }
  const builder = new IndexBuilder(base.index.nodes)
  let root = builder.copyBase(base.value, base.index.rootOrigin)
  let rootOrigin = base.index.rootOrigin
  operations.forEach((entry: unknown, i) => {
    const origin = childOrigin(operationsOrigin, i)
    const label = `operation ${i + 1}`
    const fail = (message: string, at: Origin): void =>
      void errors.push({ message: `${label}: ${message}`, origin: at })
    if (!isObject(entry)) return fail('must be an object with "op" and "path"', origin)
    const op = entry['op']
    if (typeof op !== 'string' || !(OPS as readonly string[]).includes(op)) {
      const shown = typeof op === 'string' ? `"${op}"` : preview(op as Json | undefined)
      return fail(
        `"op" is ${shown}; it must be one of ${OPS.map((o) => `"${o}"`).join(', ')}`,
        childOrigin(origin, 'op'),
      )
    }
    const path = entry['path']
    const pathOrigin = childOrigin(origin, 'path')
    if (typeof path !== 'string') return fail('"path" must be a JSON pointer string', pathOrigin)
    const valueOrigin = childOrigin(origin, 'value')
    const hasValue = Object.hasOwn(entry, 'value')
    if (op !== 'remove' && !hasValue) return fail(`"${op}" needs a "value"`, origin)
    if (hasValue) {
      const before = errors.length
      checkJson(entry['value'], valueOrigin, errors, label)
      if (errors.length > before) return
    }
    const parsed = parsePointer(path)
    if (typeof parsed === 'string') return fail(parsed, pathOrigin)
    const place = findPlace(root, parsed.segments, parsed.raw, { insert: op === 'add' })
    if (typeof place === 'string') return fail(place, pathOrigin)
    const value = entry['value'] as Json
    const kind = op as Op

    if (kind === 'test') {
      const found = valueAt(root, place)
      if (found === undefined)
        return fail(missingMessage(place, path) ?? `${path} does not exist`, pathOrigin)
      if (!jsonEqual(found, value)) {
        return fail(
          `test failed at ${path || '/'}: expected ${preview(value)}, found ${preview(found)}`,
          valueOrigin,
        )
      }
      return
    }
    if (kind !== 'add') {
      const missing = missingMessage(place, path)
      if (missing !== undefined) return fail(missing, pathOrigin)
    }
    if (kind === 'remove') {
      if (place.kind === 'root') return fail('the whole document cannot be removed', pathOrigin)
      if (place.kind === 'object') {
        delete place.parent[place.key]
        builder.forgetChild(place.parent, place.key)
      } else {
        builder.spliceArray(place.parent, place.index, 1, [], [])
      }
      return
    }
    const copy = builder.fromSource(value, valueOrigin)
    if (place.kind === 'root') {
      root = copy
      rootOrigin = valueOrigin
    } else if (place.kind === 'object') {
      place.parent[place.key] = copy
      builder.setChild(place.parent, place.key, copy, valueOrigin)
    } else {
      // add inserts before the addressed item; replace overwrites it.
      builder.spliceArray(place.parent, place.index, kind === 'add' ? 0 : 1, [copy], [valueOrigin])
    }
  })
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, value: root, index: builder.finish(root, rootOrigin) }
}
