/**
 * Charges declared before they are made (mechanic "charge-declaration"): the side whose turn it
 * is names its charges one at a time, each a two-hex counter (a rider), its target and its
 * route; the movement phase that follows moves the charger along it (`chargeRoute`), and the
 * melee reads the charge marker. After each declaration the other side may answer at once with
 * a counter-charge (the reaction `charge-declared`): one of its riders with the charger in its
 * frontal arc and in sight rides out to meet him on the last hexes of his route, and the
 * charger's route stops short of them.
 *
 * What was declared this game turn is the mechanic's memory (`flow.memory['charge-declaration']`),
 * forgotten when the game turn changes.
 */
import { unitCanAct } from '../forces'
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import { cubeAdd, directionAtClock, isSideClock } from '../../hex'
import type { Cube } from '../../hex'
import { headingBetween, hexAtClock, hexesOf } from '../../state/footprints'
import { activeSideOf, peekActivity } from '../activity'
import { AGAIN, defineProcedure } from '../define-procedure'
import { memoryOf, peekMemory } from '../extras/common'
import { enemyUnits, unitRatings } from '../influence'
import { isOutOfBattle, outOfBattleStatuses } from '../../state/battle-statuses'
import { oneMoreOrDone, promptRule, setMarker } from '../logged'
import { phaseOf, phaseSettings } from '../phase-settings'
import type { ReactionSettingsOf, SettingsOf } from '../phase-settings'
import type { PlayContext, Procedures } from '../procedure'
import { reactionWindow } from '../reactions'
import type { ReactionEvent } from '../reactions'
import { placeUnit } from '../results/common'
import { fromArrangement } from '../../state/occupancy'
import type { Stance } from '../stances'
import {
  inFrontalArc,
  stanceFree,
  stanceKey,
  stanceOf,
  standingByNumber,
  stepMoves,
} from '../stances'
import { reachableStances, seesFrom, walkNumbers, walkRoute } from './routes'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
type Settings = SettingsOf<'charge-declaration'>
type ReactionSettings = ReactionSettingsOf<'charge-declaration:charge-declared'>

const MECHANIC = 'charge-declaration'

export interface ChargeRecord {
  unit: string
  target: string
  /** The hexes the charger's front enters in the movement phase, in order. */
  route: string[]
  /** The unit that counter-charged him, if one did. */
  counter?: string
  /** The charge cannot be withdrawn (the settings' `binding`): it must be ridden. */
  binding?: true
}

interface ChargeMemory {
  turn: number
  charges: ChargeRecord[]
  /** Units that were the target of a charge or counter-charge this game turn. */
  targeted: string[]
}

function blank(ctx: Ctx): ChargeMemory {
  return { turn: ctx.state.clock.turn, charges: [], targeted: [] }
}

/** This game turn's declarations (a read-only copy). */
export function declaredCharges(ctx: Ctx): ChargeMemory {
  const found = peekMemory<ChargeMemory>(ctx, MECHANIC)
  return found === undefined || found.turn !== ctx.state.clock.turn ? blank(ctx) : found
}

function memory(ctx: PlayContext): ChargeMemory {
  const found = memoryOf<ChargeMemory>(ctx, MECHANIC, blank(ctx))
  if (found.turn !== ctx.state.clock.turn) {
    found.turn = ctx.state.clock.turn
    found.charges = []
    found.targeted = []
  }
  return found
}

/** The route unit `id` declared he would charge along this game turn, or null. */
export function chargeRoute(ctx: Ctx, id: string): string[] | null {
  return declaredCharges(ctx).charges.find((c) => c.unit === id)?.route ?? null
}

/**
 * The riders of `side` who declared a binding charge this game turn and have not moved since,
 * with the rule that binds them (the declaring phase's).
 */
export function chargesToRide(ctx: Ctx, side: string): { riders: string[]; rule?: string } {
  const riders = declaredCharges(ctx)
    .charges.filter(
      (c) =>
        c.binding === true &&
        ctx.state.units[c.unit]?.side === side &&
        peekActivity(ctx, c.unit)?.moved !== true,
    )
    .map((c) => c.unit)
  const phase = ctx.loaded.rules.ruleset.sequence.phases.find((p) => p.mechanic === MECHANIC)
  return { riders, ...(phase?.rule === undefined ? {} : { rule: phase.rule }) }
}

