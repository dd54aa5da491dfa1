/**
 * Horses without riders, as the mounting and leading mechanics (mounting.ts, leading.ts) and the
 * unhorsed-rider result (results/dismount.ts) share them. A horse is a unit of a type that some
 * rider's unit type names as its `horse`; a rider's horse unit is the one he mounted (remembered
 * in the mounting memory) or else the spare horse the state keeps for him (state/roster.ts). What
 * these mechanics remember lives in `flow.memory` under their names, absent until first used, so
 * games without horses keep the state and hash they had.
 */
import { effectApplies } from '../../rules'
import type { LoadedScenario } from '../../rules/loaded'
import { boardOf } from '../../state/board'
import { rejectFailure } from '../../state/failure'
import { hexesOf } from '../../state/footprints'
import { arrangementChanged } from '../../state/occupancy'
import { horseIdOf, isEquipmentType } from '../../state/roster'
import { unitContext } from '../../state/variables'
import { note, peekMemory } from '../extras/common'
import { statusCanAct } from '../forces'
import type { SettingsOf } from '../phase-settings'
import { firstPhaseOf, phaseSettings } from '../phase-settings'
import type { PlayContext } from '../procedure'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
export type Leading = NonNullable<SettingsOf<'movement'>['leading']>

/** The leading settings of the sequence's movement phase; undefined when nobody leads horses. */
export function leadingOf(ctx: Ctx): Leading | undefined {
  const phase = firstPhaseOf(ctx, 'movement')
  return phase === undefined ? undefined : phaseSettings(ctx, phase.id, 'movement').leading
}

/** A change of mount under way, counted in player turns (mounting.turns). */
export interface PendingMount {
  kind: 'mount' | 'dismount'
  /** The horse mounted, or the one the rider leaves. */
  horse: string
  /** Where the man stands (mounting) or will stand (dismounting). */
  hex: string
  /** Player turns it takes, and those begun so far (the one it was ordered in counts). */
  turns: number
  done: number
}

/** The mounting memory: the horse each rider mounted, and the changes under way by unit. */
export interface MountMemory {
  ridden: Record<string, string>
  pending: Record<string, PendingMount>
}

/** The leading memory: the horses each unit leads, and the bridles missed this player turn. */
export interface LeadMemory {
  led: Record<string, string[]>
  /** By leader: the player turn (activation number) and the horses he failed to take in it. */
  missed: Record<string, { turn: number; horses: string[] }>
}

export const MOUNTING = 'mounting'
export const LEADING = 'leading'

const horseTypeCache = new WeakMap<LoadedScenario, ReadonlySet<string>>()

/** The unit types riders name as their horse. */
export function horseTypes(loaded: LoadedScenario): ReadonlySet<string> {
  let found = horseTypeCache.get(loaded)
  if (found === undefined) {
    const set = new Set<string>()
    // Every kind a rider may ride, whichever options are on: a unit of such a type is a horse.
    for (const type of loaded.rules.unitTypes.values()) {
      if (type.horse !== undefined) set.add(type.horse)
      if (type.optionalHorse !== undefined) set.add(type.optionalHorse.horse)
    }
    found = set
    horseTypeCache.set(loaded, found)
  }
  return found
}

/** Whether unit `id` is a horse without a rider on the map. */
export function isLooseHorse(ctx: Ctx, id: string): boolean {
  const unit = ctx.state.units[id]
  return (
    unit !== undefined &&
    unit.location === 'map' &&
    unit.hex !== null &&
    horseTypes(ctx.loaded).has(unit.type)
  )
}

/** The horse unit a mounted rider rides: the one he mounted, else his spare horse. */
export function horseOf(ctx: Ctx, rider: string): string {
  return peekMemory<MountMemory>(ctx, MOUNTING)?.ridden?.[rider] ?? horseIdOf(rider)
}

/** The change of mount under way for a unit, if any. */
export function pendingMount(ctx: Ctx, id: string): PendingMount | undefined {
  return peekMemory<MountMemory>(ctx, MOUNTING)?.pending?.[id]
}

/**
 * The horses unit `id` leads: those remembered as his that are still horses without riders on the map
 * next to him, while he can act. A bridle is held only so: a leader driven off by a result, or
 * stunned, has let go (the memory is brought up to date when he next moves).
 */
export function ledBy(ctx: Ctx, id: string): readonly string[] {
  const remembered = peekMemory<LeadMemory>(ctx, LEADING)?.led?.[id]
  if (remembered === undefined || remembered.length === 0) return []
  const unit = ctx.state.units[id]
  if (unit?.location !== 'map' || !statusCanAct(ctx.loaded, unit.status)) return []
  const board = boardOf(ctx.loaded)
  const mine = hexesOf(ctx, id)
  return remembered.filter(
    (horse) =>
      isLooseHorse(ctx, horse) &&
      hexesOf(ctx, horse).some((a) => mine.some((b) => board.distance(a, b) === 1)),
  )
}

/** Who leads horse `horse`, if anyone. */
export function leaderOf(ctx: Ctx, horse: string): string | null {
  const led = peekMemory<LeadMemory>(ctx, LEADING)?.led ?? {}
  for (const [leader, horses] of Object.entries(led))
    if (horses.includes(horse) && ledBy(ctx, leader).includes(horse)) return leader
  return null
}

/** The hexes next to both halves of a two-hex counter's place (its flanks), in the map's order. */
export function flankHexes(ctx: Ctx, hexes: readonly string[]): string[] {
  const board = boardOf(ctx.loaded)
  const [a, b] = hexes
  if (a === undefined || b === undefined) return []
  const near = new Set(board.neighbors(b))
  return board
    .neighbors(a)
    .filter((h) => h !== b && near.has(h))
    .sort((x, y) => board.indexOf(x) - board.indexOf(y))
}

