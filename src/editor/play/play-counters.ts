/**
 * Counters of a game in progress: the unit's face for its status (the back once flipped), its
 * side colour and command stripe, and a chip for every marker on it (with its count) and for a
 * status shown by a marker (retired…). Chips are drawn inside the counter's square, so they turn
 * with the counter as a marker on a real counter would.
 */
import type { GameState, LoadedScenario, UnitState } from '../../runtime'
import type { MapUnit } from '../map/map-scene'
import { facesOfTypeId, type CounterRuleset } from '../counters/counter-faces'
import { counterSvg, escapeXml } from '../counters/counter-svg'
import { colourFromId } from '../scenario/counter-image'

export interface Chip {
  text: string
  color: string
  title: string
}

interface Look {
  statuses: Map<string, { label: string; color?: string; marker?: boolean; initial?: boolean }>
  markers: Map<string, { label: string; color?: string; counting?: boolean }>
  sideColor: Map<string, string | undefined>
  stripe: Map<string, string | undefined>
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

/** The chips of a unit: a status that is not the counter's own face, then its markers. */
export function chipsOf(loaded: LoadedScenario, unit: UnitState, look = lookOf(loaded)): Chip[] {
  const out: Chip[] = []
  const status = look.statuses.get(unit.status)
  if (status && !status.initial && status.marker)
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
      text: `${abbreviate(label)}${m?.counting ? `−${count}` : ''}`,
      color: m?.color ?? colourFromId(id),
      title: m?.counting ? `${label} ${count}` : label,
    })
  }
  return out
}

function chipsSvg(chips: readonly Chip[]): string {
  return chips
    .slice(0, 4)
    .map((c, i) => {
      const y = 2 + i * 24
      return (
        `<rect x="56" y="${y}" width="42" height="21" rx="4" fill="${escapeXml(c.color)}" stroke="#fff" stroke-width="2"/>` +
        `<text x="77" y="${y + 15.5}" font-size="15" font-weight="bold" text-anchor="middle" fill="#fff">${escapeXml(c.text)}</text>`
      )
    })
    .join('')
}

const cache = new Map<string, string>()

/** The counter of a unit in play, as SVG markup. */
export function playCounterSvg(
  loaded: LoadedScenario,
  unit: UnitState,
  look = lookOf(loaded),
): string {
  const chips = chipsOf(loaded, unit, look)
  const key = JSON.stringify([
    loaded.rules.ruleset.id,
    unit.type,
    unit.name,
    unit.status,
    unit.ratings,
    unit.side,
    unit.command,
    chips,
  ])
  const hit = cache.get(key)
  if (hit) return hit
  const faces = facesOfTypeId(loaded.rules.ruleset as unknown as CounterRuleset, unit.type, {
    unit: { name: unit.name ?? undefined, ratings: unit.ratings as never },
    sideColor: look.sideColor.get(unit.side),
    stripe: unit.command ? look.stripe.get(unit.command) : undefined,
  })
  const status = look.statuses.get(unit.status)
  // Any status but the first is shown on the back (retired units keep theirs under a marker).
  const flipped = !!faces?.back && !!status && !status.initial
  const face = faces ? (flipped ? faces.back! : faces.front) : null
  const inner = face
    ? counterSvg(face, { size: 100 })
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="2" y="2" width="96" height="96" fill="${escapeXml(look.sideColor.get(unit.side) ?? '#777')}"/><text x="50" y="58" font-size="20" text-anchor="middle" fill="#fff">${escapeXml(unit.type.slice(0, 8))}</text></svg>`
  const svg = chips.length
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" font-family="Arial, Helvetica, sans-serif">${inner.replace('<svg ', '<svg x="0" y="0" ')}${chipsSvg(chips)}</svg>`
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
    out.push({
      id,
      hex: u.hex,
      rotation: u.facing === null ? 0 : u.facing * 30,
      svg: playCounterSvg(loaded, u, look),
      selected: id === selected,
    })
  }
  return out
}
