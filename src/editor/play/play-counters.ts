/**
 * Counters of a game in progress: the unit's face for its status (the back once flipped, the
 * wounded counter of a wounded character), its side colour and command stripe, and a chip for
 * every marker on it (with its count, in the marker's badge letters) and for a status shown by a
 * marker (retired…), and the markers of the fire plan a missile unit has (OFF, DEF). Chips are
 * drawn inside the counter's face, so they turn with the counter as a marker on a real counter
 * would. A rider fills two hexes: its front hex and the rear hex behind it, opposite its heading.
 */
import type { GameState, LoadedScenario, UnitState } from '../../runtime'
import { boardOf, firePlanMarks, hex as hexes } from '../../runtime'
import type { MapUnit } from '../map/map-scene'
import { WIDE_COUNTER_LENGTH, wideFrontLeft } from '../map/wide-counters'
import {
  faceForStatus,
  facePerStatus,
  isTwoHex,
  type CounterRuleset,
} from '../counters/counter-faces'
import { counterSvg, escapeXml, wideCounterSvg } from '../counters/counter-svg'
import { colourFromId } from '../scenario/counter-image'

/**
 * The rear hex of a unit filling two hexes (null when it would be off the map), or undefined for
 * a unit that fills one, or has no heading.
 */
export function rearOf(loaded: LoadedScenario, unit: UnitState): string | null | undefined {
  if (unit.hex === null || unit.facing === null) return undefined
  if (!isTwoHex(loaded.rules.unitTypes.get(unit.type))) return undefined
  const board = boardOf(loaded)
  const front = board.cubeOf(unit.hex)
  return front ? board.labelIfOnMap(hexes.neighborAtClock(front, unit.facing + 6)) : undefined
}

/** Units on the map with their rear half in `hex` (riders), in state order. */
export function ridersBehind(loaded: LoadedScenario, state: GameState, hex: string): string[] {
  const out: string[] = []
  for (const [id, u] of Object.entries(state.units))
    if (u.location === 'map' && u.hex !== hex && rearOf(loaded, u) === hex) out.push(id)
  return out
}

export interface Chip {
  text: string
  color: string
  title: string
}

interface Look {
  statuses: Map<string, { label: string; color?: string; marker?: boolean; initial?: boolean }>
  markers: Map<string, { label: string; badge?: string; color?: string; counting?: boolean }>
  sideColor: Map<string, string | undefined>
  stripe: Map<string, string | undefined>
  /** Each status has a face of its own (facePerStatus). */
  facePerStatus: boolean
}

function lookOf(loaded: LoadedScenario): Look {
  const rs = loaded.rules.ruleset
  return {
    statuses: new Map((rs.statuses?.states ?? []).map((s) => [s.id, s])),
    markers: new Map((rs.markers ?? []).map((m) => [m.id, m])),
    sideColor: new Map(loaded.scenario.sides.map((s) => [s.id, s.color])),
    stripe: new Map(
      loaded.scenario.sides.flatMap((s) => (s.commands ?? []).map((c) => [c.id, c.stripe])),
    ),
    facePerStatus: facePerStatus(rs as unknown as CounterRuleset),
  }
}

/** "Counter-Charge Used" → "CCU", "Charge" → "Ch". */
function abbreviate(label: string): string {
  const words = label.split(/[\s-]+/).filter(Boolean)
  if (words.length === 1) return (words[0] ?? '').slice(0, 2)
  return words
    .map((w) => w.charAt(0).toUpperCase())
    .join('')
    .slice(0, 3)
}

/** Whether the unit's counter has a face for its status (or needs none: the first). */
function faceShows(loaded: LoadedScenario, unit: UnitState, look: Look): boolean {
  const status = look.statuses.get(unit.status)
  if (!status || status.initial || !look.facePerStatus) return true
  const rs = loaded.rules.ruleset as unknown as CounterRuleset
  const type = rs.unitTypes?.find((t) => t.id === unit.type)
  return !type || faceForStatus(rs, type, unit.status).status?.label === status.label
}

/**
 * The chips of a unit: a status that is not the counter's own face (shown by a marker, or one
 * its counter has no face for where each status has its own face), then its markers, then the
 * markers of its fire plan (`planMarkers`) it does not carry already.
 */
export function chipsOf(
  loaded: LoadedScenario,
  unit: UnitState,
  look = lookOf(loaded),
  planMarkers: readonly string[] = [],
): Chip[] {
  const out: Chip[] = []
  const status = look.statuses.get(unit.status)
  if (status && !status.initial && (status.marker || !faceShows(loaded, unit, look)))
    out.push({
      text: abbreviate(status.label),
      color: status.color ?? '#555555',
      title: status.label,
    })
  for (const [id, count] of Object.entries(unit.markers)) {
    if (!count) continue
    const m = look.markers.get(id)
    const label = m?.label ?? id
    out.push({
      text: `${m?.badge ?? abbreviate(label)}${m?.counting ? `−${count}` : ''}`,
      color: m?.color ?? colourFromId(id),
      title: m?.counting ? `${label} ${count}` : label,
    })
  }
  for (const id of planMarkers) {
    if (unit.markers[id]) continue
    const m = look.markers.get(id)
    const label = m?.label ?? id
    out.push({
      text: m?.badge ?? abbreviate(label),
      color: m?.color ?? colourFromId(id),
      title: label,
    })
  }
  return out
}

