/**
 * The result set a table's codes belong to. A table names its set by id; the set itself lives
 * in a ruleset (or a variant's patch), so it is found through the rulesets that include the
 * table — first the one the table names, then any other that pulls it in.
 */
import type { WorkspaceLibrary } from '../workspace/library'
import type { ResultCodeInfo } from './cell-value'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

export interface FoundResults extends ResultCodeInfo {
  /** The ruleset the set was read from. */
  rulesetId: string
  set: Obj
}

function setIn(ruleset: unknown, setId: string): Obj | undefined {
  if (!isObj(ruleset) || !Array.isArray(ruleset.resultSets)) return undefined
  return ruleset.resultSets.find((s): s is Obj => isObj(s) && s.id === setId)
}

function includes(ruleset: unknown, key: 'tables' | 'modifierLists', id: string): boolean {
  return (
    isObj(ruleset) &&
    Array.isArray(ruleset[key]) &&
    ruleset[key].some((t) => isObj(t) && t.id === id)
  )
}

/** The resolved rulesets (and variants) whose tables or modifier lists include this id. */
export function rulesetsIncluding(
  lib: WorkspaceLibrary,
  id: string,
  key: 'tables' | 'modifierLists' = 'tables',
): string[] {
  return lib.store.ids(['ruleset', 'variant']).filter((rid) => {
    const r = lib.ruleset(rid)
    return r.ok && includes(r.value.ruleset, key, id)
  })
}

export function resultCodesFor(lib: WorkspaceLibrary, table: unknown): FoundResults | undefined {
  if (!isObj(table) || typeof table.results !== 'string') return undefined
  const setId = table.results
  const named = typeof table.ruleset === 'string' ? [table.ruleset] : []
  const others = typeof table.id === 'string' ? rulesetsIncluding(lib, table.id) : []
  for (const rid of [...named, ...others.filter((o) => !named.includes(o))]) {
    const r = lib.ruleset(rid)
    if (!r.ok) continue
    const set = setIn(r.value.ruleset, setId)
    if (!set) continue
    const codes = new Map<string, string>()
    for (const c of Array.isArray(set.codes) ? set.codes : [])
      if (isObj(c) && typeof c.code === 'string')
        codes.set(c.code, typeof c.label === 'string' ? c.label : '')
    return { setId, codes, rulesetId: rid, set }
  }
  return undefined
}
