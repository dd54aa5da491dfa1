/**
 * Guards and escapes (mechanics.capture `ranks`, `guards`, `escapedRatings`; action
 * `escape {unit}`, offered in a movement phase of the prisoner's side when the capture option is
 * on). A prisoner is kept by the enemies next to him who are able to act and in the battle: one
 * whose rank is at most `loneGuardBelow` below his own (or higher), or `lowerGuards` of lower
 * rank. Unguarded, his owner may make him escape: the `escapeEvent` status event frees him (back
 * to his status before), he fights from then on with `escapedRatings` over his counter's own
 * (he has lost his arms), and does nothing more that turn.
 */
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { touching } from '../../state/footprints'
import { isOutOfBattle, statusLabel } from '../../state/battle-statuses'
import { arrangementChanged } from '../../state/occupancy'
import { currentActivation } from '../driver'
import { unitCanAct } from '../forces'
import { enemyUnits } from '../influence'
import { statusEvent } from '../logged'
import { setActing, turnUnitProblem } from '../movement/acting'
import type { PlayContext } from '../procedure'
import type { CaptureSettings, Ctx } from './settings'
import { captureOf, captureOff, captureSettings, holdsFor, nameOf, statusAfter } from './settings'

export const ESCAPE = 'escape'

/** Unit `id`'s rank for guarding (the first entry of `ranks` that holds); null when none does. */
export function rankOf(ctx: Ctx, s: CaptureSettings, id: string): number | null {
  const entry = s.ranks.find((r) => holdsFor(ctx, r.when, id, 'ranks'))
  return entry === undefined ? null : entry.rank
}

/** The enemies of prisoner `id` that guard him: next to him, able to act, in the battle, ranked. */
export function guardsOf(ctx: Ctx, s: CaptureSettings, id: string): string[] {
  const side = ctx.state.units[id]?.side ?? ''
  return enemyUnits(ctx, side).filter((g) => {
    const guard = ctx.state.units[g]
    return (
      guard !== undefined &&
      !isOutOfBattle(ctx.loaded, guard.status) &&
      unitCanAct(ctx.loaded, ctx.state, g) &&
      rankOf(ctx, s, g) !== null &&
      touching(ctx, g, id)
    )
  })
}

/** Whether the guards next to prisoner `id` are enough to keep him. */
export function guarded(ctx: Ctx, s: CaptureSettings, id: string): boolean {
  const guards = guardsOf(ctx, s, id)
  const own = rankOf(ctx, s, id)
  if (own === null) return guards.length > 0
  const below = s.guards?.loneGuardBelow ?? 1
  const lower = s.guards?.lowerGuards ?? 2
  const ranks = guards.map((g) => rankOf(ctx, s, g) as number)
  return ranks.some((r) => r >= own - below) || ranks.filter((r) => r < own).length >= lower
}

/** Why prisoner `id` may not escape now; null when he may. */
export function escapeProblem(ctx: Ctx, s: CaptureSettings, id: string): string | null {
  const problem = turnUnitProblem(ctx, id)
  if (problem !== null) return problem
  const unit = ctx.state.units[id]!
  const name = unit.name ?? id
  if (!isOutOfBattle(ctx.loaded, unit.status) || statusAfter(ctx, id, s.escapeEvent) === null)
    return `${name} is not a prisoner`
  if (guarded(ctx, s, id)) {
    const guards = guardsOf(ctx, s, id).map((g) => nameOf(ctx, g))
    return `${name} is guarded by ${guards.join(' and ')} and may not escape`
  }
  return null
}

/** Every escape the side whose turn it is may make now (for `only`: by those units). */
export function escapeChoices(ctx: Ctx, only?: readonly string[]): Action[] {
  const s = captureOf(ctx)
  if (s === undefined) return []
  const side = currentActivation(ctx).side
  return (only ?? Object.keys(ctx.state.units))
    .filter((id) => ctx.state.units[id]?.side === side && escapeProblem(ctx, s, id) === null)
    .map((unit) => ({ type: ESCAPE, unit }))
}

/** Carries out an escape: the prisoner is free, unarmed, and does nothing more; the log line. */
export function performEscape(ctx: PlayContext, frame: Frame, action: Action): string {
  const off = captureOff(ctx)
  const s = captureOf(ctx)
  if (off !== null || s === undefined) return reject(off ?? '', captureSettings(ctx)?.rule)
  checkArgs(action, ['unit'])
  const id = stringArg(action, 'unit')
  const problem = escapeProblem(ctx, s, id)
  if (problem !== null) return reject(problem, s.rule)
  statusEvent(ctx, id, s.escapeEvent, s.rule)
  const unit = ctx.state.units[id]
  if (unit === undefined) return reject(`there is no unit "${id}"`)
  unit.ended = 'activation'
  arrangementChanged(ctx.state, unit)
  const ratings = s.escapedRatings ?? {}
  const labels = ctx.loaded.rules.ruleset.ratings ?? []
  const changes = Object.entries(ratings).map(
    ([key, value]) => `${labels.find((r) => r.key === key)?.label ?? key} ${String(value)}`,
  )
  if (changes.length > 0) unit.ratings = { ...unit.ratings, ...ratings }
  setActing(frame, id)
  const arms = changes.length > 0 ? `, without his arms (${changes.join(', ')})` : ''
  return `${nameOf(ctx, id)} escapes, nobody guarding him: he is ${statusLabel(ctx.loaded, unit.status).toLowerCase()} again${arms}, and does nothing more this turn`
}
