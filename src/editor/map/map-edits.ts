/**
 * The map editor's changes as JSON-pointer edits, computed from the parsed map without touching
 * the store: a brush stroke, a hexside click or a label becomes one list handed to ws.edit as one
 * undo step. Values equal to the default are removed so files stay as small as a designer would
 * write them (painting the default terrain deletes the hex's `terrain`, an empty hex disappears).
 */
import type { Hex, HexMap } from '../../runtime'
import type { ValueEdit } from '../workspace/json-edit'
import type { MapGeometry } from './map-geometry'
import { terrainOf } from './terrain-style'

type Hexside = NonNullable<HexMap['hexsides']>[number]
type Label = NonNullable<HexMap['labels']>[number]
type Region = NonNullable<HexMap['regions']>[number]

const escapeSegment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1')

export function hexPointer(id: string): string {
  return `/hexes/${escapeSegment(id)}`
}

/** A hex entry without default values; undefined when nothing is left. */
export function normalizeHex(map: HexMap, hex: Hex): Hex | undefined {
  const out: Hex = {}
  if (hex.terrain !== undefined && hex.terrain !== map.defaultTerrain) out.terrain = hex.terrain
  if (hex.elevation !== undefined && hex.elevation !== 0) out.elevation = hex.elevation
  if (hex.features && hex.features.length > 0) out.features = hex.features
  if (hex.note !== undefined && hex.note.trim() !== '') out.note = hex.note
  // Keep the order the designer's file already uses, then any new keys.
  const ordered: Record<string, unknown> = {}
  for (const k of [...Object.keys(hex), 'terrain', 'elevation', 'features', 'note'])
    if (k in out && !(k in ordered)) ordered[k] = out[k as keyof Hex]
  return Object.keys(ordered).length > 0 ? (ordered as Hex) : undefined
}

/** One hex rewritten by `change`, or null when that changes nothing. */
export function hexEdit(map: HexMap, id: string, change: (h: Hex) => Hex): ValueEdit | null {
  const before = map.hexes?.[id]
  const after = normalizeHex(map, change({ ...(before ?? {}) }))
  if (JSON.stringify(after) === JSON.stringify(before)) return null
  return { pointer: hexPointer(id), value: after }
}

function collect(edits: Array<ValueEdit | null>): ValueEdit[] {
  return edits.filter((e): e is ValueEdit => e !== null)
}

export function paintTerrainEdits(
  map: HexMap,
  ids: Iterable<string>,
  terrain: string,
): ValueEdit[] {
  return collect([...new Set(ids)].map((id) => hexEdit(map, id, (h) => ({ ...h, terrain }))))
}

/** The contiguous area of hexes with the same terrain as the start hex. */
export function floodArea(map: HexMap, geo: MapGeometry, start: string): string[] {
  const first = geo.indexOf(start)
  if (first < 0) return []
  const kind = terrainOf(map, start)
  const seen = new Set([first])
  const queue = [first]
  while (queue.length > 0) {
    const i = queue.pop()!
    for (const n of geo.neighbors(i)) {
      if (seen.has(n) || terrainOf(map, geo.ids[n]!) !== kind) continue
      seen.add(n)
      queue.push(n)
    }
  }
  return [...seen].map((i) => geo.ids[i]!)
}

// The schema bounds elevation; a click past them would make the file invalid.
const MIN_ELEVATION = -10
const MAX_ELEVATION = 100

export function elevationEdits(map: HexMap, ids: Iterable<string>, delta: number): ValueEdit[] {
  return collect(
    [...new Set(ids)].map((id) =>
      hexEdit(map, id, (h) => ({
        ...h,
        elevation: Math.max(MIN_ELEVATION, Math.min(MAX_ELEVATION, (h.elevation ?? 0) + delta)),
      })),
    ),
  )
}

export function noteEdits(map: HexMap, id: string, note: string): ValueEdit[] {
  return collect([hexEdit(map, id, (h) => ({ ...h, note }))])
}

/** Index of the hexsides entry for this side, written from either of its two hexes; −1 if none. */
export function findHexside(map: HexMap, geo: MapGeometry, hex: string, side: string): number {
  const other = geo.across(hex, side)
  return (map.hexsides ?? []).findIndex(
    (s) =>
      (s.hex === hex && s.side === side) ||
      (other !== null && s.hex === other.hex && s.side === other.side),
  )
}

/** The features on a side, from whichever hex it is written. */
export function hexsideFeatures(
  map: HexMap,
  geo: MapGeometry,
  hex: string,
  side: string,
): string[] {
  const i = findHexside(map, geo, hex, side)
  return i < 0 ? [] : [...(map.hexsides?.[i]?.features ?? [])]
}

/**
 * Add the feature to a side, or take it off when it is there. A side that changes height gets
 * `upTo` from the elevations on either side (the higher one), "this" when they are level.
 */
