/**
 * What an action is worth to the side taking it, without peeking at the game's dice: the action
 * is tried on copies of the state whose dice are scripted. When it rolls, its leading rolls are
 * enumerated together over every total each can show, weighted by the number of face
 * combinations giving it — the exact distribution of those resolutions' outcomes — as far as
 * ENUMERATION_BUDGET combinations allow (two d10 rolls, three d6); rolls past those are read at
 * a middle face. A step that leaves the same decision open with the board unchanged (declaring
 * one attack of several) is worth the best way to close the decision after it.
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { DiceSpec } from '../../dice'
import { distribution, faceRange, facesFor, forcedSource } from '../../dice'
import type { Action } from '../../state/actions'
import type { GameState } from '../../state/game-state'
import { legalActions, legalGroups, playAction } from '../game'
import {
  APPROACH_WEIGHT,
  activationProspect,
  distanceToEnemy,
  enemyLossWeight,
  namesEnemy,
  standing,
} from './standing'

/** Scripted dice per try: more than any one action rolls. */
const SCRIPT_LENGTH = 256

/** Most combinations of leading rolls tried for one action. */
export const ENUMERATION_BUDGET = 216

/** Combinations tried for each way to close a decision after an idle step (a d10 or 2d6 roll). */
export const LOOKAHEAD_BUDGET = 11

/**
 * Tries for what follows a way to close a decision: the same whichever action's look-ahead asks,
 * so the worth of closing a decision is a function of the decision alone. Read with the budget
 * of the action asking, closing after a declaration came out at 30.6 from the state before it
 * and at 20.4 from the state after, and greedy declared and took back the same attack for ever.
 */
export const CLOSING_BUDGET = ENUMERATION_BUDGET

/** Expected values closer than this are equal (sums of fractions are not exact in floating point). */
const EPSILON = 1e-9

export interface ActionEstimate {
  action: Action
  /** Whether the action rolled dice. */
  rolls: boolean
  /** How many of its leading rolls were enumerated exactly (the rest read at a middle face). */
  enumerated: number
  /**
   * Expected losses inflicted on the other sides minus losses suffered, with a won game worth
   * OUTCOME_WEIGHT and a lost one minus that. Deterministic actions count what they certainly do.
   */
  expected: number
  /** It names an enemy unit (a target, a defender). */
  attacks: boolean
  /** How much nearer the side's units stand to the enemy afterwards (summed hex distances). */
  approach: number
  /**
   * For an action that opens an activation of the side: how many of its units it lets act, and
   * how near they stand to striking (activationProspect); 0 for any other action.
   */
  prospect?: number
  /** It takes no argument (pass, done, decline). */
  passive: boolean
  /**
   * It leaves the game at the same decision with nothing changed but facings (a unit turning
   * in place): a policy preferring it to a pass could turn forever.
   */
  idle: boolean
  /**
   * An idle action that does not make the best way to close the decision strictly better than
   * closing it now: taking it could only lead round in a circle (declare, take back, declare…).
   * Set by the ranking (rankActions), which knows the decision's other answers.
   */
  futile?: boolean
  /** The engine refused the action, although it was listed as legal. */
  error?: string
  /** For a step of a longer decision: the next action its worth was read from. */
  then?: Action
  /**
   * For an attack that hands a decision to another side before anything is rolled (return fire,
   * a retreat before combat, a counter-charge): the answer its worth was read from.
   */
  reply?: Action
}

/** A face every die of the ruleset has, near the middle, to read rolls the estimate does not enumerate. */
function middleFace(loaded: LoadedScenario): number {
  const ranges = (loaded.rules.ruleset.dice ?? []).map((d) => faceRange(d))
  if (ranges.length === 0) return 1
  const low = Math.max(...ranges.map((r) => r.min))
  const high = Math.min(...ranges.map((r) => r.max))
  const first = ranges[0] as { min: number; max: number }
  return low <= high ? Math.floor((low + high) / 2) : Math.floor((first.min + first.max) / 2)
}

/** A script of SCRIPT_LENGTH middle faces, made once per loaded scenario (tries copy it). */
const paddings = new WeakMap<LoadedScenario, number[]>()

function paddingOf(loaded: LoadedScenario): number[] {
  let padding = paddings.get(loaded)
  if (padding === undefined) {
    padding = new Array<number>(SCRIPT_LENGTH).fill(middleFace(loaded))
    paddings.set(loaded, padding)
  }
  return padding
}

interface Rolled {
  dice: string
  natural: number
}

type Trial =
  { ok: true; state: GameState; rolled: boolean; rolls: Rolled[] } | { ok: false; error: string }

