/**
 * Infiltration (movement phase setting `infiltration`): a unit slipping past enemy units on its
 * way rolls a resolution for each hex it crosses next to enemies able to attack it, as it leaves
 * the hex (never for the hex where its move ends), or with `finalHex` for each such hex it
 * enters. The roll is an attack: the mover defends, the enemies next to the hex attack, all of
 * them in one roll (`rollPer: crossed-hex`) or each in a roll of its own (`adjacent-enemy`, all
 * rolled before any result is applied). The results are carried out before the move goes on;
 * one that wounds, kills or moves the unit ends its move (move-path.ts checks before each step).
 */
import { statusCanAct } from '../forces'
import type { Frame } from '../../state/flow-types'
import { ruleField } from '../../state/failure'
import { applyRolled, rollResolution } from '../../state/resolve-action'
import type { RolledResolution } from '../../state/resolve-action'
import { peekActivity } from '../activity'
import { enemiesNextTo } from '../influence'
import { phaseOf, phaseSettings } from '../phase-settings'
import type { SettingsOf } from '../phase-settings'
import type { NewFrame, PlayContext } from '../procedure'
import { effectsFrame, resultsWatch } from '../results'

export type Infiltration = NonNullable<SettingsOf<'movement'>['infiltration']>

/** The infiltration settings of the movement phase `parent` runs for, if it has any. */
export function infiltrationOf(ctx: PlayContext, parent: Frame): Infiltration | undefined {
  if (parent.phase === null || phaseOf(ctx, parent.phase).mechanic !== 'movement') return undefined
  return phaseSettings(ctx, parent.phase, 'movement').infiltration
}

/**
 * Whether leaving the hex the unit stands in now is crossing it: the hex was entered by this
 * move (`steps` hexes entered so far), or by an earlier move of the unit in this activation
 * whose last hex it was. Only when the roll is made on leaving (not `finalHex`).
 */
export function leavingCrosses(
  ctx: PlayContext,
  settings: Infiltration,
  unit: string,
  steps: number,
): boolean {
  if (settings.finalHex === true) return false
  return steps > 0 || peekActivity(ctx, unit)?.moved === true
}

/**
 * The enemy combat units next to `hex` able to attack `unit` there: those whose status lets them
 * act (and, when `counts` is given, for which it holds).
 */
export function challengers(
  ctx: PlayContext,
  unit: string,
  hex: string,
  counts?: (id: string) => boolean,
): string[] {
  const side = ctx.state.units[unit]?.side
  if (side === undefined) return []
  return enemiesNextTo(ctx, side, hex).filter((id) => {
    const enemy = ctx.state.units[id]
    return (
      enemy !== undefined &&
      statusCanAct(ctx.loaded, enemy.status) &&
      (counts === undefined || counts(id))
    )
  })
}

/**
 * The hexes where `unit`, moving from `start` along `path`, would roll its infiltration as the
 * board stands now (each hex it leaves, or enters with `finalHex`, next to an enemy able to
 * attack it): what the play view marks on a move before it is chosen. Enemies the move's own
 * rolls would stun or kill on the way are still counted.
 */
export function infiltrationHexes(
  ctx: PlayContext,
  settings: Infiltration,
  unit: string,
  start: string,
  path: readonly string[],
): string[] {
  const challenged = (hex: string) => challengers(ctx, unit, hex).length > 0
  if (settings.finalHex === true) return path.filter(challenged)
  const left = [start, ...path.slice(0, -1)]
  return left.filter((hex, i) => leavingCrosses(ctx, settings, unit, i) && challenged(hex))
}

/**
 * Rolls the infiltration of `unit` in `hex` against the enemies able to attack it there and
 * applies the results; the frame that carries out what the results left pending, if any.
 * `rolled` is false when no enemy challenged the unit (nothing was rolled).
 */
export function infiltrate(
  ctx: PlayContext,
  settings: Infiltration,
  unit: string,
  hex: string,
  counts?: (id: string) => boolean,
): { rolled: boolean; then: NewFrame | null } {
  const enemies = challengers(ctx, unit, hex, counts)
  if (enemies.length === 0) return { rolled: false, then: null }
  const groups = settings.rollPer === 'adjacent-enemy' ? enemies.map((e) => [e]) : [enemies]
  const watch = resultsWatch(ctx, [unit, ...enemies])
  const before = ctx.pending.length
  const rolls: RolledResolution[] = []
  for (const attackers of groups) {
    const rolled = rollResolution(ctx, {
      type: 'resolve',
      resolution: settings.resolution,
      attackers,
      defenders: [unit],
    })
    ctx.records.push(rolled.record)
    ctx.applied.push({
      kind: 'note',
      text: `${unit} slips past ${attackers.join(', ')} in ${hex}: ${rolled.text}`,
      ...ruleField(rolled.record.resolution.rule),
    })
    rolls.push(rolled)
  }
  for (const rolled of rolls) applyRolled(ctx, rolled)
  return { rolled: true, then: effectsFrame(ctx.pending.slice(before), watch) }
}
