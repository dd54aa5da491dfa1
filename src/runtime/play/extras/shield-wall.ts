/**
 * Shield wall (mechanics.activation.shieldWall): a formation the eligible units of a command
 * enter or leave together at the start of its activation. Entering and leaving is decided here
 * (in the command-check phase); what the formation forbids is read by the other mechanics
 * through `shieldWallLimits`.
 */
import type { ShieldWallSettings } from '../../generated/content-types'
import { runningActivation } from '../activity'
import type { PlayContext } from '../procedure'
import { unitFlags } from '../influence'
import { activatedUnitsOnMap, extrasSettings, setMarker } from './common'
import { sideParameters } from '../../state/parameters'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export interface ShieldWallLimits {
  marker: string
  /** It may not move (facing changes excepted). */
  noMove: boolean
  /** It may not make shock attacks. */
  noShock: boolean
  /** Facing changes allowed per activation. */
  turnLimit: number
  /** Mounted units may not charge it through its frontal hexsides. */
  noChargeThroughFront: boolean
  /** Results that end it. */
  lostOn: ('retreat' | 'retire')[]
}

/**
 * What the shield wall forbids `unit` now, or null when it is not in one (or the rules have no
 * shield wall). For movement, shock and results.
 */
export function shieldWallLimits(ctx: Ctx, unit: string): ShieldWallLimits | null {
  const settings = extrasSettings(ctx).shieldWall
  if (settings === undefined) return null
  if ((ctx.state.units[unit]?.markers[settings.marker] ?? 0) === 0) return null
  return {
    marker: settings.marker,
    noMove: settings.noMove ?? true,
    noShock: settings.noShock ?? true,
    turnLimit: settings.turnLimit ?? 1,
    noChargeThroughFront: settings.noChargeThroughFront ?? true,
    lostOn: settings.lostOn ?? ['retreat', 'retire'],
  }
}

function sideMayUse(ctx: Ctx, settings: ShieldWallSettings, side: string): boolean {
  if (settings.sideParameter === undefined) return true
  return sideParameters(ctx.loaded, side)[settings.sideParameter] === true
}

/** Units of the running activation that would enter (form) or leave the shield wall now. */
export function shieldWallChanges(ctx: Ctx): { form: string[]; leave: string[] } {
  const none = { form: [], leave: [] }
  const settings = extrasSettings(ctx).shieldWall
  const activation = runningActivation(ctx)
  if (settings === undefined || activation === null) return none
  if (!sideMayUse(ctx, settings, activation.side)) return none
  const statuses = settings.formStatuses ?? ['normal']
  const form: string[] = []
  const leave: string[] = []
  for (const id of activatedUnitsOnMap(ctx)) {
    const unit = ctx.state.units[id]
    if (unit === undefined || unitFlags(ctx, id)[settings.flag] !== true) continue
    if ((unit.markers[settings.marker] ?? 0) > 0) leave.push(id)
    else if (statuses.includes(unit.status)) form.push(id)
  }
  return { form, leave }
}

/** Every eligible unit of the activation enters the wall (form) or leaves it. */
export function changeShieldWall(ctx: PlayContext, form: boolean): string[] {
  const settings = extrasSettings(ctx).shieldWall
  if (settings === undefined) return []
  const changes = shieldWallChanges(ctx)
  const units = form ? changes.form : changes.leave
  for (const id of units)
    setMarker(ctx, id, settings.marker, form ? 'add' : 'remove', settings.rule)
  return units
}
