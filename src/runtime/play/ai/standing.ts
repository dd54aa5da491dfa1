/**
 * How a game stands for a side, in the terms the computer players weigh: losses on both sides
 * (the side tracks the status graph charges to a unit's owner), the outcome, and how near the
 * side's units stand to the enemy.
 */
import type { LoadedScenario } from '../../content/loaded'
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import type { GameState } from '../../state/game-state'
import { legalGroups } from '../game'

/** How much a won (or lost) game weighs against a track point. */
export const OUTCOME_WEIGHT = 1000

const lossTrackCache = new WeakMap<LoadedScenario, readonly string[]>()

/**
 * The side tracks that count a side's losses: those the status graph charges to a unit's
 * owner when the unit changes status (flight points, casualty points…).
 */
export function lossTracks(loaded: LoadedScenario): readonly string[] {
  const cached = lossTrackCache.get(loaded)
  if (cached !== undefined) return cached
  const rules = loaded.rules.ruleset
  const sideTracks = new Set(
    (rules.tracks ?? []).filter((t) => t.scope === 'side').map((t) => t.id),
  )
  const found = new Set<string>()
  for (const transition of rules.statuses.transitions) {
    for (const effect of transition.effects ?? []) {
      if (effect.type !== 'track' || !sideTracks.has(effect.track)) continue
      if (effect.side === undefined || effect.side === 'owner') found.add(effect.track)
    }
  }
  const tracks = [...found].sort()
  lossTrackCache.set(loaded, tracks)
  return tracks
}

/** A side's losses: its loss tracks, or its units out of play when the rules keep no such track. */
export function lossesOf(loaded: LoadedScenario, state: GameState, side: string): number {
  const tracks = lossTracks(loaded)
  if (tracks.length === 0) {
    return Object.values(state.units).filter((u) => u.side === side && u.location === 'removed')
      .length
  }
  const mine = state.sides[side]?.tracks ?? {}
  return tracks.reduce((sum, t) => sum + (mine[t] ?? 0), 0)
}

/** How much more an enemy loss weighs than the side's own at the start of the battle. */
export const BASE_AGGRESSION = 0.25

/** How much more it weighs when the scenario's last activation comes. */
export const FINAL_AGGRESSION = 1

/**
 * How much an enemy loss weighs against one of the side's own at `state`: more than one, so an
 * even exchange is worth making (a battle nobody presses ends drawn at the scenario's limit of
 * activations), and more as that limit (`setup.activations`) nears, when a draw is close.
 */
export function enemyLossWeight(loaded: LoadedScenario, state: GameState): number {
  const limit = loaded.scenario.setup?.activations
  if (limit === undefined || limit <= 0) return 1 + BASE_AGGRESSION
  const elapsed = Math.min(1, Math.max(0, state.clock.activation / limit))
  return 1 + BASE_AGGRESSION + (FINAL_AGGRESSION - BASE_AGGRESSION) * elapsed
}

/**
 * The state's worth to `side`: enemy losses (each weighing `enemyWeight` of its own) minus its
 * own, and the game's outcome.
 */
export function standing(
  loaded: LoadedScenario,
  state: GameState,
  side: string,
  enemyWeight = 1,
): number {
  let value = 0
  for (const other of loaded.scenario.sides) {
    const losses = lossesOf(loaded, state, other.id)
    value += other.id === side ? -losses : enemyWeight * losses
  }
  const outcome = state.outcome
  if (outcome !== null) {
    if (outcome.winners.includes(side)) value += OUTCOME_WEIGHT
    if (outcome.losers.includes(side)) value -= OUTCOME_WEIGHT
  }
  return value
}

/** The sector a unit strikes through: the shock settings', else the usual name. */
function frontOf(loaded: LoadedScenario): string {
  return loaded.rules.ruleset.mechanics?.shock?.frontSector ?? 'front'
}