/** Whether the unit already charged or counter-charged this game turn. */
function hasCharged(ctx: Ctx, id: string): boolean {
  return declaredCharges(ctx).charges.some((c) => c.unit === id || c.counter === id)
}

/** Why unit `id` may not charge at all now (not a rider, stunned, already charged…), or null. */
function whyNotCharger(ctx: Ctx, settings: Settings, side: string, id: string): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  if (unit.side !== side) return `${id} is not of the side whose turn it is`
  if (stanceOf(ctx, id) === null) return `${id} is not a rider on the map`
  if (!unitCanAct(ctx.loaded, ctx.state, id)) return `${id} may not charge while ${unit.status}`
  if (settings.oncePerTurn === true && hasCharged(ctx, id))
    return `${id} has already charged this turn`
  return null
}

/** The most movement points a route of unit `id` may cost (the phase's movementRating). */
function allowanceOf(ctx: Ctx, settings: Settings, id: string): number {
  const rating = settings.movementRating
  return rating === undefined ? Infinity : Number(unitRatings(ctx, id)[rating] ?? 0)
}

/**
 * The route walked from `start` with the charge's steps, within the unit's movement points, to
 * hexes held by nobody else; or why it cannot be.
 */
function walkCharge(
  ctx: Ctx,
  settings: Settings,
  id: string,
  start: Stance,
  route: readonly string[],
): { ok: true; end: Stance } | { ok: false; why: string } {
  const walked = walkRoute(ctx, id, start, route, { steps: settings.steps })
  if (!walked.ok) return walked
  const most = allowanceOf(ctx, settings, id)
  if (walked.cost > most)
    return {
      ok: false,
      why: `the route costs ${walked.cost} movement points and ${id} has ${most}`,
    }
  if (!stanceFree(ctx, id, walked.end))
    return { ok: false, why: `the route of ${id} ends on other units` }
  return walked
}

/** Why the charge is not allowed, or null. */
export function whyNotCharge(
  ctx: Ctx,
  settings: Settings,
  side: string,
  charge: Pick<ChargeRecord, 'unit' | 'target' | 'route'>,
): string | null {
  const { unit: id, target, route } = charge
  const notCharger = whyNotCharger(ctx, settings, side, id)
  if (notCharger !== null) return notCharger
  const start = stanceOf(ctx, id) as Stance
  if (!enemyUnits(ctx, side).includes(target)) return `${target} is not an enemy unit on the map`
  const aimed = ctx.state.units[target]
  if (aimed !== undefined && isOutOfBattle(ctx.loaded, aimed.status))
    return `${aimed.name ?? target} is out of the battle and may not be charged`
  if (settings.oncePerTurn === true && declaredCharges(ctx).targeted.includes(target))
    return `${target} has already been charged this turn`
  if (!inFrontalArc(ctx, start, target)) return `${target} is not in the frontal arc of ${id}`
  if (!seesFrom(ctx, id, start.front, target, settings.sightBlockedBy))
    return `${id} cannot see ${target}`
  if (route.length < settings.minLength)
    return `a charge needs a route of at least ${settings.minLength} hexes, not ${route.length}`
  const walked = walkCharge(ctx, settings, id, start, route)
  if (!walked.ok) return walked.why
  // The last hexes run straight on into the target.
  const heading = walked.end.heading
  const run = route.slice(-settings.straightRun)
  for (let i = 1; i < run.length; i++)
    if (headingBetween(ctx.loaded, run[i - 1] as string, run[i] as string) !== heading)
      return `the last ${settings.straightRun} hexes of the route must run in a straight line`
  const board = boardOf(ctx.loaded)
  const beyond = board.labelIfOnMap(
    cubeAdd(board.cubeOf(walked.end.front) as Cube, directionAtClock(heading)),
  )
  if (beyond === null || !hexesOf(ctx, target).includes(beyond))
    return `the route must run straight at ${target}`
  return null
}

/** The side clocks of the map's hexes (even on flat-top maps, odd on pointy-top ones). */
function sideClocks(ctx: Ctx): number[] {
  const orientation = ctx.loaded.map.grid.orientation
  return [...Array(12).keys()].filter((c) => isSideClock(c, orientation))
}

