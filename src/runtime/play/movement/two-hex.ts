/**
 * Moving a two-hex counter (a rider on horseback): its front enters hexes one at a time and its
 * rear follows (play/stances.ts). Each step costs the terrain of the hex the front enters plus
 * what turning costs for how the hex lies from the counter's heading (mechanics.movement
 * `twoHexTurns`: ahead, front diagonal, flank, rear diagonal, behind; a kind of step it does not
 * price may not be taken). Both halves must stand on terrain the counter may enter, never with an
 * enemy able to fight; friendly counters may be passed through, but the move ends on hexes held
 * by nobody else. The heading at the end is the one the last step gives.
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
import type { Mover } from './movers'
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
  for (const to of path) {
    const step = twoHexStep(ctx, m.id, at, to)
    if (!step.ok) return step
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
  // Cheapest first (costs are small whole numbers: a bucket per cost). Stances and the search's
  // nodes are numbers (see reachableStances): a stance is hex number × 12 + heading; a node
  // holds its stance, its cost and the node before it.
  const nodeStance: number[] = []
  const nodeCost: number[] = []
  const nodeParent: number[] = []
  const addNode = (stance: number, cost: number, parent: number): number => {
    nodeStance.push(stance)
    nodeCost.push(cost)
    nodeParent.push(parent)
    return nodeStance.length - 1
  }
  /** Stance number → the cheapest node found to it; and the stances in the order first found. */
  const best = new Map<number, number>()
  const startNumber = board.indexOf(start.front) * 12 + start.heading
  best.set(startNumber, addNode(startNumber, 0, -1))
  const buckets: number[][] = [[0]]
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
        if (terrain < 0) continue
        const total = (nodeCost[node] as number) + terrain + extra
        if (total > m.budget) continue
        const key = to * 12 + toHeading
        const known = best.get(key)
        if (known !== undefined && (nodeCost[known] as number) <= total) continue
        const next = addNode(key, total, node)
        best.set(key, next)
        ;(buckets[total] ??= []).push(next)
      }
    }
  const out: TwoHexReached[] = []
  for (const [stance, node] of best) {
    if (node === 0) continue
    const end = { front: board.labelAt(Math.floor(stance / 12)), heading: stance % 12 }
    if (!stanceFree(ctx, m.id, end)) continue
    const path: string[] = []
    for (let n = node; n > 0; n = nodeParent[n] as number)
      path.push(board.labelAt(Math.floor((nodeStance[n] as number) / 12)))
    out.push({ path: path.reverse(), cost: nodeCost[node] as number, end })
  }
  return out
}
