/**
 * Effects that lead to further rolls or decisions: resolve (a follow-up check for each unit, such
 * as a leader casualty check, whose own pending effects are carried out in turn), morale-test
 * (per unit, per unit class with one roll, or per side), choice (the owner picks one of the
 * effect sets: disordered or retreat), and one-unit effects with several candidates (the owner
 * picks the unit, unless the rules already singled it out: the unit that advanced).
 */
import type { Action } from '../../state/actions'
import { applyEffects } from '../../state/effects'
import { reject } from '../../state/failure'
import type { PendingEffect } from '../../state/log'
import { runResolution } from '../../state/resolve-action'
import type { StepFrame } from '../define-procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { PlayContext } from '../procedure'
import { answerAmong, nextQueued, note, queueThen, scopeFor, subRun } from './common'
import type { Singled } from './frames'
import { effectsFrame } from './frames'

type Effect = PendingEffect['effect']

interface StepData {
  pending: PendingEffect
  index: number
  singled?: Singled | null
  /** Units or sides already checked. */
  rolled?: string[]
  /** Faces rolled for each unit class (morale tests per class). */
  faces?: Record<string, number[]>
}

/** The frame of each of these procedures: one step, the data above. */
type StepDataFrame = StepFrame<StepData, 'start'>

const inPlay = (ctx: PlayContext, id: string) => {
  const unit = ctx.state.units[id]
  return unit !== undefined && unit.location !== 'removed'
}

/** Rolls one resolution into the log and queues its pending effects. */
function roll(ctx: PlayContext, f: StepDataFrame, args: Action): number[] {
  const run = subRun(ctx)
  const { record, text } = runResolution(run, args)
  ctx.records.push(record)
  note(ctx, text, record.resolution.rule)
  queueThen(f.frame, [effectsFrame(run.pending)])
  return record.dice?.faces ?? []
}

/** Who a check is rolled for: each unit still in play, or each side for a side check. */
function targets(ctx: PlayContext, pending: PendingEffect, resolution: string): Action[] {
  const found = ctx.loaded.rules.resolutions.get(resolution)
  if (found === undefined)
    return reject(`${pending.source}: there is no resolution "${resolution}"`)
  if (found.context === 'side')
    return pending.sides.map((side) => ({ type: 'resolve', resolution, side }))
  if (found.context !== 'unit')
    return reject(
      `${pending.source}: a follow-up resolution must be about a unit or a side, and "${resolution}" is about ${found.context === 'attack' ? 'an attack' : `the ${found.context}`}`,
    )
  return pending.units
    .filter((id) => inPlay(ctx, id))
    .map((unit) => ({ type: 'resolve', resolution, unit }))
}

export const resolveProcedure = defineProcedure<StepData>()({
  name: 'effect:resolve',
  steps: {
    start(ctx, f) {
      const queued = nextQueued(f.frame)
      if (queued !== null) return queued
      const d = f.data
      d.rolled ??= []
      const effect = d.pending.effect as Extract<Effect, { type: 'resolve' }>
      // Checked one at a time: a unit taken out by an earlier check's effects is skipped.
      const key = (a: Action) => String(a.unit ?? a.side)
      const next = targets(ctx, d.pending, effect.resolution).find(
        (a) => !(d.rolled as string[]).includes(key(a)),
      )
      if (next === undefined) return { kind: 'done' }
      d.rolled.push(key(next))
      roll(ctx, f, next)
      return AGAIN
    },
  },
})

export const moraleTestProcedure = defineProcedure<StepData>()({
  name: 'effect:morale-test',
  steps: {
    start(ctx, f) {
      const queued = nextQueued(f.frame)
      if (queued !== null) return queued
      const d = f.data
      d.index ??= 0
      d.faces ??= {}
      const effect = d.pending.effect as Extract<Effect, { type: 'morale-test' }>
      const per = effect.per ?? 'unit'
      if (per === 'side') {
        const side = d.pending.sides[d.index]
        if (side === undefined) return { kind: 'done' }
        d.index += 1
        roll(ctx, f, { type: 'resolve', resolution: effect.check, side })
        return AGAIN
      }
      const id = d.pending.units[d.index]
      if (id === undefined) return { kind: 'done' }
      d.index += 1
      if (!inPlay(ctx, id)) return AGAIN
      const unit = ctx.state.units[id]
      const unitClass = ctx.loaded.rules.unitTypes.get(unit?.type ?? '')?.class ?? ''
      // One roll per class: the first unit of the class rolls, the others read the same faces.
      const known = per === 'class' ? d.faces[unitClass] : undefined
      const faces = roll(ctx, f, {
        type: 'resolve',
        resolution: effect.check,
        unit: id,
        ...(known === undefined ? {} : { faces: known }),
      })
      if (per === 'class' && known === undefined) d.faces[unitClass] = faces
      return AGAIN
    },
  },
})

