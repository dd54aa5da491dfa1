import type { Json, JsonObject, Origin, OverlayError } from './types'

/** Keys that would reach Object.prototype or a constructor if ever assigned. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key)
}

export function forbiddenKeyMessage(key: string): string {
  return `the key "${key}" is not allowed in content (it is reserved by JavaScript)`
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isContainer(value: unknown): value is JsonObject | Json[] {
  return typeof value === 'object' && value !== null
}

/** An object with a string `id`: an entity, addressable by `@id`. */
export function hasId(value: unknown): value is JsonObject & { id: string } {
  return isObject(value) && typeof value['id'] === 'string'
}

export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~')
}

export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${escapeSegment(String(key))}`
}

export function childOrigin(origin: Origin, key: string | number): Origin {
  return { file: origin.file, pointer: childPointer(origin.pointer, key) }
}

export function sameOrigin(a: Origin, b: Origin): boolean {
  return a.file === b.file && a.pointer === b.pointer
}

/**
 * The unescaped segments of an RFC 6901 pointer, with the raw (escaped) text of each kept
 * for messages; a string when the pointer is malformed.
 */
export function parsePointer(pointer: string): { segments: string[]; raw: string[] } | string {
  if (pointer === '') return { segments: [], raw: [] }
  if (!pointer.startsWith('/'))
    return `"${pointer}" is not a JSON pointer: it must be empty or start with "/"`
  const raw = pointer.slice(1).split('/')
  for (const segment of raw) {
    if (/~(?![01])/.test(segment)) {
      return `"${pointer}" is not a valid JSON pointer: "~" must be written "~0" and "/" inside a key "~1"`
    }
  }
  return { segments: raw.map(unescapeSegment), raw }
}

/** A pointer's first `count` raw segments, for "in /tables/@crt/rows" in messages. */
export function rawPrefix(raw: readonly string[], count: number): string {
  return count === 0 ? '/' : '/' + raw.slice(0, count).join('/')
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : String(value)
  if (typeof value !== 'object' || value === null) return typeof value
  return value.constructor?.name ?? 'object'
}

/**
 * Reports, at the place each occurs, every reserved key and every value JSON cannot hold in
 * `value`. Content normally comes from JSON.parse, which makes `__proto__` an own key: copying
 * such a key with plain assignment would replace a prototype, so it is refused, never dropped.
 */
export function checkJson(
  value: unknown,
  origin: Origin,
  errors: OverlayError[],
  label: string,
): void {
  const ancestors = new Set<object>()
  const visit = (node: unknown, at: Origin): void => {
    if (node === null || typeof node === 'string' || typeof node === 'boolean') return
    if (typeof node === 'number' && Number.isFinite(node)) return
    if (typeof node !== 'object') {
      errors.push({ message: `${label}: ${kindOf(node)} is not a JSON value`, origin: at })
      return
    }
    if (ancestors.has(node)) {
      errors.push({ message: `${label}: the value contains itself`, origin: at })
      return
    }
    const proto: unknown = Object.getPrototypeOf(node)
    if (!Array.isArray(node) && proto !== Object.prototype && proto !== null) {
      errors.push({ message: `${label}: ${kindOf(node)} is not a JSON value`, origin: at })
      return
    }
    ancestors.add(node)
    if (Array.isArray(node)) {
      node.forEach((item: unknown, i) => visit(item, childOrigin(at, i)))
    } else {
      for (const key of Object.keys(node)) {
        const keyOrigin = childOrigin(at, key)
        if (isForbiddenKey(key))
          errors.push({ message: `${label}: ${forbiddenKeyMessage(key)}`, origin: keyOrigin })
        else visit((node as Record<string, unknown>)[key], keyOrigin)
      }
    }
    ancestors.delete(node)
  }
  visit(value, origin)
}

/** JSON equality: key order does not matter, array order does. */
export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]))
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a)
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]))
    )
  }
  return false
}

/** A short rendering of a value for messages. */
export function preview(value: Json | undefined): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
