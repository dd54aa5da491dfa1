/**
 * Small changes the shock procedures make to the draft, each logged like the kernel logs its
 * own: markers, status events, a unit set down in another hex (charges, retreats before combat
 * and their advances are not movement), a facing change, a line of narration.
 */
import { boardOf } from '../../state/board'
import { ruleField } from '../../state/failure'
import type { Position } from '../../state/log'
import { unitOf } from '../../state/variables'
import type { PlayContext } from '../procedure'
import { setFacing, setPlace } from '../../state/occupancy'

// Markers, status events and notes are every procedure's (../logged.ts).
export { markerCount, note, setMarker, statusEvent } from '../logged'

function position(ctx: PlayContext, id: string): Position {
  const u = unitOf(ctx.state, id)
  return { hex: u.hex, facing: u.facing, location: u.location }
}

/** Sets a unit down in `hex` (and `facing`), taking along the leaders given. */
export function setDown(
  ctx: PlayContext,
  id: string,
  hex: string,
  facing: number | null,
  why: string,
  rule?: string,
  leaders: readonly string[] = [],
): void {
  for (const who of [id, ...leaders]) {
    const unit = unitOf(ctx.state, who)
    const from = position(ctx, who)
    setPlace(ctx.state, who, hex, unit.location)
    if (who === id) setFacing(ctx.state, unit, facing)
    ctx.applied.push({
      kind: 'place',
      unit: who,
      from,
      to: position(ctx, who),
      text:
        who === id
          ? `unit ${who} ${why} to ${hex}`
          : `leader ${who} goes along with ${id} to ${hex}`,
      ...ruleField(rule),
    })
  }
}

export function turnUnit(ctx: PlayContext, id: string, facing: number, rule?: string): void {
  const unit = unitOf(ctx.state, id)
  if (unit.facing === facing) return
  const from = unit.facing
  setFacing(ctx.state, unit, facing)
  ctx.applied.push({
    kind: 'facing',
    unit: id,
    from,
    to: facing,
    text: `unit ${id} turns to face ${boardOf(ctx.loaded).facingName(facing)}`,
    ...ruleField(rule),
  })
}
