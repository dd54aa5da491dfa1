/**
 * The frames other mechanics start to have results carried out: `resultsWatch` before a roll,
 * `effectsFrame` after it (see effects.ts for what the frame does).
 */
import type { PendingEffect } from '../../state/log'
import type { NewFrame } from '../procedure'
import { toJsonObject } from '../../state/json-data'

export interface LeaderWatch {
  leader: string
  hex: string
  units: string[]
}

/** What the units were like before a roll: where they stood, their markers. */
export interface ResultsWatch {
  hexes: Record<string, string | null>
  markers: Record<string, Record<string, number>>
  /** Units a retreat goes away from when the pending effect names no participants. */
  awayFrom?: string[]
}

/** The unit the rules single out for a one-unit result (the one that advanced), or the few it must be among. */
export interface Singled {
  unit?: string
  among?: string[]
}

export interface EffectsData {
  queue: PendingEffect[]
  watch: ResultsWatch | null
  leaders: LeaderWatch[]
  retreating: string[]
  singled: Record<string, Singled>
  current: string[] | null
  /** The leaders left alone were displaced before the first advance. */
  displacedBeforeAdvance?: boolean
}

/** Effect types the kernel applies itself unless several candidates leave the pick to a player. */
export const PICK_TYPES = [
  'status',
  'eliminate',
  'marker',
  'track',
  'transform',
  'end-activation',
] as const

export function effectProcedureId(type: string): string {
  return `effect:${type}`
}

/** Remembers the units as they are before a roll, for the effects frame after it. */
export function resultsWatch(
  ctx: {
    state: { units: Record<string, { hex: string | null; markers: Record<string, number> }> }
  },
  units: readonly string[],
  awayFrom?: readonly string[],
): ResultsWatch {
  const watch: ResultsWatch = { hexes: {}, markers: {} }
  for (const id of units) {
    const unit = ctx.state.units[id]
    if (unit === undefined) continue
    watch.hexes[id] = unit.hex
    watch.markers[id] = { ...unit.markers }
  }
  if (awayFrom !== undefined) watch.awayFrom = [...awayFrom]
  return watch
}

/** The frame that carries out `pending` in order; null when there is nothing to do or watch. */
export function effectsFrame(
  pending: readonly PendingEffect[],
  watch?: ResultsWatch | null,
): NewFrame | null {
  if (pending.length === 0 && (watch === undefined || watch === null)) return null
  const d: EffectsData = {
    queue: [...pending],
    watch: watch ?? null,
    leaders: [],
    retreating: [],
    singled: {},
    current: null,
  }
  return { proc: 'effects', data: toJsonObject(d) }
}
