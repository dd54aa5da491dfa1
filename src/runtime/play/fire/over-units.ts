/**
 * Units standing in a line of fire: which of them block a weapon, by how it fires over units
 * (ruleset weapons[].firesOver) and the line-of-sight settings — statuses that never block,
 * terrain whose occupants never block, a lower unit hidden by a slope's lip from a firer above
 * it, friends touching a firer who shoots over them, and the conditions under which a weapon
 * that fires over units "conditionally" may (lineOfSight.overUnits), and the men of a front row
 * a firer shoots through in formation (lineOfSight.formation, formation.ts).
 */
import type { RangeBandsTable } from '../../generated/content-types'
import type { LoadedScenario } from '../../rules/loaded'
import { rangeBand } from '../../rules'
import { boardOf } from '../../state/board'
import { hexesAround, touching, unitsCovering } from '../../state/footprints'
import type { GameState } from '../../state/game-state'
import { isEquipment } from '../equipment'
import { combatUnitsIn, isLeader } from '../forces'
import { unitFlags } from '../influence'
import type { FormationVerdict } from './formation'
import { formationVerdict } from './formation'
import { lipBetween } from './ground'
import type { FireSettings } from './settings'

type Ctx = { readonly loaded: LoadedScenario; readonly state: GameState }

/** Whether and how a weapon shoots over units (ruleset weapons[].firesOver). */
export type FiresOver = 'never' | 'always' | 'conditional'

/** The weapon of a shot, for the conditions and the sentences. */
export interface ShotWeapon {
  id: string
  label: string
  table: RangeBandsTable
}

export interface UnitsInTheWay {
  firer: string
  target: string
  fromHex: string
  toHex: string
  firesOver: FiresOver
  weapon?: ShotWeapon
  range?: number
  /** The target's cover (lineOfSight.cover), when the settings work it out. */
  cover?: string
}

/** The units in `hex` that stand in the line (the firer and target themselves left out). */
function standing(ctx: Ctx, settings: FireSettings, line: UnitsInTheWay, hex: string): string[] {
  const { loaded, state } = ctx
  const los = settings.los
  const board = boardOf(loaded)
  const occupants = los.occupantsBlockAttribute
  if (occupants !== undefined && board.hex(hex).attributes[occupants] === false) return []
  // Equipment (a wagon) never stands in the way: the ground it stands as gives cover instead.
  const units = combatUnitsIn(loaded, state, hex).filter(
    (u) =>
      u !== line.firer &&
      u !== line.target &&
      !los.nonBlockingStatuses.includes(state.units[u]?.status ?? '') &&
      !isEquipment(ctx, u),
  )
  if (units.length === 0 || los.lip === undefined) return units
  // A unit below the firer that the lip hides from him is shot over.
  const below = board.hex(hex).elevation < board.hex(line.fromHex).elevation
  return below && lipBetween(loaded, settings, line.fromHex, hex)?.blocked === true ? [] : units
}

/** Why a weapon that fires over units under conditions may not do so on this shot, or null. */
function overProblem(ctx: Ctx, settings: FireSettings, line: UnitsInTheWay): string | null {
  const over = settings.los.overUnits
  if (over === undefined) return null
  const { loaded, state } = ctx
  if (over.minBand !== undefined && line.weapon !== undefined && line.range !== undefined) {
    const bands = line.weapon.table.entries.find((e) => e.id === line.weapon?.id)?.bands ?? []
    const least = bands.findIndex((b) => b.id === over.minBand)
    const band = rangeBand(line.weapon.table, line.weapon.id, line.range)
    if (least > 0 && band.ok && band.index < least) {
      const nearer = bands[least - 1]
      return `at a target beyond ${nearer?.label ?? nearer?.id ?? ''} range`
    }
  }
  const levels = settings.los.cover?.levels ?? []
  if (over.maxCover !== undefined && line.cover !== undefined)
    if (levels.indexOf(line.cover) > levels.indexOf(over.maxCover))
      return `at a target with at most ${over.maxCover} cover`
  if (over.targetNotInContact === true) {
    const side = state.units[line.firer]?.side
    const contact = hexesAround(ctx, line.target).some((hex) =>
      unitsCovering(ctx, hex).some(
        (u) =>
          state.units[u]?.side === side &&
          !isLeader(loaded, u) &&
          !isEquipment(ctx, u) &&
          u !== line.firer,
      ),
    )
    const sideName = loaded.scenario.sides.find((s) => s.id === side)?.name ?? side ?? ''
    if (contact) return `at a target not in contact with ${sideName}`
  }
  return null
}

