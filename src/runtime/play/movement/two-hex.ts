/**
 * Moving a two-hex counter (a rider on horseback): its front enters hexes one at a time and its
 * rear follows (play/stances.ts). Each step costs the terrain of the hex the front enters plus
 * what turning costs for how the hex lies from the counter's heading (mechanics.movement
 * `twoHexTurns`: ahead, front diagonal, flank, rear diagonal, behind; a kind of step it does not
 * price may not be taken). Both halves must stand on terrain the counter may enter, never with an
 * enemy able to fight; friendly counters may be passed through, but the move ends on hexes held
 * by nobody else. The heading at the end is the one the last step gives. With the `jumping`
 * settings a counter may also clear a strip of terrain it may not enter (jumping.ts).
 *
 * A unit that declared a charge this game turn (mechanic charge-declaration) moves along its
 * declared route and nowhere else.
 */
import type { FootprintStep } from '../../hex'
import { boardOf } from '../../state/board'
import { hexesOf, neighbourAt } from '../../state/footprints'
import { ruleField } from '../../state/failure'
import { remainsEntry } from '../../state/remains'
import { chargeRoute } from '../charge'
import { planLimitNote } from '../fire/plans'
import type { PlayContext } from '../procedure'
import type { Stance } from '../stances'
import {
  clockOf,
  stanceCost,
  stanceFree,
  stanceHexes,
  stanceOf,
  standingByNumber,
  stepKind,
  stepMoves,
  stepTo,
} from '../stances'
import type { Jump } from './jumping'
import { jumpAt, jumpsFor } from './jumping'
import type { Mover } from './movers'
import type { Step } from './steps'
import { movementSettings } from './settings'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

const STEP_KINDS: readonly FootprintStep[] = [
  'ahead',
  'frontDiagonal',
  'flank',
  'rearDiagonal',
  'behind',
]

/** Whether unit `id` moves as a two-hex counter. */
export function movesAsTwoHex(ctx: Ctx, id: string): boolean {
  return hexesOf(ctx, id).length === 2 && stanceOf(ctx, id) !== null
}

/** What turning costs on a step of this kind; null when the ruleset allows no such step. */
function turnCost(ctx: Ctx, kind: FootprintStep): number | null {
  const cost = movementSettings(ctx.loaded).twoHexTurns?.[kind]
  return cost === undefined ? null : cost
}

export type TwoHexStep =
  { ok: true; cost: number; stance: Stance } | { ok: false; reason: string; rule?: string }

/** One step of the front from `from` into `to`: its cost and the stance it leaves. */
export function twoHexStep(ctx: Ctx, id: string, from: Stance, to: string): TwoHexStep {
  const rule = movementSettings(ctx.loaded).twoHexTurns?.rule
  const no = (reason: string): TwoHexStep => ({
    ok: false,
    reason,
    ...(rule === undefined ? {} : { rule }),
  })
  const kind = stepKind(ctx, from, to)
  if (kind === null) return no(`${to} is not next to ${id}`)
  const extra = turnCost(ctx, kind)
  if (extra === null) return no(`${id} may not turn so sharply to enter ${to}`)
  const stance = stepTo(ctx, from, to)
  if (stance === null) return no(`${id} cannot step into ${to}`)
  const terrain = stanceCost(ctx, id, stance)
  if (terrain === null) {
    const [, rear] = stanceHexes(ctx, stance)
    for (const hex of [to, rear]) {
      const remains = hex === null ? null : remainsEntry(ctx.loaded, ctx.state, hex)
      if (remains?.ok === false)
        return { ok: false, reason: remains.reason, ...ruleField(remains.rule) }
    }
    return no(
      rear === null
        ? `${id} would stand half off the map`
        : `${id} may not stand in ${to} and ${rear}`,
    )
  }
  return { ok: true, cost: terrain + extra, stance }
}

/** A jump as one step of a path: its cost and where the counter lands. */
export function jumpStep(jump: Jump): Extract<TwoHexStep, { ok: true }> {
  return { ok: true, cost: jump.cost, stance: jump.landing }
}

/**
 * Checks a path of a two-hex counter: its cost, and the stance it ends in. Refuses with the
 * reason when a step may not be taken, the points do not suffice, the move ends on other units
 * or, for a unit that declared a charge, the path is not the declared route.
 */
export function checkTwoHexPath(
  ctx: Ctx,
  m: Mover,
  path: readonly string[],
): { ok: true; cost: number; end: Stance } | { ok: false; reason: string; rule?: string } {
  const start = stanceOf(ctx, m.id)
  if (start === null) return { ok: false, reason: `${m.id} is not on the map` }
  const route = chargeRoute(ctx, m.id)
  if (route !== null && route.join() !== path.join())
    return { ok: false, reason: `${m.id} charges and must follow his route: ${route.join(', ')}` }
  let at = start
  let cost = 0
  for (let i = 0; i < path.length; i++) {
    const to = path[i] as string
    // A jump (jumping.ts) takes the front over the hexes it clears to where it lands.
    const jump = jumpAt(ctx, m.id, at, path, i)
    if (jump !== null && !jump.ok) return jump
    const step = jump === null ? twoHexStep(ctx, m.id, at, to) : jumpStep(jump.jump)
    if (!step.ok) return step
    if (jump !== null) i += jump.jump.path.length - 1
    cost += step.cost
    if (cost > m.budget) {
      const plan = planLimitNote(ctx, m.id)
      return {
        ok: false,
        reason: `${m.id} has ${m.budget} movement points left; the path to ${to} needs ${cost}${plan === null ? '' : ` (${plan.text})`}`,
        ...(plan?.rule === undefined ? {} : { rule: plan.rule }),
      }
    }
    at = step.stance
  }
  if (!stanceFree(ctx, m.id, at))
    return { ok: false, reason: `${m.id} may not end his move on other units` }
  return { ok: true, cost, end: at }
}

