/**
 * What an action is worth to the side taking it, without peeking at the game's dice: the action
 * is tried on copies of the state whose dice are scripted. When it rolls, its leading rolls are
 * enumerated together over every total each can show, weighted by the number of face
 * combinations giving it — the exact distribution of those resolutions' outcomes — as far as
 * ENUMERATION_BUDGET combinations allow (two d10 rolls, three d6); rolls past those are read at
 * a middle face. A step that leaves the same decision open with the board unchanged (declaring
 * one attack of several) is worth the best way to close the decision after it.
 */
import type { LoadedScenario } from '../../content/loaded'
import type { DiceSpec } from '../../dice'
import { distribution, faceRange, forcedSource } from '../../dice'
import type { Action } from '../../state/actions'
import type { GameState } from '../../state/game-state'
import { playAction } from '../game'
import { distanceToEnemy, namesEnemy, standing } from './standing'

/** Scripted dice per try: more than any one action rolls. */
const SCRIPT_LENGTH = 256

/** Most combinations of leading rolls tried for one action. */
export const ENUMERATION_BUDGET = 216

/** Combinations tried for each way to close a decision after an idle step (a d10 or 2d6 roll). */
const LOOKAHEAD_BUDGET = 11

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
  /** It takes no argument (pass, done, decline). */
  passive: boolean
  /**
   * It leaves the game at the same decision with nothing changed but facings (a unit turning
   * in place): a policy preferring it to a pass could turn forever.
   */
  idle: boolean
  /** The engine refused the action, although it was listed as legal. */
  error?: string
  /** For a step of a longer decision: the next action its worth was read from. */
  then?: Action
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

/** Faces of `spec` adding up to `total` (one combination of the many). */
function facesFor(spec: DiceSpec, total: number): number[] {
  const { min, max } = faceRange(spec)
  const faces: number[] = []
  let left = total
  for (let die = spec.count; die > 0; die--) {
    const face = Math.min(max, Math.max(min, left - min * (die - 1)))
    faces.push(face)
    left -= face
  }
  return faces
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

/** Estimates one action alone, without looking past it. */
function estimateStep(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  side: string,
  budget: number,
): ActionEstimate & { after?: GameState } {
  const passive = Object.keys(action).every((k) => k === 'type' || k === 'side')
  const attacks = namesEnemy(state, action, side)
  const pad = middleFace(loaded)
  const padded = (faces: readonly number[]) => [
    ...faces,
    ...Array.from({ length: SCRIPT_LENGTH - faces.length }, () => pad),
  ]
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
  const before = standing(loaded, state, side)
  const approach = distanceToEnemy(loaded, state, side) - distanceToEnemy(loaded, base.state, side)
  const worth = (after: GameState) => standing(loaded, after, side) - before
  const idle = !base.rolled && sameDecision(state, base.state)
  const certain = {
    action,
    attacks,
    approach,
    passive,
    idle,
    expected: worth(base.state),
    enumerated: 0,
  }
  if (!base.rolled) return { ...certain, rolls: false, after: base.state }
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
    if (expected !== null) return { ...certain, rolls: true, expected, enumerated: n }
  }
  return { ...certain, rolls: true }
}

/** Negative when `a` is the better choice. */
export function compareEstimates(a: ActionEstimate, b: ActionEstimate): number {
  if (Math.abs(a.expected - b.expected) > EPSILON || !Number.isFinite(a.expected - b.expected))
    return a.expected > b.expected ? -1 : b.expected > a.expected ? 1 : 0
  if (a.attacks !== b.attacks) return a.attacks ? -1 : 1
  if (a.approach !== b.approach) return b.approach - a.approach
  if (a.idle !== b.idle) return a.idle ? 1 : -1
  if (a.passive !== b.passive) return a.passive ? 1 : -1
  return 0
}

/**
 * Estimates one legal action for `side`, the side that must decide. An idle action (the same
 * decision stays open, nothing on the board changed: declaring one attack of several, turning a
 * unit in place) is worth the best way to close the decision after it — the prompt's actions
 * that take no argument ("declare-done", "done", "pass"), tried on the state it leaves. So a
 * declaration is worth the attack it leads to, and turning in place never beats ending the
 * phase (ties go to the action that is not idle).
 */
export function estimateAction(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  side: string,
): ActionEstimate {
  const { after, ...estimate } = estimateStep(loaded, state, action, side, ENUMERATION_BUDGET)
  const prompt = after?.flow?.prompt
  if (!estimate.idle || after === undefined || prompt == null) return estimate
  const best = prompt.actions
    .map((type) => estimateStep(loaded, after, { type }, side, LOOKAHEAD_BUDGET))
    .filter((e) => !e.idle && e.error === undefined)
    .sort(compareEstimates)[0]
  if (best === undefined) return estimate
  // The board has not changed, so the closing action's worth counts from the same standing.
  return {
    ...estimate,
    rolls: best.rolls,
    enumerated: best.enumerated,
    expected: best.expected,
    then: best.action,
  }
}
