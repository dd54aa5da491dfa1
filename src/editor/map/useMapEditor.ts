/**
 * The map editor's state and what each tool does with the pointer. A stroke (press, drag over
 * hexes, release) is previewed as it goes and lands as ONE ws.edit, so one undo takes it back.
 */
import { computed, markRaw, ref, shallowRef, watch, type Ref } from 'vue'
import bundledTerrain from 'virtual:hexwright/bundled-terrain'
import { otherFilesVersion } from './other-files'
import type { HexMap, TerrainChart } from '../../runtime'
import { useWorkspaceStore } from '../stores/useWorkspaceStore'
import type { ValueEdit } from '../workspace/json-edit'
import { cachedTerrain } from '../workspace/terrain-cache'
import {
  elevationEdits,
  floodArea,
  labelEdits,
  noteEdits,
  paintTerrainEdits,
  previewHexes,
  regionEdits,
  toggleHexsideEdits,
} from './map-edits'
import { MapGeometry, gridProblem } from './map-geometry'
import type { Highlight } from './map-scene'
import { fallbackColor, terrainLook } from './terrain-style'

export type MapTool =
  'pan' | 'terrain' | 'flood' | 'hexside' | 'elevation' | 'label' | 'note' | 'region'

/** Tools where a left drag paints, so the map pans with the right button instead. */
const STROKE_TOOLS: readonly MapTool[] = ['terrain', 'elevation', 'region']

interface Stroke {
  hexes: Set<string>
  mode: 'add' | 'remove'
  delta: number
}

