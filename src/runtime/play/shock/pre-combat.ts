/**
 * Step 2 of a shock phase before the defender's reactions: chargers set down next to their
 * targets (not movement, but it opens reaction fire), what happens to a charger on the way,
 * terrain disorder checks and charge reluctance.
 */
import { runResolution } from '../../state/resolve-action'
import { boardOf } from '../../state/board'
import type { NewFrame, PlayContext } from '../procedure'
import { reactionWindow } from '../reactions'
import { markerCount, note, setDown, setMarker } from './changes'
import { hexOf, sectorSeenBy } from './geometry'
import { unitFlags, movementClassOf } from '../influence'
import { chargeSettings, shockSettings } from './settings'
import type { DeclaredAttack, ShockData } from './types'
import { sectionOf } from '../sections'

/** The chargers of the phase in declaration order, with their attack. */
export function chargerQueue(d: ShockData): { attack: number; unit: string }[] {
  return d.attacks.flatMap((a, attack) => a.chargers.map((unit) => ({ attack, unit })))
}

/** Sets the charger down at the end of its path; the reaction window its arrival opens, if any. */
export function placeCharger(
  ctx: PlayContext,
  d: ShockData,
  attack: DeclaredAttack,
  id: string,
): NewFrame | null {
  const path = attack.paths[id]
  const from = hexOf(ctx, id)
  const to = path?.hexes[path.hexes.length - 1]
  if (path === undefined || from === null || to === undefined || attack.done) return null
  // The leaders going along, if they are still with it.
  const leaders = (attack.riders?.[id] ?? []).filter((l) => hexOf(ctx, l) === from)
  setDown(
    ctx,
    id,
    to,
    path.facing,
    `charges ${attack.defenders.join(', ')}: set down next to it,`,
    chargeSettings(ctx)?.rule,
    leaders,
  )
  // No reaction fire at a unit counter-charging a shooter.
  if (d.mode === 'counter-charge') return null
  return reactionWindow(ctx, {
    trigger: 'enter-frontal-hex',
    unit: id,
    hex: to,
    from,
    by: 'placement',
  })
}

/** Takes the Charge marker from a charger, giving it the Shock marker instead. */
export function bluntCharge(ctx: PlayContext, id: string, why: string, rule?: string): void {
  const settings = chargeSettings(ctx)
  if (settings === undefined || markerCount(ctx, id, settings.marker) === 0) return
  setMarker(ctx, id, settings.marker, 'remove', rule)
  if (settings.shockMarker !== undefined) setMarker(ctx, id, settings.shockMarker, 'add', rule)
  note(ctx, `${id} ${why}: its charge becomes a shock`, rule)
}

/**
 * After something happened to a charger on its way (reaction fire, terrain): a charger gone from
 * its place leaves the attack; a charger no longer in a charging status attacks its target
 * by shock.
 */
export function checkCharger(ctx: PlayContext, attack: DeclaredAttack, id: string): void {
  const settings = chargeSettings(ctx)
  const path = attack.paths[id]
  const unit = ctx.state.units[id]
  const stop = path?.hexes[path.hexes.length - 1]
  if (unit === undefined || unit.location !== 'map' || unit.hex !== stop) {
    attack.attackers = attack.attackers.filter((a) => a !== id)
    attack.chargers = attack.chargers.filter((a) => a !== id)
    note(
      ctx,
      `${id} no longer takes part in the attack on ${attack.defenders.join(', ')}`,
      sectionOf(ctx.loaded, 'chargeDropsOut'),
    )
    if (attack.attackers.length === 0) attack.done = true
    return
  }
  if (settings !== undefined && !(settings.allowedStatuses ?? [unit.status]).includes(unit.status))
    bluntCharge(ctx, id, `is ${unit.status} during its charge`, settings.rule)
}

/** Step 2b: terrain disorder checks for chargers whose path entered such terrain (Q32). */
export function terrainDisorderChecks(ctx: PlayContext, d: ShockData): void {
  const resolution = chargeSettings(ctx)?.terrainDisorder?.resolution
  if (resolution === undefined) return
  const board = boardOf(ctx.loaded)
  const types = ctx.loaded.rules.ruleset.terrain.hexTypes
  for (const { attack, unit } of chargerQueue(d)) {
    const a = d.attacks[attack] as DeclaredAttack
    if (a.done || !a.chargers.includes(unit)) continue
    const moveClass = movementClassOf(ctx, unit)
    const checks = (a.paths[unit]?.hexes ?? []).some((hex) => {
      const info = board.hex(hex)
      return [info.terrain, ...info.features].some(
        (t) => types.find((x) => x.id === t)?.disorderCheck?.[moveClass] === true,
      )
    })
    if (!checks) continue
    const { record, text } = runResolution(ctx, { type: 'resolve', resolution, unit })
    ctx.records.push(record)
    note(ctx, text, sectionOf(ctx.loaded, 'shockResolution'))
    checkCharger(ctx, a, unit)
  }
}

/** Step 2c: chargers with the flag roll for reluctance against a target that causes it. */
export function reluctanceChecks(ctx: PlayContext, d: ShockData): void {
  const settings = shockSettings(ctx).reluctance
  const charge = chargeSettings(ctx)
  if (settings === undefined || charge === undefined) return
  for (const { attack, unit } of chargerQueue(d)) {
    const a = d.attacks[attack] as DeclaredAttack
    const target = a.defenders[0]
    if (a.done || target === undefined || markerCount(ctx, unit, charge.marker) === 0) continue
    if (unitFlags(ctx, unit)[settings.unitFlag] !== true) continue
    if (unitFlags(ctx, target)[settings.targetFlag] !== true) continue
    const from = hexOf(ctx, unit)
    if (from === null) continue
    const sectors = settings.throughSectors
    if (sectors !== undefined && !sectors.includes(sectorSeenBy(ctx, target, from))) continue
    const { record, text } = runResolution(ctx, {
      type: 'resolve',
      resolution: settings.resolution,
      unit,
    })
    ctx.records.push(record)
    note(ctx, text, settings.rule)
    if (markerCount(ctx, unit, charge.marker) === 0)
      note(ctx, `${unit} balks at ${target}: the attack is a shock`, settings.rule)
  }
}