export function toggleHexsideEdits(
  map: HexMap,
  geo: MapGeometry,
  pick: { hex: string; side: string },
  feature: string,
  changesElevation = false,
): ValueEdit[] {
  const i = findHexside(map, geo, pick.hex, pick.side)
  const entry = i >= 0 ? map.hexsides?.[i] : undefined
  if (entry) {
    const has = entry.features.includes(feature)
    const features = has
      ? entry.features.filter((f) => f !== feature)
      : [...entry.features, feature]
    if (features.length === 0) return [{ pointer: `/hexsides/${i}`, value: undefined }]
    return [{ pointer: `/hexsides/${i}/features`, value: features }]
  }
  const added: Hexside = {
    hex: pick.hex,
    side: pick.side as Hexside['side'],
    features: [feature],
  }
  if (changesElevation) {
    const other = geo.across(pick.hex, pick.side)
    const here = map.hexes?.[pick.hex]?.elevation ?? 0
    const there = other ? (map.hexes?.[other.hex]?.elevation ?? 0) : 0
    added.upTo = there > here ? 'neighbor' : 'this'
  }
  return [{ pointer: '/hexsides/-', value: added }]
}

/** Set, change or (with empty text) remove the label of a hex. */
export function labelEdits(
  map: HexMap,
  hex: string,
  text: string,
  size: Label['size'] = 'medium',
): ValueEdit[] {
  const labels = map.labels ?? []
  const i = labels.findIndex((l) => l.hex === hex)
  const trimmed = text.trim()
  if (trimmed === '') return i < 0 ? [] : [{ pointer: `/labels/${i}`, value: undefined }]
  const label: Label = { hex, text: trimmed, size }
  if (i >= 0) {
    if (JSON.stringify(labels[i]) === JSON.stringify(label)) return []
    return [{ pointer: `/labels/${i}`, value: label }]
  }
  return [{ pointer: '/labels/-', value: label }]
}

/**
 * Add hexes to a region or take them out. A region needs at least one hex (schema), so one
 * emptied by the stroke is removed.
 */
export function regionEdits(
  map: HexMap,
  regionId: string,
  ids: Iterable<string>,
  mode: 'add' | 'remove',
): ValueEdit[] {
  const regions = map.regions ?? []
  const i = regions.findIndex((r) => r.id === regionId)
  if (i < 0) return []
  const before = regions[i]!.hexes
  const touched = new Set(ids)
  const hexes =
    mode === 'add'
      ? [...before, ...[...touched].filter((h) => !before.includes(h))]
      : before.filter((h) => !touched.has(h))
  if (hexes.length === before.length && hexes.every((h, k) => h === before[k])) return []
  if (hexes.length === 0) return [{ pointer: `/regions/${i}`, value: undefined }]
  return [{ pointer: `/regions/${i}/hexes`, value: hexes }]
}

export function newRegionEdits(map: HexMap, region: Region): ValueEdit[] {
  if ((map.regions ?? []).some((r) => r.id === region.id)) return []
  return [{ pointer: '/regions/-', value: region }]
}

const PREVIEWS = new WeakMap<
  object,
  { base: Record<string, Hex>; own: Map<string, Hex | undefined> }
>()

/** The map's hexes and the stroke's changes behind a preview made by previewHexes. */
export function previewParts(hexes: Record<string, Hex>) {
  return PREVIEWS.get(hexes)
}

/**
 * The map as it will be once these hex edits land: shown during a stroke, before the one edit
 * that ends it. Only `/hexes/<id>` edits are previewed. `hexes` is a read-only view of the old
 * hexes with the stroke's on top, so a drag over a 10 000-hex map does not copy the map at
 * every hex (nor turn it into a prototype, which V8 makes costly for big objects).
 */
export function previewHexes(map: HexMap, edits: readonly ValueEdit[]): HexMap {
  if (edits.length === 0) return map
  const base = map.hexes ?? {}
  const own = new Map<string, Hex | undefined>()
  for (const e of edits) {
    if (!e.pointer.startsWith('/hexes/')) continue
    const id = e.pointer.slice('/hexes/'.length).replace(/~1/g, '/').replace(/~0/g, '~')
    own.set(id, e.value as Hex | undefined)
  }
  const read = (k: string) => (own.has(k) ? own.get(k) : base[k])
  const hexes = new Proxy({} as Record<string, Hex>, {
    get: (_, k) => (typeof k === 'string' ? read(k) : undefined),
    has: (_, k) => typeof k === 'string' && read(k) !== undefined,
    ownKeys: () => [
      ...Object.keys(base).filter((k) => !own.has(k) || own.get(k) !== undefined),
      ...[...own.keys()].filter((k) => !(k in base) && own.get(k) !== undefined),
    ],
    getOwnPropertyDescriptor: (_, k) => {
      const value = typeof k === 'string' ? read(k) : undefined
      return value === undefined
        ? undefined
        : { value, enumerable: true, configurable: true, writable: false }
    },
  })
  PREVIEWS.set(hexes, { base, own })
  return { ...map, hexes }
}
