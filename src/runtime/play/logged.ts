/**
 * The small changes every procedure makes to the draft, each logged as the kernel logs its own
 * (one set of helpers for movement, shock, results and the activation extras): a marker put on
 * or taken off, a status event through the graph, a line of narration. Each takes the rule it
 * cites from the caller, which reads it from content.
 */
import type { MarkerEffect } from '../generated/content-types'
import { applyMarker } from '../state/effect-changes'
import type { EffectScope } from '../state/effects'
import { sendStatusEvent } from '../state/effects'
import { ruleField } from '../state/failure'
import type { Frame } from '../state/flow-types'
import type { Outcome, PlayContext } from './procedure'

/** The rule a line or a refusal cites: the first reference the content gives, most specific first. */
export function firstRule(...refs: (string | undefined)[]): string | undefined {
  return refs.find((r) => r !== undefined)
}

/**
 * `{ rule }` for a prompt: the setting's rule when given, else the rule of the phase the frame
 * runs for.
 */
export function promptRule(
  ctx: Pick<PlayContext, 'loaded'>,
  preferred: string | undefined,
  frame: Frame,
): { rule?: string } {
  const phase = ctx.loaded.rules.ruleset.sequence.phases.find((p) => p.id === frame.phase)
  return ruleField(preferred ?? phase?.rule)
}

/**
 * A phase where `side` makes `action` after `action` until it says "done": its prompt, or done
 * when it has none left to make.
 */
export function oneMoreOrDone(
  ctx: Pick<PlayContext, 'loaded'>,
  frame: Frame,
  side: string,
  left: boolean,
  prompt: { kind: string; action: string; text: string },
): Outcome {
  if (!left) return { kind: 'done' }
  return {
    kind: 'prompt',
    prompt: {
      side,
      kind: prompt.kind,
      text: prompt.text,
      actions: [prompt.action, 'done'],
      ...promptRule(ctx, undefined, frame),
    },
  }
}

/** The scope an effect on one unit (or, with `id` null, on a side) is applied in. */
export function effectScope(id: string | null, source: string, side?: string): EffectScope {
  return {
    context: id === null ? 'side' : 'unit',
    variables: {},
    roles: id === null ? {} : { self: [id], actor: [id], target: [id], participants: [id] },
    defaultWho: id === null ? null : 'self',
    source,
    hexes: {},
    ...(side === undefined ? {} : { side }),
  }
}

/** Puts a marker on a unit or takes it off, logged like a result's marker effect. */
export function setMarker(
  ctx: PlayContext,
  id: string,
  marker: string,
  op: MarkerEffect['op'],
  rule?: string,
): void {
  const effect: MarkerEffect = { type: 'marker', marker, op, ...ruleField(rule) }
  applyMarker(ctx, effectScope(id, `marker "${marker}"`), id, effect)
}

/** How many of `marker` the unit carries (0 without one). */
export function markerCount(ctx: Pick<PlayContext, 'state'>, id: string, marker: string): number {
  return ctx.state.units[id]?.markers[marker] ?? 0
}

/** Sends a status event to a unit through the status graph (its transitions' effects included). */
export function statusEvent(ctx: PlayContext, id: string, event: string, rule?: string): void {
  sendStatusEvent(ctx, id, event, 0, rule)
}

/** A line of narration in the log. */
export function note(ctx: PlayContext, text: string, rule?: string): void {
  ctx.applied.push({ kind: 'note', text, ...ruleField(rule) })
}
