/**
 * What the ground does to a line of fire besides blocking it outright: the lip at the top of a
 * slope, across which the lower end must stand at least as far from the slope as the higher end
 * (lineOfSight.lip), and the cover the target has from its own hexes and the hexes the line
 * crosses (lineOfSight.cover), each counted under its terrain's condition. Equipment (a wagon)
 * gives the cover of the hex type it stands as (its `equipment.standsAs`) in each of its hexes,
 * under that type's condition, as if that terrain were there.
 */
import type { LoadedScenario } from '../../rules/loaded'
import { lineWalk } from '../../hex'
import type { Cube } from '../../hex'
import { boardOf } from '../../state/board'
import type { GameState } from '../../state/game-state'
import { equipmentIn } from '../equipment'
import type { FireSettings } from './settings'

type Ctx = { readonly loaded: LoadedScenario; readonly state: GameState }

/** A hex the line runs through, or the two hexes beside a hexside it runs along. */
export type Crossing = readonly [string] | readonly [string, string]

/** The hexes between `from` and `to` (both left out) in the line walk's order. */
export function crossings(loaded: LoadedScenario, from: string, to: string): Crossing[] {
  const board = boardOf(loaded)
  const a = board.cubeOf(from)
  const b = board.cubeOf(to)
  if (a === null || b === null || from === to) return []
  const label = (c: Cube): string => board.labelIfOnMap(c) ?? ''
  const out: Crossing[] = []
  for (const step of lineWalk(a, b)) {
    if (step.kind === 'hex') {
      const here = label(step.hex)
      if (here !== '' && here !== from && here !== to) out.push([here])
    } else if (step.kind === 'spine') {
      const pair = [label(step.left), label(step.right)].filter((h) => h !== '')
      if (pair.length === 2) out.push(pair as [string, string])
      else if (pair.length === 1) out.push([pair[0] as string])
    }
  }
  return out
}

export interface LipCrossing {
  /** The slope hex where the line comes over the lip. */
  lip: string
  upperDistance: number
  lowerDistance: number
  /** The lower end stands on a slope hex: it sees and is seen across the lip. */
  lowerOnLip: boolean
  blocked: boolean
}

/** How the line between `a` and `b` crosses a lip, or null when it does not. */
export function lipBetween(
  loaded: LoadedScenario,
  settings: FireSettings,
  a: string,
  b: string,
): LipCrossing | null {
  const attribute = settings.los.lip?.attribute
  if (attribute === undefined) return null
  const board = boardOf(loaded)
  const ea = board.hex(a).elevation
  const eb = board.hex(b).elevation
  if (ea === eb) return null
  const [upper, lower] = ea > eb ? [a, b] : [b, a]
  const isLip = (hex: string): boolean => board.hex(hex).attributes[attribute] === true
  if (isLip(lower))
    return {
      lip: lower,
      upperDistance: board.distance(upper, lower),
      lowerDistance: 0,
      lowerOnLip: true,
      blocked: false,
    }
  for (const crossing of crossings(loaded, upper, lower)) {
    const lip = crossing.find(isLip)
    if (lip === undefined) continue
    const upperDistance = board.distance(upper, lip)
    const lowerDistance = board.distance(lower, lip)
    return {
      lip,
      upperDistance,
      lowerDistance,
      lowerOnLip: false,
      blocked: lowerDistance < upperDistance,
    }
  }
  return null
}

type Condition =
  'always' | 'target' | 'crossed' | 'across-lip' | 'unless-firer-adjacent' | 'unless-firer-at-edge'

/** The hexes of the same terrain joined to `hex` through one another (a pool, a stream). */
function stretchOf(loaded: LoadedScenario, hex: string): Set<string> {
  const board = boardOf(loaded)
  const terrain = board.hex(hex).terrain
  const found = new Set([hex])
  const queue = [hex]
  for (let next = queue.pop(); next !== undefined; next = queue.pop())
    for (const near of board.neighbors(next))
      if (!found.has(near) && board.hex(near).terrain === terrain) {
        found.add(near)
        queue.push(near)
      }
  return found
}

export interface CoverLine {
  /** The firer's hex the line starts from, and all his hexes (two for a rider). */
  from: string
  firerHexes: readonly string[]
  /** Every hex of the target (two for a rider: the heavier cover counts). */
  targetHexes: readonly string[]
  /** What the line crosses on its way to the target hex aimed at. */
  crossed: readonly Crossing[]
}

/**
 * The attributes that give cover in `hex`: the ground's, then those of the hex type each piece of
 * equipment there stands as (`equipment.standsAs`).
 */
function coverSources(ctx: Ctx, hex: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [boardOf(ctx.loaded).hex(hex).attributes]
  for (const id of equipmentIn(ctx, hex)) {
    const type = ctx.loaded.rules.unitTypes.get(ctx.state.units[id]?.type ?? '')
    const standsAs = type?.equipment?.standsAs
    const hexType = ctx.loaded.rules.ruleset.terrain.hexTypes.find((t) => t.id === standsAs)
    if (hexType?.attributes !== undefined) out.push(hexType.attributes)
  }
  return out
}

/** The target's cover as a value of the cover attribute, or undefined without cover settings. */
export function coverOf(ctx: Ctx, settings: FireSettings, line: CoverLine): string | undefined {
  const cover = settings.los.cover
  if (cover === undefined) return undefined
  const { loaded } = ctx
  const board = boardOf(loaded)
  const level = (attributes: Record<string, unknown>): number =>
    Math.max(0, cover.levels.indexOf(String(attributes[cover.attribute])))
  const condition = (attributes: Record<string, unknown>): Condition => {
    if (cover.conditionAttribute === undefined) return 'always'
    const value = String(attributes[cover.conditionAttribute])
    return (cover.conditions?.[value] as Condition | undefined) ?? 'always'
  }
  const ownOf = (hex: string, attributes: Record<string, unknown>): number => {
    switch (condition(attributes)) {
      case 'always':
      case 'target':
        return level(attributes)
      case 'across-lip': {
        const lip = lipBetween(loaded, settings, line.from, hex)
        const fromAbove = board.hex(line.from).elevation > board.hex(hex).elevation
        return lip?.lowerOnLip === true && fromAbove ? level(attributes) : 0
      }
      case 'unless-firer-adjacent':
        return line.firerHexes.some((f) => board.distance(f, hex) <= 1) ? 0 : level(attributes)
      case 'unless-firer-at-edge': {
        const stretch = stretchOf(loaded, hex)
        const atEdge = line.firerHexes.some((f) => board.neighbors(f).some((n) => stretch.has(n)))
        return atEdge ? 0 : level(attributes)
      }
      default:
        return 0
    }
  }
  const own = (hex: string): number =>
    Math.max(0, ...coverSources(ctx, hex).map((a) => ownOf(hex, a)))
  const passed = (hex: string): number =>
    Math.max(
      0,
      ...coverSources(ctx, hex).map((a) => {
        const c = condition(a)
        return c === 'always' || c === 'crossed' ? level(a) : 0
      }),
    )
  const ends = new Set([...line.firerHexes, ...line.targetHexes])
  let best = Math.max(0, ...line.targetHexes.map(own))
  for (const crossing of line.crossed) {
    const levels = crossing.filter((h) => !ends.has(h)).map(passed)
    if (levels.length === 0) continue
    // Along a hexside: both hexes must give it when both must block a line, else either does.
    const here =
      levels.length === 2 && settings.los.hexside === 'both-hexes'
        ? Math.min(...levels)
        : Math.max(...levels)
    best = Math.max(best, here)
  }
  return cover.levels[best]
}
