/**
 * Who may shoot at whom: the weapons a unit carries and how far they reach, the arc it fires
 * through, the line of sight, and the situation a shot is resolved in (range, the side of the
 * target it comes through, whether it passes over units). Shared by active, return and reaction
 * fire, which add their own conditions.
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { Table } from '../../generated/content-types'
import { maxRangeOf, rangeBand } from '../../rules'
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { hexesOf } from '../../state/footprints'
import type { GameState } from '../../state/game-state'
import { isOutOfBattle, statusLabel } from '../../state/battle-statuses'
import { isEquipment } from '../equipment'
import { isLeader } from '../forces'
import { unitFlags } from '../influence'
import type { FireSettings } from './settings'
import { outOfAmmunition } from './ammunition'
import { levelShift } from './elevation'
import { fireSettings } from './settings'
import type { FiresOver } from './sight'
import { lineOfSight, sectorSeen } from './sight'

type Ctx = { readonly loaded: LoadedScenario; readonly state: GameState }

export type FireMode = 'active' | 'return' | 'reaction'

/** One shot, as the fire resolution needs it; plain JSON, kept in frames. */
export interface Shot {
  firer: string
  target: string
  weapon: string
  mode: FireMode
  range: number
  /** Sector of the target the shot comes through ('' when the target has no facing). */
  angle: string
  overUnits: boolean
  /** The target's cover along the line (fire.cover), when the settings work it out. */
  cover?: string
  /** Range bands farther for the difference of level (fire.bandShift), when not 0. */
  bandShift?: number
  /** The resolution of the shot, when its phase names one (else mechanics.fire.resolution). */
  resolution?: string
  /** The fire mode the resolution sees (fire.mode), when its phase names one (else `mode`). */
  phaseMode?: string
}

export type ShotCheck = { ok: true; shot: Shot } | { ok: false; message: string; rule?: string }

export interface Weapon {
  id: string
  label: string
  firesOver: FiresOver
  table: Extract<Table, { kind: 'range-bands' }>
}

const refuse = (message: string, rule: string | undefined): ShotCheck =>
  rule === undefined ? { ok: false, message } : { ok: false, message, rule }

/** The weapons a unit's type carries that have a range chart in these rules. */
export function weaponsOf(ctx: Ctx, id: string): Weapon[] {
  const unit = ctx.state.units[id]
  if (unit === undefined) return []
  const rules = ctx.loaded.rules
  const carried = rules.unitTypes.get(unit.type)?.weapons ?? []
  const out: Weapon[] = []
  for (const ref of carried) {
    const weapon = (rules.ruleset.weapons ?? []).find((w) => w.id === ref.weapon)
    const table = weapon?.ranges === undefined ? undefined : rules.tables.get(weapon.ranges)
    if (weapon === undefined || table?.kind !== 'range-bands') continue
    if (out.some((w) => w.id === weapon.id)) continue
    out.push({
      id: weapon.id,
      label: weapon.label,
      firesOver: weapon.firesOver ?? 'never',
      table,
    })
  }
  return out
}

/** How far a weapon reaches: its chart's last band, or the settings' fixed maximum if shorter. */
export function reachOf(settings: FireSettings, weapon: Weapon): number {
  const chart = maxRangeOf(weapon.table, weapon.id) ?? 0
  return settings.maxRange === undefined ? chart : Math.min(chart, settings.maxRange)
}

function inRange(settings: FireSettings, weapon: Weapon, distance: number): boolean {
  return distance <= reachOf(settings, weapon) && rangeBand(weapon.table, weapon.id, distance).ok
}

/**
 * Whether some weapon of `firer` reaches `target`'s hex by range alone: the first thing
 * `checkShot` asks, cheap enough to sort out the many units too far to fire before the rest.
 */
export function withinSomeRange(ctx: Ctx, firer: string, target: string): boolean {
  const from = ctx.state.units[firer]?.hex
  const to = ctx.state.units[target]?.hex
  if (from == null || to == null) return true
  const distance = boardOf(ctx.loaded).distance(from, to)
  const settings = fireSettings(ctx.loaded.rules)
  return weaponsOf(ctx, firer).some((w) => inRange(settings, w, distance))
}

