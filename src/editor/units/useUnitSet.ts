/**
 * The unit-set file being edited, read against the ruleset that gives it its vocabulary
 * (ratings, flags, statuses, counter layout), with the edits the units view makes. Every edit is
 * one `ws.edit` call, so one undo step.
 */
import { computed, ref, watch, type Ref } from 'vue'
import type { UnitClass, UnitSet, UnitType } from '../../runtime'
import { rulesetForUnitSet, type RulesetLookup } from '../counters/content-lookup'
import { classOf, facesOf, type CounterRuleset } from '../counters/counter-faces'
import { useWorkspaceStore } from '../stores/useWorkspaceStore'
import type { ValueEdit } from '../workspace/json-edit'
import {
  addTypeEdits,
  copyOfType,
  deleteTypeEdits,
  flagEdits,
  newType,
  ratingEdits,
  type RatingValue,
} from './type-edits'

export function useUnitSet(path: Ref<string>) {
  const ws = useWorkspaceStore()
  const set = computed(() => {
    const v = ws.value<UnitSet>(path.value)
    return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined
  })
  const missing = computed(() => ws.text(path.value) === undefined)
  const broken = computed(() => !missing.value && set.value === undefined)

  const lookup = computed<RulesetLookup>(() =>
    set.value ? rulesetForUnitSet(ws.content(), set.value) : {},
  )
  /** Drawing works without a ruleset too (fallback corners), so there is always one to pass. */
  const counterRuleset = computed<CounterRuleset>(() => lookup.value.ruleset ?? {})
  const types = computed<UnitType[]>(() =>
    Array.isArray(set.value?.types) ? set.value!.types! : [],
  )
  const ownClasses = computed<UnitClass[]>(() =>
    Array.isArray(set.value?.classes) ? set.value!.classes! : [],
  )
  /** The set's own classes first, then the ruleset's others (a type may use either). */
  const classes = computed<UnitClass[]>(() => {
    const own = ownClasses.value
    const more = (lookup.value.ruleset?.unitClasses ?? []).filter(
      (c) => !own.some((o) => o.id === c.id),
    )
    return [...own, ...more]
  })

  const selectedId = ref<string | null>(null)
  const selectedIndex = computed(() => types.value.findIndex((t) => t.id === selectedId.value))
  const selected = computed(() => types.value[selectedIndex.value])
  // Keep a selection: the first type when the file opens or the selected one goes away.
  watch(
    types,
    (list) => {
      if (!list.some((t) => t.id === selectedId.value)) selectedId.value = list[0]?.id ?? null
    },
    { immediate: true },
  )

  const selectedClass = computed(() =>
    selected.value ? classOf(counterRuleset.value, selected.value, ownClasses.value) : undefined,
  )
  const faces = computed(() =>
    selected.value
      ? facesOf(counterRuleset.value, selected.value, { classes: ownClasses.value })
      : null,
  )

  function apply(edits: ValueEdit[], label: string): void {
    if (edits.length) ws.edit(path.value, edits, label)
  }
  const current = () => {
    const i = selectedIndex.value
    const t = selected.value
    return i >= 0 && t ? { i, t } : null
  }

  function setRating(key: string, value: RatingValue | undefined, status?: string): void {
    const c = current()
    if (!c) return
    const where = status ? ` (${status})` : ''
    apply(ratingEdits(c.i, c.t, key, value, status), `Set ${key}${where} of ${c.t.id}`)
  }
  function setFlag(flag: string, on: boolean): void {
    const c = current()
    if (!c) return
    apply(
      flagEdits(c.i, c.t, selectedClass.value, flag, on),
      `${on ? 'Add' : 'Remove'} flag ${flag} on ${c.t.id}`,
    )
  }
  function setField(field: 'name' | 'abbreviation' | 'class' | 'description', value: string) {
    const c = current()
    if (!c || (c.t[field] ?? '') === value) return
    // Name and class are required: an empty entry is ignored rather than written.
    if (value === '' && (field === 'name' || field === 'class')) return
    apply(
      [{ pointer: `/types/${c.i}/${field}`, value: value === '' ? undefined : value }],
      `Set ${field} of ${c.t.id}`,
    )
  }
  function addType(): void {
    if (!set.value) return
    const t = newType(set.value, selected.value?.class ?? classes.value[0]?.id ?? 'unit')
    apply(addTypeEdits(set.value, t), `Add unit type ${t.id}`)
    selectedId.value = t.id
  }
  function copyType(): void {
    const c = current()
    if (!c || !set.value) return
    const t = copyOfType(set.value, c.t)
    apply(addTypeEdits(set.value, t), `Copy unit type ${c.t.id}`)
    selectedId.value = t.id
  }
  function deleteType(): void {
    const c = current()
    if (!c) return
    const next = types.value[c.i + 1] ?? types.value[c.i - 1]
    apply(deleteTypeEdits(c.i), `Delete unit type ${c.t.id}`)
    selectedId.value = next?.id ?? null
  }

  return {
    set,
    missing,
    broken,
    lookup,
    counterRuleset,
    types,
    classes,
    ownClasses,
    selectedId,
    selected,
    selectedClass,
    faces,
    setRating,
    setFlag,
    setField,
    addType,
    copyType,
    deleteType,
  }
}
