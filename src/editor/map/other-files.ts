/** Keeps a view from recomputing ruleset facts on edits to its own file. */
import { computed, type ComputedRef, type Ref } from 'vue'

/** A number that changes only when a file other than `own` is added, removed or edited. */
export function otherFilesVersion(
  files: () => ReadonlyMap<string, string>,
  own: Ref<string>,
): ComputedRef<number> {
  let before: ReadonlyMap<string, string> | null = null
  let version = 0
  return computed(() => {
    const now = files()
    const path = own.value
    if (before && !differsOutside(before, now, path)) return version
    before = now
    return ++version
  })
}

function differsOutside(
  a: ReadonlyMap<string, string>,
  b: ReadonlyMap<string, string>,
  own: string,
): boolean {
  const size = (m: ReadonlyMap<string, string>) => m.size - (m.has(own) ? 1 : 0)
  if (size(a) !== size(b)) return true
  // Unchanged texts are the same string objects, so === is a pointer check.
  for (const [p, t] of b) if (p !== own && a.get(p) !== t) return true
  return false
}
