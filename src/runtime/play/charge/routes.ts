/**
 * The routes of charges: the sight a charge needs (only some units block a rider's view) and the
 * search for the stances a rider reaches with the steps a charge allows, each by its shortest
 * route.
 */
import { boardOf, NEIGHBOR_SLOTS } from '../../state/board'
import { hexesOf, neighbourAt, unitsCovering } from '../../state/footprints'
import { sightHexes } from '../fire/sight'
import { unitFlags } from '../influence'
import type { PlayContext } from '../procedure'
import type { Stance } from '../stances'
import type { StepMove } from '../stances'
import { clockOf, standing, standingByNumber, stepKind, stepMoves, stepTo } from '../stances'
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

/** A stance a search reached: how, in how many steps, at what cost. */
export interface ReachedStance {
  stance: Stance
  steps: number
  cost: number
  /** The hexes the front enters on the way, in order. */
  route(): string[]
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
  /** The steps to a stance given by number (hex number × 12 + heading); -1: not reached. */
  stepsTo(stance: number): number
  /** The cost and the route to a stance given by number that was reached. */
  costTo(stance: number): number
  routeTo(stance: number): string[]
}

/**
 * Every stance unit `id` can reach from `start` with the allowed steps in at least `minSteps`
 * and at most `maxSteps` steps, each by the first shortest route found, searched layer by
 * layer. Everything is a number — a hex by its number on the board, a stance as hex number × 12
 * + heading, a node of the search as its place in the arrays — so that the search makes no
 * strings and no objects; labels and stances are made only for the stances asked for.
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
  const { loaded } = ctx
  const board = boardOf(loaded)
  const size = board.allHexes().length
  const near = goals === undefined ? null : stepsTo(board, goals)
  const costOf = standingByNumber(ctx, id)
  // The search's nodes: the stance, the steps taken, the cost so far and the node before.
  const nodeStance: number[] = []
  const nodeSteps: number[] = []
  const nodeCost: number[] = []
  const nodeParent: number[] = []
  const addNode = (stance: number, steps: number, cost: number, parent: number): number => {
    nodeStance.push(stance)
    nodeSteps.push(steps)
    nodeCost.push(cost)
    nodeParent.push(parent)
    return nodeStance.length - 1
  }
  /** Stance number → [node, steps from the start] of the first route found to it. */
  const found = new Map<number, [number, number]>()
  const layers = minSteps + 1
  const seen = new Uint8Array(size * 12 * layers)
  const mark = (stance: number, steps: number): boolean => {
    const slot = stance * layers + Math.min(steps, minSteps)
    if (seen[slot] === 1) return false
    seen[slot] = 1
    return true
  }
  const startNumber = board.indexOf(start.front) * 12 + start.heading
  const first = addNode(startNumber, 0, 0, -1)
  mark(startNumber, 0)
  if (minSteps === 0) found.set(startNumber, [first, 0])
  const moves = stepMoves(rules.steps)
  let layer: number[] = [first]
  for (let depth = 0; depth < maxSteps && layer.length > 0; depth++) {
    const next: number[] = []
    for (const node of layer) {
      const stance = nodeStance[node] as number
      const front = Math.floor(stance / 12)
      const heading = stance % 12
      const rear = neighbourAt(loaded, front, heading + 6)
      for (const { fromRear, turn } of moves) {
        const from = fromRear ? rear : front
        if (from < 0) continue
        const to = neighbourAt(loaded, from, heading + turn)
        if (to < 0) continue
        // A front farther from every goal than the steps left cannot get there.
        if (near !== null && (near[to] as number) > maxSteps - depth - 1) continue
        const toHeading = clockOf(heading + turn)
        const toStance = to * 12 + toHeading
        const steps = (nodeSteps[node] as number) + 1
        if (!mark(toStance, steps)) continue
        const terrain = costOf(to, toHeading)
        if (terrain < 0) continue
        const child = addNode(toStance, steps, (nodeCost[node] as number) + terrain, node)
        if (steps >= minSteps && !found.has(toStance)) found.set(toStance, [child, depth + 1])
        next.push(child)
      }
    }
    layer = next
  }
  const routeOf = (node: number): string[] => {
    const out: string[] = []
    for (let n = node; (nodeParent[n] as number) >= 0; n = nodeParent[n] as number)
      out.push(board.labelAt(Math.floor((nodeStance[n] as number) / 12)))
    return out.reverse()
  }
  const reachedOf = (node: number, steps: number): ReachedStance => {
    const stance = nodeStance[node] as number
    return {
      stance: { front: board.labelAt(Math.floor(stance / 12)), heading: stance % 12 },
      steps,
      cost: nodeCost[node] as number,
      route: () => routeOf(node),
    }
  }
  return {
    get: (stance) => {
      const hex = board.indexOf(stance.front)
      const at = hex < 0 ? undefined : found.get(hex * 12 + stance.heading)
      return at === undefined ? undefined : reachedOf(at[0], at[1])
    },
    stepsTo: (stance) => found.get(stance)?.[1] ?? -1,
    costTo: (stance) => nodeCost[found.get(stance)?.[0] ?? -1] ?? Number.NaN,
    routeTo: (stance) => routeOf(found.get(stance)?.[0] ?? 0),
  }
}

/**
 * walkRoute by numbers, for searches that walk many routes and only need to know whether one
 * may be taken: the stance it ends in (hex number, heading) and its cost, or null.
 */
export function walkNumbers(
  ctx: Ctx,
  start: { front: number; heading: number },
  route: readonly number[],
  moves: readonly StepMove[],
  costOf: (front: number, heading: number) => number,
): { front: number; heading: number; cost: number } | null {
  const { loaded } = ctx
  let { front, heading } = start
  let cost = 0
  for (const to of route) {
    const rear = neighbourAt(loaded, front, heading + 6)
    const move = moves.find(({ fromRear, turn }) => {
      const from = fromRear ? rear : front
      return from >= 0 && neighbourAt(loaded, from, heading + turn) === to
    })
    if (move === undefined) return null
    front = to
    heading = clockOf(heading + move.turn)
    const paid = costOf(front, heading)
    if (paid < 0) return null
    cost += paid
  }
  return { front, heading, cost }
}
