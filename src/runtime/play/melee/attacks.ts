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
import { hexesOf, touching } from '../../state/footprints'
import { ActionFailure } from '../../state/failure'
import { resolutionVariables } from '../../state/resolve-action'
import { isOutOfBattle, statusLabel } from '../../state/battle-statuses'
import { peekActivity } from '../activity'
import { planBarsAttack } from '../fire/plans'
import { isLeader, unitCanAct } from '../forces'
import { enemyUnits, movementClassOf } from '../influence'
import { markerCount } from '../logged'
import type { SettingsOf } from '../phase-settings'
import type { PlayContext } from '../procedure'
import { hexEntryCost } from '../terrain-costs'
import { remainsEntry } from '../../state/remains'
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
  if (!unitCanAct(ctx.loaded, ctx.state, id)) return `${id} may not attack while ${unit.status}`
  if (unit.ended === 'activation') return `${id} may do nothing more this turn`
  if ((made[id] ?? 0) >= (settings.attacksPerUnit ?? 1))
    return `${id} has already attacked in this phase`
  if (settings.firedMayNotAttack === true && peekActivity(ctx, id)?.fired === true)
    return `${id} has fired this turn and may not attack`
  if (settings.firedMayNotAttack === true) return planBarsAttack(ctx, id)
  return null
}

/**
 * Whether attacker `a` could enter a hex of `d` next to him (the phase's attackOnlyWhereMayEnter;
 * either half of a two-hex counter). Fire reads it too: an enemy that could not attack a unit
 * does not engage it (fire/contact.ts).
 */
export function mayAttackInto(ctx: Ctx, a: string, d: string): boolean {
  const board = boardOf(ctx.loaded)
  const mine = hexesOf(ctx, a)
  const moveClass = movementClassOf(ctx, a)
  return hexesOf(ctx, d).some(
    (hex) =>
      mine.some((h) => board.distance(h, hex) === 1) &&
      hexEntryCost(ctx.loaded, hex, moveClass) !== null &&
      remainsEntry(ctx.loaded, ctx.state, hex).ok,
  )
}

/** The resolve action of an attack as declared, charge and counter-charge markers read. */
function declaredArgs(settings: MeleeSettings, ctx: Ctx, attack: Attack): Action {
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

/** The strengths the resolution reckons for an attack and its refusal, read without rolling. */
function reckon(
  ctx: Ctx,
  args: Action,
): { attack: number; defense: number; refused: string | null } {
  try {
    const { resolution, variables } = resolutionVariables(ctx.loaded, ctx.state, args)
    const die = ctx.loaded.rules.ruleset.dice?.[0]
    const face = die === undefined ? 1 : faceRange(die).min
    const record = resolveWithRoll(ctx.loaded.rules, resolution, variables, [face])
    const refused =
      record.status === 'not-allowed' ? (record.message ?? 'the odds are too low') : null
    return { attack: record.odds?.attack ?? 0, defense: record.odds?.defense ?? 0, refused }
  } catch (e) {
    if (e instanceof ActionFailure) return { attack: 0, defense: 0, refused: e.error.message }
    throw e
  }
}

/** A lone charger against a lone counter-charger (the phase's chargeMarker, counterChargeMarker). */
function isChargeMeeting(ctx: Ctx, settings: MeleeSettings, attack: Attack): boolean {
  const { chargeMarker, counterChargeMarker } = settings
  if (chargeMarker === undefined || counterChargeMarker === undefined) return false
  const [a] = attack.attackers
  const [d] = attack.defenders
  return (
    attack.attackers.length === 1 &&
    attack.defenders.length === 1 &&
    markerCount(ctx, a as string, chargeMarker) > 0 &&
    markerCount(ctx, d as string, counterChargeMarker) > 0
  )
}

/**
 * The resolve action an attack is rolled with. With the phase's `roleSwap`, a lone charger
 * against a lone counter-charger whose defence (as the resolution reckons it, bonuses and all)
 * is greater than the charger's attack does not attack: the counter-charger attacks him, with
 * neither bonus (`swapped`).
 */
export function attackArgs(
  settings: MeleeSettings,
  ctx: Ctx,
  attack: Attack,
): Action & { swapped?: true } {
  const declared = declaredArgs(settings, ctx, attack)
  if (settings.roleSwap !== true || !isChargeMeeting(ctx, settings, attack)) return declared
  const { attack: strength, defense } = reckon(ctx, declared)
  if (defense <= strength) return declared
  return {
    type: 'resolve',
    resolution: settings.resolution,
    attackers: [...attack.defenders],
    defenders: [...attack.attackers],
    charging: [],
    counterCharged: [],
    swapped: true,
  }
}

/** Why the resolution refuses the attack (odds below its lowest column), or null. */
function whyNotOdds(ctx: Ctx, settings: MeleeSettings, attack: Attack): string | null {
  const { swapped: _swapped, ...args } = attackArgs(settings, ctx, attack)
  return reckon(ctx, args).refused
}

/** Why a charge must be fought alone (the phase's chargesAlone), or null. */
function whyNotAlone(ctx: Ctx, settings: MeleeSettings, attack: Attack): string | null {
  if (settings.chargesAlone !== true) return null
  const single = attack.attackers.length === 1 && attack.defenders.length === 1
  if (single) return null
  const { chargeMarker, counterChargeMarker } = settings
  const charger = attack.attackers.find(
    (id) => chargeMarker !== undefined && markerCount(ctx, id, chargeMarker) > 0,
  )
  if (charger !== undefined) return `${charger} charges and fights alone, against one enemy`
  const met = attack.defenders.find(
    (id) => counterChargeMarker !== undefined && markerCount(ctx, id, counterChargeMarker) > 0,
  )
  if (met !== undefined) return `${met} counter-charges and is fought alone, by one enemy`
  return null
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
  for (const d of defenders) {
    if (!enemies.includes(d)) return `${d} is not an enemy unit on the map`
    const status = ctx.state.units[d]?.status ?? ''
    if (isOutOfBattle(ctx.loaded, status))
      return `${ctx.state.units[d]?.name ?? d} is ${statusLabel(ctx.loaded, status).toLowerCase()}, out of the battle, and may not be attacked`
    for (const a of attackers) {
      if (!touching(ctx, a, d)) return `${a} is not next to ${d}`
      if (settings.attackOnlyWhereMayEnter === true && !mayAttackInto(ctx, a, d))
        return `${a} may not attack ${d}: he could not enter that hex`
    }
  }
  return whyNotAlone(ctx, settings, attack) ?? whyNotOdds(ctx, settings, attack)
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
  const ready = Object.keys(ctx.state.units).filter(
    (id) => whyNotAttacker(ctx, settings, side, made, id) === null,
  )
  const enemies = enemyUnits(ctx, side)
  const near = (a: string, d: string) => touching(ctx, a, d)
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
