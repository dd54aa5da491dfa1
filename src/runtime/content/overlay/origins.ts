import {
  checkJson,
  childOrigin,
  escapeSegment,
  hasId,
  isContainer,
  sameOrigin,
  unescapeSegment,
} from './json'
import type {
  Json,
  JsonObject,
  NodeInfo,
  Origin,
  OriginIndex,
  OverlayError,
  OverlayResult,
} from './types'

/**
 * Builds one overlay step's result: every object and array of the result is a fresh copy,
 * registered with its origin. `previous` is the index of the step's input, read but never
 * written, so the input value and index stay valid.
 */
export class IndexBuilder {
  readonly nodes = new WeakMap<object, NodeInfo>()

  constructor(private readonly previous?: WeakMap<object, NodeInfo>) {}

  /** Origin record of a node of the input or of the result being built. */
  infoOf(node: object): NodeInfo | undefined {
    return this.nodes.get(node) ?? this.previous?.get(node)
  }

  register(node: object, origin: Origin, keys?: Map<string, Origin>): NodeInfo {
    const info: NodeInfo = { origin, keys: keys !== undefined && keys.size > 0 ? keys : undefined }
    this.nodes.set(node, info)
    return info
  }

  /** Origin of a node's child `key`, before looking at the child's own record. */
  static childOf(info: NodeInfo, key: string | number): Origin {
    return info.keys?.get(String(key)) ?? childOrigin(info.origin, key)
  }

  /** Deep copy of a value of the input, keeping the origin of every part. */
  copyBase(value: Json, fallback: Origin): Json {
    if (!isContainer(value)) return value
    const prior = this.infoOf(value)
    const info: NodeInfo = { origin: prior?.origin ?? fallback, keys: prior?.keys }
    const keys = prior?.keys === undefined ? undefined : new Map(prior.keys)
    if (Array.isArray(value)) {
      const out = value.map((item, i) => this.copyBase(item, IndexBuilder.childOf(info, i)))
      this.register(out, info.origin, keys)
      return out
    }
    const out: JsonObject = {}
    for (const key of Object.keys(value)) {
      out[key] = this.copyBase(value[key] as Json, IndexBuilder.childOf(info, key))
    }
    this.register(out, info.origin, keys)
    return out
  }

  /** Deep copy of a value written at `origin` (checked by `checkJson` beforehand), taken verbatim. */
  fromSource(value: Json, origin: Origin): Json {
    if (!isContainer(value)) return value
    if (Array.isArray(value)) {
      const out = value.map((item, i) => this.fromSource(item, childOrigin(origin, i)))
      this.register(out, origin)
      return out
    }
    const out: JsonObject = {}
    for (const key of Object.keys(value))
      out[key] = this.fromSource(value[key] as Json, childOrigin(origin, key))
    this.register(out, origin)
    return out
  }

  /** Records where `parent[key]` now comes from, after it was set to `value`. */
  setChild(parent: object, key: string | number, value: Json, origin: Origin): void {
    const info = this.ensure(parent)
    const name = String(key)
    // An object or array carries its own record; only primitives need a per-key exception.
    if (isContainer(value) || sameOrigin(origin, childOrigin(info.origin, key)))
      info.keys?.delete(name)
    else (info.keys ??= new Map()).set(name, origin)
  }

  forgetChild(parent: object, key: string): void {
    this.ensure(parent).keys?.delete(key)
  }

  /**
   * Splices `array` and keeps every primitive item's origin with its item: per-index exceptions
   * are rewritten, and items that had none get one when they move.
   */
  spliceArray(
    array: Json[],
    start: number,
    deleteCount: number,
    items: Json[],
    origins: Origin[],
  ): void {
    const info = this.ensure(array)
    const current = array.map((item, i) =>
      isContainer(item) ? undefined : IndexBuilder.childOf(info, i),
    )
    array.splice(start, deleteCount, ...items)
    current.splice(
      start,
      deleteCount,
      ...origins.map((o, i) => (isContainer(items[i]) ? undefined : o)),
    )
    const keys = new Map<string, Origin>()
    current.forEach((origin, i) => {
      if (origin !== undefined && !sameOrigin(origin, childOrigin(info.origin, i)))
        keys.set(String(i), origin)
    })
    info.keys = keys.size > 0 ? keys : undefined
  }

  finish(root: Json, rootOrigin: Origin): OriginIndex {
    const registered = isContainer(root) ? this.nodes.get(root)?.origin : undefined
    return { root, rootOrigin: registered ?? rootOrigin, nodes: this.nodes }
  }

  private ensure(node: object): NodeInfo {
    const info = this.nodes.get(node)
    if (info === undefined) throw new Error('overlay: result node without an origin record')
    return info
  }
}

/** The item of `array` addressed by a path segment: an index or `@id`. */
export function arrayItemIndex(array: readonly Json[], segment: string): number | undefined {
  if (segment.startsWith('@')) {
    const id = segment.slice(1)
    const found = array.findIndex((item) => hasId(item) && item.id === id)
    return found < 0 ? undefined : found
  }
  if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined
  const index = Number(segment)
  return index < array.length ? index : undefined
}

/**
 * The file and pointer within it where the value at `resolvedPointer` of the indexed value was
 * written. Walks the value along the pointer, keeps the deepest part with a known origin, and
 * appends the segments below it: a subtree that came whole from one place maps segment by
 * segment into that place. Segments past the end of the value (a missing property a validator
 * reports) are appended the same way. `@id` segments are accepted as in operations.
 */
export function locateOrigin(index: OriginIndex, resolvedPointer: string): Origin {
  const segments =
    resolvedPointer === '' ? [] : resolvedPointer.replace(/^\//, '').split('/').map(unescapeSegment)
  let best = index.rootOrigin
  let rest: string[] = []
  let node: Json | undefined = index.root
  for (const segment of segments) {
    let child: Json | undefined
    let key: string | undefined
    if (Array.isArray(node)) {
      const i = arrayItemIndex(node, segment)
      if (i !== undefined) {
        child = node[i]
        key = String(i)
      }
    } else if (isContainer(node) && Object.hasOwn(node, segment)) {
      child = node[segment]
      key = segment
    }
    const parentInfo = isContainer(node) ? index.nodes.get(node) : undefined
    const childInfo = isContainer(child) ? index.nodes.get(child) : undefined
    const keyOrigin = key === undefined ? undefined : parentInfo?.keys?.get(key)
    if (childInfo !== undefined) {
      best = childInfo.origin
      rest = []
    } else if (keyOrigin !== undefined) {
      best = keyOrigin
      rest = []
    } else if (parentInfo !== undefined && key !== undefined) {
      // The parent's origin plus the resolved index, not the segment: `@id` becomes an index.
      best = childOrigin(parentInfo.origin, key)
      rest = []
    } else {
      rest.push(segment)
    }
    node = child
  }
  return {
    file: best.file,
    pointer: best.pointer + rest.map((s) => '/' + escapeSegment(s)).join(''),
  }
}

/**
 * Starts an index: `value` (a whole file, or a value the loader assembled from one) deep-copied,
 * every part traced to `origin` plus its own path. Rejects reserved keys and non-JSON values.
 */
export function buildInitialIndex(value: unknown, origin: Origin): OverlayResult {
  const errors: OverlayError[] = []
  checkJson(value, origin, errors, 'content')
  if (errors.length > 0) return { ok: false, errors }
  const builder = new IndexBuilder()
  const copy = builder.fromSource(value as Json, origin)
  return { ok: true, value: copy, index: builder.finish(copy, origin) }
}
