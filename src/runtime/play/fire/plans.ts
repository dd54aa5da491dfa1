/**
 * Fire plans (mechanics.fire.plans): what a missile unit commits to for a player turn of its
 * side — fire in it (offensive), fire at the enemy's moves in the enemy's next player turn
 * (defensive), both, or neither — and the share of its movement allowance each plan leaves it
 * in its own turn (ruleset weapons[].movementUnderPlan).
 *
 * Declared: a fire phase with `declarePlans` takes `fire-plan {unit, plan}` at the start of the
 * player turn; the plan is fixed until the side's next player turn. A unit fires in that phase
 * only with an offensive plan, at the enemy's moves only with a defensive one, keeps to the
 * plan's movement limit, and may not attack in melee with any plan.
 * Implied (no phase declares): a unit that fired in its own turn moves under the offensive
 * plan's limit; fire at the enemy's moves is allowed to a unit that kept, in its own player turn
 * before, to the limit of the plan that fire completes and did not attack in melee.
 *
 * What each unit planned and did in its side's last player turn is the mechanic's memory, by
 * unit, written at the declaration and when the player turn ends.
 */
import type { LoadedRuleset } from '../../rules/loaded'
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { peekActivity } from '../activity'
import { memoryOf, peekMemory } from '../extras/common'
import { statusCanAct } from '../forces'
import { unitRatings } from '../influence'
import { note } from '../logged'
import { phaseOf, phaseSettings } from '../phase-settings'
import type { PlayContext } from '../procedure'
import { allowanceRating } from '../movement/settings'
import { recordAttacked } from './attacked'
import { weaponsOf } from './shots'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export const FIRE_PLANS = ['offensive', 'offensive-and-defensive', 'defensive'] as const
export type FirePlan = (typeof FIRE_PLANS)[number]

const PLAN_KEY = {
  offensive: 'offensive',
  'offensive-and-defensive': 'offensiveAndDefensive',
  defensive: 'defensive',
} as const

/** The plan as a sentence reads it. */
export const PLAN_LABEL: Readonly<Record<FirePlan, string>> = {
  offensive: 'offensive fire only',
  'offensive-and-defensive': 'offensive and defensive fire',
  defensive: 'defensive fire only',
}

const MEMORY = 'fire-plans'

/** What a unit planned and did in a player turn of its side. */
interface PlanRecord {
  activation: number
  plan?: FirePlan
  /** Movement points spent, allowance, fire and attacks, as the player turn ended. */
  mp?: number
  allowance?: number
  fired?: boolean
  attacked?: boolean
}

interface PlanMemory {
  units: Record<string, PlanRecord>
  /** The last player turn (activation number) of each side. */
  sides: Record<string, number>
}

const plansSettings = (rules: LoadedRuleset) => rules.ruleset.mechanics?.fire?.plans

/** Whether the ruleset has fire plans. */
export function plansOn(rules: LoadedRuleset): boolean {
  return plansSettings(rules) !== undefined
}

const declaredCache = new WeakMap<LoadedRuleset, boolean>()

/** Whether plans are declared (a fire phase of the sequence has declarePlans). */
export function plansDeclared(rules: LoadedRuleset): boolean {
  let found = declaredCache.get(rules)
  if (found === undefined) {
    found = rules.ruleset.sequence.phases.some(
      (p) =>
        p.mechanic === 'fire' &&
        (p.params as { declarePlans?: unknown } | undefined)?.declarePlans === true,
    )
    declaredCache.set(rules, found)
  }
  return found
}

/** The rule the plans' settings cite. */
export const planRule = (ctx: Ctx): string | undefined => plansSettings(ctx.loaded.rules)?.rule
const rule = planRule

/** The name a person reads for a unit. */
export function nameOf(ctx: Ctx, id: string): string {
  return ctx.state.units[id]?.name ?? id
}

function weaponDefs(ctx: Ctx, id: string) {
  const all = ctx.loaded.rules.ruleset.weapons ?? []
  return weaponsOf(ctx, id).flatMap((w) => all.filter((d) => d.id === w.id))
}

/** The weapons' names of a unit, for sentences. */
function weaponNames(ctx: Ctx, id: string): string {
  return weaponsOf(ctx, id)
    .map((w) => w.label.toLowerCase().replace(/\s*\(.*\)$/, ''))
    .join(' or ')
}

/**
 * The share of its allowance `id` may use under `plan` (the least its weapons that allow the
 * plan give; 1 for a weapon without limits), or null when none of its weapons allows it.
 */
export function shareUnder(ctx: Ctx, id: string, plan: FirePlan): number | null {
  let share: number | null = null
  for (const weapon of weaponDefs(ctx, id)) {
    const limits = weapon.movementUnderPlan
    const value = limits === undefined ? 1 : limits[PLAN_KEY[plan]]
    if (value === undefined) continue
    share = share === null ? value : Math.min(share, value)
  }
  return share
}

