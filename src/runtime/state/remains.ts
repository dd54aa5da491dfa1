/**
 * Remains (corpses): what a unit taken off the map leaves on the hexes it stood on, for a
 * ruleset with `mechanics.remains`. They are kept in the game state by hex and kind
 * (`state.remains`, present only once something has been left, so a game without remains keeps
 * the state it always had), and weigh on movement: past a weight a hex costs more to enter, and
 * past another it may not be entered at all (`remainsEntry`).
 */
import type { Remains } from '../generated/content-types'
import type { LoadedScenario } from '../rules/loaded'
import { flagsFor } from '../rules'
import { boardOf } from './board'
import type { AppliedEffect } from './log'
import type { GameState } from './game-state'

type Kind = Remains['kinds'][number]

/** The ruleset's remains settings; undefined when removed units leave nothing. */
export function remainsSettings(loaded: LoadedScenario): Remains | undefined {
  return loaded.rules.ruleset.mechanics?.remains
}

function kindOf(settings: Remains, id: string): Kind | undefined {
  return settings.kinds.find((k) => k.id === id)
}

/** "1 dead man", "3 dead men": a count of remains in words from content. */
export function remainsWords(kind: Kind, count: number): string {
  return `${count} ${count === 1 ? kind.label : (kind.plural ?? `${kind.label}s`)}`
}

/** The remains in a hex by kind (empty when none). */
export function remainsIn(state: GameState, hex: string): Readonly<Record<string, number>> {
  return state.remains?.[hex] ?? NONE
}

const NONE: Readonly<Record<string, number>> = Object.freeze({})

/** What the remains in a hex weigh together. */
export function remainsWeight(loaded: LoadedScenario, state: GameState, hex: string): number {
  const settings = remainsSettings(loaded)
  const here = state.remains?.[hex]
  if (settings === undefined || here === undefined) return 0
  let weight = 0
  for (const id in here) weight += (kindOf(settings, id)?.weight ?? 0) * (here[id] ?? 0)
  return weight
}

/** The remains in a hex in words ("3 dead men and 1 dead horse"), by the order of the kinds. */
export function describeRemains(loaded: LoadedScenario, state: GameState, hex: string): string {
  const settings = remainsSettings(loaded)
  const here = state.remains?.[hex]
  if (settings === undefined || here === undefined) return 'nothing'
  const parts = settings.kinds
    .filter((k) => (here[k.id] ?? 0) > 0)
    .map((k) => remainsWords(k, here[k.id] ?? 0))
  return parts.length === 0 ? 'nothing' : parts.join(' and ')
}

/**
 * What the remains in `hex` do to a unit entering it: the extra movement points, or why it may
 * not enter. Read from the state as it is (cheap: one look-up for a hex without remains).
 */
export function remainsEntry(
  loaded: LoadedScenario,
  state: GameState,
  hex: string,
): { ok: true; extra: number } | { ok: false; reason: string; rule?: string } {
  if (state.remains?.[hex] === undefined) return FREE
  const entry = remainsSettings(loaded)?.entry
  if (entry === undefined) return FREE
  const weight = remainsWeight(loaded, state, hex)
  const rule = entry.rule === undefined ? {} : { rule: entry.rule }
  if (entry.impassableFrom !== undefined && weight >= entry.impassableFrom)
    return {
      ok: false,
      reason: `${hex} is blocked by ${describeRemains(loaded, state, hex)}`,
      ...rule,
    }
  let extra = 0
  let reached = 0
  for (const band of entry.extraCosts ?? [])
    if (weight >= band.weight && band.weight >= reached) {
      reached = band.weight
      extra = band.cost
    }
  return { ok: true, extra }
}

const FREE = Object.freeze({ ok: true as const, extra: 0 })

/**
 * Adds `count` remains of `kind` to each hex (none in a terrain they vanish in); the lines
 * for the log go to `applied`.
 */
export function addRemains(
  loaded: LoadedScenario,
  state: GameState,
  kindId: string,
  hexes: readonly string[],
  applied: AppliedEffect[],
  count = 1,
  rule?: string,
): void {
  const settings = remainsSettings(loaded)
  const kind = settings === undefined ? undefined : kindOf(settings, kindId)
  if (settings === undefined || kind === undefined || count <= 0) return
  const board = boardOf(loaded)
  const byRule = rule ?? settings.rule
  for (const hex of hexes) {
    const terrain = board.hex(hex).terrain
    if ((settings.vanishIn ?? []).includes(terrain)) {
      applied.push(note(`${remainsWords(kind, count)} sink in ${hex} and are gone`, byRule))
      continue
    }
    const all = (state.remains ??= {})
    const here = (all[hex] ??= {})
    here[kind.id] = (here[kind.id] ?? 0) + count
    applied.push(note(`${remainsWords(kind, count)} left in ${hex}`, byRule))
  }
}

