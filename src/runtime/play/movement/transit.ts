/**
 * The moves under way, read from the flow's stack without the movement procedure: results
 * carried out in the middle of a move (a unit retired while another piece is moving through) keep
 * clear of the hexes the move has still to enter.
 */
import type { Frame } from '../../state/flow-types'
import type { GameState } from '../../state/game-state'
import type { MovePathData } from './move-path'
import { frameData } from '../../state/json-data'

/** The data of a "move-path" frame. */
export const movePathData = (frame: Frame) => frameData<MovePathData>(frame)

/**
 * Hexes still ahead of the moves under way (the destination included): a unit set down in the
 * middle of a move (a retired unit placed near its standard) is kept out of them, so the move
 * can still end where its player said.
 */
export function hexesAheadOfMoves(state: GameState): Set<string> {
  const out = new Set<string>()
  for (const frame of state.flow?.stack ?? []) {
    if (frame.proc !== 'move-path') continue
    const d = movePathData(frame)
    for (const hex of d.path.slice(d.index)) out.add(hex)
  }
  return out
}

/**
 * Pieces whose move is under way (a move waiting on a decision taken on the way, such as a
 * reaction or a trampled unit's retreat): such a piece may stand for now in a friendly hex it
 * is passing through, past the stacking limit.
 */
export function piecesInTransit(state: GameState): Set<string> {
  const out = new Set<string>()
  for (const frame of state.flow?.stack ?? []) {
    if (frame.proc !== 'move-path') continue
    const d = movePathData(frame)
    if (d.index < d.path.length) out.add(d.unit)
    // Someone carried (carrying.ts) goes with his carrier until he is set down, which waits for
    // the reactions to the move's last step.
    if (d.carry?.taken === true && d.with.includes(d.carry.unit)) out.add(d.carry.unit)
  }
  return out
}
