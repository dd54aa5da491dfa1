/**
 * Inspecting a unit for the playtest view: what it may do in answer to the open prompt (moves
 * with their cost, fire with range and sight, shock and charges, turns, changes of form, any
 * other answer naming it) and a leader's command range. Everything is read off the legal
 * actions of the open prompt, worked out for that unit's group only, so the view can never
 * offer what the engine would refuse, nor hide what it would accept. Reads the state only.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { Action } from '../state/actions'
import type { Frame } from '../state/flow-types'
import type { GameState } from '../state/game-state'
import { commandArea, commandRangeOf } from './command-range'
import { isLeader, unitsIn } from './forces'
import { legalGroups, openPrompt } from './game'
import type { PlayContext } from './procedure'
import { attackerProblem } from './shock/declarations'
import { shockData } from './shock/types'
import { fireOptions, shockOptions } from './inspect/attacks'
import { isMovementPhase, movePicture } from './inspect/moves'
import type { CommandRange, UnitOptions } from './inspect/types'

export type {
  CommandRange,
  FireOption,
  MoveOption,
  ShockOption,
  TransformOption,
  TurnOption,
  UnitOptions,
} from './inspect/types'

/** Whether an action names the unit: a field equal to its id, or a list or map holding it. */
function names(action: Action, id: string): boolean {
  for (const [key, value] of Object.entries(action)) {
    if (key === 'type' || key === 'side') continue
    if (value === id) return true
    if (Array.isArray(value)) {
      if (value.includes(id)) return true
    } else if (value !== null && typeof value === 'object') {
      // Charges name their chargers' paths and riders by charger.
      if (Object.hasOwn(value, id)) return true
      if (Object.values(value).some((v) => Array.isArray(v) && v.includes(id))) return true
    }
  }
  return false
}

/**
 * The unit's legal actions: its own group when the prompt lists actions unit by unit (the other
 * units' actions are never worked out), else the actions naming it.
 */
function actionsOf(loaded: LoadedScenario, state: GameState, id: string): Action[] {
  const groups = legalGroups(loaded, state)
  const own = groups.find((g) => g.key === id)
  if (own !== undefined) return own.actions()
  if (groups.some((g) => Object.hasOwn(state.units, g.key))) return []
  return groups.flatMap((g) => g.actions()).filter((a) => names(a, id))
}

/** A context that reads the state and remembers what it works out (as a legal listing does). */
function readingContext(loaded: LoadedScenario, state: GameState): PlayContext {
  return { loaded, state, applied: [], pending: [], records: [], memo: new Map() }
}

function promptFrame(state: GameState, frameId: number): Frame | undefined {
  const stack = state.flow?.stack ?? []
  return stack.find((f) => f.id === frameId) ?? stack[stack.length - 1]
}

/** Why a unit of the deciding side with nothing to do may not act, as far as the engine says. */
function whyIdle(ctx: PlayContext, frame: Frame | undefined, id: string): string | null {
  if (frame?.proc === 'shock' && !isLeader(ctx.loaded, id)) {
    const d = shockData(frame)
    if (d.mode !== undefined && d.steps?.[d.step] === 'declare') return attackerProblem(ctx, d, id)
  }
  return null
}

/** What the unit may do now, in answer to the open prompt. */
export function unitOptions(loaded: LoadedScenario, state: GameState, unitId: string): UnitOptions {
  const unit = state.units[unitId]
  const prompt = openPrompt(state)
  const options: UnitOptions = {
    unit: unitId,
    side: unit?.side ?? null,
    prompt: prompt?.kind ?? null,
    costUnit: 'mp',
    budget: null,
    moves: [],
    fire: [],
    shock: [],
    turns: [],
    transforms: [],
    other: [],
  }
  if (unit === undefined) return { ...options, why: `there is no unit "${unitId}"` }
  if (prompt === null || state.outcome !== null)
    return { ...options, why: 'the game is over: nobody acts any more' }
  if (prompt.side !== unit.side)
    return {
      ...options,
      why: `${unit.name ?? unitId} belongs to ${sideName(loaded, unit.side)}, and ${sideName(loaded, prompt.side)} is the side deciding now (${prompt.kind})`,
    }
  if (unit.location === 'removed') return { ...options, why: `${unitId} is out of play` }
  const actions = actionsOf(loaded, state, unitId)
  const ctx = readingContext(loaded, state)
  const frame = promptFrame(state, prompt.frame)
  let why: string | null = null
  if (isMovementPhase(frame)) {
    const picture = movePicture(ctx, frame, unitId, actions)
    options.moves = picture.moves
    options.costUnit = picture.costUnit
    options.budget = picture.budget
    why = picture.why
  }
  options.fire = fireOptions(ctx, unitId, actions)
  options.shock = shockOptions(ctx, frame, unitId, actions)
  const sorted = new Set<Action>([
    ...options.moves.flatMap((m) => m.actions),
    ...options.fire.map((f) => f.action),
    ...options.shock.map((s) => s.action),
  ])
  for (const action of actions) {
    if (sorted.has(action)) continue
    if (action.type === 'turn' && action.unit === unitId)
      options.turns.push({ facing: String(action.facing), action })
    else if (action.type === 'transform' && action.unit === unitId)
      options.transforms.push({ form: String(action.form), action })
    else if (names(action, unitId)) options.other.push(action)
  }
  const idle =
    options.moves.length +
      options.fire.length +
      options.shock.length +
      options.turns.length +
      options.transforms.length +
      options.other.length ===
    0
  if (!idle) return options
  why ??= whyIdle(ctx, frame, unitId)
  return { ...options, why: why ?? `${unitId} has no part in this decision: ${prompt.text}` }
}

/** The hexes within a leader's command range as the ruleset counts it; null for a non-leader. */
export function commandRange(
  loaded: LoadedScenario,
  state: GameState,
  leaderId: string,
): CommandRange | null {
  if (state.units[leaderId] === undefined || !isLeader(loaded, leaderId)) return null
  const ctx = { loaded, state }
  const hexes = [...commandArea(ctx, leaderId).keys()]
  const rated = loaded.rules.ruleset.mechanics?.command?.rangeRating !== undefined
  return rated ? { hexes, rating: commandRangeOf(ctx, leaderId) } : { hexes }
}

/** A side's name in the scenario, or its id. */
function sideName(loaded: LoadedScenario, id: string): string {
  return loaded.scenario.sides.find((s) => s.id === id)?.name ?? id
}

/** The pieces in a hex, combat units and leaders apart, in the order they were stacked. */
export function unitsInHex(
  loaded: LoadedScenario,
  state: GameState,
  hex: string,
): { units: string[]; leaders: string[] } {
  const here = unitsIn(state, hex)
  return {
    units: here.filter((id) => !isLeader(loaded, id)),
    leaders: here.filter((id) => isLeader(loaded, id)),
  }
}