function capOf(ctx: Ctx, share: number, allowance: number): number {
  const exact = allowance * share
  return plansSettings(ctx.loaded.rules)?.rounding === 'up' ? Math.ceil(exact) : Math.floor(exact)
}

function baseAllowance(ctx: Ctx, id: string): number {
  const value = unitRatings(ctx, id)[allowanceRating(ctx.loaded)]
  return typeof value === 'number' ? value : 0
}

function memory(ctx: Ctx): PlanMemory | undefined {
  return peekMemory<PlanMemory>(ctx, MEMORY)
}

function writeMemory(ctx: PlayContext): PlanMemory {
  return memoryOf<PlanMemory>(ctx, MEMORY, { units: {}, sides: {} })
}

/** The plan `id` has for the running player turn of its side, or null. */
export function currentPlan(ctx: Ctx, id: string): FirePlan | null {
  const activation = ctx.state.flow?.activation
  const unit = ctx.state.units[id]
  if (!plansOn(ctx.loaded.rules) || activation == null || unit === undefined) return null
  if (plansDeclared(ctx.loaded.rules)) {
    const record = memory(ctx)?.units[id]
    return record?.activation === activation.number ? (record.plan ?? null) : null
  }
  return peekActivity(ctx, id)?.fired === true && ctx.state.clock.activeSide === unit.side
    ? 'offensive'
    : null
}

/** The movement allowance `id` has under its plan, from `allowance` (unchanged without one). */
export function plannedAllowance(ctx: Ctx, id: string, allowance: number): number {
  const plan = currentPlan(ctx, id)
  if (plan === null) return allowance
  const share = shareUnder(ctx, id, plan)
  return share === null ? allowance : Math.min(allowance, capOf(ctx, share, allowance))
}

/**
 * How the plan of `id` limits its movement allowance, as a sentence with its rule, or null: for
 * a refusal to say why the unit has fewer points than its counter shows.
 */
export function planLimitNote(ctx: Ctx, id: string): { text: string; rule?: string } | null {
  const plan = currentPlan(ctx, id)
  if (plan === null) return null
  const allowance = baseAllowance(ctx, id)
  const cap = plannedAllowance(ctx, id, allowance)
  if (cap >= allowance) return null
  const text = `${nameOf(ctx, id)} ${plansDeclared(ctx.loaded.rules) ? 'plans' : 'has taken'} ${PLAN_LABEL[plan]}: with a ${weaponNames(ctx, id)} he may use ${cap === 0 ? 'none' : `at most ${cap}`} of his ${allowance} movement points this turn`
  const why = rule(ctx)
  return why === undefined ? { text } : { text, rule: why }
}

/** Why the plans forbid `id` to attack in melee in this player turn, or null. */
export function planBarsAttack(ctx: Ctx, id: string): string | null {
  if (!plansDeclared(ctx.loaded.rules)) return null
  const plan = currentPlan(ctx, id)
  return plan === null
    ? null
    : `${nameOf(ctx, id)} plans ${PLAN_LABEL[plan]} this turn and may not attack in melee`
}

/** Why `id` may not fire at an enemy's moves now, because of what it planned or did, or null. */
export function whyNoDefensiveFire(ctx: Ctx, id: string): string | null {
  if (!plansOn(ctx.loaded.rules)) return null
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  const mem = memory(ctx)
  const last = mem?.sides[unit.side]
  // A side that has had no player turn yet stands as the scenario set it up, ready.
  if (last === undefined) return null
  const record = mem?.units[id]
  const name = nameOf(ctx, id)
  if (plansDeclared(ctx.loaded.rules)) {
    const plan = record?.activation === last ? record.plan : undefined
    if (plan === 'defensive' || plan === 'offensive-and-defensive') return null
    return plan === undefined
      ? `${name} planned no defensive fire in his last turn`
      : `${name} planned ${PLAN_LABEL[plan]} in his last turn, so he may not fire at the enemy's moves`
  }
  if (record?.activation !== last) return null
  const plan: FirePlan = record.fired === true ? 'offensive-and-defensive' : 'defensive'
  const share = shareUnder(ctx, id, plan)
  const weapon = weaponNames(ctx, id)
  if (share === null)
    return `${name} fired in his last turn, and a ${weapon} may not fire again at the enemy's moves`
  const allowance = record.allowance ?? 0
  const cap = capOf(ctx, share, allowance)
  const spent = record.mp ?? 0
  if (spent > cap)
    return `${name} used ${spent} movement points in his last turn; to fire at the enemy's moves with a ${weapon} he could use ${cap === 0 ? 'none' : `at most ${cap}`}`
  if (record.attacked === true)
    return `${name} attacked in melee in his last turn, so he may not fire at the enemy's moves`
  return null
}

/**
 * At the end of a player turn: what each missile unit of its side planned and did, and whom
 * the side attacked in melee (./attacked.ts): the fire mechanic's end-of-player-turn record.
 */
