/**
 * Carrying a unit that cannot act (movement phase setting `carrying`): a piece moving on its own
 * that passes through the hex of a friend in one of the settings' statuses (a stunned man) may
 * pick him up on the way — the move's `carry: {unit, drop}`. From the pick-up on it keeps only a
 * share of the movement points it had left (the rest are spent at once, so every later step,
 * fire plan or loss reads the same activity), the carried unit goes along with it hex by hex,
 * and where the move ends he is set down in `drop`, a hex next to it that holds nobody and whose
 * terrain he could enter. A move cut short sets him down next to where it stopped: in `drop` if
 * it is next to it and still free, else in the first free neighbour (the board's order), else he
 * stays in the carrier's hex — unless someone else stands there (a friend or a horse the carrier
 * was passing when he was stopped or killed): then in the nearest hex free for him.
 */
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { isTwoHex, unitsCovering } from '../../state/footprints'
import { setPlace } from '../../state/occupancy'
import { remainsEntry } from '../../state/remains'
import { activityOf } from '../activity'
import { movementClassOf, unitFlags } from '../influence'
import type { SettingsOf } from '../phase-settings'
import { phaseOf, phaseSettings } from '../phase-settings'
import type { PlayContext } from '../procedure'
import { hexEntryCost } from '../terrain-costs'
import type { Facts } from './facts'
import type { Mover } from './movers'
import type { Reached } from './reach'
import { reachable } from './reach'
import { canEndIn, checkStep } from './steps'

export type Carrying = NonNullable<SettingsOf<'movement'>['carrying']>

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** What a move that carries someone keeps in its frame. */
export interface CarryPlan {
  unit: string
  /** The index in the path of the hex where he is picked up. */
  at: number
  drop: string
  /** Whether he has been picked up. */
  taken?: boolean
}

/** The movement phase's carrying settings; undefined when nobody may be carried. */
export function carryingOf(ctx: Ctx, frame: Frame): Carrying | undefined {
  if (frame.phase === null || phaseOf(ctx, frame.phase).mechanic !== 'movement') return undefined
  return phaseSettings(ctx, frame.phase, 'movement').carrying
}

/** The rule cited by the refusals of carrying. */
export function carryRule(ctx: Ctx, frame: Frame): string | undefined {
  return carryingOf(ctx, frame)?.rule
}

/** The movement points a carrier keeps of `left` once he picks someone up. */
export function keptPoints(settings: Carrying, left: number): number {
  const raw = Math.max(0, left) * (settings.keep ?? 0.5)
  const rounding = settings.rounding ?? 'down'
  return rounding === 'up'
    ? Math.ceil(raw)
    : rounding === 'nearest'
      ? Math.round(raw)
      : Math.floor(raw)
}

/** Why `carrier` may not carry `carried` now; null when he may. */
function carryProblem(
  ctx: Ctx,
  settings: Carrying,
  carrier: string,
  carried: string,
): string | null {
  const a = ctx.state.units[carrier]
  const b = ctx.state.units[carried]
  if (a === undefined || b === undefined) return `there is no unit "${carried}"`
  if (carried === carrier) return `${carrier} cannot carry himself`
  if (isTwoHex(ctx.loaded, a.type)) return `${carrier} fills two hexes and cannot carry anyone`
  const notFlag = settings.carrierNotFlag
  if (notFlag !== undefined && unitFlags(ctx, carrier)[notFlag] === true)
    return `${carrier} cannot carry anyone as he is`
  if (b.location !== 'map' || b.hex === null) return `${carried} is not on the map`
  if (isTwoHex(ctx.loaded, b.type)) return `${carried} fills two hexes and cannot be carried`
  if (!settings.statuses.includes(b.status))
    return `${carried} is ${statusLabel(ctx, b.status)}: only a unit that is ${settings.statuses.map((s: string) => statusLabel(ctx, s)).join(' or ')} may be carried`
  if (b.side !== a.side && settings.enemies !== true)
    return `${carried} is an enemy and may not be carried`
  return null
}

function statusLabel(ctx: Ctx, status: string): string {
  const found = ctx.loaded.rules.ruleset.statuses.states.find((s) => s.id === status)
  return (found?.label ?? status).toLowerCase()
}