/** The formation verdict of each line, worked out once when a unit stands in its way. */
const verdicts = new WeakMap<UnitsInTheWay, FormationVerdict>()

function formationOf(ctx: Ctx, settings: FireSettings, line: UnitsInTheWay): FormationVerdict {
  let found = verdicts.get(line)
  if (found === undefined) {
    found = formationVerdict(ctx, settings, line)
    verdicts.set(line, found)
  }
  return found
}

/**
 * What in `hex` blocks the line for its weapon, as the end of a sentence ("unit a-1 in 0504"),
 * or null. `problem` is the conditional weapon's reason, worked out once per line.
 */
export function unitsBlocking(
  ctx: Ctx,
  settings: FireSettings,
  line: UnitsInTheWay,
  hex: string,
  problem: () => string | null,
): string | null {
  const los = settings.los
  const standingHere = standing(ctx, settings, line, hex)
  if (standingHere.length === 0) return null
  const formation = los.formation === undefined ? undefined : formationOf(ctx, settings, line)
  const units =
    formation === undefined ? standingHere : standingHere.filter((u) => !formation.through.has(u))
  if (units.length === 0) return null
  const worded = los.overUnits !== undefined && line.weapon !== undefined
  const name = (u: string): string => ctx.state.units[u]?.name ?? u
  // A man of a front row the firer stands behind: why the shot may not go through the row.
  const inRow = (u: string, otherwise: string): string => {
    const why = formation?.refused.get(u)
    return why === undefined ? otherwise : `${name(u)} in ${hex} (${why})`
  }
  if (line.firesOver === 'never') {
    if (!los.unitsBlock) return null
    const first = units[0] as string
    return worded
      ? inRow(
          first,
          `${name(first)} in ${hex} (the ${line.weapon?.label ?? ''} never shoots over anyone)`,
        )
      : `unit ${first} in ${hex}`
  }
  if (line.firesOver !== 'conditional') return null
  const board = boardOf(ctx.loaded)
  const firer = ctx.state.units[line.firer]
  if (los.notOverFriendsNextToTarget && board.distance(hex, line.toHex) === 1) {
    const friend = units.find((u) => ctx.state.units[u]?.side === firer?.side)
    if (friend !== undefined) return `friendly unit ${friend} next to the target in ${hex}`
  }
  if (los.overUnits === undefined) return null
  const flag = los.overUnits.overAdjacentFriendsFlag
  const overFriends = flag !== undefined && unitFlags(ctx, line.firer)[flag] === true
  const blocking = units.filter(
    (u) =>
      !(overFriends && ctx.state.units[u]?.side === firer?.side && touching(ctx, u, line.firer)),
  )
  if (blocking.length === 0) return null
  const why = problem()
  if (why === null) return null
  const first = blocking[0] as string
  return inRow(
    first,
    `${name(first)} in ${hex} (the ${line.weapon?.label ?? 'weapon'} shoots over others only ${why})`,
  )
}

/** The reason a conditional weapon may not shoot over units on this line, worked out once. */
export function overUnitsProblem(
  ctx: Ctx,
  settings: FireSettings,
  line: UnitsInTheWay,
): () => string | null {
  let known: { why: string | null } | undefined
  return () => {
    known ??= { why: overProblem(ctx, settings, line) }
    return known.why
  }
}
