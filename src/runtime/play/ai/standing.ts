/**
 * How a game stands for a side, in the terms the computer players weigh: losses on both sides
 * (the side tracks the status graph charges to a unit's owner), the outcome, and how near the
 * side's units stand to the enemy.
 */
import type { LoadedScenario } from '../../rules/loaded'
import { distribution, facesFor } from '../../dice'
import { resolveWithRoll } from '../../rules'
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import type { GameState } from '../../state/game-state'
import { sideContext } from '../../state/variables'
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

/**
 * What one hex nearer to striking the enemy (distanceToEnemy, summed over the side's units) is
 * worth, against a loss: a tenth, so a unit closing four hexes accepts reaction fire that costs
 * less than 0.4 losses on average, and no approach outweighs a likely loss.
 */
export const APPROACH_WEIGHT = 0.1

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
 * How much a side's chance of losing at the next of its victory checks weighs, against a won or
 * lost game (OUTCOME_WEIGHT): a check is rolled again and again, so nearing it is worth more
 * than the one roll.
 */
export const PERIL_WEIGHT = 1

/** The victory conditions a side loses by when it fails a check (a flight check), in play. */
function losingChecks(loaded: LoadedScenario, state: GameState): string[] {
  return (loaded.rules.ruleset.victory?.conditions ?? [])
    .filter((c) => c.kind === 'check' && (c.outcome ?? 'lose') === 'lose')
    .filter((c) => c.option === undefined || state.options[c.option] === true)
    .flatMap((c) => (c.resolution === undefined ? [] : [c.resolution]))
}

const perilCache = new WeakMap<LoadedScenario, Map<string, number>>()

/** Situations remembered per scenario: a side's tracks change seldom within a decision. */
const PERIL_SITUATIONS = 256

/**
 * The chance that `side` fails the check `resolution` when rolled now, over every total of its
 * dice: read from the check itself, in the side's situation (its tracks and parameters), and
 * remembered per situation. 0 when the check cannot be rolled (the rules refuse it).
 */
function failChance(
  loaded: LoadedScenario,
  state: GameState,
  side: string,
  resolution: string,
): number {
  const variables = sideContext(loaded, state, side)
  const key = `${resolution}|${JSON.stringify(variables)}`
  let cache = perilCache.get(loaded)
  if (cache === undefined) {
    cache = new Map()
    perilCache.set(loaded, cache)
  }
  const known = cache.get(key)
  if (known !== undefined) return known
  const check = loaded.rules.resolutions.get(resolution)
  const spec = (loaded.rules.ruleset.dice ?? []).find(
    (d) => check !== undefined && 'dice' in check && d.id === check.dice,
  )
  let chance = 0
  if (check !== undefined && spec !== undefined) {
    const dist = distribution(spec)
    let failing = 0
    try {
      for (const entry of dist.entries) {
        const faces = facesFor(spec, entry.total)
        const record = resolveWithRoll(loaded.rules, check, variables, faces)
        if (record.outcome === 'failure') failing += entry.ways
      }
    } catch {
      // The rules refuse the check here (a parameter it reads is missing): no peril is read.
      failing = 0
    }
    chance = failing / dist.outcomes
  }
  if (cache.size >= PERIL_SITUATIONS) cache.clear()
  cache.set(key, chance)
  return chance
}

/**
 * How near `side` stands to losing by a failed victory check: the chance it fails the next one
 * (each such check counted, at most 1). 0 for a ruleset without such checks.
 */
export function peril(loaded: LoadedScenario, state: GameState, side: string): number {
  let chance = 0
  for (const resolution of losingChecks(loaded, state))
    chance += failChance(loaded, state, side, resolution)
  return Math.min(1, chance)
}

/**
 * The state's worth to `side`: enemy losses (each weighing `enemyWeight` of its own) minus its
 * own; how near each side stands to losing by a check (peril, weighed by PERIL_WEIGHT against
 * a whole game); and the game's outcome.
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
    if (state.outcome === null) {
      const near = PERIL_WEIGHT * OUTCOME_WEIGHT * peril(loaded, state, other.id)
      value += other.id === side ? -near : near
    }
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

interface ReachMemo {
  /** The hexes a unit in a hex with a facing strikes from ("0405|2"). */
  fronts: Map<string, readonly string[]>
  /** Per set of enemy hexes (joined): each hex's distance to the nearest of them. */
  nearest: Map<string, Map<string, number>>
}

/** Sets of enemy hexes remembered per scenario: a decision's tries share a few. */
const NEAREST_SETS = 8

const reachMemos = new WeakMap<LoadedScenario, ReachMemo>()

function reachMemo(loaded: LoadedScenario): ReachMemo {
  let memo = reachMemos.get(loaded)
  if (memo === undefined) {
    memo = { fronts: new Map(), nearest: new Map() }
    reachMemos.set(loaded, memo)
  }
  return memo
}

/** The neighbours of `hex` in the front sector of a unit there facing `facing`. */
function frontHexes(loaded: LoadedScenario, hex: string, facing: number): readonly string[] {
  const memo = reachMemo(loaded)
  const key = `${hex}|${facing}`
  let found = memo.fronts.get(key)
  if (found === undefined) {
    const board = boardOf(loaded)
    const front = frontOf(loaded)
    found = board.neighbors(hex).filter((n) => board.sector(hex, facing, n) === front)
    memo.fronts.set(key, found)
  }
  return found
}

/** A function giving a hex's distance to the nearest of `enemies`, remembered per hex. */
function nearestTo(loaded: LoadedScenario, enemies: readonly string[]): (hex: string) => number {
  const memo = reachMemo(loaded)
  const key = enemies.join(',')
  let distances = memo.nearest.get(key)
  if (distances === undefined) {
    if (memo.nearest.size >= NEAREST_SETS) memo.nearest.clear()
    distances = new Map()
    memo.nearest.set(key, distances)
  }
  const known = distances
  const board = boardOf(loaded)
  return (hex) => {
    let d = known.get(hex)
    if (d === undefined) {
      d = Infinity
      for (const enemy of enemies) d = Math.min(d, board.distance(hex, enemy))
      known.set(hex, d)
    }
    return d
  }
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
  return reachWith(loaded, nearestTo(loaded, enemies), hex, facing)
}

function reachWith(
  loaded: LoadedScenario,
  nearest: (hex: string) => number,
  hex: string,
  facing: number | null,
): number {
  const from = facing === null ? [] : frontHexes(loaded, hex, facing)
  if (from.length === 0) return nearest(hex) + 1
  let best = Infinity
  for (const f of from) best = Math.min(best, nearest(f))
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
  const nearest = nearestTo(loaded, theirs)
  let sum = 0
  for (const id of mine) {
    const unit = state.units[id] as { hex: string; facing: number | null }
    sum += reachWith(loaded, nearest, unit.hex, unit.facing)
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
