/**
 * Where shock combat happens on the board: a unit's frontal hexes, which enemy units it can
 * attack into, the sector an attacker strikes through, charge paths and the line of sight
 * a charge needs. Read-only questions on the state and the map.
 */
import { lineWalk, turnFacing } from '../../hex'
import { boardOf } from '../../state/board'
import { fromArrangement } from '../../state/occupancy'
import type { Cube } from '../../hex'
import { combatUnitsIn } from '../forces'
import { fireSettings } from '../fire/settings'
import { lineOfSight } from '../fire/sight'
import { influenceMap, movementClassOf } from '../influence'
import type { PlayContext } from '../procedure'
import { remembered } from '../procedure'
import { stepCost } from '../terrain-costs'
import { attackSettings, chargeSettings, frontSector, shieldWall } from './settings'
import type { ChargePath } from './types'

type Ctx = Pick<PlayContext, 'loaded' | 'state'> & Partial<Pick<PlayContext, 'memo'>>

export function hexOf(ctx: Ctx, id: string): string | null {
  const unit = ctx.state.units[id]
  return unit === undefined || unit.location !== 'map' ? null : unit.hex
}

/** The hexes in front of a unit standing in `hex` with `facing` (its own place and facing by default). */
export function frontalHexes(ctx: Ctx, id: string, hex?: string, facing?: number): string[] {
  const unit = ctx.state.units[id]
  const at = hex ?? hexOf(ctx, id)
  const clock = facing ?? unit?.facing ?? null
  if (at === null || clock === null) return []
  const board = boardOf(ctx.loaded)
  const front = frontSector(ctx)
  return board.neighbors(at).filter((n) => board.sector(at, clock, n) === front)
}

/** The sector of unit `id` that something in `from` is in (front, flanks, rear…); '' without facing. */
export function sectorSeenBy(ctx: Ctx, id: string, from: string): string {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.hex === null || unit.facing === null) return ''
  return boardOf(ctx.loaded).sector(unit.hex, unit.facing, from)
}

/** Combat units of other sides than `side` in `hex`. */
export function enemiesAt(ctx: Ctx, side: string, hex: string): string[] {
  return combatUnitsIn(ctx.loaded, ctx.state, hex).filter(
    (id) => ctx.state.units[id]?.side !== side,
  )
}

/** Whether the terrain forbids attacking from `from` into the adjacent `to` (NA in the shock column). */
export function attackForbidden(ctx: Ctx, from: string, to: string): boolean {
  const key = attackSettings(ctx).prohibitedAttribute
  if (key === undefined) return false
  const board = boardOf(ctx.loaded)
  return board.hex(to).attributes[key] === true || board.hexside(from, to).attributes[key] === true
}

/** The frontal hexes of unit `id` holding enemy units it may attack into. */
export function attackableHexes(ctx: Ctx, id: string): string[] {
  const unit = ctx.state.units[id]
  const at = hexOf(ctx, id)
  if (unit === undefined || at === null) return []
  return frontalHexes(ctx, id).filter(
    (h) => enemiesAt(ctx, unit.side, h).length > 0 && !attackForbidden(ctx, at, h),
  )
}

function blocksSight(ctx: Ctx, hex: string, unitsBlock: boolean): boolean {
  const board = boardOf(ctx.loaded)
  const info = board.hex(hex)
  const types = ctx.loaded.rules.ruleset.terrain.hexTypes
  const terrainBlocks = [info.terrain, ...info.features].some(
    (t) => types.find((x) => x.id === t)?.blocksLos === true,
  )
  return terrainBlocks || (unitsBlock && combatUnitsIn(ctx.loaded, ctx.state, hex).length > 0)
}

/**
 * Line of sight for a charge: no blocking hex between the two, units blocking when the
 * settings say so; a line along a hexside is blocked only when both hexes block, and a corner
 * only grazed never blocks on its own. The ground (higher ground, hexsides) is groundSight's.
 */
export function chargeLineOfSight(ctx: Ctx, from: string, to: string): boolean {
  const board = boardOf(ctx.loaded)
  const a = board.cubeOf(from)
  const b = board.cubeOf(to)
  if (a === null || b === null) return false
  const unitsBlock = chargeSettings(ctx)?.losBlockedByUnits ?? true
  const steps = lineWalk(a, b)
  // Off the map (a line along its edge) nothing blocks.
  const blocks = (c: Cube): boolean => {
    const label = board.labelIfOnMap(c)
    return label !== null && blocksSight(ctx, label, unitsBlock)
  }
  for (const step of steps.slice(1, -1)) {
    if (step.kind === 'hex' && blocks(step.hex)) return false
    if (step.kind === 'spine' && blocks(step.left) && blocks(step.right)) return false
  }
  return true
}

/**
 * The ground's part of a charge's line of sight: when the ruleset gives
 * fire a line of sight, the charger must see the target by it too — higher ground, blocking
 * hexsides and hedges as the fire rules read them. Units are left to chargeLineOfSight.
 */
function groundSight(ctx: Ctx, charger: string, target: string): boolean {
  if (ctx.loaded.rules.ruleset.mechanics?.fire?.lineOfSight === undefined) return true
  const settings = fireSettings(ctx.loaded.rules)
  return lineOfSight(ctx, settings, { firer: charger, target, firesOver: 'always' }).clear
}

