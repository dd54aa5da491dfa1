import { checkDiceSpec, diceRange } from './spec'
import type { DiceSpec } from './spec'

export type Fraction = { readonly numerator: number; readonly denominator: number }

export type DistributionEntry = {
  readonly total: number
  /** Face combinations giving this total, out of `Distribution.outcomes`. */
  readonly ways: number
  /** `ways / outcomes` reduced: 2d6 total 7 is 1/6. */
  readonly numerator: number
  readonly denominator: number
  readonly probability: number
}

export type Distribution = {
  readonly spec: DiceSpec
  /** Equally likely face combinations: sides ** count. */
  readonly outcomes: number
  /** One entry per possible total, lowest first. */
  readonly entries: readonly DistributionEntry[]
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a)
  let y = Math.abs(b)
  while (y !== 0) [x, y] = [y, x % y]
  return x
}

export function reduceFraction(numerator: number, denominator: number): Fraction {
  const divisor = gcd(numerator, denominator) || 1
  return { numerator: numerator / divisor, denominator: denominator / divisor }
}

/**
 * Exact probability of every total, by convolving one die at a time (count × sides × range
 * steps, not sides ** count). Throws RangeError when the spec is invalid or the number of
 * outcomes exceeds what doubles count exactly (2^53), e.g. 21d6; odds tables never need that.
 */
export function distribution(spec: DiceSpec): Distribution {
  const problem = checkDiceSpec(spec)
  if (problem !== undefined) throw new RangeError(problem)
  const outcomes = spec.sides ** spec.count
  if (!Number.isSafeInteger(outcomes)) {
    throw new RangeError(`${spec.count}d${spec.sides} has too many outcomes to count exactly`)
  }
  // ways[i] = combinations whose total is the lowest possible so far plus i.
  let ways = [1]
  for (let die = 0; die < spec.count; die++) {
    const next = new Array<number>(ways.length + spec.sides - 1).fill(0)
    ways.forEach((count, offset) => {
      for (let side = 0; side < spec.sides; side++)
        next[offset + side] = (next[offset + side] ?? 0) + count
    })
    ways = next
  }
  const { min } = diceRange(spec)
  const entries = ways.map((count, offset) => ({
    total: min + offset,
    ways: count,
    ...reduceFraction(count, outcomes),
    probability: count / outcomes,
  }))
  return { spec, outcomes, entries }
}

/** Exact probability that the total passes `test`, e.g. `(total) => total >= 8`. */
export function probabilityWhere(
  dist: Distribution,
  test: (total: number) => boolean,
): Fraction & { probability: number } {
  let ways = 0
  for (const entry of dist.entries) if (test(entry.total)) ways += entry.ways
  return { ...reduceFraction(ways, dist.outcomes), probability: ways / dist.outcomes }
}
