/** A JSON value as JSON.parse produces it. */
export type Json = null | boolean | number | string | Json[] | JsonObject
export interface JsonObject {
  [key: string]: Json
}

/** Where a value was written: a content file (path as the loader names it) and a JSON pointer in it. */
export interface Origin {
  readonly file: string
  readonly pointer: string
}

/** A problem in a patch, an operation or an included entity, at the place the designer wrote it. */
export interface OverlayError {
  readonly message: string
  readonly origin: Origin
}

/**
 * Where each part of one resolved value came from. Opaque outside the overlay module: read it
 * with `locateOrigin`. It describes `root` only; every overlay step returns a new value and a
 * new index.
 */
export interface OriginIndex {
  readonly root: Json
  /** Origin of the root itself, needed when the root is not an object or array. */
  readonly rootOrigin: Origin
  /** @internal Every object and array of `root`, with its origin and per-key exceptions. */
  readonly nodes: WeakMap<object, NodeInfo>
}

/**
 * @internal `origin` is where the node itself came from; a child without its own entry is at
 * `origin` + its key, unless `keys` names another origin for that key (a primitive a later patch
 * or operation wrote). Objects and arrays always carry their own entry, so array items keep
 * their origin when indices shift.
 */
export interface NodeInfo {
  readonly origin: Origin
  keys: Map<string, Origin> | undefined
}

/** A resolved value together with its origins; the `ok` branch of `OverlayResult` is one. */
export interface Indexed {
  readonly value: Json
  readonly index: OriginIndex
}

export type OverlayResult =
  | { readonly ok: true; readonly value: Json; readonly index: OriginIndex }
  | { readonly ok: false; readonly errors: OverlayError[] }
