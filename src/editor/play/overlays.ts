/**
 * What the playtest map draws over the board, worked out from the runtime's answers: the remains
 * lying in each hex, where the selected unit may move (with the cost, the hexes where it must
 * stop and the rolls to slip past enemies on the way), whom it may fire at
 * (with range and the line of sight), whom it may attack or charge (with the charge's path),
 * the leader's command range, the hexes the last action changed, where answers taken along a
 * path end (an advance, a haul), what a click on a hex would do, and the answer being weighed
 * (with the horses a move leads, where they end).
 */
import type { Action, CommandRange, GameState, LedHorseEnd, UnitOptions } from '../../runtime'
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
  remains: '#5a5a5a',
} as const

/** What a click on a hex does for the selected unit. */
export type HexIntent =
  | {
      kind: 'move'
      hex: string
      actions: Action[]
      facings: string[]
      cost: number
      stop: boolean
      /** Hexes of the path where the move rolls to slip past enemies. */
      rolls?: string[]
    }
  | { kind: 'fire'; hex: string; actions: Action[] }
  | { kind: 'shock'; hex: string; actions: Action[] }
  /** An answer of the open decision naming a hex (place a unit there…), by the facings it allows. */
  | { kind: 'place'; hex: string; actions: Action[]; facings: string[] }
  /**
   * Answers that take a unit along a path and end here (an advance after combat, a piece hauled
   * by its crew…): of the open decision (`answer`) or of the selected unit's options, by the
   * facings they allow.
   */
  | { kind: 'path'; hex: string; actions: Action[]; facings: string[]; answer: boolean }

/** The hex an answer ends in: the hex it names, else the last of the path it takes; or null. */
export function endHex(a: Action): string | null {
  if (typeof a.hex === 'string') return a.hex
  const path = hexList(a.path)
  return path ? (path[path.length - 1] as string) : null
}

/** Answers along a path (no hex of their own), by the hex they end in. */
function byEnd(actions: Iterable<Action>): Map<string, Action[]> {
  const out = new Map<string, Action[]>()
  for (const a of actions) {
    if (typeof a.hex === 'string') continue
    const hex = endHex(a)
    if (hex !== null) out.set(hex, [...(out.get(hex) ?? []), a])
  }
  return out
}

const sameAction = (a: Action) => JSON.stringify({ ...a, side: undefined })

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
  const facingsOf = (actions: readonly Action[]) => [
    ...new Set(actions.filter((a) => a.facing !== undefined).map((a) => facing(a.facing))),
  ]
  for (const [hex, actions] of placeBy)
    add(hex, { kind: 'place', hex, actions, facings: facingsOf(actions) })
  for (const [hex, actions] of byEnd(answers))
    add(hex, { kind: 'path', hex, actions, facings: facingsOf(actions), answer: true })
  if (!options) return out
  for (const m of options.moves)
    add(m.hex, {
      kind: 'move',
      hex: m.hex,
      actions: m.actions,
      facings: m.facings,
      cost: m.cost,
      stop: m.stop,
      ...(m.rolls ? { rolls: m.rolls } : {}),
    })
  const fireBy = new Map<string, Action[]>()
  for (const f of options.fire) fireBy.set(f.hex, [...(fireBy.get(f.hex) ?? []), f.action])
  for (const [hex, actions] of fireBy) add(hex, { kind: 'fire', hex, actions })
  const shockBy = new Map<string, Action[]>()
  for (const s of options.shock)
    for (const hex of s.hexes) shockBy.set(hex, [...(shockBy.get(hex) ?? []), s.action])
  for (const [hex, actions] of shockBy) add(hex, { kind: 'shock', hex, actions })
  // The unit's answers along a path, those the decision lists already left to it.
  const listed = new Set(answers.map(sameAction))
  const own = options.other.filter((a) => !listed.has(sameAction(a)))
  for (const [hex, actions] of byEnd(own))
    add(hex, { kind: 'path', hex, actions, facings: facingsOf(actions), answer: false })
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
  /** Where the horses the weighed move leads end (its `lead`), drawn with it. */
  led?: readonly LedHorseEnd[]
  state: GameState | null
}