/** Whether a charge (or counter-charge) may cross from `from` into `to`, or strike a target there. */
function chargeStepOpen(ctx: Ctx, from: string, to: string, moveClass: string): boolean {
  const key = chargeSettings(ctx)?.forbiddenAttribute
  const board = boardOf(ctx.loaded)
  if (key !== undefined) {
    if (board.hex(to).attributes[key] === true) return false
    if (board.hexside(from, to).attributes[key] === true) return false
  }
  return stepCost(ctx.loaded, from, to, moveClass) !== null
}

/** Hexes a charge path of `side` may not pass through (the hex where it stops excepted). */
export function avoidedHexes(ctx: Ctx, side: string): ReadonlySet<string> {
  // Listing every legal charge asks this many times over the same positions; it reads where
  // the enemies of `side` stand only, so it is kept while they stay where they are.
  return fromArrangement(
    ctx.loaded,
    ctx.state,
    `charge-avoided|${side}`,
    () => computeAvoided(ctx, side),
    side,
  )
}

function computeAvoided(ctx: Ctx, side: string): Set<string> {
  const board = boardOf(ctx.loaded)
  if ((chargeSettings(ctx)?.pathAvoids ?? 'enemy-adjacent') === 'enemy-influence')
    return new Set(influenceMap(ctx, side).keys())
  const out = new Set<string>()
  for (const [, u] of Object.entries(ctx.state.units)) {
    if (u.side === side || u.location !== 'map' || u.hex === null) continue
    if (combatUnitsIn(ctx.loaded, ctx.state, u.hex).length === 0) continue
    for (const n of board.neighbors(u.hex)) out.add(n)
  }
  return out
}

/** Whether the target may be struck from `last` (terrain, its shield wall). */
export function targetOpen(ctx: Ctx, charger: string, last: string, target: string): boolean {
  const targetHex = hexOf(ctx, target)
  if (targetHex === null) return false
  if (!chargeStepOpen(ctx, last, targetHex, movementClassOf(ctx, charger))) return false
  const wall = shieldWall(ctx)
  if (
    wall !== null &&
    wall.noCharge &&
    (ctx.state.units[target]?.markers[wall.marker] ?? 0) > 0 &&
    sectorSeenBy(ctx, target, last) === frontSector(ctx)
  )
    return false
  return true
}

/** Facings a unit may take before charging: its own, then each turn up to `turns` vertices. */
export function facingsWithin(clock: number, turns: number): { facing: number; turn: number }[] {
  const out = [{ facing: clock, turn: 0 }]
  for (let t = 1; t <= turns; t++)
    out.push({ facing: turnFacing(clock, t), turn: t }, { facing: turnFacing(clock, -t), turn: t })
  return out
}

/**
 * Every charge path from the charger to its target: through frontal hexes with a facing
 * fixed before it starts (its own, or turned up to `turns`), `between` hexes long (each free of
 * units, open to the charger and its charge, not under `avoided` except the last, not in
 * `taken`), ending next to the target with the target in front, in sight of it.
 */
export function chargePaths(
  ctx: Ctx,
  charger: string,
  target: string,
  options: { between: { min: number; max: number }; turns: number; taken: ReadonlySet<string> },
): ChargePath[] {
  // A listing weighs the same charger and target for many declarations: remembered there.
  if (ctx.memo === undefined) return findChargePaths(ctx, charger, target, options)
  const { between, turns, taken } = options
  const key = `charge-paths|${charger}|${target}|${between.min}|${between.max}|${turns}|${[...taken].sort().join(',')}`
  return remembered(ctx, key, () => findChargePaths(ctx, charger, target, options))
}

function findChargePaths(
  ctx: Ctx,
  charger: string,
  target: string,
  options: { between: { min: number; max: number }; turns: number; taken: ReadonlySet<string> },
): ChargePath[] {
  const unit = ctx.state.units[charger]
  const from = hexOf(ctx, charger)
  const targetHex = hexOf(ctx, target)
  if (unit === undefined || from === null || targetHex === null || unit.facing === null) return []
  const board = boardOf(ctx.loaded)
  const between = board.distance(from, targetHex) - 1
  if (between < options.between.min || between > options.between.max) return []
  if (!chargeLineOfSight(ctx, from, targetHex) || !groundSight(ctx, charger, target)) return []
  const moveClass = movementClassOf(ctx, charger)
  const avoided = avoidedHexes(ctx, unit.side)
  const front = frontSector(ctx)
  const found: ChargePath[] = []
  for (const { facing } of facingsWithin(unit.facing, options.turns)) {
    const walk = (at: string, hexes: string[]): void => {
      if (hexes.length === between) {
        if (board.sector(at, facing, targetHex) !== front) return
        if (!targetOpen(ctx, charger, at, target)) return
        found.push({ hexes: [...hexes], facing })
        return
      }
      for (const next of board.neighbors(at)) {
        if (board.sector(at, facing, next) !== front) continue
        if (hexes.includes(next) || next === targetHex) continue
        if (combatUnitsIn(ctx.loaded, ctx.state, next).length > 0 || options.taken.has(next))
          continue
        const last = hexes.length + 1 === between
        if (!last && avoided.has(next)) continue
        if (board.distance(next, targetHex) !== between - hexes.length) continue
        if (!chargeStepOpen(ctx, at, next, moveClass)) continue
        walk(next, [...hexes, next])
      }
    }
    walk(from, [])
  }
  // The same hexes reached with the unit's own facing need no turn.
  const seen = new Set<string>()
  return found.filter((p) => {
    const key = p.hexes.join(' ')
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
