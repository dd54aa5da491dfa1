/** The procedures of the shock mechanics, by id (see ../registry.ts). */
import type { Procedures } from '../procedure'
import { continuedAttackProcedure } from './continued'
import { counterChargeProcedure } from './counter-charge'
import {
  counterChargeAfterFireProcedure,
  counterChargeVsFireProcedure,
} from './counter-charge-fire'
import { shockProcedure } from './phase'
import { retreatBeforeCombatProcedure } from './retreat-before-combat'

export const SHOCK_PROCEDURES: Procedures = {
  shock: shockProcedure,
  'continued-attack': continuedAttackProcedure,
  // Retreat before combat is a movement reaction of the shock phases.
  'react:movement:attack-declared': retreatBeforeCombatProcedure,
  'react:shock:attack-declared': counterChargeProcedure,
  'react:shock:fired-upon': counterChargeVsFireProcedure,
  'shock:counter-charge-after-fire': counterChargeAfterFireProcedure,
}
