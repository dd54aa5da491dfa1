/**
 * Which pieces may move now and what a moving piece is: its movement class, flags, the movement
 * points it has left, whether it is out of command, the enemies whose influence it has already
 * been in this activation, and for a unit off the map the hexes it may enter by.
 */
import type { Frame } from '../../state/flow-types'
import { isActivated, peekActivity } from '../activity'
import { leaderIds } from '../../state/game-state'
import {
  ambushStandardBan,
  ambushWaits,
  disengageCost,
  disengagedThisActivation,
  engagedIntent,
  isEngaged,
  shieldWallLimits,
} from '../extras'
import { commandById, isOverallCommander, statusCanAct } from '../forces'
import { movementClassOf, unitRatings } from '../influence'
import type { PlayContext } from '../procedure'
import { plannedAllowance, plansOn } from '../fire/plans'
import { bookOf, hasFinished } from './acting'
import type { Facts } from './facts'
import { entryHexes, groupArrived, groupById } from './reinforcements'
import { activationSetting, allowanceRating } from './settings'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export interface Mover {
  id: string
  side: string
  leader: boolean
  moveClass: string
  flags: Readonly<Record<string, boolean>>
  /** Does not stop on entering enemy influence (pays the exempt leaving cost instead). */
  exempt: boolean
  outOfCommand: boolean
  /** Enemies whose influence it began the activation in or has entered since. */
  memory: ReadonlySet<string>
  /** Moves a number of hexes toward its standard instead of spending movement points. */
  retired: boolean
  standard: string | null
  /** Movement points left (hexes left for a retired unit). */
  budget: number
  /** Its hex; null while it waits off the map. */
  start: string | null
  entries: readonly string[]
  counts: boolean
  /** Why it may not enter hexes next to an enemy unit (out of command, disengaging); null if it may. */
  approachBan: { message: string; rule?: string } | null
  /** Extra points to leave its starting hex (disengaging). */
  disengageCost: number
  /** Why it may not enter a hex holding an enemy standard (an ambushing unit); absent if it may. */
  standardBan?: { message: string; rule?: string } | null
}

/**
 * The movement allowance now: a change of form may have fixed it for the activation, and a fire
 * plan may limit it (fire/plans.ts).
 */
export function allowanceOf(ctx: Ctx, frame: Frame, id: string): number {
  const fixed = bookOf(frame).allowance[id]
  const value = unitRatings(ctx, id)[allowanceRating(ctx.loaded)]
  const allowance = fixed ?? (typeof value === 'number' ? value : 0)
  return plannedAllowance(ctx, id, allowance)
}

/** Whether a leader may move in the running activation (with his command, or as a free commander). */
export function leaderMayMove(ctx: Ctx, id: string): boolean {
  if (isActivated(ctx, id)) return true
  const activation = ctx.state.flow?.activation
  const unit = ctx.state.units[id]
  if (activation === null || activation === undefined || unit === undefined) return false
  const side = ctx.loaded.scenario.sides.find((s) => s.id === unit.side)
  const leadsCommand = (side?.commands ?? []).some((c) => c.leader === id)
  return (
    ctx.loaded.rules.ruleset.mechanics?.movement?.leaders?.commanderMovesInFreeActivations ===
      true &&
    isOverallCommander(ctx.loaded, ctx.state, id) &&
    !leadsCommand &&
    activation.free &&
    activation.side === unit.side
  )
}

function marked(ctx: Ctx, id: string, marker: string | undefined): boolean {
  return marker !== undefined && (ctx.state.units[id]?.markers[marker] ?? 0) > 0
}

/** Why the piece may not begin (or go on with) a move now; null when it may. */
export function whyNotMove(ctx: Ctx, frame: Frame, f: Facts, id: string): string | null {
  const unit = ctx.state.units[id]
  const activation = ctx.state.flow?.activation
  if (unit === undefined) return `there is no unit "${id}"`
  if (activation === null || activation === undefined) return 'no activation is running'
  if (unit.side !== activation.side) return `${id} belongs to ${unit.side}, who is not active`
  if (!statusCanAct(ctx.loaded, unit.status) || unit.location === 'removed')
    return `${id} is out of play`
  const leader = f.isLeader(id)
  if (leader ? !leaderMayMove(ctx, id) : !isActivated(ctx, id))
    return `${id} is not part of the activated command`
  if (unit.location === 'reinforcements') {
    const group = unit.group === null ? undefined : groupById(ctx.loaded, unit.group)
    if (group === undefined || !groupArrived(ctx, group, unit.side))
      return `${id} is not due to arrive yet`
    if (entryHexes(ctx.loaded, group).length === 0) return `${id} has no hex to enter by`
    const hidden = ambushWaits(ctx, id)
    if (hidden !== null) return hidden
  }
  if (unit.ended !== null) return `${id} may move no further this activation`
  if (ctx.loaded.rules.unitTypes.get(unit.type)?.haulage !== undefined)
    return `${id} moves only with a crew, who haul it`
  const book = bookOf(frame)
  for (const [with_, leaders] of Object.entries(book.riders))
    if (leaders.includes(id)) return `${id} moved with ${with_} and stays with it`
  if (hasFinished(ctx, frame, id))
    return `${id} has finished its move: another piece has acted since`
  if (book.stopped.includes(id)) return `${id} has stopped for this activation`
  const settings = f.settings
  const activity = peekActivity(ctx, id)
  const flags = f.flags(id)
  if (!leader && shieldWallLimits(ctx, id)?.noMove === true)
    return `${id} is in a shield wall and may not move`
  if (!leader && isEngaged(ctx, id) && engagedIntent(ctx, id) !== 'disengage')
    return `${id} is engaged and stays where it is this activation`
  const fireFlag = settings.moveAfterFireFlag
  // Under fire plans, firing limits the move (allowanceOf) instead of ending it.
  if (
    activity?.fired === true &&
    (fireFlag === undefined || flags[fireFlag] !== true) &&
    !plansOn(ctx.loaded.rules)
  )
    return `${id} has fired, which ends its move`
  const ooc = settings.outOfCommand
  if (
    !leader &&
    ooc?.frozenUnderInfluence === true &&
    marked(ctx, id, ooc.marker) &&
    (activity?.startAdjacent.length ?? 0) > 0 &&
    (ooc.frozenFlag === undefined || flags[ooc.frozenFlag] === true)
  )
    return `${id} is out of command and began the activation next to the enemy, so it may not move`
  return null
}