/** Whether the carried unit may be set down in `hex`: on the map, free, terrain he may enter. */
export function mayDropIn(ctx: Ctx, carried: string, hex: string, carrier: string): boolean {
  if (unitsCovering(ctx, hex).some((u) => u !== carrier && u !== carried)) return false
  if (hexEntryCost(ctx.loaded, hex, movementClassOf(ctx, carried)) === null) return false
  return remainsEntry(ctx.loaded, ctx.state, hex).ok
}

/**
 * Checks a move that carries someone (`action.carry`): the pick-up on the path, the points before
 * and after it, the end and the drop. Refuses with the reason; gives the plan and the cost.
 */
export function checkCarry(
  ctx: PlayContext,
  frame: Frame,
  f: Facts,
  m: Mover,
  path: readonly string[],
  value: unknown,
): { plan: CarryPlan; cost: number } {
  const settings = carryingOf(ctx, frame)
  const rule = settings?.rule
  if (settings === undefined) return reject('nobody may be carried in this phase')
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as Record<string, unknown>).unit !== 'string' ||
    typeof (value as Record<string, unknown>).drop !== 'string'
  )
    return reject('"carry" names the unit carried and the hex he is set down in: {unit, drop}')
  const { unit, drop } = value as { unit: string; drop: string }
  const problem = carryProblem(ctx, settings, m.id, unit)
  if (problem !== null) return reject(problem, rule)
  const hex = ctx.state.units[unit]?.hex as string
  const at = path.indexOf(hex)
  if (at < 0) return reject(`${m.id} does not pass through ${hex}, where ${unit} lies`, rule)
  let from = m.start
  let cost = 0
  let left = m.budget
  const touched = new Set<string>()
  for (let i = 0; i < path.length; i++) {
    const to = path[i] as string
    const step = checkStep(f, m, from, to, touched)
    if (!step.ok)
      return reject(
        `${m.id} cannot move on from ${from ?? 'off the map'}: ${step.reason}`,
        step.rule,
      )
    cost += step.cost
    left -= step.cost
    if (left < 0)
      return reject(
        `${m.id} has not the movement points to enter ${to}${i > at ? ` carrying ${unit}` : ''}`,
        rule,
      )
    if (i === at) left = keptPoints(settings, left)
    for (const e of step.touched) touched.add(e)
    if (step.stop && i < path.length - 1)
      return reject(`${m.id} must stop in ${to}`, f.settings.rule)
    from = to
  }
  const end = path[path.length - 1] as string
  if (!canEndIn(f, m, end))
    return reject(
      `${m.id} may not end his move in ${end}: units may not stack there`,
      f.ctx.loaded.rules.ruleset.board?.stacking?.rule,
    )
  if (!f.board.neighbors(end).includes(drop) || !mayDropIn(ctx, unit, drop, m.id))
    return reject(
      `${unit} cannot be set down in ${drop}: it must be a free hex next to ${end} that he could enter`,
      rule,
    )
  return { plan: { unit, at, drop }, cost }
}

/**
 * The moves that carry someone, for the listing: per friend (or enemy, if allowed) in a status
 * that may be carried, the cheapest way into his hex from a hex the piece can reach (or from its
 * own), then every hex it can reach from there with the points it keeps, each with every hex
 * he may be set down in; the piece keeps the facing it has (another facing is a move of its own
 * to list, which would multiply these by six).
 */
export function carryChoices(
  ctx: PlayContext,
  frame: Frame,
  f: Facts,
  m: Mover,
  side: string,
): Action[] {
  const settings = carryingOf(ctx, frame)
  if (settings === undefined || m.leader || m.start === null) return []
  const unit = ctx.state.units[m.id]
  if (unit === undefined || isTwoHex(ctx.loaded, unit.type)) return []
  const out: Action[] = []
  let reached: Map<string, Reached> | null = null
  for (const carried in ctx.state.units) {
    if (carryProblem(ctx, settings, m.id, carried) !== null) continue
    const hex = ctx.state.units[carried]?.hex as string
    reached ??= reachable(f, m)
    const first = wayInto(f, m, reached, hex)
    if (first === null) continue
    const kept = keptPoints(settings, m.budget - first.cost)
    const onward = reachable(f, { ...m, start: hex, budget: kept })
    for (const [end, way] of onward) {
      const path = [...first.path, ...way.path]
      for (const drop of f.board.neighbors(end)) {
        if (!mayDropIn(ctx, carried, drop, m.id)) continue
        out.push({
          type: 'move',
          unit: m.id,
          path,
          ...(unit.facing === null ? {} : { facing: f.board.facingName(unit.facing) }),
          carry: { unit: carried, drop },
          side,
        })
      }
    }
  }
  return out
}

