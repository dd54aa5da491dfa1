/**
 * Range shifts by difference of level (mechanics.fire.elevation): a weapon listed there, shot
 * at a target whose hex lies higher or lower than the firer's, reads its range band as many
 * bands farther as the shift with the most levels reached gives, or may not shoot at all. A
 * shift past the weapon's last band forbids the shot. The shift goes to the resolution as the
 * fire fact `bandShift`, which the range modifier reads (shiftedRangeModifier).
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { RangeBandsTable } from '../../generated/content-types'
import { rangeBand } from '../../rules'
import { boardOf } from '../../state/board'
import type { GameState } from '../../state/game-state'

type Ctx = { readonly loaded: LoadedScenario; readonly state: GameState }

/** What a shot needs of its weapon here. */
export interface LevelWeapon {
  id: string
  label: string
  table: RangeBandsTable
}

export type LevelShift = { ok: true; shift: number } | { ok: false; message: string; rule?: string }

const LEVEL = { ok: true, shift: 0 } as const

const nameOf = (ctx: Ctx, id: string): string => ctx.state.units[id]?.name ?? id

const levelsWord = (n: number): string => `${n} level${n === 1 ? '' : 's'}`

const bandsWord = (n: number): string => `${n} band${n === 1 ? '' : 's'}`

/**
 * How many bands farther a shot of `weapon` from `from` at `target` standing in `to`, `distance`
 * hexes away, is read for the difference of level, or why it may not be made.
 */
export function levelShift(
  ctx: Ctx,
  weapon: LevelWeapon,
  firer: string,
  target: string,
  from: string,
  to: string,
  distance: number,
): LevelShift {
  const settings = ctx.loaded.rules.ruleset.mechanics?.fire?.elevation
  const entry = settings?.weapons.find((w) => w.weapon === weapon.id)
  if (settings === undefined || entry === undefined) return LEVEL
  const board = boardOf(ctx.loaded)
  const rise = board.hex(to).elevation - board.hex(from).elevation
  const levels = Math.abs(rise)
  let reached: (typeof entry.shifts)[number] | undefined
  for (const shift of entry.shifts)
    if (levels >= shift.levels && (reached === undefined || shift.levels > reached.levels))
      reached = shift
  if (reached === undefined) return LEVEL
  const rule = settings.rule === undefined ? {} : { rule: settings.rule }
  const weaponName = weapon.label.toLowerCase()
  const where = `${nameOf(ctx, target)} stands ${levelsWord(levels)} ${rise > 0 ? 'above' : 'below'} ${nameOf(ctx, firer)}`
  if (reached.noShot === true)
    return {
      ok: false,
      message: `${where}: a ${weaponName} cannot shoot across so many levels`,
      ...rule,
    }
  const shift = reached.bands ?? 0
  const found = rangeBand(weapon.table, weapon.id, distance)
  const bands = weapon.table.entries.find((e) => e.id === weapon.id)?.bands ?? []
  const last = bands[bands.length - 1]
  if (found.ok && found.index + shift >= bands.length)
    return {
      ok: false,
      message: `${where}: at ${distance} hexes a ${weaponName} shot ${bandsWord(shift)} farther would be beyond its ${(last?.label ?? 'last').toLowerCase()} range`,
      ...rule,
    }
  return { ok: true, shift }
}
