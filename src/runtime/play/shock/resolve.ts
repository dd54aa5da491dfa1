/**
 * Step 3 of a shock phase: one roll per defending hex of an attack, every roll made
 * before any result is applied (one unit attacking two hexes takes both results together), then
 * the results put in the order the rules give them before the results mechanic carries them
 * out: a continued attack overrides the attacker's retreat, the defender retreats before the
 * attacker, and nobody advances when the attacker retreats.
 */
import type { Action } from '../../state/actions'
import type { PendingEffect } from '../../state/log'
import { applyRolled, rollResolution } from '../../state/resolve-action'
import type { RolledResolution } from '../../state/resolve-action'
import { peekActivity } from '../activity'
import type { NewFrame, PlayContext } from '../procedure'
import { effectsFrame, resultsWatch } from '../results/frames'
import { markerCount, note } from './changes'
import { hexOf } from './geometry'
import { chargeSettings, continuedAttackMarker, resultOrder } from './settings'
import type { DeclaredAttack, RollSummary, ShockData } from './types'
import { shareFates, sharesFate, statusesOf } from './shared-fate'
import { sectionOf } from '../sections'

/** Attackers of the attack still on the map, able to fight. */
export function fightingAttackers(ctx: PlayContext, attack: DeclaredAttack): string[] {
  return attack.attackers.filter((id) => hexOf(ctx, id) !== null)
}

/** The defending hexes still to roll for, each with its defenders (evaded hexes dropped). */
export function defendingHexes(
  ctx: PlayContext,
  attack: DeclaredAttack,
): { hex: string; defenders: string[] }[] {
  const out: { hex: string; defenders: string[] }[] = []
  for (const hex of attack.hexes) {
    const defenders = attack.defenders.filter(
      (id) => !attack.evaded.includes(id) && hexOf(ctx, id) === hex,
    )
    if (defenders.length > 0) out.push({ hex, defenders })
  }
  return out
}

/**
 * The defenders a roll is made against: a unit sharing the fate of another (stacked guns) takes no
 * part in it while a unit without the flag defends the hex with it.
 */
export function rollingDefenders(ctx: PlayContext, defenders: readonly string[]): string[] {
  const companions = defenders.filter((id) => sharesFate(ctx, id))
  return companions.length === defenders.length
    ? [...defenders]
    : defenders.filter((id) => !companions.includes(id))
}

/** What the shock resolution is given for the roll on one hex of an attack. */
export function attackArgs(
  ctx: PlayContext,
  d: ShockData,
  attack: DeclaredAttack,
  defenders: readonly string[],
  bonus: number,
): Action {
  const attackers = fightingAttackers(ctx, attack)
  const chargeMarker = chargeSettings(ctx)?.marker
  const caMarker = continuedAttackMarker(ctx)
  const charging =
    d.mode === 'continued' || chargeMarker === undefined
      ? []
      : attackers.filter((id) => markerCount(ctx, id, chargeMarker) > 0)
  const defending = defendingHexes(ctx, attack).flatMap((h) =>
    rollingDefenders(ctx, h.defenders),
  ).length
  return {
    type: 'resolve',
    resolution: d.resolution,
    attackers,
    defenders: rollingDefenders(ctx, defenders),
    charging,
    moved: attackers.filter((id) => peekActivity(ctx, id)?.moved === true),
    counterCharged: attack.counterCharging ?? [],
    continued:
      caMarker === undefined
        ? 0
        : Math.max(0, ...attackers.map((id) => markerCount(ctx, id, caMarker))),
    counterChargedVsShock: defenders.some((id) => attack.counterChargedVsShock.includes(id)),
    bonus,
    defending,
  }
}

function gaveContinuedAttack(ctx: PlayContext, rolled: RolledResolution): boolean {
  const marker = continuedAttackMarker(ctx)
  return rolled.record.effects.some(
    (e) => e.type === 'marker' && e.marker === marker && (e.op ?? 'add') !== 'remove',
  )
}