/** The cheapest way the piece enters `hex` (a step from its own hex or from a hex it reaches). */
function wayInto(
  f: Facts,
  m: Mover,
  reached: ReadonlyMap<string, Reached>,
  hex: string,
): { path: string[]; cost: number } | null {
  let best: { path: string[]; cost: number } | null = null
  const starts: [string, readonly string[], number][] = [[m.start as string, [], 0]]
  for (const [at, way] of reached) starts.push([at, way.path, way.cost])
  for (const [at, path, cost] of starts) {
    // A way that crossed his hex already would pick him up there (the move's first pass).
    if (path.includes(hex) || !f.board.neighbors(at).includes(hex)) continue
    const step = checkStep(f, m, at, hex, new Set(), true)
    if (!step.ok || cost + step.cost > m.budget) continue
    if (best === null || cost + step.cost < best.cost)
      best = { path: [...path, hex], cost: cost + step.cost }
  }
  return best
}

/**
 * The pick-up, once the carrier has entered the hex: he spends what he may no longer use and the
 * carried unit goes along with him (`with`) from here on.
 */
export function pickUp(
  ctx: PlayContext,
  frame: Frame,
  carrier: string,
  plan: CarryPlan,
  left: number,
  withUnits: string[],
): void {
  const settings = carryingOf(ctx, frame)
  const carried = ctx.state.units[plan.unit]
  const here = ctx.state.units[carrier]?.hex
  if (settings === undefined || carried?.location !== 'map' || carried.hex !== here) return
  const kept = keptPoints(settings, left)
  activityOf(ctx, carrier).mp += left - kept
  plan.taken = true
  withUnits.push(plan.unit)
  ctx.applied.push({
    kind: 'note',
    text: `${carrier} picks up ${plan.unit} in ${here}: of his ${left} movement points left he keeps ${kept}`,
    ...(settings.rule === undefined ? {} : { rule: settings.rule }),
  })
}

/** The hex nearest `from` (ring by ring, in the board's order) where `carried` may be set down. */
function nearestDrop(ctx: Ctx, carried: string, from: string, carrier: string): string | undefined {
  const board = boardOf(ctx.loaded)
  const seen = new Set([from])
  let ring = [from]
  while (ring.length > 0) {
    const next: string[] = []
    for (const hex of ring)
      for (const n of board.neighbors(hex)) {
        if (seen.has(n)) continue
        seen.add(n)
        if (mayDropIn(ctx, carried, n, carrier)) return n
        next.push(n)
      }
    ring = next
  }
  return undefined
}

/** Sets the carried unit down where the move ended (see the module's comment). */
export function setDown(
  ctx: PlayContext,
  frame: Frame,
  carrier: string,
  plan: CarryPlan,
  withUnits: string[],
): void {
  const i = withUnits.indexOf(plan.unit)
  if (plan.taken !== true || i < 0) return
  withUnits.splice(i, 1)
  const carried = ctx.state.units[plan.unit]
  const here = carried?.hex
  if (carried?.location !== 'map' || here === null || here === undefined) return
  const around =
    ctx.state.units[carrier]?.location === 'map' ? boardOf(ctx.loaded).neighbors(here) : []
  // Where nobody else stands he may stay; in a hex the carrier was only passing through (a
  // friend's, a horse's) he is set down in the nearest hex that is free for him.
  const crowded = unitsCovering(ctx, here).some((u) => u !== carrier && u !== plan.unit)
  const drop =
    around.includes(plan.drop) && mayDropIn(ctx, plan.unit, plan.drop, carrier)
      ? plan.drop
      : (around.find((h) => mayDropIn(ctx, plan.unit, h, carrier)) ??
        (crowded ? nearestDrop(ctx, plan.unit, here, carrier) : undefined))
  const rule = carryingOf(ctx, frame)?.rule
  if (drop === undefined) {
    ctx.applied.push({
      kind: 'note',
      text: `${carrier} finds nowhere to set ${plan.unit} down: he stays in ${here}`,
      ...(rule === undefined ? {} : { rule }),
    })
    return
  }
  setPlace(ctx.state, plan.unit, drop, 'map')
  ctx.applied.push({
    kind: 'move',
    unit: plan.unit,
    from: here,
    path: [drop],
    cost: 0,
    text: `${carrier} sets ${plan.unit} down in ${drop}`,
    ...(rule === undefined ? {} : { rule }),
  })
}
