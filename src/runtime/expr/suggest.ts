/**
 * Optimal-string-alignment distance: Levenshtein plus adjacent transpositions, because the
 * commonest designer typo is two swapped letters ("stauts").
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1
  const cols = b.length + 1
  const d: number[] = new Array<number>(rows * cols).fill(0)
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0
  for (let i = 0; i < rows; i++) d[i * cols] = i
  for (let j = 0; j < cols; j++) d[j] = j
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1)
      }
      d[i * cols + j] = best
    }
  }
  return at(a.length, b.length)
}

/** The candidate closest to `name`, if it is close enough to be a plausible typo. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase()
  // Short names tolerate one slip; longer ones a few, scaled so unrelated words stay apart.
  const limit = name.length <= 3 ? 1 : name.length <= 6 ? 2 : 3
  let best: string | undefined
  let bestDistance = Infinity
  for (const candidate of candidates) {
    if (candidate === name) continue
    const distance =
      candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase())
    if (
      distance < bestDistance ||
      (distance === bestDistance && best !== undefined && candidate < best)
    ) {
      best = candidate
      bestDistance = distance
    }
  }
  return bestDistance <= limit ? best : undefined
}

/** ` — did you mean "x"?` or an empty string, ready to append to a message. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const match = closestName(name, candidates)
  return match === undefined ? '' : ` — did you mean "${match}"?`
}
