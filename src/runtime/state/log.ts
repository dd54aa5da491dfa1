/**
 * The game log: one entry per action, returned beside the new state rather than stored in it
 * (so the state and its hash stay proportional to the board, not to the game's length). An
 * entry keeps every resolution record whole, lists every change the kernel made, and the
 * effects left for a mechanic or a player to carry out.
 */
import type { Effect } from '../generated/content-types'
import type { ResolutionRecord } from '../rules'
import type { Action } from './actions'
import type { Clock, Outcome, UnitLocation } from './game-state'

/** Where a unit is: for place and removal entries. */
export interface Position {
  hex: string | null
  facing: number | null
  location: UnitLocation
}

export type ClockEvent =
  | 'phase-end'
  | 'phase-start'
  | 'player-turn-end'
  | 'player-turn-start'
  | 'turn-end'
  | 'turn-start'
  | 'game-end'

/** One change the kernel made to the state; `text` is the readable line. */
export type AppliedEffect = { text: string; rule?: string } & (
  | {
      kind: 'status'
      unit: string
      event: string
      from: string
      to: string
      changed: boolean
      /** Index of the status graph transition taken, or the override that replaced it. */
      transition?: number
      override?: { source: 'unitType' | 'unitClass'; id: string; index: number }
    }
  | { kind: 'eliminate'; unit: string; from: Position; status: string }
  | { kind: 'marker'; unit: string; marker: string; from: number; to: number }
  | { kind: 'track'; track: string; side: string | null; from: number; to: number; amount: number }
  | {
      kind: 'transform'
      unit: string
      form: string
      fromType: string
      toType: string
      fromStatus: string
      toStatus: string
    }
  | { kind: 'end-activation'; unit: string; scope: 'movement' | 'activation' }
  | { kind: 'place'; unit: string; from: Position; to: Position }
  | { kind: 'clock'; from: Clock; to: Clock; events: ClockEvent[] }
  | { kind: 'outcome'; outcome: Outcome }
  /** A unit moved along `path` (hexes entered, in order) for `cost` movement points. */
  | { kind: 'move'; unit: string; from: string; path: string[]; cost: number }
  | { kind: 'facing'; unit: string; from: number | null; to: number | null }
  /** A step of the sequence of play or a decision, in words (an activation begins, a player passes…). */
  | { kind: 'note' }
)

/**
 * An effect the kernel does not apply itself (retreat, advance, losses, a further resolution,
 * a player's choice…), with whom it concerns, for the mechanic that carries it out.
 */
export interface PendingEffect {
  effect: Effect
  /** Units it applies to; with `chooseOne`, the candidates one of which its owner picks. */
  units: string[]
  /** Sides it concerns (owners of the units, or the side the effect names). */
  sides: string[]
  chooseOne: boolean
  /** What produced it, e.g. `resolution "melee"` or `status "kill" of unit "x"`. */
  source: string
  /** The context its expressions (retreat hexes, losses amount) are evaluated in. */
  context: string
  /** Who took part in the resolution that produced it (a retreat goes away from the attackers). */
  participants?: { attackers: string[]; defenders: string[] }
  /**
   * Where the units of the resolution stood when its effects began (a hex emptied by the result,
   * the leaders who were with a unit now gone); null for a unit off the map.
   */
  hexes?: Record<string, string | null>
}

export interface LogEntry {
  /** Index of the action in the game, from 0 (the state's actionCount before it). */
  seq: number
  action: Action
  /** One readable line. */
  text: string
  /** Every resolution made: rolls, modifier terms, table, column, row, result. */
  records: ResolutionRecord[]
  /** What changed. */
  effects: AppliedEffect[]
  /** What is left for a mechanic or a player. */
  pending: PendingEffect[]
}

export function describePosition(p: Position, facingName: (clock: number) => string): string {
  if (p.location !== 'map' || p.hex === null)
    return p.location === 'removed' ? 'out of play' : 'off the map'
  return p.facing === null ? `in ${p.hex}` : `in ${p.hex} facing ${facingName(p.facing)}`
}

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`)

/** A short line for a resolution record: who, dice, modifiers, column, row, result. */
export function describeRecord(record: ResolutionRecord, who = ''): string {
  const name = who === '' ? record.resolution.label : `${record.resolution.label} (${who})`
  if (record.status === 'error' || record.status === 'not-allowed')
    return `${name}: ${record.message ?? record.status}`
  const parts: string[] = []
  if (record.odds?.ok === true)
    parts.push(`odds ${record.column?.label ?? record.column?.id ?? ''}`.trim())
  else if (record.column !== undefined)
    parts.push(`column ${record.column.label ?? record.column.id}`)
  if (record.dice !== undefined && record.roll !== undefined) {
    const mods =
      record.roll.modifiers === 0 ? '' : ` ${signed(record.roll.modifiers)} = ${record.roll.final}`
    parts.push(`${record.dice.notation} rolled ${record.dice.natural}${mods}`)
  }
  if (record.status === 'automatic') parts.push('automatic result')
  if (record.check !== undefined && record.outcome !== undefined)
    parts.push(`${record.outcome} against ${record.check.compare} ${record.check.target}`)
  const codes = record.codes.map((c) => `${c.code} (${c.label})`)
  if (codes.length > 0) parts.push(`result ${codes.join(', ')}`)
  else if (record.value !== undefined) parts.push(`result ${record.value}`)
  return `${name}: ${parts.join(', ')}`
}
