/**
 * "Did you mean" for names a designer typed: ids, keys, option names. Distance is optimal
 * string alignment (Damerau-Levenshtein restricted to non-overlapping edits), because the
 * commonest slip in an id is two swapped letters ("shcok-crt").
 */

/** Edit distance counting insertions, deletions, substitutions and adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  const cols = b.length + 1
  // Three rolling rows are enough: a transposition looks two rows back.
  let prev2: number[] = []
  let prev: number[] = Array.from({ length: cols }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row: number[] = [i]
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (prev2[j - 2] ?? 0) + 1)
      }
      row.push(best)
    }
    prev2 = prev
    prev = row
  }
  return prev[b.length] ?? 0
}

/** How many edits still read as a typo of a word this long rather than another word. */
function tolerance(length: number): number {
  // A one-letter word would "resemble" every other one-letter word.
  return length <= 1 ? 0 : length <= 3 ? 1 : length <= 6 ? 2 : 3
}

/**
 * The candidate closest to `word` if it is close enough to be a plausible typo; never `word`
 * itself. Case differences alone count as a match. Ties go to the alphabetically first
 * candidate so the answer does not depend on iteration order.
 */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase()
  const limit = tolerance(word.length)
  let best: string | undefined
  let bestDistance = Infinity
  for (const candidate of candidates) {
    if (candidate === word) continue
    const other = candidate.toLowerCase()
    // Cheap reject: the length gap alone is a lower bound on the distance.
    if (Math.abs(other.length - lower.length) > limit) continue
    const distance = other === lower ? 0 : editDistance(lower, other)
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

/** `' — did you mean "x"?'`, or `''` when nothing is close; ready to append to a message. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const match = suggest(word, candidates)
  return match === undefined ? '' : ` — did you mean "${match}"?`
}
