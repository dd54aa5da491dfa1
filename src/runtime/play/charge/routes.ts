/**
 * The routes of charges: the sight a charge needs (only some units block a rider's view) and the
 * search for the stances a rider reaches with the steps a charge allows, each by its shortest
 * route.
 */
import { boardOf, NEIGHBOR_SLOTS } from '../../state/board'
import { hexesOf, unitsCovering } from '../../state/footprints'
import { sightHexes } from '../fire/sight'
import { unitFlags } from '../influence'
import type { PlayContext } from '../procedure'
import type { Stance } from '../stances'
import { standing, stepKind, stepTo, stepsFrom } from '../stances'
import type { FootprintStep } from '../../hex'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/**
 * Whether a rider at `from` sees `target`: no terrain that blocks sight on the line to one of
 * the target's hexes, and no unit with flag `blockFlag` (mounted characters) in between. Where
 * the line runs along a hexside, either hex beside it blocks.
 */
export function seesFrom(
  ctx: Ctx,
  viewer: string,
  from: string,
  target: string,
  blockFlag: string | undefined,
): boolean {
  const board = boardOf(ctx.loaded)
  const hexTypes = new Map(ctx.loaded.rules.ruleset.terrain.hexTypes.map((t) => [t.id, t]))
  const blocks = (hex: string): boolean => {
    const info = board.hex(hex)
    if ([info.terrain, ...info.features].some((t) => hexTypes.get(t)?.blocksLos === true))
      return true
    return (
      blockFlag !== undefined &&
      unitsCovering(ctx, hex).some(
        (u) => u !== viewer && u !== target && unitFlags(ctx, u)[blockFlag] === true,
      )
    )
  }
  return hexesOf(ctx, target).some((to) =>
    sightHexes(ctx.loaded, from, to)
      .filter((h) => h !== to)
      .every((h) => !blocks(h)),
  )
}

export interface RouteRules {
  /** The kinds of step a charge may take (those with no extra cost for turning). */
  steps: readonly FootprintStep[]
}

/**
 * Why `route` (the hexes the front enters, in order) is not a route unit `id` may take from
 * `start` with these steps, or null; with its movement cost when it is one.
 */
export function walkRoute(
  ctx: Ctx,
  id: string,
  start: Stance,
  route: readonly string[],
  rules: RouteRules,
  costOf: (stance: Stance) => number | null = standing(ctx, id),
): { ok: true; end: Stance; cost: number } | { ok: false; why: string } {
  let at = start
  let cost = 0
  for (const hex of route) {
    const kind = stepKind(ctx, at, hex)
    if (kind === null) return { ok: false, why: `${hex} is not next to the front of ${id}` }
    if (!rules.steps.includes(kind))
      return { ok: false, why: `the step into ${hex} turns ${id} too sharply for a charge` }
    const next = stepTo(ctx, at, hex) as Stance
    const paid = costOf(next)
    if (paid === null) return { ok: false, why: `${id} may not go into ${hex}` }
    cost += paid
    at = next
  }
  return { ok: true, end: at, cost }
}

interface Node {
  stance: Stance
  /** Steps taken, counted up to `minSteps` only (more make no difference to the search). */
  steps: number
  /** Movement points the route has cost so far (terrain only: the charge's steps turn free). */
  cost: number
  /** The hex the front entered last, and the node before (null: the start). */
  hex: string | null
  parent: Node | null
}

/** A stance a search reached: how, in how many steps, at what cost. */
export interface ReachedStance {
  stance: Stance
  steps: number
  cost: number
  /** The hexes the front enters on the way, in order. */
  route(): string[]
}

function routeOf(node: Node): string[] {
  const out: string[] = []
  for (let n: Node | null = node; n !== null && n.hex !== null; n = n.parent) out.push(n.hex)
  return out.reverse()
}

/** For every hex (by number), the fewest steps from it to one of `goals` (a huge number: none). */
function stepsTo(board: ReturnType<typeof boardOf>, goals: readonly string[]): Int32Array {
  const size = board.allHexes().length
  const out = new Int32Array(size).fill(0x7fffffff)
  let layer: number[] = []
  for (const goal of goals) {
    const i = board.indexOf(goal)
    if (i >= 0 && out[i] !== 0) {
      out[i] = 0
      layer.push(i)
    }
  }
  for (let d = 1; layer.length > 0; d++) {
    const next: number[] = []
    for (const i of layer)
      for (let s = 0; s < NEIGHBOR_SLOTS; s++) {
        const j = board.neighborTable[i * NEIGHBOR_SLOTS + s] as number
        if (j >= 0 && (out[j] as number) > d) {
          out[j] = d
          next.push(j)
        }
      }
    layer = next
  }
  return out
}

/** The stances a search reached, looked up by stance. */
export interface StanceReach {
  get(stance: Stance): ReachedStance | undefined
}

/**
 * Every stance unit `id` can reach from `start` with the allowed steps in at least `minSteps`
 * and at most `maxSteps` steps, each by the first shortest route found. Stances are numbered
 * (hex number × 12 + heading) so that the search makes no strings.
 */
export function reachableStances(
  ctx: Ctx,
  id: string,
  start: Stance,
  rules: RouteRules,
  minSteps: number,
  maxSteps: number,
  /** Hexes the stances looked for have their front in: the search leaves out what cannot reach them in time. */
  goals?: readonly string[],
): StanceReach {
  const board = boardOf(ctx.loaded)
  const found = new Map<number, ReachedStance>()
  const near = goals === undefined ? null : stepsTo(board, goals)
  const number = (stance: Stance) => board.indexOf(stance.front) * 12 + stance.heading
  const reached = (n: Node, steps: number): ReachedStance => ({
    stance: n.stance,
    steps,
    cost: n.cost,
    route: () => routeOf(n),
  })
  const layers = minSteps + 1
  const seen = new Uint8Array(board.allHexes().length * 12 * layers)
  const mark = (stance: Stance, steps: number): boolean => {
    const slot = number(stance) * layers + Math.min(steps, minSteps)
    if (seen[slot] === 1) return false
    seen[slot] = 1
    return true
  }
  const costOf = standing(ctx, id)
  const first: Node = { stance: start, steps: 0, cost: 0, hex: null, parent: null }
  mark(start, 0)
  if (minSteps === 0) found.set(number(start), reached(first, 0))
  let layer: Node[] = [first]
  for (let depth = 0; depth < maxSteps && layer.length > 0; depth++) {
    const next: Node[] = []
    for (const node of layer)
      for (const step of stepsFrom(ctx, node.stance, rules.steps)) {
        // A front farther from every goal than the steps left cannot get there.
        if (near !== null && (near[board.indexOf(step.to)] ?? Infinity) > maxSteps - depth - 1)
          continue
        if (!mark(step.stance, node.steps + 1)) continue
        const terrain = costOf(step.stance)
        if (terrain === null) continue
        const child: Node = {
          stance: step.stance,
          steps: node.steps + 1,
          cost: node.cost + terrain,
          hex: step.to,
          parent: node,
        }
        const key = number(step.stance)
        if (child.steps >= minSteps && !found.has(key)) found.set(key, reached(child, depth + 1))
        next.push(child)
      }
    layer = next
  }
  return { get: (stance) => found.get(number(stance)) }
}
