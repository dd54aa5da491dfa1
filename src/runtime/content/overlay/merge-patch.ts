import { didYouMean } from '../suggest'
import { checkJson, childOrigin, childPointer, hasId, isContainer, isObject } from './json'
import { IndexBuilder } from './origins'
import type { Indexed, Json, JsonObject, Origin, OverlayError, OverlayResult } from './types'

const REPLACE = '$replace'
const DELETE = '$delete'

interface Context {
  readonly builder: IndexBuilder
  readonly errors: OverlayError[]
}

/**
 * RFC 7396 merge patch over `base`, extended for arrays of entities (see index.ts). `patch` was
 * written at `patchOrigin` (e.g. the variant file at `/patch`); errors point into it.
 */
export function applyMergePatch(base: Indexed, patch: unknown, patchOrigin: Origin): OverlayResult {
  const errors: OverlayError[] = []
  checkJson(patch, patchOrigin, errors, 'patch')
  if (errors.length > 0) return { ok: false, errors }
  const ctx: Context = { builder: new IndexBuilder(base.index.nodes), errors }
  const value = mergeValue(ctx, base.value, base.index.rootOrigin, patch as Json, patchOrigin, '')
  if (errors.length > 0) return { ok: false, errors }
  const rootOrigin = isContainer(patch) ? base.index.rootOrigin : patchOrigin
  return { ok: true, value, index: ctx.builder.finish(value, rootOrigin) }
}

/** The merge of `patch` into `base` (undefined when the key is new); `path` names it for messages. */
function mergeValue(
  ctx: Context,
  base: Json | undefined,
  baseOrigin: Origin,
  patch: Json,
  patchOrigin: Origin,
  path: string,
): Json {
  if (Array.isArray(patch)) return mergeArray(ctx, base, baseOrigin, patch, patchOrigin, path)
  if (isObject(patch)) {
    checkNoDirective(ctx, patch, patchOrigin)
    return mergeObject(ctx, isObject(base) ? base : undefined, baseOrigin, patch, patchOrigin, path)
  }
  return patch
}

function mergeObject(
  ctx: Context,
  base: JsonObject | undefined,
  baseOrigin: Origin,
  patch: JsonObject,
  patchOrigin: Origin,
  path: string,
): JsonObject {
  const { builder } = ctx
  const prior = base === undefined ? undefined : builder.infoOf(base)
  const origin = base === undefined ? patchOrigin : (prior?.origin ?? baseOrigin)
  const out: JsonObject = {}
  builder.register(out, origin, prior?.keys === undefined ? undefined : new Map(prior.keys))
  const priorInfo = prior ?? { origin, keys: undefined }
  const apply = (key: string, baseChild: Json | undefined): void => {
    const value = patch[key] as Json
    if (value === null) {
      builder.forgetChild(out, key)
      return
    }
    const keyOrigin = childOrigin(patchOrigin, key)
    const merged = mergeValue(
      ctx,
      baseChild,
      IndexBuilder.childOf(priorInfo, key),
      value,
      keyOrigin,
      childPointer(path, key),
    )
    out[key] = merged
    builder.setChild(out, key, merged, keyOrigin)
  }
  if (base !== undefined) {
    for (const key of Object.keys(base)) {
      if (Object.hasOwn(patch, key)) apply(key, base[key])
      else out[key] = builder.copyBase(base[key] as Json, IndexBuilder.childOf(priorInfo, key))
    }
  }
  for (const key of Object.keys(patch)) {
    if (base === undefined || !Object.hasOwn(base, key)) apply(key, undefined)
  }
  return out
}

/** `$replace` / `$delete` outside an item of an entity array would be silently meaningless. */
function checkNoDirective(ctx: Context, patch: JsonObject, patchOrigin: Origin): void {
  for (const key of [REPLACE, DELETE]) {
    if (Object.hasOwn(patch, key)) {
      ctx.errors.push({
        message: `patch: "${key}" only works on an item of an array whose items all have an "id"`,
        origin: childOrigin(patchOrigin, key),
      })
    }
  }
}

/** Every `$replace` / `$delete` inside a value copied verbatim. */
function checkNoDirectiveDeep(ctx: Context, value: Json, origin: Origin, why: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkNoDirectiveDeep(ctx, item, childOrigin(origin, i), why))
  } else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      if (key === REPLACE || key === DELETE) {
        ctx.errors.push({
          message: `patch: "${key}" only works on an item of an array whose items all have an "id"; ${why}`,
          origin: childOrigin(origin, key),
        })
      } else {
        checkNoDirectiveDeep(ctx, value[key] as Json, childOrigin(origin, key), why)
      }
    }
  }
}