/** The moving piece as the path rules see it. */
export function moverOf(ctx: Ctx, frame: Frame, f: Facts, id: string): Mover {
  const unit = ctx.state.units[id]
  if (unit === undefined) throw new RangeError(`no unit "${id}"`)
  const settings = f.settings
  const activity = peekActivity(ctx, id)
  const flags = f.flags(id)
  const leader = f.isLeader(id)
  const retired =
    !leader && settings.retired !== undefined && unit.status === settings.retired.status
  const spent = activity?.mp ?? 0
  const budget = retired
    ? (settings.retired?.hexes ?? 1) - spent
    : allowanceOf(ctx, frame, id) - spent
  const group = unit.group === null ? undefined : groupById(ctx.loaded, unit.group)
  const exemptFlag = settings.enemyInfluence?.exemptFlag
  const command = unit.command
  const standard = command === null ? null : (ctx.state.flow?.standards[command] ?? null)
  const outOfCommand = !leader && marked(ctx, id, settings.outOfCommand?.marker)
  const disengaging = !leader && isEngaged(ctx, id) && engagedIntent(ctx, id) === 'disengage'
  const engagedRule = activationSetting(ctx.loaded, 'engaged', 'rule')
  let approachBan: Mover['approachBan'] = null
  if (outOfCommand && settings.outOfCommand?.mayNotApproachEnemy === true)
    approachBan = {
      message: 'it is out of command, so it may not move next to the enemy',
      ...(settings.outOfCommand.rule === undefined ? {} : { rule: settings.outOfCommand.rule }),
    }
  else if (disengaging || disengagedThisActivation(ctx, id))
    approachBan = {
      message: 'it is disengaging, so it may not come next to the enemy this activation',
      ...(typeof engagedRule === 'string' ? { rule: engagedRule } : {}),
    }
  return {
    id,
    side: unit.side,
    leader,
    moveClass: movementClassOf(ctx, id),
    flags,
    exempt: exemptFlag !== undefined && flags[exemptFlag] === true,
    outOfCommand,
    memory: new Set([...(activity?.startAdjacent ?? []), ...(activity?.touched ?? [])]),
    retired,
    standard,
    budget,
    start: unit.location === 'map' ? unit.hex : null,
    entries:
      unit.location === 'reinforcements' && group !== undefined
        ? entryHexes(ctx.loaded, group)
        : [],
    counts: !leader && f.counts(id),
    approachBan,
    disengageCost: disengaging ? disengageCost(ctx, id) : 0,
    standardBan: leader ? null : ambushStandardBan(ctx, id),
  }
}

/** Leaders who may ride with `unit` on this leg: those who must (rode before) or may (stacked, unmoved). */
export function riderChoices(
  ctx: Ctx,
  frame: Frame,
  f: Facts,
  unit: string,
): { must: string[]; may: string[] } {
  const before = bookOf(frame).riders[unit] ?? []
  const u = ctx.state.units[unit]
  if (before.length > 0 || u === undefined || peekActivity(ctx, unit)?.moved === true)
    return { must: before.filter((l) => ctx.state.units[l]?.location === 'map'), may: [] }
  const rideWith = f.settings.leaders?.rideWith ?? 'own-leader-or-commander'
  const own = u.command === null ? undefined : commandById(ctx.loaded, u.command)?.leader
  const may = [...leaderIds(ctx.loaded)].filter((l) => {
    const leader = ctx.state.units[l]
    if (leader === undefined || leader.side !== u.side || leader.ended !== null) return false
    if (!statusCanAct(ctx.loaded, leader.status)) return false
    const together =
      u.location === 'map'
        ? leader.location === 'map' && leader.hex === u.hex
        : leader.location === 'reinforcements' && leader.group !== null && leader.group === u.group
    if (!together) return false
    const a = peekActivity(ctx, l)
    if (a !== undefined && (a.moved || a.mp > 0)) return false
    if (Object.values(bookOf(frame).riders).some((list) => list.includes(l))) return false
    return rideWith === 'any-leader' || l === own || isOverallCommander(ctx.loaded, ctx.state, l)
  })
  return { must: [], may }
}
