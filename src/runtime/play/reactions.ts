/**
 * Reactions: interrupts the other side may make during a phase (sequence phases[].reactions) —
 * reaction fire when a unit enters a frontal hex, return fire and counter-charges when fired
 * upon, retreat before combat and counter-charges when an attack is declared. A mechanic that
 * causes such an event asks `reactionsTo`, pushes the frames it returns (innermost last) and
 * carries on once they end.
 *
 * A reaction runs the procedure named `react:<mechanic>:<trigger>` (see the registry), with the
 * reaction's id and params and the event in its data.
 */
import type { Json } from '../content/overlay/types'
import type { Phase } from '../generated/content-types'
import type { Frame } from '../state/flow-types'
import { flowOf } from './driver'
import { defineProcedure } from './define-procedure'
import type { NewFrame, PlayContext } from './procedure'
import { toJson } from '../state/json-data'

export type Reaction = NonNullable<Phase['reactions']>[number]
export type Trigger = Reaction['trigger']

/** What happened, for the reactions that watch for it. */
export type ReactionEvent =
  /** A unit (moving, charging…) entered a hex; `from` is where it came from. */
  | {
      trigger: 'enter-hex' | 'enter-frontal-hex'
      unit: string
      hex: string
      from: string
      by: 'move' | 'charge' | 'advance' | 'retreat' | 'placement'
    }
  /** Units are about to be fired upon by `firer`. */
  | { trigger: 'fired-upon'; firer: string; targets: string[] }
  /** Attacks were declared: each with its attackers, defenders and whether it charges. */
  | {
      trigger: 'attack-declared' | 'charge-declared'
      attacks: { attackers: string[]; defenders: string[]; charge: boolean }[]
    }
  | { trigger: 'move-step'; unit: string; hex: string }
  | { trigger: 'battle-start'; hex: string }

export function reactionProcedureId(reaction: Pick<Reaction, 'mechanic' | 'trigger'>): string {
  return `react:${reaction.mechanic}:${reaction.trigger}`
}

/** The phase running now (the nearest frame that runs for a phase of the sequence). */
export function currentPhase(ctx: PlayContext): Phase | undefined {
  const flow = flowOf(ctx.state)
  for (let i = flow.stack.length - 1; i >= 0; i--) {
    const id = (flow.stack[i] as Frame).phase
    if (id !== null) return ctx.loaded.rules.ruleset.sequence.phases.find((p) => p.id === id)
  }
  return undefined
}

/**
 * A frame running, one after the other in the order the phase lists them, the reactions of the
 * current phase that watch for `event`; null when none does. Each reaction procedure decides
 * itself whether it applies (options, `when`, eligible units) and asks its player if so.
 */
export function reactionWindow(ctx: PlayContext, event: ReactionEvent): NewFrame | null {
  const phase = currentPhase(ctx)
  const queue: Json[] = []
  for (const reaction of phase?.reactions ?? []) {
    if (reaction.trigger !== event.trigger) continue
    if (reaction.option !== undefined && ctx.state.options[reaction.option] !== true) continue
    queue.push(
      toJson({
        proc: reactionProcedureId(reaction),
        phase: phase?.id ?? null,
        data: { reaction: reaction.id, params: reaction.params ?? {}, event },
      }),
    )
  }
  return queue.length === 0 ? null : { proc: 'reactions', data: { queue } }
}

/** Runs the queued reaction frames one after the other; ends with what the last one gave back. */
export const reactionsProcedure = defineProcedure<{ queue: NewFrame[] }>()({
  name: 'reactions',
  steps: {
    start(_ctx, f) {
      const next = f.data.queue.shift()
      return next === undefined
        ? { kind: 'done', value: f.frame.returned ?? null }
        : { kind: 'push', frame: next }
    },
  },
})
