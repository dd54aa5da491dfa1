/**
 * Seeing for fire: the sector a line comes through (with the fire rules' own reading of lines
 * along a hexspine) and the line of sight from the centre of one hex to the centre of another.
 * The exact line walk (hex/los.ts) reports the hexes crossed, the hexsides run along and the
 * corners touched; what blocks each of them is the ruleset's terrain chart and fire settings.
 */
import type { LoadedScenario } from '../../rules/loaded'
import { exitFrom, lineWalk, relativeBearing } from '../../hex'
import type { Cube } from '../../hex'
import { boardOf } from '../../state/board'
import { hexesOf } from '../../state/footprints'
import type { GameState } from '../../state/game-state'
import { isEquipment } from '../equipment'
import { combatUnitsIn } from '../forces'
import { unitFlags } from '../influence'
import { coverOf, crossings, lipBetween } from './ground'
import type { FiresOver, ShotWeapon } from './over-units'
import { overUnitsProblem, unitsBlocking } from './over-units'
import type { FireSettings } from './settings'

export type { FiresOver } from './over-units'

type Ctx = { readonly loaded: LoadedScenario; readonly state: GameState }

/**
 * The sector of `from` seen by a unit in `at` facing `facing`: the board's sector table, except
 * that a line leaving along a hexspine reads the fire settings' spine sectors first.
 */
export function sectorSeen(
  ctx: Ctx,
  settings: FireSettings,
  at: string,
  facing: number,
  from: string,
): string {
  const board = boardOf(ctx.loaded)
  const a = board.cubeOf(at)
  const b = board.cubeOf(from)
  if (a === null || b === null || (a.q === b.q && a.r === b.r)) return ''
  const exit = exitFrom(a, b, ctx.loaded.map.grid.orientation)
  const bearing = String(relativeBearing(facing, exit.clock))
  if (exit.kind === 'vertex' && Object.hasOwn(settings.spineSectors, bearing))
    return settings.spineSectors[bearing] as string
  return board.sectors[bearing] ?? ''
}

type HexType = LoadedScenario['rules']['ruleset']['terrain']['hexTypes'][number]
type SideType = NonNullable<LoadedScenario['rules']['ruleset']['terrain']['hexsideTypes']>[number]

interface Field {
  onMap: ReadonlySet<string>
  hexTypes: ReadonlyMap<string, HexType>
  sideTypes: ReadonlyMap<string, SideType>
}

const fields = new WeakMap<LoadedScenario, Field>()

/** The map's hexes and the terrain chart by id, built once per scenario (content only). */
function fieldOf(loaded: LoadedScenario): Field {
  let field = fields.get(loaded)
  if (field === undefined) {
    const terrain = loaded.rules.ruleset.terrain
    field = {
      onMap: new Set(boardOf(loaded).allHexes()),
      hexTypes: new Map(terrain.hexTypes.map((t) => [t.id, t])),
      sideTypes: new Map((terrain.hexsideTypes ?? []).map((t) => [t.id, t])),
    }
    fields.set(loaded, field)
  }
  return field
}

export interface Sight {
  clear: boolean
  /** What blocks it, as the end of a sentence ("woods in 0504"). */
  blockedBy?: string
  /** The line passes over units (a weapon that fires over them may still shoot). */
  overUnits: boolean
  /** The target stands just behind a hedge that screens it from this shot. */
  covered: boolean
  /** The target's cover, when the settings work it out (lineOfSight.cover). */
  cover?: string
}

export interface SightLine {
  /** The shooting unit: its hex, side and flags decide what blocks it. */
  firer: string
  target: string
  firesOver: FiresOver
  /** The target's hex aimed at (a rider has two); its own hex when not given. */
  toHex?: string
  /** The weapon and range, for the conditions of firing over units and their sentences. */
  weapon?: ShotWeapon
  range?: number
}

