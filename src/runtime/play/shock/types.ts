/**
 * The plain-JSON shapes of a shock phase in progress: the declared attacks and where the phase
 * stands. They live in the data of the "shock" frame, which the reactions of the phase (retreat
 * before combat, counter-charges) read and change.
 */
import type { Json } from '../../content/overlay/types'
import type { Frame } from '../../state/flow-types'
import type { ShockStep } from './settings'
import { frameData } from '../../state/json-data'

/** Where a charger goes: the hexes it passes, the last being where it stops, and its facing. */
export interface ChargePath {
  hexes: string[]
  facing: number
}

export interface DeclaredAttack {
  attackers: string[]
  /** Every enemy unit attacked, in one hex or (one attacker) in its two frontal hexes. */
  defenders: string[]
  /** The defending hexes as declared; one roll each. */
  hexes: string[]
  /** Attackers that charge (a charge has one defender); the others shock. */
  chargers: string[]
  paths: Record<string, ChargePath>
  /** Leaders going along with each charger, by charger; absent: nobody. */
  riders?: Record<string, string[]>
  /** Defenders whose counter-charge against this shock succeeded (attack.counterChargedVsShock). */
  counterChargedVsShock: string[]
  /** Defenders that retreated before combat: their hexes are no longer attacked. */
  evaded: string[]
  /** The attack is over (resolved, or lapsed when every defending hex emptied before it). */
  done: boolean
  /** Attackers that fought a counter-charging unit after it was fired upon. */
  counterCharging?: string[]
}

/** What one roll of an attack gave, kept until its results are carried out. */
export interface RollSummary {
  hex: string
  /** Every defender of the hex, those left out of the roll included. */
  defenders: string[]
  codes: string[]
  /** The defenders' statuses before the roll. */
  statuses: Record<string, string>
}

export type ShockMode = 'phase' | 'continued' | 'counter-charge'

export interface ShockData {
  mode: ShockMode
  /** The attacking side (the active side, or the counter-charging side after fire). */
  side: string
  /** The phase whose params and reactions apply. */
  params: string
  resolution: string
  steps: ShockStep[]
  step: number
  attacks: DeclaredAttack[]
  /** Units that may attack in this phase (continued attacks, a counter-charge); all when absent. */
  only?: string[]
  /** Units next to an enemy when the phase began (charges are barred for them in some games). */
  nextToEnemyAtStart: string[]
  /** Cursor of the placement step: the next charger to place. */
  placing?: number
  /** The attack being resolved and where its results stand. */
  resolving?: Json
}

export function shockData(frame: Frame): ShockData {
  return frameData<ShockData>(frame)
}