/**
 * What a rider's charges depend on besides where the units stand (which `fromArrangement`
 * watches): the phase's settings, every unit's side, status and own ratings, and the remains.
 */
function chargeKey(ctx: Ctx, settings: Settings): string {
  const parts: string[] = [JSON.stringify(settings), JSON.stringify(ctx.state.remains ?? null)]
  const units = ctx.state.units
  for (const id in units) {
    const u = units[id]
    if (u !== undefined) parts.push(`${id}:${u.side}:${u.status}:${JSON.stringify(u.ratings)}`)
  }
  return parts.join('|')
}

/**
 * The charges unit `id` can make now: for each target hex and each direction of the straight
 * run into it, the shortest route that reaches the start of that run. The listing is asked
 * again after each charge declared, when nothing the route search reads has changed: the
 * routes to every enemy in view are kept while the units stand where they stood and `key`
 * (chargeKey) is the same, and the targets already charged are left out afterwards. (Leaving
 * them in the search changes no route to the others: it only keeps more of the search.)
 */
function chargesOf(
  ctx: Ctx,
  settings: Settings,
  side: string,
  id: string,
  key: string,
): ChargeRecord[] {
  const kept = fromArrangement(
    ctx.loaded,
    ctx.state,
    'charges',
    () => new Map<string, Map<string, ChargeRecord[]>>(),
  )
  let forKey = kept.get(key)
  if (forKey === undefined) kept.set(key, (forKey = new Map()))
  const most = allowanceOf(ctx, settings, id)
  const slot = `${id}|${most}`
  let records = forKey.get(slot)
  if (records === undefined) {
    const start = stanceOf(ctx, id) as Stance
    const inView = enemyUnits(ctx, side).filter(
      (target) =>
        inFrontalArc(ctx, start, target) &&
        seesFrom(ctx, id, start.front, target, settings.sightBlockedBy),
    )
    records = searchCharges(ctx, settings, id, start, most, inView)
    forKey.set(slot, records)
  }
  // Statuses are not kept with the arrangement: a target out of the battle (a prisoner) is
  // left out here.
  const out = outOfBattleStatuses(ctx.loaded)
  const live =
    out.size === 0
      ? records
      : records.filter((r) => !out.has(ctx.state.units[r.target]?.status ?? ''))
  if (settings.oncePerTurn !== true) return live
  const targeted = declaredCharges(ctx).targeted
  return live.filter((r) => !targeted.includes(r.target))
}

/** The charges of unit `id` from `start` with `most` movement points at `targets` (see chargesOf). */
function searchCharges(
  ctx: Ctx,
  settings: Settings,
  id: string,
  start: Stance,
  most: number,
  targets: readonly string[],
): ChargeRecord[] {
  const board = boardOf(ctx.loaded)
  const lead = Math.max(0, settings.minLength - settings.straightRun)
  // Every hex costs a movement point at least; the search stops at the map's size anyway.
  const maxLead = Math.min(most, board.allHexes().length) - settings.straightRun
  if (maxLead < lead) return []
  const clocks = sideClocks(ctx)
  // The straight runs into each target hex that the charger may aim at.
  const runs: { target: string; run: string[] }[] = []
  for (const target of targets) {
    for (const t of hexesOf(ctx, target))
      for (const clock of clocks) {
        // The run: the straightRun hexes before t, heading `clock` into it.
        const run: string[] = []
        for (let k = 1, at: string | null = t; k <= settings.straightRun; k++) {
          at = at === null ? null : hexAtClock(ctx.loaded, at, clock + 6)
          if (at === null) break
          run.unshift(at)
        }
        if (run.length === settings.straightRun) runs.push({ target, run })
      }
  }
  if (runs.length === 0) return []
  // A lead-in ends next to the first hex of a run.
  const goals = [...new Set(runs.flatMap(({ run }) => board.neighbors(run[0] as string)))]
  const steps = { steps: settings.steps }
  const reach = reachableStances(ctx, id, start, steps, lead, maxLead, goals)
  const costOf = standingByNumber(ctx, id)
  const moves = stepMoves(settings.steps)
  const out: ChargeRecord[] = []
  for (const { target, run } of runs) {
    // The stances (by number) a lead-in may end in, fewest steps first.
    const leads: number[] = []
    for (const front of board.neighbors(run[0] as string))
      for (const heading of clocks) {
        const stance = board.indexOf(front) * 12 + heading
        if (reach.stepsTo(stance) >= 0) leads.push(stance)
      }
    leads.sort((a, b) => reach.stepsTo(a) - reach.stepsTo(b))
    const runHexes = run.map((hex) => board.indexOf(hex))
    // The charger and his target were checked above, and the lead-in is a route the charge may
    // take: what is left is the straight run from where it ends, and the whole cost.
    for (const before of leads) {
      const from = { front: Math.floor(before / 12), heading: before % 12 }
      const walked = walkNumbers(ctx, from, runHexes, moves, costOf)
      if (walked === null || reach.costTo(before) + walked.cost > most) continue
      const end = { front: board.labelAt(walked.front), heading: walked.heading }
      if (!stanceFree(ctx, id, end)) continue
      out.push({ unit: id, target, route: [...reach.routeTo(before), ...run] })
      break
    }
  }
  return out
}