/** The markers showing the fire plan a unit has now (none without plans). */
export function planMarkersOf(loaded: LoadedScenario, state: GameState, id: string): string[] {
  return firePlanMarks(loaded, state, id)?.markers ?? []
}

function chipsSvg(chips: readonly Chip[]): string {
  return chips
    .slice(0, 4)
    .map((c, i) => {
      const y = 2 + i * 24
      // A badge of more than 3 letters (CHARGE) grows leftwards and its letters narrow.
      const long = c.text.length > 3
      const width = long ? Math.min(96, 10 + c.text.length * 9) : 42
      const x = 98 - width
      return (
        `<rect x="${x}" y="${y}" width="${width}" height="21" rx="4" fill="${escapeXml(c.color)}" stroke="#fff" stroke-width="2"/>` +
        `<text x="${x + width / 2}" y="${y + 15.5}" font-size="${long ? 13 : 15}" font-weight="bold" text-anchor="middle" fill="#fff">${escapeXml(c.text)}</text>`
      )
    })
    .join('')
}

const cache = new Map<string, string>()

/**
 * The counter of a unit in play, as SVG markup; `wide` draws a two-hex counter at the length it
 * has on the map (WIDE_COUNTER_LENGTH by 100) with its front end on that side, its chips there.
 */
export function playCounterSvg(
  loaded: LoadedScenario,
  unit: UnitState,
  look = lookOf(loaded),
  wide: false | 'right' | 'left' = false,
  planMarkers: readonly string[] = [],
): string {
  const chips = chipsOf(loaded, unit, look, planMarkers)
  const key = JSON.stringify([
    loaded.rules.ruleset.id,
    unit.type,
    unit.name,
    unit.status,
    unit.ratings,
    unit.side,
    unit.command,
    chips,
    wide,
  ])
  const hit = cache.get(key)
  if (hit) return hit
  const rs = loaded.rules.ruleset as unknown as CounterRuleset
  const type = rs.unitTypes?.find((t) => t.id === unit.type)
  // The face of the unit's status: the back, or the counter a game prints for it (wounded…).
  const face = type
    ? faceForStatus(rs, type, unit.status, {
        unit: { name: unit.name ?? undefined, ratings: unit.ratings as never },
        sideColor: look.sideColor.get(unit.side),
        stripe: unit.command ? look.stripe.get(unit.command) : undefined,
      })
    : null
  const w = wide && face ? WIDE_COUNTER_LENGTH : 100
  const inner = !face
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="2" y="2" width="96" height="96" fill="${escapeXml(look.sideColor.get(unit.side) ?? '#777')}"/><text x="50" y="58" font-size="20" text-anchor="middle" fill="#fff">${escapeXml(unit.type.slice(0, 8))}</text></svg>`
    : wide
      ? wideCounterSvg(face, { length: w, front: wide })
      : counterSvg(face, { size: 100 })
  const chipsAt =
    w === 100 || wide === 'left'
      ? chipsSvg(chips)
      : `<g transform="translate(${(w - 100).toFixed(2)} 0)">${chipsSvg(chips)}</g>`
  const svg = chips.length
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${+w.toFixed(2)} 100" width="${+w.toFixed(2)}" height="100" font-family="Arial, Helvetica, sans-serif">${inner.replace('<svg ', '<svg x="0" y="0" ')}${chipsAt}</svg>`
    : inner
  if (cache.size > 4000) cache.clear()
  cache.set(key, svg)
  return svg
}

/** The units on the map, as the map component draws them. */
export function playUnits(
  loaded: LoadedScenario,
  state: GameState,
  selected: string | null,
): MapUnit[] {
  const look = lookOf(loaded)
  const out: MapUnit[] = []
  for (const [id, u] of Object.entries(state.units)) {
    if (u.location !== 'map' || u.hex === null) continue
    const rear = rearOf(loaded, u)
    const rotation = u.facing === null ? 0 : u.facing * 30
    const wide = rear === undefined ? false : wideFrontLeft(rotation) ? 'left' : 'right'
    out.push({
      id,
      hex: u.hex,
      rotation,
      svg: playCounterSvg(loaded, u, look, wide, planMarkersOf(loaded, state, id)),
      selected: id === selected,
      ...(rear !== undefined ? { rear } : {}),
    })
  }
  return out
}
