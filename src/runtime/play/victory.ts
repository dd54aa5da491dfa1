/**
 * Victory: the ruleset's conditions (with the scenario's changes) examined at the moments they
 * name. A check makes every side roll (the flight check); a threshold is a condition about a
 * side; elimination is a side left with nothing (nothing its `counts` holds for); points compare
 * a track at the end. Sides that lose at the same moment draw, or all lose, as the ruleset says.
 */
import type { VictoryCondition } from '../generated/content-types'
import { effectApplies } from '../rules'
import { reject, rejectFailure } from '../state/failure'
import type { Outcome } from '../state/game-state'
import { isOutOfBattle } from '../state/battle-statuses'
import { runResolution } from '../state/resolve-action'
import { sideContext, unitContext } from '../state/variables'
import { opponents } from './forces'
import type { PlayContext } from './procedure'

export type VictoryMoment = VictoryCondition['at']

function optionOn(ctx: PlayContext, option: string | undefined): boolean {
  return option === undefined || ctx.state.options[option] === true
}

/** Whether unit `id` counts for an elimination condition (its `counts`, every unit without). */
function counts(ctx: PlayContext, condition: VictoryCondition, id: string): boolean {
  if (condition.counts === undefined) return true
  const found = effectApplies(
    ctx.loaded.rules,
    'unit',
    condition.counts,
    unitContext(ctx.loaded, ctx.state, id),
    `victory condition "${condition.id}", counts`,
  )
  return found.ok ? found.value : rejectFailure(found.error)
}

function sideFails(ctx: PlayContext, condition: VictoryCondition, side: string): boolean {
  const { loaded, state } = ctx
  switch (condition.kind) {
    case 'check': {
      if (condition.resolution === undefined)
        return reject(`victory condition "${condition.id}" needs a resolution to check`)
      const { record, text } = runResolution(ctx, {
        type: 'resolve',
        resolution: condition.resolution,
        side,
      })
      ctx.records.push(record)
      // The record itself names no side: the log line says whose check it was.
      ctx.applied.push({
        kind: 'note',
        text,
        ...(condition.rule === undefined ? {} : { rule: condition.rule }),
      })
      return record.outcome === 'failure'
    }
    case 'threshold': {
      const found = effectApplies(
        loaded.rules,
        'side',
        condition.when,
        sideContext(loaded, state, side),
        `victory condition "${condition.id}"`,
      )
      if (!found.ok) return rejectFailure(found.error)
      return found.value
    }
    case 'elimination':
      // A unit out of the battle (a prisoner) is lost to its side like a removed one.
      return !Object.entries(state.units).some(
        ([id, u]) =>
          u.side === side &&
          u.location !== 'removed' &&
          !isOutOfBattle(loaded, u.status) &&
          counts(ctx, condition, id),
      )
    case 'points':
      return false
  }
}

/**
 * Examines the conditions for `at`; ends the game (sets the state's outcome and logs it) when
 * one decides it. Returns the outcome, or null when play goes on.
 */
export function checkVictory(ctx: PlayContext, at: VictoryMoment): Outcome | null {
  const victory = ctx.loaded.rules.ruleset.victory
  if (victory === undefined || ctx.state.outcome !== null) return ctx.state.outcome
  const sides = ctx.loaded.scenario.sides.map((s) => s.id)
  const losers = new Set<string>()
  const winners = new Set<string>()
  const reasons: string[] = []
  for (const condition of victory.conditions) {
    if (condition.at !== at || !optionOn(ctx, condition.option)) continue
    for (const side of sides) {
      if (!sideFails(ctx, condition, side)) continue
      const outcome = condition.outcome ?? 'lose'
      reasons.push(`${side}: ${condition.label}`)
      if (outcome === 'lose') losers.add(side)
      else if (outcome === 'win') winners.add(side)
      else for (const s of sides) losers.add(s)
    }
  }
  if (losers.size === 0 && winners.size === 0) return null
  for (const w of winners) for (const o of opponents(ctx.loaded, w)) losers.add(o)
  const survivors = sides.filter((s) => !losers.has(s))
  const everyoneLost = survivors.length === 0
  const draw = everyoneLost && (victory.simultaneous ?? 'draw') === 'draw'
  const outcome: Outcome = {
    winners: draw ? [] : survivors,
    losers: draw ? [] : [...losers],
    draw,
    reason: reasons.join('; '),
  }
  ctx.state.outcome = outcome
  const text = outcome.draw
    ? `the battle is drawn (${outcome.reason})`
    : `${outcome.winners.join(' and ')} ${outcome.winners.length === 1 ? 'wins' : 'win'} (${outcome.reason})`
  ctx.applied.push({
    kind: 'outcome',
    outcome,
    text,
    ...(victory.rule === undefined ? {} : { rule: victory.rule }),
  })
  return outcome
}

/**
 * The scenario's time is up (its last activation or turn is over, `after` saying which): the
 * conditions examined at game end decide, else the battle is drawn.
 */
export function endOfScenario(ctx: PlayContext, after: string): void {
  if (checkVictory(ctx, 'game-end') !== null) return
  const outcome = {
    winners: [],
    losers: [],
    draw: true,
    reason: `the battle ends after ${after} undecided`,
  }
  ctx.state.outcome = outcome
  ctx.applied.push({ kind: 'outcome', outcome, text: `the battle is drawn (${outcome.reason})` })
}