/**
 * Puts the pending results of one attack in the order the rules give: the defenders' results first,
 * then the attackers' retreats (not for an attacker that carries out a continued attack), then
 * the advance (none when an attacker still retreats), then the continued attack marker, which
 * goes to the unit that advanced.
 */
export function orderResults(
  ctx: PlayContext,
  attackers: readonly string[],
  pending: readonly PendingEffect[],
  continuing: ReadonlySet<string>,
): PendingEffect[] {
  const order = resultOrder(ctx)
  const caMarker = continuedAttackMarker(ctx)
  const byAttackers = (p: PendingEffect) =>
    p.units.length > 0 && p.units.every((u) => attackers.includes(u))
  const retreats: PendingEffect[] = []
  const advances: PendingEffect[] = []
  const markers: PendingEffect[] = []
  const first: PendingEffect[] = []
  for (const p of pending) {
    if (p.effect.type === 'retreat' && byAttackers(p)) {
      const units = order.continuedAttackOverridesRetreat
        ? p.units.filter((u) => !continuing.has(u))
        : p.units
      if (units.length < p.units.length)
        note(
          ctx,
          `${p.units.filter((u) => continuing.has(u)).join(', ')} carries out its continued attack instead of retreating`,
          order.rule,
        )
      if (units.length > 0) retreats.push({ ...p, units })
    } else if (p.effect.type === 'advance') advances.push(p)
    else if (p.effect.type === 'marker' && p.effect.marker === caMarker) markers.push(p)
    else first.push(p)
  }
  if (order.defenderRetreatsFirst && retreats.length > 0 && advances.length > 0) {
    note(ctx, 'the attacker retreats, so nobody advances into the emptied hex', order.rule)
    advances.length = 0
  }
  return [...first, ...retreats, ...advances, ...markers]
}

/**
 * Rolls every defending hex of the attack (with the bonus counters played on each), applies what
 * the kernel applies itself, and returns the frame carrying out the rest in the rules' order,
 * with what each roll gave (for what must wait until the results are carried out: shared fate,
 * Engaged).
 */
export function resolveAttack(
  ctx: PlayContext,
  d: ShockData,
  attack: DeclaredAttack,
  bonuses: readonly number[],
): { frame: NewFrame | null; rolls: RollSummary[] } {
  const attackers = fightingAttackers(ctx, attack)
  const hexes = defendingHexes(ctx, attack)
  if (attackers.length === 0 || hexes.length === 0) {
    note(
      ctx,
      `the attack of ${attack.attackers.join(', ')} lapses: nothing is left to fight`,
      sectionOf(ctx.loaded, 'shockResolution'),
    )
    return { frame: null, rolls: [] }
  }
  const watch = resultsWatch(ctx, [...attackers, ...hexes.flatMap((h) => h.defenders)])
  const summaries: RollSummary[] = []
  const rolls = hexes.map((h, i) => {
    const rolled = rollResolution(ctx, attackArgs(ctx, d, attack, h.defenders, bonuses[i] ?? 0))
    ctx.records.push(rolled.record)
    note(ctx, rolled.text, rolled.record.resolution.rule)
    summaries.push({
      hex: h.hex,
      defenders: [...h.defenders],
      codes: rolled.record.codes.map((c) => c.code),
      statuses: statusesOf(ctx, h.defenders),
    })
    return rolled
  })
  // Every roll is made before any result applies.
  const before = ctx.pending.length
  for (const rolled of rolls) applyRolled(ctx, rolled)
  // Guns lost with the unit they stood with go before anyone advances into the hex.
  shareFates(ctx, summaries)
  const continuing = new Set<string>()
  if (attackers.length === 1 && rolls.some((r) => gaveContinuedAttack(ctx, r)))
    continuing.add(attackers[0] as string)
  const ordered = orderResults(ctx, attackers, ctx.pending.splice(before), continuing)
  ctx.pending.push(...ordered)
  return { frame: effectsFrame(ordered, watch), rolls: summaries }
}
