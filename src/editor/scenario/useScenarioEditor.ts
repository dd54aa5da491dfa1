/**
 * The scenario view's shared state and actions: the parsed scenario, its resolved ruleset and
 * map, what is selected, and every user action as ONE `ws.edit` (one undo step). Panels receive
 * this object as a prop, so they stay small and the test can build one without a view.
 */
import { computed, reactive, ref } from 'vue'
import type { HexMap, ResolvedRuleset, Scenario, UnitPlacement } from '../../runtime'
import { useWorkspaceStore } from '../stores/useWorkspaceStore'
import type { ValueEdit } from '../workspace/json-edit'
import { pathFor } from '../workspace/files'
import { facingDegrees, facingNames, rotateFacing } from './facing-rotation'
import {
  footprintOf,
  landing,
  standingProblem,
  unitsCovering,
  type FootprintContext,
  type Positioned,
} from './footprints'
import { newUnitId, newUnitName } from './ids'
import {
  addUnitEdits,
  deleteUnitEdits,
  findUnit,
  moveUnitEdits,
  updateUnitEdits,
} from './placement-edits'
import { facingMode } from './ruleset-facts'
import { toggleEntryHexEdits } from './side-edits'

export type FileProblem = 'missing' | 'broken' | 'shape' | null

/** What is being dragged from the palette or the unit list (the map reads it on drop). */
export type DragItem = { kind: 'type'; id: string } | { kind: 'unit'; id: string }

const NOT_RULES = /^content\/(scenarios|maps|saves)\//

function ruleDeps(files: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>()
  for (const [p, t] of files) if (!NOT_RULES.test(p)) out.set(p, t)
  return out
}

function sameTexts(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a.size !== b.size) return false
  for (const [p, t] of a) if (b.get(p) !== t) return false
  return true
}

function looksLikeScenario(v: unknown): v is Scenario {
  if (!v || typeof v !== 'object') return false
  const sides = (v as { sides?: unknown }).sides
  return (
    Array.isArray(sides) &&
    sides.every((s) => s && typeof s === 'object' && typeof (s as { id?: unknown }).id === 'string')
  )
}