/** Why a unit may not fire at all now (status, markers, no weapon), or null. */
export function cannotFire(ctx: Ctx, id: string): { message: string; rule?: string } | null {
  const settings = fireSettings(ctx.loaded.rules)
  const unit = ctx.state.units[id]
  if (unit === undefined) return { message: `there is no unit "${id}"` }
  if (unit.location !== 'map' || unit.hex === null)
    return { message: `unit ${id} is not on the map` }
  if (isLeader(ctx.loaded, id)) return { message: `${id} is a leader, not a missile unit` }
  const rule = settings.rule
  const withRule = (message: string) => (rule === undefined ? { message } : { message, rule })
  if (settings.missileFlag !== undefined && unitFlags(ctx, id)[settings.missileFlag] !== true)
    return withRule(`unit ${id} is not a missile unit`)
  if (weaponsOf(ctx, id).length === 0)
    return withRule(`unit ${id} carries no weapon these rules give a range for`)
  if (settings.noFireStatuses.includes(unit.status))
    return withRule(`unit ${id} is ${unit.status} and may not fire`)
  if (settings.engagedMarker !== undefined && (unit.markers[settings.engagedMarker] ?? 0) > 0)
    return withRule(`unit ${id} is engaged and may not fire`)
  const firing = settings.firingAllowedAttribute
  if (firing !== undefined) {
    const board = boardOf(ctx.loaded)
    const wet = hexesOf(ctx, id).find((hex) => board.hex(hex).attributes[firing] === false)
    if (wet !== undefined) {
      const terrain = board.hex(wet).terrain
      const label =
        ctx.loaded.rules.ruleset.terrain.hexTypes.find((t) => t.id === terrain)?.label ?? terrain
      return withRule(`${unit.name ?? id} stands in ${label} and may not fire from there`)
    }
  }
  return null
}

/**
 * Whether `firer` may shoot at `target` now with `weapon` (the first weapon that reaches when
 * none is named), and the shot if so. Checks the target, range, arc and line of sight; the
 * mode's own conditions (activation, reactions) are the caller's.
 */
export function checkShot(
  ctx: Ctx,
  firer: string,
  target: string,
  mode: FireMode,
  weaponId?: string,
): ShotCheck {
  const settings = fireSettings(ctx.loaded.rules)
  const problem = cannotFire(ctx, firer)
  if (problem !== null) return refuse(problem.message, problem.rule)
  const shooter = ctx.state.units[firer]
  const aimed = ctx.state.units[target]
  if (aimed === undefined) return refuse(`there is no unit "${target}"`, undefined)
  if (aimed.location !== 'map' || aimed.hex === null)
    return refuse(`unit ${target} is not on the map`, undefined)
  if (isLeader(ctx.loaded, target))
    return refuse(`${target} is a leader: fire is aimed at units, never at leaders`, settings.rule)
  if (aimed.side === shooter?.side) return refuse(`unit ${target} is a friend`, undefined)
  if (isOutOfBattle(ctx.loaded, aimed.status))
    return refuse(
      `${aimed.name ?? target} is ${statusLabel(ctx.loaded, aimed.status).toLowerCase()}, out of the battle, and may not be fired at`,
      undefined,
    )
  if (isEquipment(ctx, target)) {
    const rule = ctx.loaded.rules.unitTypes.get(aimed.type)?.equipment?.rule ?? settings.rule
    return refuse(
      `${aimed.name ?? target} is equipment, not a character: it cannot be fired at`,
      rule,
    )
  }
  if (settings.engagedMarker !== undefined && (aimed.markers[settings.engagedMarker] ?? 0) > 0)
    return refuse(`unit ${target} is engaged and may not be fired at`, settings.rule)
  const from = shooter?.hex as string
  const to = aimed.hex
  const board = boardOf(ctx.loaded)
  const distance = board.distance(from, to)
  const weapons = weaponsOf(ctx, firer)
  let weapon: Weapon | undefined
  if (weaponId !== undefined) {
    weapon = weapons.find((w) => w.id === weaponId)
    if (weapon === undefined)
      return refuse(`unit ${firer} cannot fire a weapon "${weaponId}" here`, undefined)
    if (!inRange(settings, weapon, distance))
      return refuse(
        `unit ${target} is ${distance} hexes away, out of range of ${weapon.label} (at most ${reachOf(settings, weapon)})`,
        settings.rule,
      )
    const levels = levelShift(ctx, weapon, firer, target, from, to, distance)
    if (!levels.ok) return refuse(levels.message, levels.rule)
    const empty = outOfAmmunition(ctx, firer, weapon.id)
    if (empty !== null) return refuse(empty.message, empty.rule)
  } else {
    const inReach = weapons.filter((w) => inRange(settings, w, distance))
    const reaching = inReach.filter((w) => levelShift(ctx, w, firer, target, from, to, distance).ok)
    const barred = inReach[0]
    if (reaching.length === 0 && barred !== undefined) {
      const why = levelShift(ctx, barred, firer, target, from, to, distance)
      if (!why.ok) return refuse(why.message, why.rule)
    }
    weapon = reaching.find((w) => outOfAmmunition(ctx, firer, w.id) === null)
    const empty = reaching.length > 0 && weapon === undefined
    if (empty) {
      const why = outOfAmmunition(ctx, firer, (reaching[0] as Weapon).id)
      if (why !== null) return refuse(why.message, why.rule)
    }
    if (weapon === undefined) {
      const reach = Math.max(...weapons.map((w) => reachOf(settings, w)))
      return refuse(
        `unit ${target} is ${distance} hexes away, out of range of ${firer} (at most ${reach})`,
        settings.rule,
      )
    }
  }
  const narrow =
    settings.arc.narrowFlag !== undefined && unitFlags(ctx, firer)[settings.arc.narrowFlag] === true
  const sectors = narrow ? settings.arc.narrowSectors : settings.arc.sectors
  const seen = shooter?.facing == null ? '' : sectorSeen(ctx, settings, from, shooter.facing, to)
  if (shooter?.facing != null && !sectors.includes(seen))
    return refuse(
      `unit ${target} is in the ${seen === '' ? 'blind' : seen} arc of ${firer}, which fires only through its ${sectors.join(', ')}`,
      settings.arc.rule,
    )
  // A rider is seen in either of his hexes: the first clear line counts (the next is drawn only
  // when this one is blocked).
  let sight: ReturnType<typeof lineOfSight> | undefined
  for (const toHex of hexesOf(ctx, target)) {
    const line = lineOfSight(ctx, settings, {
      firer,
      target,
      toHex,
      firesOver: weapon.firesOver,
      weapon,
      range: distance,
    })
    sight ??= line
    if (line.clear) {
      sight = line
      break
    }
  }
  if (sight === undefined) return refuse(`unit ${target} is not on the map`, undefined)
  if (!sight.clear)
    return refuse(
      `${firer} cannot see ${target}: the line is blocked by ${sight.blockedBy ?? 'something'}`,
      settings.los.rule,
    )
  if (sight.covered)
    return refuse(
      `${target} is screened by the hedge in front of it and cannot be hit from ${distance} hexes`,
      settings.los.hedges?.rule ?? settings.los.rule,
    )
  const shift = levelShift(ctx, weapon, firer, target, from, to, distance)
  const bandShift = shift.ok ? shift.shift : 0
  return {
    ok: true,
    shot: {
      firer,
      target,
      weapon: weapon.id,
      mode,
      range: distance,
      angle: aimed.facing === null ? '' : sectorSeen(ctx, settings, to, aimed.facing, from),
      overUnits: sight.overUnits,
      ...(sight.cover === undefined ? {} : { cover: sight.cover }),
      ...(bandShift === 0 ? {} : { bandShift }),
    },
  }
}

