/**
 * A variant file against its base, both resolved through the workspace library (so the diff
 * follows every edit at once): the tables it changes cell by cell and every other change.
 */
import { computed, type Ref } from 'vue'
import type { Problem } from '../../runtime'
import { useWorkspaceStore } from '../stores/useWorkspaceStore'
import { diffRulesets, diffTable, type RulesetDiff, type TableDiff } from './table-diff'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

export interface VariantState {
  ok: boolean
  problems: Problem[]
  base?: Obj
  variant?: Obj
  diff?: RulesetDiff
}

export function useVariantDiff(value: Ref<unknown>) {
  const ws = useWorkspaceStore()
  const state = computed<VariantState>(() => {
    void ws.files // the library follows the files
    const v = value.value
    if (!isObj(v) || typeof v.id !== 'string' || typeof v.base !== 'string')
      return { ok: false, problems: [] }
    const lib = ws.content()
    const resolvedBase = lib.ruleset(v.base)
    const resolved = lib.ruleset(v.id)
    if (!resolvedBase.ok) return { ok: false, problems: resolvedBase.problems }
    if (!resolved.ok) return { ok: false, problems: resolved.problems }
    const base = resolvedBase.value.ruleset as unknown as Obj
    const variant = resolved.value.ruleset as unknown as Obj
    return { ok: true, problems: [], base, variant, diff: diffRulesets(base, variant) }
  })

  const idsOf = (x: Obj | undefined, key: string) =>
    x && Array.isArray(x[key]) ? x[key].filter(isObj).map((t) => String(t.id)) : []

  /** Tables to show: the changed ones, then any the designer picked to edit. */
  function tablesShown(picked: readonly string[]): TableDiff[] {
    const s = state.value
    if (!s.ok || !s.diff) return []
    const shown = [...s.diff.tables]
    for (const id of picked) {
      if (shown.some((t) => t.id === id)) continue
      const find = (x: Obj | undefined) =>
        x && Array.isArray(x.tables) ? x.tables.find((t) => isObj(t) && t.id === id) : undefined
      const now = find(s.variant)
      if (now) shown.push(diffTable(find(s.base), now))
    }
    return shown
  }

  return {
    state,
    tablesShown,
    tableIds: computed(() => idsOf(state.value.variant, 'tables')),
    modifierListIds: computed(() => idsOf(state.value.variant, 'modifierLists')),
  }
}