export interface TwoHexReached {
  path: string[]
  cost: number
  end: Stance
}

/**
 * Where a two-hex counter can move now: each stance it can end in (held by nobody else) by the
 * cheapest path, within its movement points; for a charger, his declared route only.
 */
export function twoHexReach(ctx: Ctx, m: Mover): TwoHexReached[] {
  const start = stanceOf(ctx, m.id)
  if (start === null) return []
  const route = chargeRoute(ctx, m.id)
  if (route !== null) {
    if (route.length === 0) return []
    const checked = checkTwoHexPath(ctx, m, route)
    return checked.ok ? [{ path: [...route], cost: checked.cost, end: checked.end }] : []
  }
  const { loaded } = ctx
  const board = boardOf(loaded)
  const moves = stepMoves(STEP_KINDS.filter((k) => turnCost(ctx, k) !== null)).map((move) => ({
    ...move,
    extra: turnCost(ctx, move.kind) ?? 0,
  }))
  const costOf = standingByNumber(ctx, m.id)
  const jumps = jumpsFor(ctx, m.id)
  const number = (stance: Stance) => board.indexOf(stance.front) * 12 + stance.heading
  const stanceAt = (n: number): Stance => ({
    front: board.labelAt(Math.floor(n / 12)),
    heading: n % 12,
  })
  // Cheapest first (costs are small whole numbers: a bucket per cost). Stances and the search's
  // nodes are numbers (see charge/routes.ts, reachableStances): a stance is hex number × 12 +
  // heading; a node holds its stance, its cost, the node before it and the hexes its step adds
  // to the path (one hex by number, or the hexes a jump clears and lands in).
  const nodeStance: number[] = []
  const nodeCost: number[] = []
  const nodeParent: number[] = []
  const nodeHexes: (number | readonly string[])[] = []
  const addNode = (
    stance: number,
    cost: number,
    parent: number,
    hexes: number | readonly string[],
  ) => {
    nodeStance.push(stance)
    nodeCost.push(cost)
    nodeParent.push(parent)
    nodeHexes.push(hexes)
    return nodeStance.length - 1
  }
  /** Stance number → the cheapest node to it (a Map: its keys keep the order first found). */
  const best = new Map<number, number>([[number(start), addNode(number(start), 0, -1, [])]])
  const buckets: number[][] = [[0]]
  const reach = (from: number, hexes: number | readonly string[], cost: number, stance: number) => {
    const total = (nodeCost[from] as number) + cost
    if (total > m.budget) return
    const known = best.get(stance)
    if (known !== undefined && (nodeCost[known] as number) <= total) return
    const next = addNode(stance, total, from, hexes)
    best.set(stance, next)
    ;(buckets[total] ??= []).push(next)
  }
  for (let cost = 0; cost < buckets.length; cost++)
    for (const node of buckets[cost] ?? []) {
      const stance = nodeStance[node] as number
      if (best.get(stance) !== node) continue
      const front = Math.floor(stance / 12)
      const heading = stance % 12
      const rear = neighbourAt(loaded, front, heading + 6)
      for (const { fromRear, turn, extra } of moves) {
        const from = fromRear ? rear : front
        const to = from < 0 ? -1 : neighbourAt(loaded, from, heading + turn)
        if (to < 0) continue
        const toHeading = clockOf(heading + turn)
        const terrain = costOf(to, toHeading)
        if (terrain >= 0) reach(node, to, terrain + extra, to * 12 + toHeading)
      }
      const jump = jumps?.(stanceAt(stance)) ?? null
      if (jump !== null) reach(node, jump.path, jump.cost, number(jump.landing))
    }
  const out: TwoHexReached[] = []
  for (const [stance, node] of best) {
    if (node === 0) continue
    const end = stanceAt(stance)
    if (!stanceFree(ctx, m.id, end)) continue
    const pieces: string[][] = []
    for (let n = node; n > 0; n = nodeParent[n] as number) {
      const hexes = nodeHexes[n] as number | readonly string[]
      pieces.push(typeof hexes === 'number' ? [board.labelAt(hexes)] : [...hexes])
    }
    out.push({ path: pieces.reverse().flat(), cost: nodeCost[node] as number, end })
  }
  return out
}

/**
 * A two-hex counter's next step as a step of the path (no stop, nobody passed through); a jump
 * (jumping.ts) is one step over the hexes of the path it clears and lands in.
 */
export function twoHexPathStep(
  ctx: Ctx,
  id: string,
  path: readonly string[],
  index: number,
): (Extract<Step, { ok: true }> & { stance: Stance; jump?: Jump }) | Extract<Step, { ok: false }> {
  const stance = stanceOf(ctx, id)
  if (stance === null) return { ok: false, reason: `${id} is no longer on the map` }
  const jump = jumpAt(ctx, id, stance, path, index)
  if (jump !== null && !jump.ok) return jump
  const step =
    jump === null ? twoHexStep(ctx, id, stance, path[index] as string) : jumpStep(jump.jump)
  if (!step.ok) return step
  const taken = { ok: true as const, cost: step.cost, stop: false, through: [], touched: [] }
  return jump === null
    ? { ...taken, stance: step.stance }
    : { ...taken, stance: step.stance, jump: jump.jump }
}
