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

export type FoundBand<T> = { item: T; value: number; beyond: boolean }

/** Widest span of whole numbers `bandFinder` indexes; charts print a few dozen rows at most. */
const MAX_INDEXED = 4096

/**
 * `findBand` for a fixed list of bands, worked out ahead for every whole number from just below
 * the lowest printed bound to just above the highest: a lookup is then an array index. Beyond
 * that span the answer no longer changes (the open band, or the same nearest band), so the two
 * edge answers serve every value past them. Other values (fractions, bands with fractional
 * bounds, very wide spans) fall back to `findBand`, so the answer is always the same.
 */
export function bandFinder<T extends { band: Band }>(
  bands: readonly T[],
): (value: number) => FoundBand<T> | undefined {
  const bounds: number[] = []
  for (const { band } of bands) {
    if (band.min !== undefined) bounds.push(band.min)
    if (band.max !== undefined) bounds.push(band.max)
  }
  const scan = (value: number) => findBand(bands, value)
  if (bands.length === 0 || bounds.length === 0 || !bounds.every(Number.isInteger)) return scan
  const low = Math.min(...bounds) - 1
  const high = Math.max(...bounds) + 1
  if (high - low > MAX_INDEXED) return scan
  const answers: FoundBand<T>[] = []
  for (let value = low; value <= high; value++)
    answers.push(Object.freeze(findBand(bands, value) as FoundBand<T>))
  const below = answers[0] as FoundBand<T>
  const above = answers[answers.length - 1] as FoundBand<T>
  return (value) => {
    // -0 must come back as -0, as findBand would give it.
    if (!Number.isInteger(value) || Object.is(value, -0)) return scan(value)
    if (value < low) return below.beyond ? below : { item: below.item, value, beyond: false }
    if (value > high) return above.beyond ? above : { item: above.item, value, beyond: false }
    return answers[value - low]
  }
}
