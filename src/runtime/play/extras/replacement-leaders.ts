/**
 * Replacement leaders (mechanic "replacement-leaders"): at the start of its owner's move/fire
 * phase a lost leader of the active side comes back on his replacement side (the unit type of
 * mechanics.activation.replacementLeaders, whose ratings replace the ones printed on the lost
 * counter), placed with a unit of a command he leads. The owner picks the unit when there is a
 * choice. A command with the parameter noReplacement set gets none.
 */
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { reject } from '../../state/failure'
import { initialStatus } from '../../state/game-state'
import { runningActivation } from '../activity'
import { commandsOf } from '../forces'
import { defineProcedure } from '../define-procedure'
import type { PlayContext } from '../procedure'
import { commandUnitsOnMap, extrasSettings, promptRule } from './common'
import { setFacing, setPlace, setType } from '../../state/occupancy'
import { commandParameters } from '../../state/parameters'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** Lost leaders of `side` who may come back now, with the units each may join. */
export function replacementChoices(ctx: Ctx, side: string): Map<string, string[]> {
  const settings = extrasSettings(ctx).replacementLeaders
  const out = new Map<string, string[]>()
  if (settings === undefined) return out
  const lost = settings.lostStatuses ?? ['eliminated']
  for (const command of commandsOf(ctx.loaded, side)) {
    const leader = command.leader
    if (leader === undefined || commandParameters(ctx.loaded, command.id).noReplacement === true)
      continue
    const unit = ctx.state.units[leader]
    if (unit === undefined || unit.location !== 'removed' || !lost.includes(unit.status)) continue
    const joins = commandUnitsOnMap(ctx, command.id)
    if (joins.length === 0) continue
    out.set(leader, [...(out.get(leader) ?? []), ...joins])
  }
  return out
}

function place(ctx: PlayContext, leader: string, unit: string): void {
  const settings = extrasSettings(ctx).replacementLeaders
  const piece = ctx.state.units[leader]
  const host = ctx.state.units[unit]
  if (settings === undefined || piece === undefined || host === undefined) return
  const fromType = piece.type
  setType(ctx.state, piece, settings.type)
  piece.ratings = {}
  piece.status = initialStatus(ctx.loaded)
  setPlace(ctx.state, leader, host.hex, 'map')
  setFacing(ctx.state, piece, null)
  piece.markers = {}
  piece.ended = null
  ctx.applied.push({
    kind: 'place',
    unit: leader,
    from: { hex: null, facing: null, location: 'removed' },
    to: { hex: host.hex, facing: null, location: 'map' },
    text: `${leader} returns as a replacement leader (${fromType} → ${settings.type}) with ${unit} in ${host.hex ?? '?'}`,
    ...(settings.rule === undefined ? {} : { rule: settings.rule }),
  })
}

function activeSide(ctx: PlayContext): string {
  return runningActivation(ctx)?.side ?? ctx.state.clock.activeSide
}

export const replacementLeadersProcedure = defineProcedure<Record<string, never>>()({
  name: 'replacement-leaders',
  actions: ['place-leader'],
  steps: {
    start(ctx, f) {
      const choices = replacementChoices(ctx, activeSide(ctx))
      // A leader with a single place to go needs no decision.
      for (const [leader, units] of choices) {
        if (units.length !== 1) continue
        place(ctx, leader, units[0] as string)
        choices.delete(leader)
      }
      if (choices.size === 0) return { kind: 'done' }
      return {
        kind: 'prompt',
        prompt: {
          side: activeSide(ctx),
          kind: 'replacement-leader',
          text: `place the replacement for ${[...choices.keys()].join(', ')} with a unit of his command ("place-leader")`,
          actions: ['place-leader'],
          ...promptRule(ctx, extrasSettings(ctx).replacementLeaders?.rule, f.frame),
        },
      }
    },
  },
  act(ctx, _f, action) {
    checkArgs(action, ['leader', 'unit'])
    const leader = stringArg(action, 'leader')
    const unit = stringArg(action, 'unit')
    const units = replacementChoices(ctx, activeSide(ctx)).get(leader)
    if (units === undefined)
      return reject(
        `${leader} is not a lost leader who may return now`,
        extrasSettings(ctx).replacementLeaders?.rule,
      )
    if (!units.includes(unit))
      return reject(
        `${leader} must be placed with a unit of a command he leads: ${units.join(', ')}`,
        extrasSettings(ctx).replacementLeaders?.rule,
      )
    place(ctx, leader, unit)
    return `${leader} returns with ${unit}`
  },
  legal(ctx) {
    const actions: Action[] = []
    for (const [leader, units] of replacementChoices(ctx, activeSide(ctx)))
      for (const unit of units) actions.push({ type: 'place-leader', leader, unit })
    return actions
  },
})