/** Takes `count` remains of `kind` from a hex (as many as there are); how many were taken. */
export function takeRemains(state: GameState, kind: string, hex: string, count: number): number {
  const here = state.remains?.[hex]
  const have = here?.[kind] ?? 0
  const taken = Math.min(have, count)
  if (here === undefined || taken <= 0) return 0
  if (have - taken > 0) here[kind] = have - taken
  else delete here[kind]
  if (Object.keys(here).length === 0) delete state.remains?.[hex]
  return taken
}

function note(text: string, rule: string | undefined): AppliedEffect {
  return rule === undefined ? { kind: 'note', text } : { kind: 'note', text, rule }
}

/**
 * The remains unit `id` leaves on coming into `status`, a removed status, having covered
 * `hexes` (its front hex first): every entry of `left` that matches its status and flags.
 */
export function leaveRemains(
  loaded: LoadedScenario,
  state: GameState,
  id: string,
  status: string,
  hexes: readonly string[],
  applied: AppliedEffect[],
): void {
  const settings = remainsSettings(loaded)
  const unit = state.units[id]
  if (settings === undefined || unit === undefined || hexes.length === 0) return
  const flags = flagsFor(loaded.rules, unit.type)
  let lies = false
  for (const left of settings.left) {
    if (left.status !== status) continue
    if (left.unitFlag !== undefined && flags[left.unitFlag] !== true) continue
    if (left.notUnitFlag !== undefined && flags[left.notUnitFlag] === true) continue
    addRemains(loaded, state, left.kind, left.hexes === 'all' ? hexes : hexes.slice(0, 1), applied)
    lies = true
  }
  const front = hexes[0] as string
  // Where the body lies, for what may be taken from it (ammunition), unless it sank.
  if (lies && !(settings.vanishIn ?? []).includes(boardOf(loaded).hex(front).terrain))
    (state.fallen ??= {})[id] = front
}

/** The hex where unit `id` fell and lies dead (its front hex then), or null. */
export function fallenAt(state: GameState, id: string): string | null {
  return state.fallen?.[id] ?? null
}

/** The remains a dismount whose horse dies leaves, on the hexes the mounted counter covered. */
export function leaveMountRemains(
  loaded: LoadedScenario,
  state: GameState,
  hexes: readonly string[],
  applied: AppliedEffect[],
  rule?: string,
): void {
  const mount = remainsSettings(loaded)?.mount
  if (mount === undefined || hexes.length === 0) return
  const where = mount.hexes === 'front' ? hexes.slice(0, 1) : hexes
  addRemains(loaded, state, mount.kind, where, applied, 1, rule)
}

/**
 * What is wrong with the remains of a state, as sentences (none when sound): every hex is on the
 * map, every kind is one of the ruleset's, every count a whole number above 0, and none lies in a
 * terrain remains vanish in. Remains are never units: they count for no stacking or adjacency.
 */
export function remainsProblems(loaded: LoadedScenario, state: GameState): string[] {
  const problems: string[] = []
  if (state.remains === undefined) return problems
  const settings = remainsSettings(loaded)
  if (settings === undefined) return ['the state holds remains, but the rules leave none']
  const board = boardOf(loaded)
  for (const [hex, here] of Object.entries(state.remains)) {
    if (board.indexOf(hex) < 0) {
      problems.push(`remains lie in ${hex}, which is not on the map`)
      continue
    }
    if (Object.keys(here).length === 0) problems.push(`${hex} is listed with no remains`)
    if ((settings.vanishIn ?? []).includes(board.hex(hex).terrain))
      problems.push(`remains lie in ${hex}, where they should have vanished`)
    for (const [kind, count] of Object.entries(here)) {
      if (kindOf(settings, kind) === undefined)
        problems.push(`${hex} holds remains of no kind "${kind}"`)
      if (!Number.isInteger(count) || count <= 0)
        problems.push(`${hex} holds ${count} of "${kind}"`)
    }
  }
  return problems
}
