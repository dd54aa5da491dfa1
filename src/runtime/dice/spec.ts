/**
 * How a die is read. A d10 printed 0–9 (read 0 as zero, as some series do) is
 * `zero-based`; ordinary dice are `one-based`.
 */
export type DiceFaces = 'one-based' | 'zero-based'

/** `{ count: 2, sides: 6 }` is 2d6; `{ count: 1, sides: 10, faces: 'zero-based' }` a d10 read 0–9. */
export type DiceSpec = {
  readonly count: number
  readonly sides: number
  readonly faces?: DiceFaces
}

export type DiceRange = { readonly min: number; readonly max: number }

export const MAX_DICE_COUNT = 100
export const MAX_DICE_SIDES = 1000

/** Why the spec is unusable, or undefined. Content arrives as JSON, so nothing is assumed. */
export function checkDiceSpec(spec: DiceSpec): string | undefined {
  const { count, sides, faces } = spec
  if (!Number.isInteger(count) || count < 1 || count > MAX_DICE_COUNT) {
    return `the number of dice must be a whole number from 1 to ${MAX_DICE_COUNT}, got ${count}`
  }
  if (!Number.isInteger(sides) || sides < 2 || sides > MAX_DICE_SIDES) {
    return `a die must have a whole number of sides from 2 to ${MAX_DICE_SIDES}, got ${sides}`
  }
  if (faces !== undefined && faces !== 'one-based' && faces !== 'zero-based') {
    return `dice faces must be "one-based" or "zero-based", got "${String(faces)}"`
  }
  return undefined
}

/** The values one die can show. */
export function faceRange(spec: DiceSpec): DiceRange {
  const min = spec.faces === 'zero-based' ? 0 : 1
  return { min, max: min + spec.sides - 1 }
}

/** Faces of `spec` adding up to `total` (one combination of the many: the first dice highest). */
export function facesFor(spec: DiceSpec, total: number): number[] {
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

/** The lowest and highest total of all the dice. */
export function diceRange(spec: DiceSpec): DiceRange {
  const face = faceRange(spec)
  return { min: face.min * spec.count, max: face.max * spec.count }
}

/**
 * Notation: `[count]d<sides>[z]`, e.g. `d6`, `2d6`, `D10`, and `d10z` for a d10 read 0–9
 * (the `z` suffix means the faces start at zero). Spaces around the text are ignored.
 */
export type DiceNotationResult =
  { readonly ok: true; readonly spec: DiceSpec } | { readonly ok: false; readonly error: string }

const NOTATION = /^(\d*)[dD](\d+)([zZ]?)$/

export function parseDiceNotation(text: string): DiceNotationResult {
  const match = NOTATION.exec(text.trim())
  if (match === null) {
    return {
      ok: false,
      error: `"${text}" is not dice notation: write count, "d", sides, e.g. 2d6, d10, or d10z for a d10 read 0–9`,
    }
  }
  const [, count = '', sides = '', zero = ''] = match
  const spec: DiceSpec = {
    count: count === '' ? 1 : Number(count),
    sides: Number(sides),
    ...(zero === '' ? {} : { faces: 'zero-based' as const }),
  }
  const problem = checkDiceSpec(spec)
  return problem === undefined ? { ok: true, spec } : { ok: false, error: `"${text}": ${problem}` }
}

/** The shortest notation for a spec: `d6`, `2d6`, `d10z`. */
export function formatDiceNotation(spec: DiceSpec): string {
  return `${spec.count === 1 ? '' : spec.count}d${spec.sides}${spec.faces === 'zero-based' ? 'z' : ''}`
}

/** `d10 (0–9)`, `2d6 (2–12)`: how messages name dice. */
export function describeDice(spec: DiceSpec): string {
  const single = `d${spec.sides}`
  const range = spec.count === 1 ? faceRange(spec) : diceRange(spec)
  return `${spec.count === 1 ? single : `${spec.count}${single}`} (${range.min}–${range.max})`
}
