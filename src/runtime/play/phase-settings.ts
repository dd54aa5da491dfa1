/**
 * The settings of a phase's mechanic (sequence phases[].params) and of a reaction
 * (phases[].reactions[].params), typed by the mechanic: schemas/phase-params.schema.json gives
 * each mechanic its own, so content that validated has the shape read here, and a misspelt or
 * missing setting never reaches a procedure.
 */
import type {
  Mechanic,
  Phase,
  PhaseSettingsByMechanic,
  ReactionSettingsByMechanicAndTrigger,
} from '../generated/content-types'
import { reject } from '../state/failure'
import type { PlayContext } from './procedure'

export type { Mechanic }
export type SettingsOf<M extends Mechanic> = NonNullable<PhaseSettingsByMechanic[M]>
export type ReactionKey = keyof ReactionSettingsByMechanicAndTrigger
export type ReactionSettingsOf<K extends ReactionKey> = NonNullable<
  ReactionSettingsByMechanicAndTrigger[K]
>

type Ctx = Pick<PlayContext, 'loaded'>

/** The phase of the sequence of play with this id; refused when there is none. */
export function phaseOf(ctx: Ctx, id: string): Phase {
  return (
    ctx.loaded.rules.ruleset.sequence.phases.find((p) => p.id === id) ??
    reject(`the sequence of play has no phase "${id}"`)
  )
}

/**
 * The settings of phase `id`, whose mechanic must be one of `mechanics` (the settings the
 * schema checked for it); refused for a phase of another mechanic.
 */
export function phaseSettings<M extends Mechanic>(
  ctx: Ctx,
  id: string,
  ...mechanics: readonly M[]
): SettingsOf<M> {
  const phase = phaseOf(ctx, id)
  if (!(mechanics as readonly Mechanic[]).includes(phase.mechanic))
    return reject(
      `${phase.label} is a phase of "${phase.mechanic}", not of ${mechanics.map((m) => `"${m}"`).join(' or ')}: its settings do not apply here`,
    )
  return (phase.params ?? {}) as SettingsOf<M>
}

/** The settings of a reaction of `mechanic` on `trigger`, as its data carries them. */
export function reactionSettings<K extends ReactionKey>(
  _key: K,
  params: { [key: string]: unknown } | undefined,
): ReactionSettingsOf<K> {
  return (params ?? {}) as ReactionSettingsOf<K>
}

/** The first phase of the sequence whose mechanic is `mechanic`, or undefined. */
export function firstPhaseOf(ctx: Ctx, mechanic: Mechanic): Phase | undefined {
  return ctx.loaded.rules.ruleset.sequence.phases.find((p) => p.mechanic === mechanic)
}