/** Where the units of `side` and of the other sides stand on the map. */
function positions(state: GameState, side: string): { mine: string[]; theirs: string[] } {
  const mine: string[] = []
  const theirs: string[] = []
  for (const [id, unit] of Object.entries(state.units)) {
    if (unit.location !== 'map' || unit.hex === null) continue
    if (unit.side === side) mine.push(id)
    else theirs.push(unit.hex)
  }
  return { mine, theirs }
}

/**
 * How far a unit standing in `hex` with `facing` is from striking the nearest of `enemies`: the
 * distance from its nearest frontal hex (a unit facing an enemy next to it is at 0, one with its
 * back to it at 1 or 2), or from its hex, plus one, for a unit without a facing.
 */
export function reachToEnemy(
  loaded: LoadedScenario,
  hex: string,
  facing: number | null,
  enemies: readonly string[],
): number {
  if (enemies.length === 0) return 0
  const board = boardOf(loaded)
  const front = frontOf(loaded)
  const from =
    facing === null
      ? []
      : board.neighbors(hex).filter((n) => board.sector(hex, facing, n) === front)
  let best = Infinity
  for (const enemy of enemies) {
    const d =
      from.length === 0
        ? board.distance(hex, enemy) + 1
        : Math.min(...from.map((f) => board.distance(f, enemy)))
    if (d < best) best = d
  }
  return best
}

/** The hexes of the units of sides other than `side` on the map. */
export function enemyHexes(state: GameState, side: string): string[] {
  return positions(state, side).theirs
}

/**
 * The summed distance from each of the side's units on the map to striking its nearest enemy
 * (reachToEnemy): smaller when the side's units stand nearer the enemy, facing it.
 */
export function distanceToEnemy(loaded: LoadedScenario, state: GameState, side: string): number {
  const { mine, theirs } = positions(state, side)
  if (theirs.length === 0) return 0
  let sum = 0
  for (const id of mine) {
    const unit = state.units[id] as { hex: string; facing: number | null }
    sum += reachToEnemy(loaded, unit.hex, unit.facing, theirs)
  }
  return sum
}

/** Whether the action names a unit of another side (a target, a defender). */
export function namesEnemy(state: GameState, action: Action, side: string): boolean {
  const isEnemy = (v: unknown) =>
    typeof v === 'string' &&
    Object.hasOwn(state.units, v) &&
    (state.units[v] as { side: string }).side !== side
  return Object.entries(action).some(
    ([key, value]) =>
      key !== 'type' &&
      key !== 'side' &&
      (Array.isArray(value) ? value.some(isEnemy) : isEnemy(value)),
  )
}

/**
 * What the activation opened at `after` (by an action taken at `before`, where none ran) puts
 * within the side's reach: each of the activated commands' units on the map weighs
 * 1 / (1 + its reach to the nearest enemy), so the activation that lets more units strike, and
 * sooner, is worth more. When the side decides next, only the units the open decision lets act
 * count (the legal groups named by a unit): an activation that moves no unit is worth 0. 0 when
 * the action opened no activation of `side`.
 */
export function activationProspect(
  loaded: LoadedScenario,
  before: GameState,
  after: GameState,
  side: string,
): number {
  const activation = after.flow?.activation
  if (activation == null || activation.side !== side || after.outcome !== null) return 0
  const was = before.flow?.activation
  if (was != null && was.number === activation.number) return 0
  let units: string[]
  if (after.flow?.prompt?.side === side) {
    units = legalGroups(loaded, after)
      .filter((g) => Object.hasOwn(after.units, g.key))
      .filter((g) => (g.list?.().count ?? g.actions().length) > 0)
      .map((g) => g.key)
  } else units = Object.keys(after.units)
  const enemies = enemyHexes(after, side)
  let prospect = 0
  for (const id of units) {
    const unit = after.units[id]
    if (unit?.side !== side || unit.location !== 'map' || unit.hex === null) continue
    if (unit.command === null || !activation.commands.includes(unit.command)) continue
    prospect += 1 / (1 + reachToEnemy(loaded, unit.hex, unit.facing, enemies))
  }
  return prospect
}