export function recordPlayerTurn(ctx: PlayContext): void {
  recordAttacked(ctx)
  if (!plansOn(ctx.loaded.rules)) return
  const activation = ctx.state.flow?.activation
  if (activation == null) return
  const side = ctx.state.clock.activeSide
  const mem = writeMemory(ctx)
  mem.sides[side] = activation.number
  for (const [id, unit] of Object.entries(ctx.state.units)) {
    if (unit.side !== side || unit.location !== 'map') continue
    if (weaponsOf(ctx, id).length === 0) continue
    const before = mem.units[id]
    const done = peekActivity(ctx, id)
    mem.units[id] = {
      activation: activation.number,
      ...(before?.activation === activation.number && before.plan !== undefined
        ? { plan: before.plan }
        : {}),
      mp: done?.mp ?? 0,
      allowance: baseAllowance(ctx, id),
      fired: done?.fired === true,
      attacked: done?.attacked === true,
    }
  }
}

// ------------------------------------------------------------------ the declaration

/** Whether the fire phase `frame` runs takes the plans. */
export function declaresPlans(ctx: Ctx, frame: Frame): boolean {
  if (frame.phase === null || phaseOf(ctx, frame.phase).mechanic !== 'fire') return false
  return phaseSettings(ctx, frame.phase, 'fire').declarePlans === true
}

/** Why `id` may not fire in the fire phase `frame` runs, for want of an offensive plan, or null. */
export function offensivePlanMissing(ctx: Ctx, frame: Frame, id: string): string | null {
  if (!declaresPlans(ctx, frame)) return null
  const plan = currentPlan(ctx, id)
  if (plan === 'offensive' || plan === 'offensive-and-defensive') return null
  return plan === null
    ? `${nameOf(ctx, id)} has no fire plan yet: fix one with offensive fire before he fires`
    : `${nameOf(ctx, id)} plans ${PLAN_LABEL[plan]} and may not fire in this phase`
}

/** Why `id` may not take `plan` now, or null. */
function whyNotPlan(ctx: Ctx, frame: Frame, id: string, plan: string): string | null {
  const unit = ctx.state.units[id]
  const activation = ctx.state.flow?.activation
  if (unit === undefined) return `there is no unit "${id}"`
  if (!declaresPlans(ctx, frame)) return 'fire plans are not fixed in this phase'
  if (activation == null || unit.side !== activation.side)
    return `${nameOf(ctx, id)} is not of the side whose turn it is`
  if (unit.location !== 'map' || !statusCanAct(ctx.loaded, unit.status))
    return `${nameOf(ctx, id)} may not act now`
  if (weaponsOf(ctx, id).length === 0) return `${nameOf(ctx, id)} carries no missile weapon`
  if (!(FIRE_PLANS as readonly string[]).includes(plan))
    return `"${plan}" is not a fire plan (${FIRE_PLANS.join(', ')})`
  const current = currentPlan(ctx, id)
  if (current !== null)
    return `${nameOf(ctx, id)} already plans ${PLAN_LABEL[current]}: a plan holds until his side's next turn`
  if (shareUnder(ctx, id, plan as FirePlan) === null)
    return `a ${weaponNames(ctx, id)} may not be used for ${PLAN_LABEL[plan as FirePlan]}`
  return null
}

/** Every plan the active side may still fix in the phase `frame` runs. */
export function planChoices(ctx: Ctx, frame: Frame, only?: readonly string[]): Action[] {
  if (!declaresPlans(ctx, frame)) return []
  const out: Action[] = []
  for (const id of only ?? Object.keys(ctx.state.units))
    for (const plan of FIRE_PLANS)
      if (whyNotPlan(ctx, frame, id, plan) === null) out.push({ type: 'fire-plan', unit: id, plan })
  return out
}

/** `fire-plan {unit, plan}`: the unit's plan for this player turn and the enemy's next. */
export function performPlan(ctx: PlayContext, frame: Frame, action: Action): string {
  checkArgs(action, ['unit', 'plan'])
  const id = stringArg(action, 'unit')
  const plan = stringArg(action, 'plan')
  const why = whyNotPlan(ctx, frame, id, plan)
  if (why !== null) return reject(why, rule(ctx))
  const activation = ctx.state.flow?.activation
  if (activation == null) return reject('no player turn is running')
  writeMemory(ctx).units[id] = { activation: activation.number, plan: plan as FirePlan }
  const allowance = baseAllowance(ctx, id)
  const cap = plannedAllowance(ctx, id, allowance)
  const moves =
    cap >= allowance
      ? 'he moves freely'
      : cap === 0
        ? 'he may not move'
        : `he may use at most ${cap} of his ${allowance} movement points`
  const text = `${nameOf(ctx, id)} plans ${PLAN_LABEL[plan as FirePlan]}: ${moves} this turn`
  note(ctx, text, rule(ctx))
  return text
}
