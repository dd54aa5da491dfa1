/**
 * Fire and shock for a selected unit: the legal fire actions with their range and the hexes
 * the line of sight crosses, and the legal declarations it attacks in, with the charge path the
 * engine would give it (named in the action, or its only one).
 */
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import type { Frame } from '../../state/flow-types'
import type { PlayContext } from '../procedure'
import { sightHexes } from '../fire/sight'
import { weaponsOf } from '../fire/shots'
import { declarationOf } from '../shock/declarations'
import type { ShockData } from '../shock/types'
import { shockData } from '../shock/types'
import type { FireOption, ShockOption } from './types'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

const hexOf = (ctx: Ctx, id: string): string | null => {
  const unit = ctx.state.units[id]
  return unit === undefined || unit.location !== 'map' ? null : unit.hex
}

/** The fire actions of `id` among `actions`, with range, weapon and sight line. */
export function fireOptions(ctx: Ctx, id: string, actions: readonly Action[]): FireOption[] {
  const from = hexOf(ctx, id)
  if (from === null) return []
  const board = boardOf(ctx.loaded)
  const weapons = weaponsOf(ctx, id)
  const out: FireOption[] = []
  for (const action of actions) {
    if (action.type !== 'fire' || action.unit !== id) continue
    const target = action.target as string
    const hex = hexOf(ctx, target)
    if (hex === null) continue
    // An action names its weapon only when the unit carries several.
    const named = typeof action.weapon === 'string' ? action.weapon : undefined
    const weapon = named ?? (weapons.length === 1 ? weapons[0]?.id : undefined)
    out.push({
      target,
      hex,
      range: board.distance(from, hex),
      ...(weapon === undefined ? {} : { weapon }),
      sight: sightHexes(ctx.loaded, from, hex),
      action,
    })
  }
  return out
}

/** The shock phase's declarations so far, when the frame is a shock phase under way. */
function declaring(frame: Frame | undefined): ShockData | null {
  if (frame === undefined || frame.proc !== 'shock') return null
  const d = shockData(frame)
  return d.mode === undefined ? null : d
}

/** The path of `id`'s charge in a declaration, as the engine reads the declaration. */
function chargePath(ctx: Ctx, d: ShockData | null, id: string, action: Action): string[] | null {
  const named = action.paths as Record<string, string[]> | undefined
  if (named?.[id] !== undefined) return [...named[id]]
  if (d === null) return null
  const read = declarationOf(ctx, d, action)
  return read.ok ? (read.value.paths[id]?.hexes ?? null) : null
}

/** The declarations among `actions` that `id` attacks in. */
export function shockOptions(
  ctx: Ctx,
  frame: Frame | undefined,
  id: string,
  actions: readonly Action[],
): ShockOption[] {
  const d = declaring(frame)
  const out: ShockOption[] = []
  for (const action of actions) {
    if (action.type !== 'declare') continue
    const attackers = action.attackers as string[] | undefined
    if (attackers?.includes(id) !== true) continue
    const defenders = (action.defenders as string[] | undefined) ?? []
    const hexes = [
      ...new Set(defenders.map((e) => hexOf(ctx, e)).filter((h): h is string => h !== null)),
    ]
    const charge = action.charge === true
    const path = charge ? chargePath(ctx, d, id, action) : null
    out.push({
      defenders: [...defenders],
      hexes,
      charge,
      ...(path === null ? {} : { path }),
      action,
    })
  }
  return out
}