/** The `resolve`-shaped description of a shot for runResolution. */
export function shotArgs(settings: FireSettings, shot: Shot): Action {
  return {
    type: 'resolve',
    resolution: shot.resolution ?? settings.resolution,
    firer: shot.firer,
    target: shot.target,
    weapon: shot.weapon,
    mode: shot.phaseMode ?? shot.mode,
    range: shot.range,
    // A target with no facing is seen from no particular angle.
    ...(shot.angle === '' ? {} : { angle: shot.angle }),
    overUnits: shot.overUnits,
    ...(shot.cover === undefined ? {} : { cover: shot.cover }),
    ...(shot.bandShift === undefined ? {} : { bandShift: shot.bandShift }),
  }
}

/** Every weapon of `firer` that could shoot at `target` now, as the fire action's fields. */
export function shotChoices(ctx: Ctx, firer: string, target: string, mode: FireMode): Action[] {
  const weapons = weaponsOf(ctx, firer)
  const out: Action[] = []
  for (const weapon of weapons) {
    const check = checkShot(ctx, firer, target, mode, weapon.id)
    if (!check.ok) continue
    out.push(
      weapons.length === 1
        ? { type: 'fire', unit: firer, target }
        : { type: 'fire', unit: firer, target, weapon: weapon.id },
    )
  }
  return out
}

/** Enemy combat units on the map within `reach` hexes of `id`, nearest first. */
export function enemiesWithin(ctx: Ctx, id: string, reach: number): string[] {
  const unit = ctx.state.units[id]
  if (unit?.hex == null) return []
  const board = boardOf(ctx.loaded)
  const here = unit.hex
  return Object.entries(ctx.state.units)
    .filter(
      ([other, u]) =>
        u.side !== unit.side &&
        u.location === 'map' &&
        u.hex !== null &&
        !isLeader(ctx.loaded, other) &&
        !isEquipment(ctx, other) &&
        board.distance(here, u.hex) <= reach,
    )
    .map(([other]) => other)
}