function mergeArray(
  ctx: Context,
  base: Json | undefined,
  baseOrigin: Origin,
  patch: Json[],
  patchOrigin: Origin,
  path: string,
): Json[] {
  const { builder } = ctx
  const baseArray = Array.isArray(base) ? base : undefined
  // An empty patch array would be a no-op by id; writing [] means "make it empty".
  const byId =
    patch.length > 0 && patch.every(hasId) && (baseArray === undefined || baseArray.every(hasId))
  if (!byId) {
    const where = path || '/'
    const why =
      patch.length > 0 && patch.every(hasId)
        ? `${where} in the base has items without an "id", so this array replaces it whole`
        : `this array replaces ${where} whole`
    checkNoDirectiveDeep(ctx, patch, patchOrigin, why)
    return builder.fromSource(patch, patchOrigin) as Json[]
  }
  const prior = baseArray === undefined ? undefined : builder.infoOf(baseArray)
  const origin = baseArray === undefined ? patchOrigin : (prior?.origin ?? baseOrigin)
  const priorInfo = prior ?? { origin, keys: undefined }
  // Items are merged in place in this list; untouched base items are copied at the end.
  const slots: { node: JsonObject & { id: string }; fallback: Origin; fresh: boolean }[] = (
    baseArray ?? []
  ).map((node, i) => ({
    node: node as JsonObject & { id: string },
    fallback: IndexBuilder.childOf(priorInfo, i),
    fresh: false,
  }))
  patch.forEach((entry, j) => {
    const item = entry as JsonObject & { id: string }
    const itemOrigin = childOrigin(patchOrigin, j)
    const flags = directiveFlags(ctx, item, itemOrigin)
    if (flags === undefined) return
    const at = slots.findIndex((slot) => slot.node.id === item.id)
    const itemPath = childPointer(path, `@${item.id}`)
    if (flags.remove) {
      const extra = Object.keys(item).filter((k) => k !== 'id' && k !== DELETE)
      if (extra.length > 0) {
        ctx.errors.push({
          message: `patch: an item with "$delete" must have only "id" and "$delete"; remove ${extra.map((k) => `"${k}"`).join(', ')}`,
          origin: childOrigin(itemOrigin, extra[0] ?? DELETE),
        })
      } else if (at < 0) {
        ctx.errors.push({
          message:
            `patch: no item with id "${item.id}" in ${path || '/'} to delete` +
            didYouMean(
              item.id,
              slots.map((slot) => slot.node.id),
            ),
          origin: childOrigin(itemOrigin, 'id'),
        })
      } else {
        slots.splice(at, 1)
      }
      return
    }
    const stripped: JsonObject = {}
    for (const key of Object.keys(item))
      if (key !== REPLACE && key !== DELETE) stripped[key] = item[key] as Json
    const slot = at < 0 ? undefined : slots[at]
    // Merging into an entity leaves its id where it was written: the patch only names it.
    if (slot !== undefined && !flags.replace) delete stripped['id']
    const merged = mergeObject(
      ctx,
      slot === undefined || flags.replace ? undefined : slot.node,
      slot?.fallback ?? itemOrigin,
      stripped,
      itemOrigin,
      itemPath,
    ) as JsonObject & { id: string }
    if (slot === undefined) slots.push({ node: merged, fallback: itemOrigin, fresh: true })
    else slots[at] = { node: merged, fallback: slot.fallback, fresh: true }
  })
  const out = slots.map((slot) =>
    slot.fresh ? slot.node : builder.copyBase(slot.node, slot.fallback),
  )
  builder.register(out, origin)
  return out
}

function directiveFlags(
  ctx: Context,
  item: JsonObject,
  itemOrigin: Origin,
): { replace: boolean; remove: boolean } | undefined {
  let valid = true
  for (const key of [REPLACE, DELETE]) {
    const flag = item[key]
    if (flag !== undefined && typeof flag !== 'boolean') {
      ctx.errors.push({
        message: `patch: "${key}" must be true or false`,
        origin: childOrigin(itemOrigin, key),
      })
      valid = false
    }
  }
  if (!valid) return undefined
  return { replace: item[REPLACE] === true, remove: item[DELETE] === true }
}