/** The action on a copy of the state whose dice read `script`, and the resolutions' rolls in order. */
function trial(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  script: readonly number[],
): Trial {
  const result = playAction(loaded, { ...state, dice: forcedSource(script) }, action)
  if (!result.ok) return { ok: false, error: result.error.message }
  const dice = result.state.dice
  const rolls: Rolled[] = []
  for (const entry of result.entries)
    for (const record of entry.records)
      if (record.dice !== undefined)
        rolls.push({ dice: record.dice.id, natural: record.dice.natural })
  return { ok: true, state: result.state, rolled: dice.kind === 'forced' && dice.index > 0, rolls }
}

interface Combination {
  faces: number[]
  totals: number[]
  weight: number
}

/**
 * The expected change of standing over every combination of the totals of `specs`, the leading
 * rolls; null when a try read its rolls elsewhere than the script put them.
 */
function enumerate(
  tryWith: (faces: readonly number[]) => Trial,
  specs: readonly (DiceSpec & { id: string })[],
  worth: (state: GameState) => number,
): number | null {
  let combinations: Combination[] = [{ faces: [], totals: [], weight: 1 }]
  for (const spec of specs) {
    const dist = distribution(spec)
    combinations = combinations.flatMap((c) =>
      dist.entries.map((e) => ({
        faces: [...c.faces, ...facesFor(spec, e.total)],
        totals: [...c.totals, e.total],
        weight: (c.weight * e.ways) / dist.outcomes,
      })),
    )
  }
  let expected = 0
  for (const c of combinations) {
    const tried = tryWith(c.faces)
    if (!tried.ok) return null
    // A branch may roll fewer times (no casualty check after a miss): its unread totals only
    // split its weight. A roll of other dice, or of another total, means the script slipped.
    const read = Math.min(tried.rolls.length, specs.length)
    for (let i = 0; i < read; i++) {
      const roll = tried.rolls[i] as Rolled
      if (roll.dice !== specs[i]?.id || roll.natural !== c.totals[i]) return null
    }
    expected += c.weight * worth(tried.state)
  }
  return expected
}

/** Whether `after` waits on the same decision as `before`, with no unit moved, hurt or marked. */
function sameDecision(before: GameState, after: GameState): boolean {
  const a = before.flow?.prompt
  const b = after.flow?.prompt
  if (a == null || b == null || a.frame !== b.frame || a.kind !== b.kind || a.side !== b.side)
    return false
  if (after.outcome !== null) return false
  if (JSON.stringify(before.sides) !== JSON.stringify(after.sides)) return false
  return Object.entries(after.units).every(([id, u]) => {
    const was = before.units[id]
    return (
      was !== undefined &&
      was.hex === u.hex &&
      was.location === u.location &&
      was.status === u.status &&
      JSON.stringify(was.markers) === JSON.stringify(u.markers)
    )
  })
}

/** Kept per state object and action count: a playout changes its state in place. */
const startingPoints = new WeakMap<
  GameState,
  { side: string; count: number; before: number; distance: number; weight: number }
>()

/** The side's standing and distance to the enemy at `state`: the same for every action weighed there. */
function startingPoint(
  loaded: LoadedScenario,
  state: GameState,
  side: string,
): { before: number; distance: number; weight: number } {
  const kept = startingPoints.get(state)
  if (kept?.side === side && kept.count === state.actionCount) return kept
  const weight = enemyLossWeight(loaded, state)
  const point = {
    side,
    count: state.actionCount,
    weight,
    before: standing(loaded, state, side, weight),
    distance: distanceToEnemy(loaded, state, side),
  }
  startingPoints.set(state, point)
  return point
}

