/**
 * What of a ruleset's sequence of play the engine cannot play yet: a sequence structure it does
 * not run, phases whose mechanic has no procedure, reactions with none. Content that names them
 * validates against the schema (the vocabulary is wider than the engine), so the gaps are
 * reported before play instead of stopping a game at the first prompt.
 */
import type { Phase, ResolvedRuleset } from '../generated/content-types'
import { reactionProcedureId } from './reactions'
import { PROCEDURES } from './registry'

/** The sequence structures the engine plays. */
const PLAYED_STRUCTURES: readonly string[] = ['activations', 'turns']

export interface SequenceGaps {
  /** The structure, when the engine does not play it. */
  readonly structure: string | null
  /** Each phase or reaction the engine has no procedure for, in sequence order. */
  readonly missing: readonly MissingMechanic[]
}

export interface MissingMechanic {
  /** Where it is named in the resolved ruleset. */
  readonly pointer: string
  readonly mechanic: string
  /** The phase's or the reaction's label, as a person reads it. */
  readonly label: string
  /** For a reaction: the trigger it answers. */
  readonly trigger?: string
  /** For a phase whose mechanic is played but not for the players it names. */
  readonly scope?: string
  /** For a phase or reaction that is played: the settings it is given and does not read. */
  readonly settings?: readonly string[]
}

const played = (procedure: string): boolean => Object.hasOwn(PROCEDURES, procedure)

/** The settings given that the procedure does not read. */
function unread(procedure: string, params: object | undefined): string[] {
  const reads = PROCEDURES[procedure]?.settings ?? []
  return Object.keys(params ?? {}).filter((key) => !reads.includes(key))
}

/**
 * The phases the engine would run: under activations, those an activation kind lists (the
 * others, like the activation choice itself, are the engine's own steps); otherwise all.
 */
function phasesRun(ruleset: ResolvedRuleset): ReadonlySet<string> {
  const sequence = ruleset.sequence
  if (sequence.structure !== 'activations') return new Set(sequence.phases.map((phase) => phase.id))
  return new Set((sequence.activation?.kinds ?? []).flatMap((kind) => kind.phases ?? []))
}

export function sequenceGaps(ruleset: ResolvedRuleset): SequenceGaps {
  const sequence = ruleset.sequence
  const run = phasesRun(ruleset)
  const missing: MissingMechanic[] = []
  sequence.phases.forEach((phase: Phase, p) => {
    if (!run.has(phase.id)) return
    const at = `/sequence/phases/${p}`
    if (!played(phase.mechanic))
      missing.push({ pointer: `${at}/mechanic`, mechanic: phase.mechanic, label: phase.label })
    else if (unread(phase.mechanic, phase.params).length > 0)
      missing.push({
        pointer: `${at}/params`,
        mechanic: phase.mechanic,
        label: phase.label,
        settings: unread(phase.mechanic, phase.params),
      })
    if (sequence.structure === 'turns' && phase.player === 'alternating')
      missing.push({
        pointer: `${at}/player`,
        mechanic: phase.mechanic,
        label: phase.label,
        scope: 'alternating',
      })
    ;(phase.reactions ?? []).forEach((reaction, r) => {
      const id = reactionProcedureId(reaction)
      if (played(id)) {
        const settings = unread(id, reaction.params)
        if (settings.length > 0)
          missing.push({
            pointer: `${at}/reactions/${r}/params`,
            mechanic: reaction.mechanic,
            label: reaction.label,
            trigger: reaction.trigger,
            settings,
          })
        return
      }
      missing.push({
        pointer: `${at}/reactions/${r}/mechanic`,
        mechanic: reaction.mechanic,
        label: reaction.label,
        trigger: reaction.trigger,
      })
    })
  })
  const structure = PLAYED_STRUCTURES.includes(sequence.structure) ? null : sequence.structure
  return { structure, missing }
}

export function hasGaps(gaps: SequenceGaps): boolean {
  return gaps.structure !== null || gaps.missing.length > 0
}

/** The gaps in one sentence a designer reads, without a trailing full stop. */
export function describeGaps(gaps: SequenceGaps): string {
  const parts: string[] = []
  if (gaps.structure !== null)
    parts.push(`the engine does not play sequences of "${gaps.structure}"`)
  const names = gaps.missing
    .filter((m) => m.settings === undefined)
    .map((m) =>
      m.scope !== undefined
        ? `${m.label} played by the sides in turn (player "${m.scope}")`
        : m.trigger === undefined
          ? `"${m.mechanic}" (${m.label})`
          : `the reaction ${m.label} ("${m.mechanic}" when ${m.trigger})`,
    )
  if (names.length > 0) parts.push(`it has no procedure for ${listed(names)}`)
  const settings = gaps.missing.flatMap((m) =>
    m.settings === undefined ? [] : [`${listed(m.settings.map((s) => `"${s}"`))} of ${m.label}`],
  )
  if (settings.length > 0) parts.push(`the engine does not read the settings ${listed(settings)}`)
  return parts.join('; ')
}

function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] as string}`
}
