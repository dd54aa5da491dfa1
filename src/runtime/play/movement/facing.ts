/**
 * Facings in move and turn actions: a compass name ("NE") or a clock position, checked against
 * the map's orientation and the ruleset's facing mode; and the size of a turn in facing steps.
 */
import type { Board } from '../../state/board'
import { reject } from '../../state/failure'

/** Every facing a counter may have on this board, as clock positions. */
export function facingClocks(board: Board): number[] {
  if (board.facingMode === 'none') return []
  const out: number[] = []
  for (let clock = 0; clock < 12; clock++) if (board.facingProblem(clock) === null) out.push(clock)
  return out
}

/** The facing an action gives, as a clock position; refuses one the board cannot have. */
export function readFacing(board: Board, value: unknown, what: string): number {
  if (typeof value === 'number') {
    const problem = board.facingProblem(value)
    return problem === null ? value : reject(`${what}: ${problem}`)
  }
  if (typeof value === 'string' && value !== '') {
    const found = board.facingFromName(value)
    if (!found.ok) return reject(`${what}: ${found.message}`)
    if (found.clock === null) return reject(`${what}: this ruleset does not use facing`)
    return found.clock
  }
  return reject(`${what} needs "facing": a compass name such as "NE", or a clock position`)
}

/** How many facing steps (vertices or hexsides) lie between two facings. */
export function turnSteps(from: number | null, to: number): number {
  if (from === null) return 0
  const d = Math.abs(from - to) % 12
  return Math.min(d, 12 - d) / 2
}
