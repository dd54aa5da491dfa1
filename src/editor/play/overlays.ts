/**
 * What the playtest map draws over the board, worked out from the runtime's answers: where the
 * selected unit may move (with the cost, and the hexes where it must stop), whom it may fire at
 * (with range and the line of sight), whom it may attack or charge (with the charge's path),
 * the leader's command range, the hexes the last action changed, and what a click on a hex
 * would do.
 */
import type { Action, CommandRange, GameState, UnitOptions } from '../../runtime'
import type { MapLine } from '../map/leaflet-map'
import type { Highlight } from '../map/map-scene'

export const COLOURS = {
  move: '#3080ff',
  stop: '#f08c00',
  fire: '#d02828',
  shock: '#8a1c1c',
  charge: '#a040c0',
  command: '#2f9e5a',
  place: '#0f8f8f',
  changed: '#f5c400',
  weighing: '#111111',
  acting: '#e8368f',
} as const

/** What a click on a hex does for the selected unit. */
export type HexIntent =
  | { kind: 'move'; hex: string; actions: Action[]; facings: string[]; cost: number; stop: boolean }
  | { kind: 'fire'; hex: string; actions: Action[] }
  | { kind: 'shock'; hex: string; actions: Action[] }
  /** An answer of the open decision naming a hex (place a unit there…), by the facings it allows. */
  | { kind: 'place'; hex: string; actions: Action[]; facings: string[] }

/**
 * The intents of the selected unit's options, and of the decision's answers that name a hex
 * (`facing` gives a facing its board name).
 */
export function intents(
  options: UnitOptions | null,
  answers: readonly Action[] = [],
  facing: (value: unknown) => string = String,
): Map<string, HexIntent[]> {
  const out = new Map<string, HexIntent[]>()
  const add = (hex: string, intent: HexIntent) => out.set(hex, [...(out.get(hex) ?? []), intent])
  const placeBy = new Map<string, Action[]>()
  for (const a of answers)
    if (typeof a.hex === 'string') placeBy.set(a.hex, [...(placeBy.get(a.hex) ?? []), a])
  for (const [hex, actions] of placeBy) {
    const facings = actions.filter((a) => a.facing !== undefined).map((a) => facing(a.facing))
    add(hex, { kind: 'place', hex, actions, facings: [...new Set(facings)] })
  }
  if (!options) return out
  for (const m of options.moves)
    add(m.hex, {
      kind: 'move',
      hex: m.hex,
      actions: m.actions,
      facings: m.facings,
      cost: m.cost,
      stop: m.stop,
    })
  const fireBy = new Map<string, Action[]>()
  for (const f of options.fire) fireBy.set(f.hex, [...(fireBy.get(f.hex) ?? []), f.action])
  for (const [hex, actions] of fireBy) add(hex, { kind: 'fire', hex, actions })
  const shockBy = new Map<string, Action[]>()
  for (const s of options.shock)
    for (const hex of s.hexes) shockBy.set(hex, [...(shockBy.get(hex) ?? []), s.action])
  for (const [hex, actions] of shockBy) add(hex, { kind: 'shock', hex, actions })
  return out
}

export interface OverlayInput {
  options: UnitOptions | null
  selectedHex: string | null
  command: CommandRange | null
  /** Hexes of the units the last action changed. */
  changed: readonly string[]
  /** Hexes the open decision's answers name (where a unit may be placed…). */
  placeHexes?: readonly string[]
  /** The hex of the suggested answer, starred. */
  suggestedHex?: string | null
  /** Hexes of the units the open decision lets act (marked until one is selected). */
  actingHexes?: readonly string[]
  /** The action being weighed, to draw its path or line. */
  weighing: Action | null
  state: GameState | null
}

export function overlays(input: OverlayInput): { highlights: Highlight[]; lines: MapLine[] } {
  const highlights: Highlight[] = []
  const lines: MapLine[] = []
  for (const hex of input.changed) highlights.push({ hex, color: COLOURS.changed })
  for (const hex of input.actingHexes ?? []) highlights.push({ hex, color: COLOURS.acting })
  for (const hex of input.command?.hexes ?? []) highlights.push({ hex, color: COLOURS.command })
  for (const hex of input.placeHexes ?? [])
    highlights.push(
      hex === input.suggestedHex
        ? { hex, color: COLOURS.place, label: '★' }
        : { hex, color: COLOURS.place },
    )
  const o = input.options
  const unit = o && input.state ? input.state.units[o.unit] : undefined
  const unitUnit = o?.costUnit === 'hexes' ? ' hx' : ''
  for (const m of o?.moves ?? [])
    highlights.push({
      hex: m.hex,
      color: m.stop ? COLOURS.stop : COLOURS.move,
      label: `${m.cost}${unitUnit}${m.stop ? ' ■' : ''}`,
    })
  for (const f of o?.fire ?? []) {
    highlights.push({ hex: f.hex, color: COLOURS.fire, label: `R${f.range}` })
    if (input.selectedHex)
      lines.push({ hexes: [input.selectedHex, ...f.sight], color: COLOURS.fire, dashed: true })
  }
  for (const s of o?.shock ?? []) {
    for (const hex of s.hexes)
      highlights.push({ hex, color: s.charge ? COLOURS.charge : COLOURS.shock })
    if (s.charge && s.path && unit?.hex)
      lines.push({ hexes: [unit.hex, ...s.path], color: COLOURS.charge })
  }
  const w = input.weighing
  if (w && w.type === 'move' && Array.isArray(w.path) && typeof w.unit === 'string') {
    const from = input.state?.units[w.unit]?.hex
    lines.push({
      hexes: [...(from ? [from] : []), ...(w.path as string[])],
      color: COLOURS.weighing,
    })
  }
  return { highlights, lines }
}

/** Hexes where units changed between two states (moved, flipped, marked, removed). */
export function changedHexes(before: GameState | null, after: GameState | null): string[] {
  if (!before || !after || before === after) return []
  const out = new Set<string>()
  for (const [id, now] of Object.entries(after.units)) {
    const was = before.units[id]
    if (!was) continue
    if (JSON.stringify(was) === JSON.stringify(now)) continue
    if (now.hex && now.location === 'map') out.add(now.hex)
    else if (was.hex && was.location === 'map') out.add(was.hex)
  }
  return [...out]
}
