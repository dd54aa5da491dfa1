/**
 * What a playtest view shows for a selected unit: the answers to the open prompt that concern
 * it, sorted by what they do (moves, fire, shock, turns, changes of form, the rest) and
 * annotated with what the board needs to draw them (costs, ranges, sight lines, paths).
 */
import type { Action } from '../../state/actions'

/** A hex the unit may end a move in, by the path the engine lists for it. */
export interface MoveOption {
  hex: string
  /** What the path costs, in the unit of UnitOptions.costUnit. */
  cost: number
  /** The unit must stop there: the last step entered enemy influence. */
  stop: boolean
  /** The hexes entered, in order, this one last. */
  path: string[]
  /**
   * The hexes of the path where the unit would roll to slip past enemies (infiltration), as the
   * board stands now; absent when none.
   */
  rolls?: string[]
  /** Facings it may end the move with (empty for a piece without facing). */
  facings: string[]
  /** The legal move actions ending there (one per facing and leaders taken along). */
  actions: Action[]
}

export interface FireOption {
  target: string
  /** The target's hex. */
  hex: string
  /** Distance in hexes from the firer to the target. */
  range: number
  weapon?: string
  /** Hexes the line of sight crosses, next to the firer first, the target's hex last. */
  sight: string[]
  action: Action
}

export interface ShockOption {
  defenders: string[]
  /** The hexes attacked. */
  hexes: string[]
  charge: boolean
  /** The hexes this unit's charge passes through, when it charges (the last is where it stops). */
  path?: string[]
  action: Action
}

export interface TurnOption {
  facing: string
  action: Action
}

export interface TransformOption {
  form: string
  action: Action
}

export interface UnitOptions {
  unit: string
  /** The unit's side; null for an unknown unit. */
  side: string | null
  /** The open prompt's kind; null when the game waits for nothing. */
  prompt: string | null
  /** What move costs count: movement points, or hexes for a unit that moves by hexes (retired). */
  costUnit: 'mp' | 'hexes'
  /** Movement points (or hexes) left in a movement phase; null when it may not move now. */
  budget: number | null
  moves: MoveOption[]
  fire: FireOption[]
  shock: ShockOption[]
  turns: TurnOption[]
  transforms: TransformOption[]
  /** Every other legal action naming the unit (rally, retreat hexes, advance, placement…). */
  other: Action[]
  /** Why the unit may not act now, when it has nothing to do and the engine can say why. */
  why?: string
}

export interface CommandRange {
  /** The hexes within the leader's command range, nearest first (his own hex first). */
  hexes: string[]
  /** His command range rating, when the ruleset names one. */
  rating?: number
}
