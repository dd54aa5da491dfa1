/**
 * Effects on strength and movement: losses (a side pays a number of points, steps or a share of
 * its strength with whole units of its owner's choosing), movement-loss (the unit spends part of
 * what it has left this activation). Dismount is in ./dismount.ts. The activation-chain rulesets
 * bundled do not use them; they follow the effects schema.
 */
import { effectNumber } from '../../rules'
import type { Action } from '../../state/actions'
import { eliminateUnit } from '../../state/effect-changes'
import { rejectFailure } from '../../state/failure'
import type { PendingEffect } from '../../state/log'
import { activityOf } from '../activity'
import { isLeader } from '../forces'
import { unitRatings } from '../influence'
import { defineProcedure } from '../define-procedure'
import type { PlayContext } from '../procedure'
import { answerAmong, note, scopeFor, subRun } from './common'

type Effect = PendingEffect['effect']
type LossesEffect = Extract<Effect, { type: 'losses' }>

interface LossesData {
  pending: PendingEffect
  target?: number
  paid?: number
}

function amount(ctx: PlayContext, pending: PendingEffect, value: number | string): number {
  if (typeof value === 'number') return value
  const found = effectNumber(
    ctx.loaded.rules,
    pending.context as Parameters<typeof effectNumber>[1],
    value,
    scopeFor(ctx, pending).variables,
    `${pending.source}, ${pending.effect.type}`,
  )
  return found.ok ? found.value : rejectFailure(found.error)
}

/** The units that may pay: those the effect names, else every combat unit of the sides on the map. */
function payers(ctx: PlayContext, pending: PendingEffect): string[] {
  const named = pending.units.filter((id) => ctx.state.units[id]?.location === 'map')
  if (pending.units.length > 0) return named
  return Object.entries(ctx.state.units)
    .filter(
      ([id, u]) =>
        pending.sides.includes(u.side) && u.location === 'map' && !isLeader(ctx.loaded, id),
    )
    .map(([id]) => id)
}

function worth(ctx: PlayContext, effect: LossesEffect, id: string): number {
  if (effect.rating === undefined) return 1
  const value = unitRatings(ctx, id)[effect.rating]
  return typeof value === 'number' ? value : 0
}

function round(value: number, how: LossesEffect['rounding']): number {
  if (how === 'down') return Math.floor(value)
  if (how === 'nearest') return Math.round(value)
  return Math.ceil(value)
}

function lossOptions(ctx: PlayContext, d: LossesData): Action[] {
  const effect = d.pending.effect as LossesEffect
  const left = (d.target ?? 0) - (d.paid ?? 0)
  const units = payers(ctx, d.pending)
  // The unit that pays the rest most exactly first.
  return units
    .map((id) => ({ id, v: worth(ctx, effect, id) }))
    .sort((a, b) => Math.abs(a.v - left) - Math.abs(b.v - left) || a.id.localeCompare(b.id))
    .map(({ id }) => ({ type: 'lose', unit: id }))
}

export const lossesProcedure = defineProcedure<LossesData>()({
  name: 'effect:losses',
  actions: ['lose'],
  steps: {
    start(ctx, f) {
      const d = f.data
      const effect = d.pending.effect as LossesEffect
      if (d.target === undefined) {
        const value = amount(ctx, d.pending, effect.amount)
        const total = payers(ctx, d.pending).reduce((s, id) => s + worth(ctx, effect, id), 0)
        d.target = round(effect.unit === 'percent' ? (value * total) / 100 : value, effect.rounding)
        d.paid = 0
      }
      if ((d.paid ?? 0) >= d.target || lossOptions(ctx, d).length === 0) return { kind: 'done' }
      return {
        kind: 'prompt',
        prompt: {
          side: d.pending.sides[0] ?? '',
          kind: 'losses',
          text: `remove units to pay ${d.target - (d.paid ?? 0)} more ${effect.unit === 'steps' ? 'steps' : 'points'} of losses ("lose")`,
          actions: ['lose'],
          ...(effect.rule === undefined ? {} : { rule: effect.rule }),
        },
      }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    const effect = d.pending.effect as LossesEffect
    const options = lossOptions(ctx, d)
    const chosen = answerAmong(action, options, ['unit'], () => ({
      message: `the losses are paid with ${options.map((o) => String(o.unit)).join(', ')}`,
      ...(effect.rule === undefined ? {} : { rule: effect.rule }),
    }))
    const id = chosen.unit as string
    d.paid = (d.paid ?? 0) + worth(ctx, effect, id)
    eliminateUnit(subRun(ctx), id, effect.rule)
    return `unit ${id} is lost`
  },
  legal(ctx, f) {
    return lossOptions(ctx, f.data)
  },
})

export const movementLossProcedure = defineProcedure<{ pending: PendingEffect }>()({
  name: 'effect:movement-loss',
  steps: {
    start(ctx, f) {
      const d = f.data
      const effect = d.pending.effect as Extract<Effect, { type: 'movement-loss' }>
      for (const id of d.pending.units) {
        if (ctx.state.units[id]?.location !== 'map') continue
        const activity = activityOf(ctx, id)
        const allowance = unitRatings(ctx, id).movement
        const left = Math.max(0, (typeof allowance === 'number' ? allowance : 0) - activity.mp)
        let lost = 0
        if (effect.points !== undefined)
          lost = Math.min(left, amount(ctx, d.pending, effect.points))
        else if (effect.keepFraction !== undefined) {
          const kept = left * effect.keepFraction
          lost = left - (effect.rounding === 'up' ? Math.ceil(kept) : Math.floor(kept))
        }
        activity.mp += lost
        note(ctx, `unit ${id} loses ${lost} movement points`, effect.rule)
      }
      return { kind: 'done' }
    },
  },
})