/** Estimates one action alone, without looking past it. */
function estimateStep(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  side: string,
  budget: number,
): ActionEstimate & { after?: GameState; typical?: GameState } {
  const passive = Object.keys(action).every((k) => k === 'type' || k === 'side')
  const attacks = namesEnemy(state, action, side)
  const padding = paddingOf(loaded)
  const padded = (faces: readonly number[]) => {
    const script = padding.slice()
    for (let i = 0; i < faces.length; i++) script[i] = faces[i] as number
    return script
  }
  const base = trial(loaded, state, action, padded([]))
  if (!base.ok) {
    const error = base.error
    return {
      action,
      rolls: false,
      enumerated: 0,
      expected: -Infinity,
      attacks,
      approach: 0,
      passive,
      idle: false,
      error,
    }
  }
  const { before, distance, weight } = startingPoint(loaded, state, side)
  const approach = distance - distanceToEnemy(loaded, base.state, side)
  // A hex nearer to striking counts a little, as losses do: a move toward the enemy may then
  // draw reaction fire and still be worth making, as it must be for a side that has to attack.
  const advance = APPROACH_WEIGHT * approach
  const worth = (after: GameState) => standing(loaded, after, side, weight) - before + advance
  const idle = !base.rolled && sameDecision(state, base.state)
  // Read at the padded try: an activation's own roll (a command check) is not weighed here.
  const prospect = activationProspect(loaded, state, base.state, side)
  const certain = {
    action,
    attacks,
    approach,
    ...(prospect > 0 ? { prospect } : {}),
    passive,
    idle,
    expected: worth(base.state),
    enumerated: 0,
  }
  if (!base.rolled) return { ...certain, rolls: false, after: base.state }
  // No budget left for the odds: the rolls read at a middle face.
  if (budget <= 0) return { ...certain, rolls: true, typical: base.state }
  const specs: (DiceSpec & { id: string })[] = []
  let combinations = 1
  for (const roll of base.rolls) {
    const spec = (loaded.rules.ruleset.dice ?? []).find((d) => d.id === roll.dice)
    if (spec === undefined) break
    const more = combinations * distribution(spec).entries.length
    if (specs.length > 0 && more > budget) break
    specs.push(spec)
    combinations = more
  }
  const tryWith = (faces: readonly number[]) => trial(loaded, state, action, padded(faces))
  // Fewer leading rolls when the branches roll differently from the padded try.
  for (let n = specs.length; n > 0; n--) {
    const expected = enumerate(tryWith, specs.slice(0, n), worth)
    if (expected !== null)
      return { ...certain, rolls: true, expected, enumerated: n, typical: base.state }
  }
  return { ...certain, rolls: true, typical: base.state }
}

/** Negative when `a` is the better choice. */
export function compareEstimates(a: ActionEstimate, b: ActionEstimate): number {
  const aFailed = a.error !== undefined
  if (aFailed !== (b.error !== undefined)) return aFailed ? 1 : -1
  if ((a.futile ?? false) !== (b.futile ?? false)) return a.futile === true ? 1 : -1
  if (Math.abs(a.expected - b.expected) > EPSILON || !Number.isFinite(a.expected - b.expected))
    return a.expected > b.expected ? -1 : b.expected > a.expected ? 1 : 0
  if (a.attacks !== b.attacks) return a.attacks ? -1 : 1
  if (a.approach !== b.approach) return b.approach - a.approach
  const prospect = (b.prospect ?? 0) - (a.prospect ?? 0)
  if (Math.abs(prospect) > EPSILON) return prospect
  if (a.idle !== b.idle) return a.idle ? 1 : -1
  if (a.passive !== b.passive) return a.passive ? 1 : -1
  return 0
}

/**
 * Decisions past an action that rolled nothing its worth may be read through: an attack declared,
 * the declarations closed, the attacker's own choice of a bonus or the defender's reaction, and
 * only then the roll.
 */
export const FOLLOW_DEPTH = 3

/**
 * Estimates one legal action for `side`, the side that must decide. An idle action (the same
 * decision stays open, nothing on the board changed: declaring one attack of several, turning a
 * unit in place) is worth the best way to close the decision after it — the prompt's actions
 * that take no argument ("declare-done", "done", "pass"), tried on the state it leaves. So a
 * declaration is worth the attack it leads to, and turning in place never beats ending the
 * phase (ties go to the action that is not idle). Any other action that rolls nothing at once is
 * worth what follows it as well (followOn): the other side's reply (the reaction fire a move
 * draws), or a further small decision of the side's own, until something rolls — but a phase's
 * closing action ranked among the phase's moves is not, or the phase would end before the other
 * units move up. An attack that rolls at once adds the reply read after its roll.
 */
export function estimateAction(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  side: string,
  budget: number = ENUMERATION_BUDGET,
  depth: number = FOLLOW_DEPTH,
): ActionEstimate {
  const { after, typical, ...estimate } = estimateStep(loaded, state, action, side, budget)
  if (after === undefined) {
    // An attack that rolled (fire) may still draw a reply (return fire): read after its roll at
    // a middle face, and added to the attack's exact odds.
    if (typical === undefined || !estimate.attacks || budget < 2 * LOOKAHEAD_BUDGET) return estimate
    const reply = followOn(loaded, state, typical, side, budget, depth - 1)
    if (reply === undefined) return estimate
    return { ...estimate, expected: estimate.expected + reply.expected, reply: reply.action }
  }
  if (!estimate.idle) {
    // What follows costs tries of its own: weighed when the action's share allows. Closing a
    // phase is not weighed by the best attack after it: that would end the phase before the
    // other units move up to attack too.
    if (budget < 2 * LOOKAHEAD_BUDGET) return estimate
    if (estimate.passive && depth === FOLLOW_DEPTH) return estimate
    return withFollow(estimate, followOn(loaded, state, after, side, budget, depth - 1))
  }
  const best = bestClosing(loaded, after, side, depth)
  // A step after which the decision cannot be closed is worth nothing by itself: only a
  // further step can make it good, and one that can close it is preferred.
  if (best === undefined) return { ...estimate, expected: -Infinity }
  // The board has not changed, so the closing action's worth counts from the same standing.
  return {
    ...estimate,
    rolls: best.rolls,
    enumerated: best.enumerated,
    expected: best.expected,
    then: best.action,
  }
}

