/**
 * Numbers no content needs: beyond 2^53 a number is no longer exact (1 added to it changes
 * nothing), and JSON's 1e400 reads as Infinity. Such a number in a rating, a cost, a count or a
 * bound would make the engine's sums meaningless, so every content file is refused where it
 * writes one, whatever the field; fields with a tighter range say so in their schemas.
 */
import type { JsonDocument } from './json-document'
import { escapePointerSegment, locate } from './json-document'
import type { Problem } from './problems'

export const LARGEST_CONTENT_NUMBER = Number.MAX_SAFE_INTEGER

export function hugeNumberProblems(doc: JsonDocument): Problem[] {
  const out: Problem[] = []
  const visit = (value: unknown, pointer: string): void => {
    if (typeof value === 'number') {
      if (Number.isFinite(value) && Math.abs(value) <= LARGEST_CONTENT_NUMBER) return
      out.push({
        file: doc.file,
        ...locate(doc, pointer),
        pointer,
        message: `${String(value)} is too large for a number of a game: numbers in content lie between -${LARGEST_CONTENT_NUMBER} and ${LARGEST_CONTENT_NUMBER}, beyond which they are no longer exact`,
        severity: 'error',
      })
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${pointer}/${i}`))
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) visit(v, `${pointer}/${escapePointerSegment(k)}`)
  }
  visit(doc.value, '')
  return out
}