/** Every charge the side can declare now (with `firstOnly`, the first found, to know if any is). */
export function chargeChoices(
  ctx: Ctx,
  settings: Settings,
  side: string,
  firstOnly = false,
): ChargeRecord[] {
  const out: ChargeRecord[] = []
  let key: string | null = null
  for (const id of Object.keys(ctx.state.units)) {
    if (whyNotCharger(ctx, settings, side, id) !== null) continue
    key ??= chargeKey(ctx, settings)
    out.push(...chargesOf(ctx, settings, side, id, key))
    if (firstOnly && out.length > 0) break
  }
  return out
}

function routeArg(action: Action): string[] {
  const value = action.route
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    return reject('"route" must list the hexes the charger\'s front enters, e.g. ["K10", "K11"]')
  return value as string[]
}

function settingsOf(ctx: Ctx, phase: string | null): Settings {
  return phaseSettings(ctx, phase ?? '', 'charge-declaration')
}

interface PhaseData {
  /** The charge just declared, whose reactions are to be asked. */
  declared?: ChargeRecord
}

export const chargeDeclarationProcedure = defineProcedure<PhaseData>()({
  name: MECHANIC,
  settings: [
    'minLength',
    'straightRun',
    'steps',
    'movementRating',
    'sightBlockedBy',
    'marker',
    'oncePerTurn',
    'binding',
  ],
  actions: ['charge', 'done'],
  steps: {
    start(ctx, f) {
      memory(ctx)
      f.go('ask')
      return AGAIN
    },
    ask(ctx, f) {
      const side = activeSideOf(ctx)
      const left = chargeChoices(ctx, settingsOf(ctx, f.frame.phase), side, true).length > 0
      return oneMoreOrDone(ctx, f.frame, side, left, {
        kind: 'charge-declaration',
        action: 'charge',
        text: 'declare a charge: a rider, his target and his route ("charge"), or declare no more ("done")',
      })
    },
    react(ctx, f) {
      const declared = f.data.declared as ChargeRecord
      delete f.data.declared
      f.go('ask')
      const event: ReactionEvent = {
        trigger: 'charge-declared',
        attacks: [{ attackers: [declared.unit], defenders: [declared.target], charge: true }],
      }
      const window = reactionWindow(ctx, event)
      return window === null ? AGAIN : { kind: 'push', frame: window }
    },
    end: () => ({ kind: 'done' }),
  },
  act(ctx, f, action) {
    const side = activeSideOf(ctx)
    if (action.type === 'done') {
      checkArgs(action, [])
      f.go('end')
      return `${side} declares no more charges`
    }
    checkArgs(action, ['unit', 'target', 'route'])
    const settings = settingsOf(ctx, f.frame.phase)
    const charge: ChargeRecord = {
      unit: stringArg(action, 'unit'),
      target: stringArg(action, 'target'),
      route: routeArg(action),
      ...(settings.binding === true ? { binding: true as const } : {}),
    }
    const rule = f.frame.phase === null ? undefined : phaseOf(ctx, f.frame.phase).rule
    const why = whyNotCharge(ctx, settings, side, charge)
    if (why !== null) return reject(why, rule)
    const mem = memory(ctx)
    mem.charges.push(charge)
    mem.targeted.push(charge.target)
    if (settings.marker !== undefined) setMarker(ctx, charge.unit, settings.marker, 'add', rule)
    f.data.declared = charge
    f.go('react')
    return `${charge.unit} will charge ${charge.target} by ${charge.route.join(', ')}`
  },
  legal(ctx, f) {
    const side = activeSideOf(ctx)
    return [
      ...chargeChoices(ctx, settingsOf(ctx, f.frame.phase), side).map((c) => ({
        type: 'charge',
        unit: c.unit,
        target: c.target,
        route: c.route,
      })),
      { type: 'done' },
    ]
  },
})