/** The line of sight from the firer's hex to the target's, for a weapon. */
export function lineOfSight(ctx: Ctx, settings: FireSettings, line: SightLine): Sight {
  const { loaded, state } = ctx
  const board = boardOf(loaded)
  const los = settings.los
  const firer = state.units[line.firer]
  const target = state.units[line.target]
  if (firer?.hex == null || target?.hex == null)
    return { clear: false, blockedBy: 'a unit off the map', overUnits: false, covered: false }
  const fromHex = firer.hex
  const toHex = line.toHex ?? target.hex
  const { onMap, hexTypes, sideTypes } = fieldOf(loaded)
  const cover =
    los.cover === undefined
      ? undefined
      : coverOf(ctx, settings, {
          from: fromHex,
          firerHexes: hexesOf(ctx, line.firer),
          targetHexes: hexesOf(ctx, line.target),
          crossed: crossings(loaded, fromHex, toHex),
        })
  const inTheWay = {
    firer: line.firer,
    target: line.target,
    fromHex,
    toHex,
    firesOver: line.firesOver,
    ...(line.weapon === undefined ? {} : { weapon: line.weapon }),
    ...(line.range === undefined ? {} : { range: line.range }),
    ...(cover === undefined ? {} : { cover }),
  }
  const overProblem = overUnitsProblem(ctx, settings, inTheWay)
  const hedge = los.hedges
  const hedgeBlocked =
    hedge?.blockedFlag !== undefined && unitFlags(ctx, line.firer)[hedge.blockedFlag] === true
  const height = (label: string): number => {
    const info = board.hex(label)
    const extra = [info.terrain, ...info.features].reduce(
      (sum, t) => sum + (hexTypes.get(t)?.losHeight ?? 0),
      0,
    )
    return info.elevation + extra
  }
  const ends = Math.max(board.hex(fromHex).elevation, board.hex(toHex).elevation)
  const isHedge = (attributes: Record<string, unknown>): boolean =>
    hedge !== undefined && attributes[hedge.attribute] === true

  const terrainBlock = (label: string): string | null => {
    const info = board.hex(label)
    for (const t of [info.terrain, ...info.features])
      if (hexTypes.get(t)?.blocksLos === true) return `${hexTypes.get(t)?.label ?? t} in ${label}`
    if (los.higherGroundBlocks && height(label) > ends) return `higher ground in ${label}`
    if (hedgeBlocked && isHedge(info.attributes)) return `the hedge in ${label}`
    return null
  }
  const unitBlock = (label: string): string | null =>
    unitsBlocking(ctx, settings, inTheWay, label, overProblem)
  const blocker = (label: string): string | null =>
    onMap.has(label) ? (terrainBlock(label) ?? unitBlock(label)) : null
  // Equipment (a wagon) is ground the line crosses, for its cover: never a unit in the way.
  const occupied = (label: string): boolean =>
    onMap.has(label) && combatUnitsIn(loaded, state, label).some((u) => !isEquipment(ctx, u))
  // Along a hexside: blocked by both hexes beside it, or by either, as the settings say.
  const pair = <T>(a: T | null, b: T | null): T | null =>
    los.hexside === 'both-hexes' ? (a !== null && b !== null ? a : null) : (a ?? b)
  const sideBlock = (a: string, b: string, along: boolean): string | null => {
    const side = board.hexside(a, b)
    for (const t of side.types)
      if (sideTypes.get(t)?.blocksLos === true)
        return `${sideTypes.get(t)?.label ?? t} between ${a} and ${b}`
    const ownSide = [a, b].some((h) => h === fromHex || h === toHex)
    if (hedgeBlocked && isHedge(side.attributes) && (along || !ownSide))
      return `the hedge between ${a} and ${b}`
    return null
  }

  const steps = lineWalk(board.cubeOf(fromHex) as Cube, board.cubeOf(toHex) as Cube)
  // A line along the map edge grazes hexes off the map: '' names them, and nothing is there.
  const label = (c: Cube): string => board.labelIfOnMap(c) ?? ''
  const hexSteps = steps.filter((s) => s.kind === 'hex').map((s) => label(s.hex))
  let overUnits = false
  let coverNear = false
  const result = (blockedBy: string | null): Sight => {
    const seen: Sight =
      blockedBy === null
        ? { clear: true, overUnits, covered: false }
        : { clear: false, blockedBy, overUnits, covered: false }
    if (cover !== undefined) seen.cover = cover
    return seen
  }
  const lip = lipBetween(loaded, settings, fromHex, toHex)
  if (lip?.blocked === true) {
    const lipType = board.hex(lip.lip).terrain
    const far = lip.lowerDistance
    return result(
      `the lip of the ${hexTypes.get(lipType)?.label ?? lipType} in ${lip.lip} (the lower end is ${far} hex${far === 1 ? '' : 'es'} from it, the upper end ${lip.upperDistance})`,
    )
  }
  for (let i = 1; i < steps.length - 1; i++) {
    const step = steps[i] as (typeof steps)[number]
    if (step.kind === 'hex') {
      const here = label(step.hex)
      const found = blocker(here)
      if (found !== null) return result(found)
      if (occupied(here)) overUnits = true
      if (
        hedge !== undefined &&
        isHedge(board.hex(here).attributes) &&
        board.distance(here, toHex) === 1
      )
        coverNear = true
    } else if (step.kind === 'spine') {
      const [a, b] = [label(step.left), label(step.right)]
      const found = pair(blocker(a), blocker(b))
      if (found !== null) return result(found)
      const along = onMap.has(a) && onMap.has(b) ? sideBlock(a, b, true) : null
      if (along !== null) return result(along)
      if (pair(occupied(a) ? a : null, occupied(b) ? b : null) !== null) overUnits = true
    } else {
      // A corner touched on one side of the line: the hexes the line runs through on either
      // side of that corner stand on the other side of it.
      const touched = label(step.hex)
      const found = blocker(touched)
      if (found !== null) {
        if (los.vertex === 'either-side') return result(found)
        const before = steps[i - 1]
        const after = steps[i + 1]
        const others = [before, after].flatMap((s) => (s?.kind === 'hex' ? [label(s.hex)] : []))
        if (others.some((h) => h !== fromHex && h !== toHex && blocker(h) !== null))
          return result(found)
      }
    }
  }
  // Hexsides the line crosses between consecutive hexes it runs through.
  for (let i = 0; i + 1 < hexSteps.length; i++) {
    const a = hexSteps[i] as string
    const b = hexSteps[i + 1] as string
    if (board.distance(a, b) !== 1) continue
    const found = sideBlock(a, b, false)
    if (found !== null) return result(found)
    if (isHedge(board.hexside(a, b).attributes) && b === toHex) coverNear = true
  }
  const sight = result(null)
  const exempt = hedge?.coverExemptFlag
  const targetExempt = exempt !== undefined && unitFlags(ctx, line.target)[exempt] === true
  sight.covered = coverNear && !targetExempt && board.distance(fromHex, toHex) > 1
  return sight
}

/**
 * The hexes the line from the centre of `from` to the centre of `to` crosses, in order, as the
 * line walk of lineOfSight meets them: `from` left out, `to` last; both hexes beside a hexside
 * the line runs along (the rules read either or both of them); corners only touched left out.
 * For showing a line of sight: what blocks it is lineOfSight's to say.
 */
export function sightHexes(loaded: LoadedScenario, from: string, to: string): string[] {
  const board = boardOf(loaded)
  const a = board.cubeOf(from)
  const b = board.cubeOf(to)
  if (a === null || b === null || from === to) return []
  const out: string[] = []
  const add = (c: Cube): void => {
    const label = board.labelIfOnMap(c)
    if (label !== null && label !== from) out.push(label)
  }
  for (const step of lineWalk(a, b)) {
    if (step.kind === 'hex') add(step.hex)
    else if (step.kind === 'spine') {
      add(step.left)
      add(step.right)
    }
  }
  return out
}