/** An estimate with what follows it added (the change it brings counts from the state it left). */
function withFollow(estimate: ActionEstimate, next: ActionEstimate | undefined): ActionEstimate {
  if (next === undefined) return estimate
  return {
    ...estimate,
    rolls: next.rolls,
    enumerated: next.enumerated,
    expected: estimate.expected + next.expected,
    reply: next.action,
  }
}

/** Most answers of a decision weighed after an action (a reaction's fire or decline, a bonus). */
export const REPLY_LIMIT = 8

/**
 * What follows an action that rolled nothing, taken at `before` and leading to `state`: the
 * decision now open, when it is small (at most REPLY_LIMIT answers) — another side's, whose
 * answer worst for `side` is taken (an opponent answers its best), or a new decision of the
 * side's own, whose best answer is taken. Each answer's rolls are enumerated when `budget`
 * allows LOOKAHEAD_BUDGET combinations for it, and an answer that rolls nothing is followed
 * in turn, `depth` decisions at most. Undefined when nothing small follows: the game is over,
 * the side is still at the same kind of decision (a move of a phase of movement), or the
 * decision is large.
 */
function followOn(
  loaded: LoadedScenario,
  before: GameState,
  state: GameState,
  side: string,
  budget: number,
  depth: number,
): ActionEstimate | undefined {
  if (depth < 0) return undefined
  const prompt = state.flow?.prompt
  if (prompt == null || state.outcome !== null) return undefined
  const mine = prompt.side === side
  if (mine && prompt.kind === before.flow?.prompt?.kind) return undefined
  if (legalGroups(loaded, state).length > REPLY_LIMIT) return undefined
  const answers = legalActions(loaded, state)
  if (answers.length === 0 || answers.length > REPLY_LIMIT) return undefined
  // The action's own budget shared by the answers: past it, their rolls are read at a middle face.
  const share = Math.floor(budget / answers.length)
  const each = share >= LOOKAHEAD_BUDGET ? share : 0
  const weighed = answers
    .map((answer) => estimateAction(loaded, state, answer, side, each, depth))
    .filter((e) => e.error === undefined)
  if (mine) return weighed.sort(compareEstimates)[0]
  return weighed.sort((a, b) => a.expected - b.expected)[0]
}

/**
 * The best way to close the open decision at `state`: its answers that take no argument
 * ("declare-done", "done", "pass"), each read as an idle action's look-ahead reads them, with
 * what follows it (followOn).
 */
function bestClosing(
  loaded: LoadedScenario,
  state: GameState,
  side: string,
  depth: number,
): ActionEstimate | undefined {
  const prompt = state.flow?.prompt
  if (prompt == null) return undefined
  return prompt.actions
    .map((type) => {
      const { after, ...step } = estimateStep(loaded, state, { type }, side, LOOKAHEAD_BUDGET)
      if (after === undefined || step.idle || step.error !== undefined) return step
      return withFollow(step, followOn(loaded, state, after, side, CLOSING_BUDGET, depth - 1))
    })
    .filter((e) => !e.idle && e.error === undefined)
    .sort(compareEstimates)[0]
}

/**
 * What closing the open decision now is worth, measured as an idle action's look-ahead measures
 * it (-Infinity when it cannot be closed now).
 */
export function closingWorth(loaded: LoadedScenario, state: GameState, side: string): number {
  return bestClosing(loaded, state, side, FOLLOW_DEPTH)?.expected ?? -Infinity
}

/**
 * Marks the idle actions whose look-ahead does not beat closing the decision now (`closing`,
 * from closingWorth) as futile. Only an idle action that beats it is worth taking: along a run of
 * idle actions the worth of closing then rises at every step, so the run cannot come back to
 * where it was.
 */
export function markFutile(estimates: readonly ActionEstimate[], closing: number): void {
  for (const e of estimates) if (e.idle && !(e.expected > closing + EPSILON)) e.futile = true
}