/** The last charge `unit` declared (he may have declared one only, with oncePerTurn). */
function lastOf(charges: ChargeRecord[], unit: string | undefined): ChargeRecord | undefined {
  for (let i = charges.length - 1; i >= 0; i--) if (charges[i]?.unit === unit) return charges[i]
  return undefined
}

interface ReactionData {
  reaction: string
  params: ReactionSettings
  event: Extract<ReactionEvent, { trigger: 'attack-declared' | 'charge-declared' }>
  /** The counter-charge chosen: its unit and route. */
  answered?: boolean
}

/** The charge a charge-declared event is about, as this game turn's memory holds it. */
function chargeOfEvent(ctx: Ctx, d: ReactionData): ChargeRecord | undefined {
  const unit = d.event.attacks[0]?.attackers[0]
  return lastOf(declaredCharges(ctx).charges, unit)
}

/** The stance a counter-charger ends in: front on the hex meetHexes from the end, facing back. */
function meetingStance(ctx: Ctx, charge: ChargeRecord, meet: number): Stance | null {
  const front = charge.route[charge.route.length - meet]
  const rear = charge.route[charge.route.length - meet + 1]
  if (front === undefined || rear === undefined) return null
  const heading = headingBetween(ctx.loaded, rear, front)
  return heading === null ? null : { front, heading }
}

interface CounterCharge {
  unit: string
  route: string[]
}

/** Why unit `id` may not counter-charge `charge` along `route`, or null. */
function whyNotCounter(
  ctx: Ctx,
  d: ReactionData,
  charge: ChargeRecord,
  counter: CounterCharge,
  steps: Settings['steps'],
): string | null {
  const { unit: id, route } = counter
  const unit = ctx.state.units[id]
  const charger = ctx.state.units[charge.unit]
  if (unit === undefined || charger === undefined) return `there is no unit "${id}"`
  if (unit.side === charger.side) return `${id} is on the charger's side`
  const stance = stanceOf(ctx, id)
  if (stance === null) return `${id} is not a rider on the map`
  if (!unitCanAct(ctx.loaded, ctx.state, id))
    return `${id} may not counter-charge while ${unit.status}`
  if (charge.counter !== undefined) return `${charge.unit} has already been counter-charged`
  if (hasCharged(ctx, id)) return `${id} has already charged this turn`
  if (!inFrontalArc(ctx, stance, charge.unit))
    return `${charge.unit} is not in the frontal arc of ${id}`
  if (!seesFrom(ctx, id, stance.front, charge.unit, undefined))
    return `${id} cannot see ${charge.unit}`
  const meet = d.params.meetHexes ?? 2
  const goal = meetingStance(ctx, charge, meet)
  if (goal === null) return `the charge route of ${charge.unit} is too short to be met`
  const reach = Math.floor(charge.route.length / (d.params.reachDivisor ?? 1))
  if (route.length > reach)
    return `a counter-charge against a charge of ${charge.route.length} hexes goes at most ${reach}`
  const walked = walkRoute(ctx, id, stance, route, { steps })
  if (!walked.ok) return walked.why
  if (stanceKey(walked.end) !== stanceKey(goal))
    return `a counter-charge must end on the last ${meet} hexes of the charge route, facing the charger`
  if (!stanceFree(ctx, id, walked.end)) return `the route of ${id} ends on other units`
  return null
}

/** The steps the charge phase allows (a counter-charge turns no more sharply than a charge). */
function chargeSteps(ctx: Ctx, frame: { phase: string | null }): Settings['steps'] {
  return settingsOf(ctx, frame.phase).steps
}