/** The flank hexes of a unit on the map. */
export function flanksOf(ctx: Ctx, id: string): string[] {
  return flankHexes(ctx, hexesOf(ctx, id))
}

/** Whether a unit-context condition holds for unit `id` (absent: it holds). */
export function holdsFor(ctx: Ctx, when: string | undefined, id: string, where: string): boolean {
  if (when === undefined) return true
  const unit = unitContext(ctx.loaded, ctx.state, id)
  const result = effectApplies(ctx.loaded.rules, 'unit', when, unit, where)
  return result.ok ? result.value : rejectFailure(result.error)
}

/** The first case of a list whose condition holds for unit `id`. */
export function caseFor<T extends { when?: string }>(
  ctx: Ctx,
  cases: readonly T[] | undefined,
  id: string,
  where: string,
): T | undefined {
  return (cases ?? []).find((c, i) => holdsFor(ctx, c.when, id, `${where} ${i + 1}, when`))
}

/** Whether a hex of unit `a` is next to a hex of unit `b`. */
export function nextTo(ctx: Ctx, a: string, b: string): boolean {
  const board = boardOf(ctx.loaded)
  const theirs = hexesOf(ctx, b)
  return hexesOf(ctx, a).some((x) => theirs.some((y) => board.distance(x, y) === 1))
}

/**
 * The units of its own side that keep horse `horse` (leading.capture): on the map next to it,
 * no equipment, and of the settings' `keepers`.
 */
export function keepersOf(ctx: Ctx, horse: string): string[] {
  const capture = leadingOf(ctx)?.capture
  const side = ctx.state.units[horse]?.side
  if (capture === undefined || side === undefined) return []
  return Object.entries(ctx.state.units)
    .filter(
      ([id, u]) =>
        id !== horse &&
        u.side === side &&
        u.location === 'map' &&
        u.hex !== null &&
        !isEquipmentType(ctx.loaded, u.type) &&
        !isLooseHorse(ctx, id) &&
        nextTo(ctx, id, horse) &&
        holdsFor(ctx, capture.keepers, id, 'leading.capture.keepers'),
    )
    .map(([id]) => id)
    .sort()
}

/**
 * Why a unit of `side` may not take horse `horse` (lead or mount it); null when he may: a horse of
 * his side, or under leading.capture one whose side has no keeper next to it.
 */
export function whyNotTake(ctx: Ctx, side: string, horse: string): string | null {
  const h = ctx.state.units[horse]
  if (h === undefined || h.side === side) return null
  if (leadingOf(ctx)?.capture === undefined) return `${horse} is a horse of the ${h.side}`
  const keepers = keepersOf(ctx, horse)
  if (keepers.length > 0)
    return `${horse} belongs to ${h.side}, who keep it while ${keepers.join(', ')} ${keepers.length === 1 ? 'stands' : 'stand'} next to it`
  return null
}

/** Horse `horse` taken by unit `taker`: it now belongs to his side (logged when that changes). */
export function takeHorse(ctx: PlayContext, taker: string, horse: string): void {
  const h = ctx.state.units[horse]
  const side = ctx.state.units[taker]?.side
  if (h === undefined || side === undefined || h.side === side) return
  const from = h.side
  // The answers kept about the arrangement (who stands next to whom, of which side) read the
  // side: those about either side are forgotten.
  arrangementChanged(ctx.state, h)
  h.side = side
  arrangementChanged(ctx.state, h)
  const capture = leadingOf(ctx)?.capture
  note(
    ctx,
    `${taker} takes ${horse}, which has no one of ${from} beside it: it now belongs to ${side}`,
    capture?.rule,
  )
}

/**
 * Broken invariants of led horses, as sentences: every horse a leader holds by the bridle is of
 * his side (a horse taken changes hands) and no horse has two leaders.
 */
export function ledHorseProblems(ctx: Ctx): string[] {
  const led = peekMemory<LeadMemory>(ctx, LEADING)?.led
  if (led === undefined) return []
  const out: string[] = []
  const leaders = new Map<string, string>()
  for (const leader of Object.keys(led).sort())
    for (const horse of ledBy(ctx, leader)) {
      if (ctx.state.units[horse]?.side !== ctx.state.units[leader]?.side)
        out.push(`${leader} leads ${horse}, a horse of the other side`)
      const other = leaders.get(horse)
      if (other !== undefined) out.push(`${horse} is led by both ${other} and ${leader}`)
      leaders.set(horse, leader)
    }
  return out
}

/** The terrain types horse `horse` may not be led into (leading.barredTerrain). */
export function barredFor(ctx: Ctx, settings: Leading, horse: string): Set<string> {
  const out = new Set<string>()
  for (const [i, c] of (settings.barredTerrain ?? []).entries())
    if (holdsFor(ctx, c.when, horse, `leading.barredTerrain ${i + 1}, when`))
      for (const t of c.terrain) out.add(t)
  return out
}

/** The first hex of `hexes` on terrain of `barred`, with the terrain's label. */
export function barredHex(
  ctx: Ctx,
  hexes: readonly string[],
  barred: ReadonlySet<string>,
): { hex: string; label: string } | null {
  if (barred.size === 0) return null
  const board = boardOf(ctx.loaded)
  for (const hex of hexes) {
    const terrain = board.hex(hex).terrain
    if (!barred.has(terrain)) continue
    const type = ctx.loaded.rules.ruleset.terrain.hexTypes.find((t) => t.id === terrain)
    return { hex, label: type?.label ?? terrain }
  }
  return null
}
