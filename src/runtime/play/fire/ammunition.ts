/**
 * Limited ammunition (mechanics.fire.ammunition): a weapon with `ammunition` (or with
 * `optionalAmmunition` while its optional rule is in force, or a unit type's own amount) is
 * carried with that many missiles. Each shot spends one (the shot procedure, whatever the kind
 * of fire); a unit with none left may not fire that weapon. With `exchange`, two units of the
 * side whose turn it is, side by side in a movement phase and neither next to an enemy, may pass
 * missiles (./exchange.ts).
 *
 * The missiles left are the mechanic's memory, by unit and weapon; a unit not in it still has
 * what it started with.
 */
import { memoryOf, peekMemory } from '../extras/common'
import { note } from '../logged'
import type { PlayContext } from '../procedure'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

const MEMORY = 'ammunition'

/** Missiles left, by unit and weapon. */
type AmmunitionMemory = Record<string, Record<string, number>>

/** The name a person reads for a unit. */
export const nameOf = (ctx: Ctx, id: string): string => ctx.state.units[id]?.name ?? id

/** The ammunition settings, when missiles are counted. */
export const settingsOf = (ctx: Ctx) => ctx.loaded.rules.ruleset.mechanics?.fire?.ammunition

export const ruleOf = (ctx: Ctx): string | undefined => settingsOf(ctx)?.rule

/** The missiles `id` starts the game with for `weapon`; null when they are not counted. */
export function ammunitionStart(ctx: Ctx, id: string, weapon: string): number | null {
  const unit = ctx.state.units[id]
  if (unit === undefined || settingsOf(ctx) === undefined) return null
  const rules = ctx.loaded.rules
  const own = rules.unitTypes.get(unit.type)?.weapons?.find((w) => w.weapon === weapon)
  if (own?.ammunition !== undefined) return own.ammunition
  const def = (rules.ruleset.weapons ?? []).find((w) => w.id === weapon)
  if (def?.ammunition !== undefined) return def.ammunition
  const optional = def?.optionalAmmunition
  if (optional === undefined || ctx.state.options[optional.option] !== true) return null
  const amount = (rules.ruleset.parameters as Record<string, unknown> | undefined)?.[
    optional.parameter
  ]
  return typeof amount === 'number' && amount >= 1 ? Math.floor(amount) : null
}

/** The missiles `id` has left for `weapon`; null when they are not counted. */
export function ammunitionLeft(ctx: Ctx, id: string, weapon: string): number | null {
  const start = ammunitionStart(ctx, id, weapon)
  if (start === null) return null
  return peekMemory<AmmunitionMemory>(ctx, MEMORY)?.[id]?.[weapon] ?? start
}

export function setLeft(ctx: PlayContext, id: string, weapon: string, left: number): void {
  const memory = memoryOf<AmmunitionMemory>(ctx, MEMORY, {})
  memory[id] = { ...(memory[id] ?? {}), [weapon]: left }
}

/** A weapon's name in a sentence: its label in lower case, without its bracketed note. */
export const label = (ctx: Ctx, weapon: string): string =>
  ((ctx.loaded.rules.ruleset.weapons ?? []).find((w) => w.id === weapon)?.label ?? weapon)
    .toLowerCase()
    .replace(/\s*\(.*\)$/, '')

/** "5 javelin missiles". */
export const missiles = (n: number, weapon: string): string =>
  `${n} ${weapon} missile${n === 1 ? '' : 's'}`

/** Why `id` may not fire `weapon` for want of missiles, with the rule, or null. */
export function outOfAmmunition(
  ctx: Ctx,
  id: string,
  weapon: string,
): { message: string; rule?: string } | null {
  const left = ammunitionLeft(ctx, id, weapon)
  if (left === null || left > 0) return null
  const start = ammunitionStart(ctx, id, weapon) ?? 0
  const message = `${nameOf(ctx, id)} has no ${label(ctx, weapon)} missiles left (he started with ${start})`
  const rule = ruleOf(ctx)
  return rule === undefined ? { message } : { message, rule }
}

/** One shot of `weapon` by `id`: one missile fewer, logged (nothing when they are not counted). */
export function spendAmmunition(ctx: PlayContext, id: string, weapon: string): void {
  const left = ammunitionLeft(ctx, id, weapon)
  if (left === null) return
  const now = Math.max(0, left - 1)
  setLeft(ctx, id, weapon, now)
  note(ctx, `${nameOf(ctx, id)} has ${missiles(now, label(ctx, weapon))} left`, ruleOf(ctx))
}

/**
 * Every unit holding more missiles than it started with, or fewer than none, as sentences: an
 * invariant of the playouts (nobody ever holds more than his starting amount).
 */
export function ammunitionProblems(ctx: Ctx): string[] {
  const held = peekMemory<AmmunitionMemory>(ctx, MEMORY) ?? {}
  const out: string[] = []
  for (const [id, weapons] of Object.entries(held))
    for (const [weapon, left] of Object.entries(weapons)) {
      const start = ammunitionStart(ctx, id, weapon)
      if (start === null || left < 0 || left > start)
        out.push(`unit ${id} holds ${left} missiles of ${weapon}, out of ${String(start)}`)
    }
  return out
}