function counterChoices(ctx: Ctx, d: ReactionData, steps: Settings['steps']): CounterCharge[] {
  const charge = chargeOfEvent(ctx, d)
  if (charge === undefined || d.params.counterCharge !== true) return []
  const charger = ctx.state.units[charge.unit]
  if (charger === undefined) return []
  const meet = d.params.meetHexes ?? 2
  const goal = meetingStance(ctx, charge, meet)
  if (goal === null) return []
  const reach = Math.floor(charge.route.length / (d.params.reachDivisor ?? 1))
  const out: CounterCharge[] = []
  for (const id of enemyUnits(ctx, charger.side)) {
    const stance = stanceOf(ctx, id)
    if (stance === null) continue
    const routes = reachableStances(ctx, id, stance, { steps }, 1, reach, [goal.front])
    const found = routes.get(goal)
    if (found === undefined) continue
    const counter = { unit: id, route: found.route() }
    if (whyNotCounter(ctx, d, charge, counter, steps) === null) out.push(counter)
  }
  return out
}

export const counterChargeProcedure = defineProcedure<ReactionData>()({
  name: 'react:charge-declaration:charge-declared',
  settings: ['counterCharge', 'meetHexes', 'reachDivisor', 'marker', 'chargerMarker'],
  actions: ['counter-charge', 'decline'],
  steps: {
    start(ctx, f) {
      const charge = chargeOfEvent(ctx, f.data)
      const choices = counterChoices(ctx, f.data, chargeSteps(ctx, f.frame))
      if (charge === undefined || choices.length === 0) return { kind: 'done' }
      const side = ctx.state.units[choices[0]?.unit ?? '']?.side ?? ''
      return {
        kind: 'prompt',
        prompt: {
          side,
          kind: 'counter-charge',
          text: `${charge.unit} charges ${charge.target}: counter-charge him with a rider ("counter-charge"), or let him come ("decline")`,
          actions: ['counter-charge', 'decline'],
          ...promptRule(ctx, undefined, f.frame),
        },
      }
    },
    end: () => ({ kind: 'done' }),
  },
  act(ctx, f, action) {
    f.go('end')
    if (action.type === 'decline') {
      checkArgs(action, [])
      return 'no counter-charge'
    }
    checkArgs(action, ['unit', 'route'])
    const d = f.data
    const charge = chargeOfEvent(ctx, d)
    if (charge === undefined) return reject('there is no charge to answer')
    const counter = { unit: stringArg(action, 'unit'), route: routeArg(action) }
    const rule = ctx.loaded.rules.ruleset.sequence.phases
      .flatMap((p) => p.reactions ?? [])
      .find((r) => r.id === d.reaction)?.rule
    const why = whyNotCounter(ctx, d, charge, counter, chargeSteps(ctx, f.frame))
    if (why !== null) return reject(why, rule)
    const mem = memory(ctx)
    const record = lastOf(mem.charges, charge.unit) as ChargeRecord
    const meet = d.params.meetHexes ?? 2
    const goal = meetingStance(ctx, charge, meet) as Stance
    record.counter = counter.unit
    record.route = record.route.slice(0, record.route.length - meet)
    mem.targeted.push(charge.unit)
    placeUnit(
      ctx,
      counter.unit,
      { hex: goal.front, facing: goal.heading },
      'counter-charges to',
      rule,
    )
    if (d.params.marker !== undefined) setMarker(ctx, counter.unit, d.params.marker, 'add', rule)
    if (d.params.chargerMarker !== undefined)
      setMarker(ctx, charge.unit, d.params.chargerMarker, 'add', rule)
    return `${counter.unit} counter-charges ${charge.unit} by ${counter.route.join(', ')}`
  },
  legal(ctx, f) {
    return [
      ...counterChoices(ctx, f.data, chargeSteps(ctx, f.frame)).map((c) => ({
        type: 'counter-charge',
        unit: c.unit,
        route: c.route,
      })),
      { type: 'decline' },
    ]
  },
})

export const CHARGE_PROCEDURES: Procedures = {
  [MECHANIC]: chargeDeclarationProcedure,
  'react:charge-declaration:charge-declared': counterChargeProcedure,
}
