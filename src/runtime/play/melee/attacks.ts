/**
 * Which attacks the melee phase allows: a group of attackers of the side whose turn it is against
 * a group of enemy units, every attacker next to every defender (one against several, several
 * against one). An attacker must be able to act, must not have used up its attacks, must not
 * have fired this player turn when the phase says so, and must be able to enter each defender's
 * hex (the phase's `attackOnlyWhereMayEnter`). The odds must reach the resolution's lowest
 * column: the resolution itself says so, read here without rolling.
 */
import { resolveWithRoll } from '../../rules'
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { ActionFailure } from '../../state/failure'
import { resolutionVariables } from '../../state/resolve-action'
import { peekActivity } from '../activity'
import { isLeader } from '../forces'
import { enemyUnits, movementClassOf } from '../influence'
import { markerCount } from '../logged'
import type { SettingsOf } from '../phase-settings'
import type { PlayContext } from '../procedure'
import { hexEntryCost } from '../terrain-costs'
import { faceRange } from '../../dice'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>
export type MeleeSettings = SettingsOf<'melee'>

/** The most units of one group the legal actions list every combination of (2^6 − 1 groups). */
const MAX_GROUP = 6

export interface Attack {
  attackers: string[]
  defenders: string[]
}

/** Attacks each unit has made in the phase, by unit. */
export type AttacksMade = Record<string, number>

function canAct(ctx: Ctx, id: string): boolean {
  const unit = ctx.state.units[id]
  if (unit === undefined) return false
  return ctx.loaded.rules.ruleset.statuses.states.find((s) => s.id === unit.status)?.canAct !== false
}

/** Why `id` may not attack in this phase at all, or null. */
export function whyNotAttacker(
  ctx: Ctx,
  settings: MeleeSettings,
  side: string,
  made: AttacksMade,
  id: string,
): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined) return `there is no unit "${id}"`
  if (unit.side !== side) return `${id} is not of the side whose turn it is`
  if (unit.location !== 'map' || unit.hex === null) return `${id} is not on the map`
  if (isLeader(ctx.loaded, id)) return `${id} is a leader and does not fight on his own`
  if (!canAct(ctx, id)) return `${id} may not attack while ${unit.status}`
  if ((made[id] ?? 0) >= (settings.attacksPerUnit ?? 1))
    return `${id} has already attacked in this phase`
  if (settings.firedMayNotAttack === true && peekActivity(ctx, id)?.fired === true)
    return `${id} has fired this turn and may not attack`
  return null
}

/** Whether attacker `a` could enter the hex of `d` (the phase's attackOnlyWhereMayEnter). */
function mayEnter(ctx: Ctx, a: string, d: string): boolean {
  const hex = ctx.state.units[d]?.hex
  return hex != null && hexEntryCost(ctx.loaded, hex, movementClassOf(ctx, a)) !== null
}

/** The resolve action of an attack, as the phase rolls it. */
export function attackArgs(settings: MeleeSettings, ctx: Ctx, attack: Attack): Action {
  const marked = (ids: readonly string[], marker: string | undefined) =>
    marker === undefined ? [] : ids.filter((id) => markerCount(ctx, id, marker) > 0)
  return {
    type: 'resolve',
    resolution: settings.resolution,
    attackers: [...attack.attackers],
    defenders: [...attack.defenders],
    charging: marked(attack.attackers, settings.chargeMarker),
    counterCharged: marked(attack.defenders, settings.counterChargeMarker),
  }
}

/** Why the resolution refuses the attack (odds below its lowest column), or null; read without rolling. */
function whyNotOdds(ctx: Ctx, settings: MeleeSettings, attack: Attack): string | null {
  try {
    const { resolution, variables } = resolutionVariables(
      ctx.loaded,
      ctx.state,
      attackArgs(settings, ctx, attack),
    )
    const die = ctx.loaded.rules.ruleset.dice?.[0]
    const face = die === undefined ? 1 : faceRange(die).min
    const record = resolveWithRoll(ctx.loaded.rules, resolution, variables, [face])
    return record.status === 'not-allowed' ? (record.message ?? 'the odds are too low') : null
  } catch (e) {
    if (e instanceof ActionFailure) return e.error.message
    throw e
  }
}

/** Why the attack is not allowed, or null. */
export function whyNotAttack(
  ctx: Ctx,
  settings: MeleeSettings,
  side: string,
  made: AttacksMade,
  attack: Attack,
): string | null {
  const { attackers, defenders } = attack
  if (attackers.length === 0) return 'an attack needs at least one attacker'
  if (defenders.length === 0) return 'an attack needs at least one defender'
  if (new Set(attackers).size < attackers.length || new Set(defenders).size < defenders.length)
    return 'a unit is named twice in the attack'
  for (const id of attackers) {
    const why = whyNotAttacker(ctx, settings, side, made, id)
    if (why !== null) return why
  }
  const enemies = enemyUnits(ctx, side)
  const board = boardOf(ctx.loaded)
  for (const d of defenders) {
    if (!enemies.includes(d)) return `${d} is not an enemy unit on the map`
    const hex = ctx.state.units[d]?.hex as string
    for (const a of attackers) {
      if (board.distance(ctx.state.units[a]?.hex as string, hex) !== 1)
        return `${a} is not next to ${d}`
      if (settings.attackOnlyWhereMayEnter === true && !mayEnter(ctx, a, d))
        return `${a} may not attack ${d}: he could not enter that hex`
    }
  }
  return whyNotOdds(ctx, settings, attack)
}

/** Every non-empty group of `ids`, smallest first (all of them past MAX_GROUP: only singles and the whole). */
function groups(ids: readonly string[]): string[][] {
  if (ids.length > MAX_GROUP) return [...ids.map((id) => [id]), [...ids]]
  const out: string[][] = []
  for (let mask = 1; mask < 1 << ids.length; mask++)
    out.push(ids.filter((_, i) => (mask & (1 << i)) !== 0))
  return out.sort((a, b) => a.length - b.length)
}

/**
 * The attacks the phase offers: for each defender, every group of eligible attackers next to
 * it; for each attacker, every group of two or more enemies next to it. Each is checked as an
 * attack made by hand would be.
 */
export function attackChoices(
  ctx: Ctx,
  settings: MeleeSettings,
  side: string,
  made: AttacksMade,
): Attack[] {
  const board = boardOf(ctx.loaded)
  const ready = Object.keys(ctx.state.units).filter(
    (id) => whyNotAttacker(ctx, settings, side, made, id) === null,
  )
  const enemies = enemyUnits(ctx, side)
  const near = (a: string, d: string) =>
    board.distance(ctx.state.units[a]?.hex as string, ctx.state.units[d]?.hex as string) === 1
  const seen = new Set<string>()
  const out: Attack[] = []
  const offer = (attack: Attack) => {
    const key = `${attack.attackers.join(',')}|${attack.defenders.join(',')}`
    if (seen.has(key)) return
    seen.add(key)
    if (whyNotAttack(ctx, settings, side, made, attack) === null) out.push(attack)
  }
  for (const d of enemies) {
    const around = ready.filter((a) => near(a, d))
    for (const attackers of groups(around)) offer({ attackers, defenders: [d] })
  }
  for (const a of ready) {
    const around = enemies.filter((d) => near(a, d))
    if (around.length < 2) continue
    for (const defenders of groups(around))
      if (defenders.length >= 2) offer({ attackers: [a], defenders })
  }
  return out
}