function choiceOptions(pending: PendingEffect): Action[] {
  const effect = pending.effect as Extract<Effect, { type: 'choice' }>
  return effect.options.map((o) => ({ type: 'choose', option: o.id }))
}

export const choiceProcedure = defineProcedure<StepData>()({
  name: 'effect:choice',
  actions: ['choose'],
  steps: {
    start(ctx, f) {
      const queued = nextQueued(f.frame)
      if (queued !== null) return queued
      const d = f.data
      if (d.index === 1) return { kind: 'done' }
      const effect = d.pending.effect as Extract<Effect, { type: 'choice' }>
      if (!d.pending.units.some((id) => inPlay(ctx, id)) && d.pending.units.length > 0)
        return { kind: 'done' }
      const labels = effect.options.map(
        (o) => `"${o.id}"${o.label === undefined ? '' : ` (${o.label})`}`,
      )
      return {
        kind: 'prompt',
        prompt: {
          side: d.pending.sides[0] ?? ctx.state.clock.activeSide,
          kind: 'choice',
          text: `choose the result for ${d.pending.units.join(', ') || 'your side'}: ${labels.join(' or ')}`,
          actions: ['choose'],
          ...(effect.rule === undefined ? {} : { rule: effect.rule }),
        },
      }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    const effect = d.pending.effect as Extract<Effect, { type: 'choice' }>
    const chosen = answerAmong(action, choiceOptions(d.pending), ['option'], () => ({
      message: `choose one of ${effect.options.map((o) => `"${o.id}"`).join(', ')}`,
      ...(effect.rule === undefined ? {} : { rule: effect.rule }),
    }))
    const option = effect.options.find((o) => o.id === chosen.option)
    d.index = 1
    const run = subRun(ctx)
    applyEffects(run, option?.effects ?? [], scopeFor(ctx, d.pending))
    queueThen(f.frame, [effectsFrame(run.pending)])
    return `${d.pending.sides[0] ?? ''} chooses ${String(chosen.option)}`
  },
  legal(_ctx, f) {
    const d = f.data
    return d.index === 1 ? [] : choiceOptions(d.pending)
  },
})

/** The candidates a one-unit effect may go to now. */
function pickable(ctx: PlayContext, d: StepData): string[] {
  const units = d.pending.units.filter((id) => inPlay(ctx, id))
  const singled = d.singled ?? null
  if (singled?.unit !== undefined && units.includes(singled.unit)) return [singled.unit]
  const among = singled?.among?.filter((id) => units.includes(id)) ?? []
  return among.length > 0 ? among : units
}

function applyTo(ctx: PlayContext, f: StepDataFrame, id: string): void {
  const d = f.data
  // Its `when` held when it was left pending; `who` is now the one unit.
  const {
    who: _who,
    when: _when,
    ...effect
  } = d.pending.effect as Effect & {
    who?: unknown
    when?: unknown
  }
  const run = subRun(ctx)
  applyEffects(run, [effect as Effect], scopeFor(ctx, d.pending, [id]))
  d.index = 1
  queueThen(f.frame, [effectsFrame(run.pending)])
}

export const pickProcedure = defineProcedure<StepData>()({
  name: 'effect:pick',
  actions: ['pick'],
  steps: {
    start(ctx, f) {
      const queued = nextQueued(f.frame)
      if (queued !== null) return queued
      const d = f.data
      if (d.index === 1) return { kind: 'done' }
      const units = pickable(ctx, d)
      if (units.length <= 1) {
        if (units.length === 1) applyTo(ctx, f, units[0] as string)
        else d.index = 1
        return AGAIN
      }
      return {
        kind: 'prompt',
        prompt: {
          side: d.pending.sides[0] ?? '',
          kind: 'pick-unit',
          text: `choose which unit takes the ${d.pending.effect.type} result: ${units.join(', ')} ("pick")`,
          actions: ['pick'],
          ...('rule' in d.pending.effect && d.pending.effect.rule !== undefined
            ? { rule: d.pending.effect.rule }
            : {}),
        },
      }
    },
  },
  act(ctx, f, action) {
    const d = f.data
    const units = pickable(ctx, d)
    const chosen = answerAmong(
      action,
      units.map((unit) => ({ type: 'pick', unit })),
      ['unit'],
      () => ({ message: `the result goes to one of ${units.join(', ')}` }),
    )
    applyTo(ctx, f, chosen.unit as string)
    return `unit ${String(chosen.unit)} takes the ${d.pending.effect.type} result`
  },
  legal(ctx, f) {
    const d = f.data
    return d.index === 1 ? [] : pickable(ctx, d).map((unit) => ({ type: 'pick', unit }))
  },
})