export function useMapEditor(path: Ref<string>) {
  const ws = useWorkspaceStore()
  const parsed = computed(() => ws.parsed(path.value))
  const map = computed<HexMap | undefined>(() => {
    const v = parsed.value?.value
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as HexMap) : undefined
  })
  const broken = computed(() => parsed.value !== undefined && parsed.value.value === undefined)
  const gridKey = computed(() => JSON.stringify(map.value?.grid ?? null))
  const geo = computed(() => {
    const grid = JSON.parse(gridKey.value) as HexMap['grid'] | null
    return grid && !gridProblem(grid) ? markRaw(new MapGeometry(grid)) : null
  })
  // Re-resolving the ruleset after each stroke would re-check this (maybe huge) map file too;
  // the terrain only changes when another file does, so that is what triggers it.
  const otherFiles = otherFilesVersion(() => ws.files, path)
  const rulesetId = computed(() => map.value?.ruleset)
  const terrain = shallowRef<TerrainChart | undefined>()
  /** The terrain needs the workspace library, which is still loading: nothing to paint yet. */
  const terrainPending = ref(false)
  // A watch callback records no dependencies, so reading the library here does not tie the
  // terrain to every file. The build's chart needs no library (bundled rules files unchanged).
  watch(
    [rulesetId, otherFiles, () => ws.libraryReady],
    ([id, , libraryReady]) => {
      const known =
        typeof id === 'string' ? cachedTerrain(bundledTerrain, ws.files, ws.bundled, id) : undefined
      terrainPending.value = typeof id === 'string' && !known && !libraryReady
      if (known) terrain.value = known
      if (known || terrainPending.value) return
      const r = typeof id === 'string' ? ws.content().ruleset(id) : undefined
      terrain.value = r?.ok ? r.value.ruleset.terrain : undefined
    },
    { immediate: true },
  )
  const look = computed(() => terrainLook(terrain.value))
  /** Why terrain shows in generic colours, when it does. */
  const rulesetNote = computed(() => {
    const id = map.value?.ruleset
    if (!map.value || terrain.value) return null
    return typeof id === 'string' && id
      ? `The ruleset "${id}" cannot be read, so terrain is drawn in generic colours.`
      : 'This map names no ruleset, so terrain is drawn in generic colours.'
  })

  const tool = ref<MapTool>('terrain')
  const terrainChoice = ref<string>('')
  const radius = ref(0)
  const sideChoice = ref<string>('')
  const elevationStep = ref<1 | -1>(1)
  const regionId = ref<string>('')
  const selectedHex = ref<string | null>(null)
  const hoverHex = ref<string | null>(null)
  const stroke = shallowRef<Stroke | null>(null)

  const hexTypes = computed(() => {
    const known = terrain.value?.hexTypes.map((t) => ({ id: t.id, label: t.label })) ?? []
    const ids = new Set(known.map((t) => t.id))
    const m = map.value
    // Terrain the map uses but the chart lacks (or no chart at all) stays paintable.
    const used = [m?.defaultTerrain, ...Object.values(m?.hexes ?? {}).map((h) => h.terrain)]
    for (const id of used)
      if (typeof id === 'string' && !ids.has(id)) {
        ids.add(id)
        known.push({ id, label: id })
      }
    return known
  })
  const sideTypes = computed(() => terrain.value?.hexsideTypes ?? [])

  function strokeEdits(m: HexMap, s: Stroke): ValueEdit[] {
    if (tool.value === 'terrain') return paintTerrainEdits(m, s.hexes, terrainChoice.value)
    if (tool.value === 'elevation') return elevationEdits(m, s.hexes, s.delta)
    if (tool.value === 'region') return regionEdits(m, regionId.value, s.hexes, s.mode)
    return []
  }

  const preview = computed(() =>
    stroke.value && map.value ? strokeEdits(map.value, stroke.value) : [],
  )
  const displayMap = computed(() =>
    map.value ? previewHexes(map.value, preview.value) : undefined,
  )

  const highlights = computed<Highlight[]>(() => {
    const out: Highlight[] = []
    for (const r of displayRegions()) {
      const color = r.color ?? fallbackColor(r.id, 0.45)
      for (const hex of r.hexes) out.push({ hex, color })
    }
    if (selectedHex.value) out.push({ hex: selectedHex.value, color: '#e08a00', transient: true })
    return out
  })

  /** Regions with the stroke in progress shown (regions are not previewed by previewHexes). */
  function displayRegions(): NonNullable<HexMap['regions']> {
    const regions = map.value?.regions ?? []
    const s = stroke.value
    if (!s || tool.value !== 'region') return regions
    return regions.map((r) => {
      if (r.id !== regionId.value) return r
      const hexes =
        s.mode === 'add'
          ? [...new Set([...r.hexes, ...s.hexes])]
          : r.hexes.filter((h) => !s.hexes.has(h))
      return { ...r, hexes }
    })
  }

  function brush(hex: string): string[] {
    if (!geo.value) return []
    return tool.value === 'terrain' ? geo.value.within(hex, radius.value) : [hex]
  }

  function commit(edits: ValueEdit[], label: string): void {
    if (edits.length > 0) ws.edit(path.value, edits, label)
  }

  function hexDown(hex: string, e: MouseEvent): void {
    const m = map.value
    if (!m || !geo.value) return
    switch (tool.value) {
      case 'terrain':
        if (!terrainChoice.value) return
        stroke.value = { hexes: new Set(brush(hex)), mode: 'add', delta: 0 }
        return
      case 'elevation': {
        const delta = e.shiftKey ? -elevationStep.value : elevationStep.value
        stroke.value = { hexes: new Set([hex]), mode: 'add', delta }
        return
      }
      case 'region': {
        const region = m.regions?.find((r) => r.id === regionId.value)
        if (!region) return
        const mode = region.hexes.includes(hex) ? 'remove' : 'add'
        stroke.value = { hexes: new Set([hex]), mode, delta: 0 }
        return
      }
      case 'flood':
        if (!terrainChoice.value) return
        commit(
          paintTerrainEdits(m, floodArea(m, geo.value, hex), terrainChoice.value),
          `Fill with ${look.value.label(terrainChoice.value)}`,
        )
        return
      case 'label':
      case 'note':
        selectedHex.value = hex
    }
  }

  function hexEnter(hex: string): void {
    hoverHex.value = hex
    const s = stroke.value
    if (!s) return
    const before = s.hexes.size
    for (const h of brush(hex)) s.hexes.add(h)
    if (s.hexes.size !== before) stroke.value = { ...s }
  }

  function hexUp(): void {
    const s = stroke.value
    const m = map.value
    stroke.value = null
    if (!s || !m) return
    const what =
      tool.value === 'terrain'
        ? `Paint ${look.value.label(terrainChoice.value)}`
        : tool.value === 'elevation'
          ? s.delta > 0
            ? 'Raise ground'
            : 'Lower ground'
          : s.mode === 'add'
            ? 'Add hexes to area'
            : 'Remove hexes from area'
    commit(strokeEdits(m, s), what)
  }

  function hexsideClick(pick: { hex: string; side: string }): void {
    const m = map.value
    if (tool.value !== 'hexside' || !m || !geo.value || !sideChoice.value) return
    const type = sideTypes.value.find((t) => t.id === sideChoice.value)
    const edits = toggleHexsideEdits(m, geo.value, pick, sideChoice.value, type?.elevationChange)
    commit(edits, `${look.value.side(sideChoice.value).label} at ${pick.hex} ${pick.side}`)
  }

  function setLabel(hex: string, text: string, size: 'small' | 'medium' | 'large'): void {
    if (map.value) commit(labelEdits(map.value, hex, text, size), `Label ${hex}`)
  }

  function setNote(hex: string, note: string): void {
    if (map.value) commit(noteEdits(map.value, hex, note), `Note on ${hex}`)
  }

  const dragPan = computed(() => !STROKE_TOOLS.includes(tool.value))

  return {
    ws,
    map,
    displayMap,
    broken,
    geo,
    terrain,
    terrainPending,
    look,
    rulesetNote,
    tool,
    terrainChoice,
    radius,
    sideChoice,
    elevationStep,
    regionId,
    selectedHex,
    hoverHex,
    hexTypes,
    sideTypes,
    highlights,
    dragPan,
    hexDown,
    hexEnter,
    hexUp,
    hexsideClick,
    setLabel,
    setNote,
    commit,
  }
}

export type MapEditor = ReturnType<typeof useMapEditor>