export function overlays(input: OverlayInput): { highlights: Highlight[]; lines: MapLine[] } {
  const highlights: Highlight[] = []
  const lines: MapLine[] = []
  // Remains first: any other mark of the hex is drawn over them.
  for (const [hex, kinds] of Object.entries(input.state?.remains ?? {})) {
    const count = Object.values(kinds).reduce((sum, n) => sum + n, 0)
    if (count > 0) highlights.push({ hex, color: COLOURS.remains, label: `${REMAINS}${count}` })
  }
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
      label: `${m.cost}${unitUnit}${m.stop ? ' ■' : ''}${m.rolls ? ` ${ROLL}${m.rolls.length > 1 ? m.rolls.length : ''}` : ''}`,
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
  // The unit's answers along a path (a haul…) end where a move would: in the move colour.
  const placed = new Set(input.placeHexes ?? [])
  for (const hex of byEnd(o?.other ?? []).keys())
    if (!placed.has(hex)) highlights.push({ hex, color: COLOURS.move })
  if (input.weighing && input.state) {
    const weighed = weighedShapes(input.weighing, input.state, o, input.led)
    highlights.push(...weighed.highlights)
    lines.push(...weighed.lines)
  }
  return { highlights, lines }
}

/** The mark of a hex where a move rolls to slip past enemies (infiltration). */
export const ROLL = '⚄'
/** The mark of a hex where remains (corpses) lie, with their count. */
export const REMAINS = '✝'
/** The mark of the front hex where a led horse ends. */
export const LED = '♞'

const hexList = (value: unknown): string[] | null =>
  Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')
    ? (value as string[])
    : null

const idList = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : (hexList(value) ?? [])

/**
 * What an answer being weighed (hovered or chosen, not yet taken) would do, drawn before it is
 * taken, read off its fields whatever the mechanic: the path or route its unit takes (a move, a
 * charge, an advance, a haul), the hex it goes to (a retreat, a dismount, a placement), the
 * units it aims at (fire along the line of sight the options give, an attack, a horse mounted),
 * remains cleared from one hex to another, and a move's infiltration rolls.
 */
export function weighedShapes(
  w: Action,
  state: GameState,
  options: UnitOptions | null = null,
  led: readonly LedHorseEnd[] = [],
): { highlights: Highlight[]; lines: MapLine[] } {
  const highlights: Highlight[] = []
  const lines: MapLine[] = []
  const hexOf = (id: string): string | null => {
    const u = state.units[id]
    return u?.location === 'map' ? (u.hex ?? null) : null
  }
  const color =
    w.type === 'charge' || w.type === 'counter-charge'
      ? COLOURS.charge
      : w.type === 'fire'
        ? COLOURS.fire
        : w.type === 'attack'
          ? COLOURS.shock
          : COLOURS.weighing
  const actors = [...idList(w.unit), ...idList(w.attackers), ...idList(w.crew)]
  const from = typeof w.unit === 'string' ? hexOf(w.unit) : null
  const route = hexList(w.path) ?? hexList(w.route)
  if (route) {
    lines.push({ hexes: [...(from ? [from] : []), ...route], color })
    highlights.push({ hex: route[route.length - 1] as string, color })
  } else if (typeof w.hex === 'string') {
    if (from && from !== w.hex) lines.push({ hexes: [from, w.hex], color, dashed: true })
    highlights.push({ hex: w.hex, color })
  }
  if (typeof w.from === 'string' && typeof w.to === 'string') {
    lines.push({ hexes: [w.from, w.to], color, dashed: true })
    highlights.push({ hex: w.to, color })
  }
  const aimed = [...idList(w.target), ...idList(w.defenders), ...idList(w.horse)]
  for (const id of aimed) {
    const to = hexOf(id)
    if (!to) continue
    highlights.push({ hex: to, color })
    // A route already shows how the target is reached (a charge): no straight line besides.
    if (route) continue
    const sight = options?.fire.find((f) => f.target === id && f.action.unit === w.unit)?.sight
    for (const actor of actors) {
      const at = hexOf(actor)
      if (at && at !== to)
        lines.push({ hexes: sight && at === from ? [at, ...sight] : [at, to], color, dashed: true })
    }
  }
  if (w.type === 'move' && route) {
    // The rolls worked out for the option of the same path (the one the unit's options list).
    const same = options?.moves.find((m) => m.path.join(' ') === route.join(' '))
    const rolls = same?.rolls ?? []
    for (const hex of rolls) highlights.push({ hex, color: COLOURS.stop, label: ROLL })
  }
  // The horses it leads, where each ends (both its hexes), from where it stands now.
  for (const h of led) {
    const now = hexOf(h.horse)
    if (now && now !== h.hex) lines.push({ hexes: [now, h.hex], color, dashed: true })
    highlights.push({ hex: h.hex, color, label: LED })
    if (h.rear) highlights.push({ hex: h.rear, color })
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
