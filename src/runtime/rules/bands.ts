/**
 * Bands of numbers as charts print them: "3–5", "0 or less", "9+". Shared by roll rows,
 * differential columns and range bands, in lookups and in the checks of prepareRuleset.
 */

export type Band = { readonly min?: number; readonly max?: number }

export function inBand(band: Band, value: number): boolean {
  return (
    (band.min === undefined || value >= band.min) && (band.max === undefined || value <= band.max)
  )
}

/** How far a value lies outside a band (0 inside), and the band's value nearest to it. */
export function nearestInBand(band: Band, value: number): { distance: number; value: number } {
  if (band.min !== undefined && value < band.min)
    return { distance: band.min - value, value: band.min }
  if (band.max !== undefined && value > band.max)
    return { distance: value - band.max, value: band.max }
  return { distance: 0, value }
}

/** "3–5", "3", "2 or less", "9+", "any". */
export function formatBand(band: Band): string {
  const { min, max } = band
  if (min === undefined && max === undefined) return 'any'
  if (min === undefined) return `${max} or less`
  if (max === undefined) return `${min}+`
  return min === max ? `${min}` : `${min}–${max}`
}

export function clampValue(value: number, limits: Band | undefined): number {
  if (limits === undefined) return value
  let result = value
  if (limits.max !== undefined && result > limits.max) result = limits.max
  if (limits.min !== undefined && result < limits.min) result = limits.min
  return result
}

/**
 * The band holding `value`, or the nearest band when none does (the first of equally near).
 * `beyond` is set when the value had to be moved into a band, so a lookup can say so.
 */
export function findBand<T extends { band: Band }>(
  bands: readonly T[],
  value: number,
): { item: T; value: number; beyond: boolean } | undefined {
  const exact = bands.find((b) => inBand(b.band, value))
  if (exact !== undefined) return { item: exact, value, beyond: false }
  let best: { item: T; value: number; beyond: boolean } | undefined
  let bestDistance = Infinity
  for (const item of bands) {
    const near = nearestInBand(item.band, value)
    if (near.distance < bestDistance) {
      best = { item, value: near.value, beyond: true }
      bestDistance = near.distance
    }
  }
  return best
}

export interface BandProblem {
  /** Index (into the list given) of the band the problem is reported on. */
  index: number
  message: string
}

/**
 * Checks a sequence of bands listed from lowest to highest: each band well formed, in order,
 * not overlapping, without holes (integer rolls and distances), and open only at the ends.
 * `name(i)` names the i-th band for messages ("row 3", "column 2:1").
 */
export function checkBandSequence(
  bands: readonly Band[],
  name: (index: number) => string,
): BandProblem[] {
  const problems: BandProblem[] = []
  bands.forEach((band, index) => {
    if (band.min !== undefined && band.max !== undefined && band.min > band.max) {
      problems.push({
        index,
        message: `${name(index)} runs from ${band.min} down to ${band.max}: its min must not be above its max`,
      })
    }
    if (band.min === undefined && index > 0) {
      problems.push({
        index,
        message: `only the first band may be open below, but ${name(index)} has no min`,
      })
    }
    if (band.max === undefined && index < bands.length - 1) {
      problems.push({
        index,
        message: `only the last band may be open above, but ${name(index)} has no max`,
      })
    }
    const previous = index > 0 ? bands[index - 1] : undefined
    if (previous === undefined || previous.max === undefined || band.min === undefined) return
    if (previous.min !== undefined && band.min < previous.min) {
      problems.push({
        index,
        message: `${name(index)} (${formatBand(band)}) comes after ${name(index - 1)} (${formatBand(previous)}): list them from the lowest to the highest`,
      })
    } else if (band.min <= previous.max) {
      problems.push({
        index,
        message: `${name(index)} (${formatBand(band)}) overlaps ${name(index - 1)} (${formatBand(previous)})`,
      })
    } else if (band.min > previous.max + 1) {
      const hole = formatBand({ min: previous.max + 1, max: band.min - 1 })
      problems.push({
        index,
        message: `nothing covers ${hole} between ${name(index - 1)} and ${name(index)}`,
      })
    }
  })
  return problems
}
