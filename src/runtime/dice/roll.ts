import { checkRngState, nextInt, seedRng } from './rng'
import type { RngState } from './rng'
import { checkDiceSpec, describeDice, faceRange } from './spec'
import type { DiceSpec } from './spec'

/** Dice drawn from the generator stored in the game state. */
export type SeededDiceSource = { readonly kind: 'seeded'; readonly rng: RngState }

/**
 * Dice read from a script: tests, and replaying a game played with physical dice. Each die
 * consumes the next value; `index` is the next one to use.
 */
export type ForcedDiceSource = {
  readonly kind: 'forced'
  readonly values: readonly number[]
  readonly index: number
}

export type DiceSource = SeededDiceSource | ForcedDiceSource

/**
 * One roll. `rollDice` sets `total` and `natural` both to the sum of the faces; resolution
 * code that applies modifiers derives a roll with a new `total` and keeps `natural`, since
 * rules react to the unmodified result (a natural 0 or 9).
 */
export type Roll = {
  readonly spec: DiceSpec
  readonly faces: readonly number[]
  readonly total: number
  readonly natural: number
}

/**
 * Why scripted dice could not be read: the script ran out (`dice`: the dice rolled, `needs` and
 * `remain`: how many faces it wanted and had left), or a value is not a face of the dice. A
 * caller asking a player for the faces reads these, never the sentence.
 */
export type DiceFailure =
  | {
      readonly code: 'dice-ran-out'
      readonly params: { readonly dice: string; readonly needs: number; readonly remain: number }
    }
  | {
      readonly code: 'not-a-face'
      readonly params: { readonly value: number; readonly dice: string }
    }

export type RollResult =
  | { readonly ok: true; readonly roll: Roll; readonly source: DiceSource }
  | { readonly ok: false; readonly error: string; readonly failure?: DiceFailure }

export function seededSource(seed: number): SeededDiceSource {
  return { kind: 'seeded', rng: seedRng(seed) }
}

export function forcedSource(values: readonly number[]): ForcedDiceSource {
  return { kind: 'forced', values: [...values], index: 0 }
}

/**
 * Rolls `spec` and returns the roll with the source to use next; the given source is left
 * unchanged, so the same state always yields the same roll. Problems with the spec, a corrupt
 * generator state or a forced script are returned as readable errors, never thrown.
 */
export function rollDice(source: DiceSource, spec: DiceSpec): RollResult {
  const problem = checkDiceSpec(spec)
  if (problem !== undefined) return { ok: false, error: problem }
  switch (source.kind) {
    case 'seeded':
      return rollSeeded(source, spec)
    case 'forced':
      return rollForced(source, spec)
    default:
      return {
        ok: false,
        error: `unknown dice source "${String((source as { kind?: unknown }).kind)}"`,
      }
  }
}

function makeRoll(spec: DiceSpec, faces: number[]): Roll {
  let total = 0
  for (const face of faces) total += face
  return { spec, faces, total, natural: total }
}

function rollSeeded(source: SeededDiceSource, spec: DiceSpec): RollResult {
  const problem = checkRngState(source.rng)
  if (problem !== undefined) return { ok: false, error: problem }
  const { min, max } = faceRange(spec)
  const faces: number[] = []
  let rng = source.rng
  for (let die = 0; die < spec.count; die++) {
    const drawn = nextInt(rng, min, max)
    faces.push(drawn.value)
    rng = drawn.rng
  }
  return { ok: true, roll: makeRoll(spec, faces), source: { kind: 'seeded', rng } }
}

function rollForced(source: ForcedDiceSource, spec: DiceSpec): RollResult {
  const { values, index } = source
  if (!Array.isArray(values) || !Number.isInteger(index) || index < 0 || index > values.length) {
    return { ok: false, error: `forced dice position ${index} is outside the scripted values` }
  }
  const { min, max } = faceRange(spec)
  const faces: number[] = []
  for (let die = 0; die < spec.count; die++) {
    const position = index + die
    const value = values[position]
    if (value === undefined) {
      const left = values.length - index
      const needs = spec.count === 1 ? 'a value' : `${spec.count} values`
      const remain =
        left === 0 ? 'none remain' : left === 1 ? 'only 1 remains' : `only ${left} remain`
      return {
        ok: false,
        error: `forced dice ran out: ${describeDice(spec)} needs ${needs} but ${remain} of the ${values.length} scripted`,
        failure: {
          code: 'dice-ran-out',
          params: { dice: describeDice(spec), needs: spec.count, remain: left },
        },
      }
    }
    if (!Number.isInteger(value) || value < min || value > max) {
      const dice = describeDice({ ...spec, count: 1 })
      return {
        ok: false,
        error: `forced die value ${value} is not a face of ${dice}`,
        ...(typeof value === 'number'
          ? { failure: { code: 'not-a-face' as const, params: { value, dice } } }
          : {}),
      }
    }
    faces.push(value)
  }
  return {
    ok: true,
    roll: makeRoll(spec, faces),
    source: { kind: 'forced', values, index: index + spec.count },
  }
}
