/**
 * Making room for an unhorsed rider (results/dismount.ts, mechanics.results.unhorsed.pushFriends):
 * when every hex next to his horse is full, a friend standing alone in one of them, on a single
 * hex, may be pushed one hex aside into a hex that holds nobody, that he may enter and that
 * remains do not bar, and the rider takes his place.
 */
import { boardOf } from '../../state/board'
import { isTwoHex, unitsCovering } from '../../state/footprints'
import { remainsEntry } from '../../state/remains'
import { isEquipmentType } from '../../state/roster'
import type { PlayContext } from '../procedure'
import { enterable } from './places'

/** The pushes that free `hex` for `rider`: the friend pushed and the hex he goes to, in map order. */
export function pushesFrom(
  ctx: PlayContext,
  rider: string,
  hex: string,
  horse: readonly string[],
): { pushed: string; pushTo: string }[] {
  const side = ctx.state.units[rider]?.side
  const there = unitsCovering(ctx, hex).filter((u) => u !== rider)
  const friend = there[0]
  const unit = friend === undefined ? undefined : ctx.state.units[friend]
  if (
    friend === undefined ||
    unit === undefined ||
    there.length !== 1 ||
    unit.side !== side ||
    isTwoHex(ctx.loaded, unit.type) ||
    isEquipmentType(ctx.loaded, unit.type) ||
    !enterable(ctx, rider, hex)
  )
    return []
  const board = boardOf(ctx.loaded)
  return board
    .neighbors(hex)
    .filter(
      (to) =>
        !horse.includes(to) &&
        unitsCovering(ctx, to).length === 0 &&
        enterable(ctx, friend, to) &&
        remainsEntry(ctx.loaded, ctx.state, to).ok,
    )
    .sort((a, b) => board.indexOf(a) - board.indexOf(b))
    .map((to) => ({ pushed: friend, pushTo: to }))
}