export function useScenarioEditor(path: string) {
  const ws = useWorkspaceStore()

  const problem = computed<FileProblem>(() => {
    const p = ws.parsed(path)
    if (!p) return 'missing'
    if (p.value === undefined) return 'broken'
    return looksLikeScenario(p.value) ? null : 'shape'
  })
  const scenario = computed<Scenario | undefined>(() => {
    const v = ws.value(path)
    return looksLikeScenario(v) ? v : undefined
  })

  /**
   * The ruleset with the scenario's variants. The library resolves one id; the last variant
   * named that builds on the scenario's ruleset is the closest it can give. Resolving takes
   * ~100 ms and every edit of this file would redo it, so the result is kept while no file the
   * ruleset can be built from (anything but scenarios, maps and saves) has changed.
   */
  type Rules = { ruleset?: ResolvedRuleset; message?: string }
  let kept: { key: string; deps: Map<string, string>; value: Rules } | null = null
  const rules = computed<Rules>(() => {
    const s = scenario.value
    if (!s || typeof s.ruleset !== 'string') return { message: 'The scenario names no ruleset.' }
    const key = JSON.stringify([s.ruleset, s.variants ?? []])
    const deps = ruleDeps(ws.files)
    if (kept && kept.key === key && sameTexts(kept.deps, deps)) return kept.value
    const value = resolveRules(s)
    kept = { key, deps, value }
    return value
  })
  function resolveRules(s: Scenario): Rules {
    const lib = ws.content()
    for (const v of [...(s.variants ?? [])].reverse()) {
      const r = lib.ruleset(v)
      if (r.ok && r.value.ruleset.chain.includes(s.ruleset)) return { ruleset: r.value.ruleset }
    }
    const r = lib.ruleset(s.ruleset)
    if (r.ok) return { ruleset: r.value.ruleset }
    return {
      message: `The ruleset "${s.ruleset}" cannot be read (${r.problems[0]?.message ?? 'unknown'}); unit types and options are unavailable until it is fixed.`,
    }
  }
  const ruleset = computed(() => rules.value.ruleset)

  const mapPath = computed<string | undefined>(() => {
    const id = scenario.value?.map
    if (typeof id !== 'string') return undefined
    const guess = pathFor('map', id)
    if (ws.files.has(guess)) return guess
    return ws.entries.find((e) => e.format === 'map' && e.id === id)?.path
  })
  const map = computed<HexMap | undefined>(() => {
    const v = mapPath.value ? ws.value<HexMap>(mapPath.value) : undefined
    return v && typeof v === 'object' && v.grid ? v : undefined
  })
  const orientation = computed(() => map.value?.grid.orientation ?? 'flat')
  const mode = computed(() => facingMode(ruleset.value))
  const facings = computed(() => facingNames(mode.value, orientation.value))

  const fpContext = computed<FootprintContext>(() => ({
    ruleset: ruleset.value,
    grid: map.value?.grid,
    orientation: orientation.value,
  }))

  const selection = reactive({ side: '', command: '', unit: null as string | null })
  /** Why the last placement, move or turn was refused, until the next edit or selection. */
  const refusal = ref<string | null>(null)
  const dragging = ref<DragItem | null>(null)
  /** A reinforcement group whose entry hexes a click on the map toggles. */
  const picking = ref<{ side: number; group: number } | null>(null)
  /** A unit type armed by a click in the palette: the next click on the map places it. */
  const armed = ref<string | null>(null)

  const sideIndex = (id: string | undefined) =>
    (scenario.value?.sides ?? []).findIndex((s) => s.id === id)
  const currentSide = computed(() => {
    const sides = scenario.value?.sides ?? []
    return sides.find((s) => s.id === selection.side) ?? sides[0]
  })
  const selectedUnit = computed(() =>
    scenario.value && selection.unit ? findUnit(scenario.value, selection.unit) : undefined,
  )

  function edit(edits: readonly ValueEdit[], label: string): boolean {
    if (edits.length === 0) return false
    const done = ws.edit(path, edits, label)
    if (done) refusal.value = null
    return done
  }

  function refuse(why: string): false {
    refusal.value = why
    return false
  }

  function typeOf(typeId: string) {
    return ruleset.value?.unitTypes.find((t) => t.id === typeId)
  }

  /** New units face the way the side's last faced unit does: a line is set up in one go. */
  function newFacing(side: Scenario['sides'][number] | undefined) {
    if (!facings.value.length) return undefined
    const last = [...(side?.units ?? [])].reverse().find((u) => u.facing)?.facing
    return (last ?? facings.value[0]) as UnitPlacement['facing']
  }

  /** Place a new unit of a type: the drop from the palette, the armed click and the test hook. */
  function placeUnit(
    typeId: string,
    hex: string,
    sideId?: string,
    commandId?: string,
  ): string | undefined {
    const s = scenario.value
    if (!s) return undefined
    const si = sideIndex(sideId ?? currentSide.value?.id)
    const side = s.sides[si]
    if (!side) return undefined
    const commands = side.commands ?? []
    const wanted = commandId ?? (side.id === currentSide.value?.id ? selection.command : '')
    // A unit joins the command chosen, else its side's first: under activations a unit outside
    // every command can never act.
    const command = (commands.find((c) => c.id === wanted) ?? commands[0])?.id
    const typeName = typeOf(typeId)?.name ?? typeId
    const name = newUnitName(s, si, typeName)
    const facing = newFacing(side)
    const unit: UnitPlacement = {
      id: newUnitId(s, side.id, typeId),
      type: typeId,
      name,
      ...(command ? { command } : {}),
      hex,
      ...(facing ? { facing } : {}),
    }
    const problem = standingProblem(fpContext.value, { name: typeName, type: typeId, facing }, hex)
    if (problem) return void refuse(problem)
    if (!edit(addUnitEdits(si, unit), `Place ${name}`)) return undefined
    selection.side = side.id
    selection.unit = unit.id
    return unit.id
  }

  /** A placed unit as far as its position goes, named as the designer knows it. */
  function positioned(u: UnitPlacement): Positioned {
    return {
      name: u.name ?? typeOf(u.type)?.name ?? u.type,
      type: u.type,
      hex: u.hex,
      facing: u.facing,
    }
  }

  /** The hexes a placed unit covers when it fills two (a rider), else null. */
  function footprint(u: Pick<UnitPlacement, 'type' | 'hex' | 'facing'>) {
    return footprintOf(fpContext.value, u.type, u.hex, u.facing)
  }

  /** Where a unit would land if the hex it was taken by (`grabbed`) were dropped on `hex`. */
  function landingOf(unitId: string, hex: string, grabbed?: string) {
    const u = scenario.value && findUnit(scenario.value, unitId)?.unit
    return u ? landing(fpContext.value, positioned(u), hex, grabbed) : null
  }

  /** Where a new unit of a type would stand, placed on `hex` now. */
  function placingOf(typeId: string, hex: string) {
    const name = typeOf(typeId)?.name ?? typeId
    return landing(
      fpContext.value,
      { name, type: typeId, facing: newFacing(currentSide.value) },
      hex,
    )
  }

  /**
   * Move a unit: its front to `hex`, or, taken by the hex `grabbed`, the whole counter so that
   * hex lands on `hex` (a rider dragged by its rear). Refused when part of it would be off the map.
   */
  function moveUnit(unitId: string, hex: string, grabbed?: string): boolean {
    const s = scenario.value
    const ref = s && findUnit(s, unitId)
    if (!s || !ref) return false
    const to = landing(fpContext.value, positioned(ref.unit), hex, grabbed)
    if (to.problem || !to.front) return refuse(to.problem ?? '')
    const name = ref.unit.name ?? unitId
    return edit(moveUnitEdits(s, unitId, to.front), `Move ${name} to ${to.front}`)
  }

  function deleteUnit(unitId: string): boolean {
    const s = scenario.value
    const name = s && findUnit(s, unitId)?.unit.name
    const done = !!s && edit(deleteUnitEdits(s, unitId), `Remove ${name ?? unitId}`)
    if (done && selection.unit === unitId) selection.unit = null
    return done
  }

  function updateUnit(unitId: string, patch: Partial<UnitPlacement>, label: string): boolean {
    const s = scenario.value
    const ref = s && findUnit(s, unitId)
    if (!s || !ref) return false
    if (('hex' in patch || 'facing' in patch) && ref.reinforcement === undefined) {
      const next = positioned({ ...ref.unit, ...patch })
      const problem = next.hex ? standingProblem(fpContext.value, next, next.hex) : null
      if (problem) return refuse(problem)
    }
    return edit(updateUnitEdits(s, unitId, patch), label)
  }

  /**
   * Turn the selected unit (or the one given) by steps of one facing; one edit per call. A rider
   * turns on its front hex, so its rear moves: a heading that would put the rear off the map is
   * passed over for the next one the same way.
   */
  function rotate(steps: number, unitId = selection.unit): boolean {
    const s = scenario.value
    const ref = s && unitId ? findUnit(s, unitId) : undefined
    if (!ref) return false
    const who = positioned(ref.unit)
    const stands = (facing: string | undefined) =>
      !who.hex || !standingProblem(fpContext.value, { ...who, facing }, who.hex)
    let next = rotateFacing(who.facing, facings.value, steps)
    for (let k = 1; k < facings.value.length && !stands(next); k++)
      next = rotateFacing(next, facings.value, Math.sign(steps) || 1)
    if (!next) return false
    if (!stands(next))
      return refuse(
        `${who.name} cannot turn where it stands: whichever way it faces, its rear would be off the map.`,
      )
    return updateUnit(
      ref.unit.id,
      { facing: next as UnitPlacement['facing'] },
      `Turn ${ref.unit.name ?? ref.unit.id} to ${next}`,
    )
  }

  /** A drop on the map: a type from the palette places a unit, a listed unit moves. */
  function drop(hex: string, item: DragItem | null = dragging.value): string | undefined {
    dragging.value = null
    if (!item) return undefined
    if (item.kind === 'type') return placeUnit(item.id, hex)
    moveUnit(item.id, hex)
    selection.unit = item.id
    return item.id
  }

  function select(unitId: string | null): void {
    if (unitId !== selection.unit) refusal.value = null
    selection.unit = unitId
    const s = scenario.value
    const ref = s && unitId ? findUnit(s, unitId) : undefined
    if (ref && s) selection.side = s.sides[ref.side]!.id
  }

  function toggleEntryHex(side: number, group: number, hex: string): boolean {
    const s = scenario.value
    const label = s?.sides[side]?.reinforcements?.[group]?.label ?? 'reinforcements'
    return !!s && edit(toggleEntryHexEdits(s, side, group, hex), `Entry hex ${hex} of ${label}`)
  }

  const unitRotation = (facing: string | undefined) =>
    facingDegrees(facing, mode.value, orientation.value)

  /** Units on a hex, in file order: standing in it, or a rider with its rear there. */
  const unitsAt = (hex: string): string[] =>
    scenario.value ? unitsCovering(fpContext.value, scenario.value, hex) : []

  return {
    path,
    ws,
    problem,
    scenario,
    rules,
    ruleset,
    map,
    mapPath,
    orientation,
    mode,
    facings,
    selection,
    dragging,
    picking,
    armed,
    refusal,
    currentSide,
    selectedUnit,
    sideIndex,
    typeOf,
    edit,
    placeUnit,
    moveUnit,
    deleteUnit,
    updateUnit,
    rotate,
    drop,
    select,
    toggleEntryHex,
    unitRotation,
    unitsAt,
    footprint,
    landingOf,
    placingOf,
  }
}

export type ScenarioEditor = ReturnType<typeof useScenarioEditor>
