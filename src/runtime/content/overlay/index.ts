/**
 * Variant overlays: a variant changes a resolved ruleset (a JSON object whose arrays
 * unitClasses, unitTypes, tables, modifierLists, resultSets, resolutions, terrain.hexTypes, ...
 * hold entities with an `id`). Applying one = merge in the included entities
 * (`mergeEntities`), then the merge `patch` (`applyMergePatch`), then the `matrices`
 * (`applyMatrixCells`), then the `operations` (`applyOperations`); `applyVariantChanges` does
 * the last three.
 *
 * - mergeEntities: an entity whose id is present replaces it in place; a new one is appended.
 * - Merge patch, RFC 7396 extended for entity arrays: objects merge key by key, `null` deletes a
 *   key, any other non-object replaces. A non-empty patch array whose items are all objects with
 *   a string `id`, over a base array whose items all have ids (or over nothing), is patched by
 *   id, in base order: a known id merges into its entity with these same rules (`"$replace":
 *   true` replaces it whole, `"$delete": true` alone with `id` removes it), a new id is
 *   appended. Any other array, `[]` included, replaces the base array whole. A `null` never
 *   reaches the result except inside such a replacing array (as in RFC 7396).
 * - Matrix rows and columns (`applyMatrixCells`): a layer's `matrices` adds or changes rows and
 *   columns of a matrix table by key, each cell written once, without re-listing the table.
 * - Operations, RFC 6902 add/remove/replace/test in order; a path segment `@some-id` addresses
 *   the array item with that id; `-` appends; `~0` / `~1` escape `~` and `/`.
 * - `__proto__`, `constructor` and `prototype` are refused as keys anywhere in a patch, an
 *   operation path or value, or included content: reported, never applied nor dropped.
 * - Every step leaves its inputs untouched and returns a fresh deep copy with a fresh origin
 *   index, or every error it found, each at the place in the file the designer wrote.
 * - Origins: each object and array of a result is recorded with the file and pointer it was
 *   written at, and a primitive a patch wrote as a per-key exception on its parent, so indices
 *   shifting under deletions and insertions do not disturb the mapping. `locateOrigin` turns a
 *   pointer into the resolved value (as validators report it) into a file and a pointer in it.
 *
 * Loader recipe: `buildInitialIndex(manifestFields, { file: 'rulesets/x.json', pointer: '' })`,
 * then `mergeEntities(r, '/unitTypes', unitSet.types, { file: 'units/y.json', pointer: '/types' })`
 * and `mergeEntities(r, '/tables', tables, tableFiles.map((file) => ({ file, pointer: '' })))`,
 * then for each variant of the chain its includes and `applyVariantChanges(r, variant, file)`.
 *
 * This index is the module's entry (`content/overlay`): a sibling `overlay.ts` beside this folder
 * would make that import ambiguous for Node's resolver under tsx.
 */
import { applyMatrixCells } from './matrix-cells'
import { applyMergePatch } from './merge-patch'
import { applyOperations } from './operations'
import { childOrigin } from './json'
import type { Indexed, OverlayResult } from './types'

export type {
  Indexed,
  Json,
  JsonObject,
  Origin,
  OriginIndex,
  OverlayError,
  OverlayResult,
} from './types'
export { applyMatrixCells } from './matrix-cells'
export { applyMergePatch } from './merge-patch'
export { applyOperations } from './operations'
export { mergeEntities } from './entities'
export { buildInitialIndex, locateOrigin } from './origins'

/** The part of a variant file this module applies. */
export interface VariantChanges {
  readonly patch?: unknown
  readonly matrices?: unknown
  readonly operations?: unknown
}

/**
 * The variant's merge patch, then its matrix rows and columns, then its operations, as written
 * in `file` (at `/patch`, `/matrices` and `/operations`). A step is not tried when one before it
 * fails: it is written against the result of those and would only report follow-on errors.
 */
export function applyVariantChanges(
  base: Indexed,
  variant: VariantChanges,
  file: string,
): OverlayResult {
  const root = { file, pointer: '' }
  // An absent patch still goes through the merge so the result is a copy, as for every step.
  let current = applyMergePatch(base, variant.patch ?? {}, childOrigin(root, 'patch'))
  if (current.ok && variant.matrices !== undefined)
    current = applyMatrixCells(current, variant.matrices, childOrigin(root, 'matrices'))
  if (current.ok && variant.operations !== undefined) {
    current = applyOperations(current, variant.operations, childOrigin(root, 'operations'))
  }
  return current
}
