/** The procedures of the extras mechanics, by id (see ../registry.ts). */
import type { Procedures } from '../procedure'
import { ambushProcedure } from './ambush'
import { battleFlightProcedure } from './battle-flight'
import { commandCheckProcedure } from './command-check'
import { attackBonusProcedure, playCountersProcedure } from './counters'
import { rallyProcedure } from './rally'
import { replacementLeadersProcedure } from './replacement-leaders'
import { standardProcedure } from './standard'
import { statusRecoveryProcedure } from './status-recovery'
import { timeTrackProcedure } from './time-track'

export const EXTRAS_PROCEDURES: Procedures = {
  'replacement-leaders': replacementLeadersProcedure,
  'play-counters': playCountersProcedure,
  'command-check': commandCheckProcedure,
  rally: rallyProcedure,
  standard: standardProcedure,
  'time-track': timeTrackProcedure,
  'status-recovery': statusRecoveryProcedure,
  'battle-flight': battleFlightProcedure,
  ambush: ambushProcedure,
  /** A counter adding to an attack roll: asked by the shock mechanic before a roll (see attackBonusFrame). */
  'attack-bonus': attackBonusProcedure,
}

export { ambushStandardBan, ambushWaits } from './ambush'
export { armyKeepAway, armyPieces, nearestEnemy } from './army'
export { attackBonusAvailable, attackBonusFrame } from './counters'
export {
  clearEngaged,
  disengage,
  disengageCost,
  disengagedThisActivation,
  engagedIntent,
  engagedWith,
  fireBarredByEngagement,
  forcedShockTargets,
  isEngaged,
  mayDisengage,
  mustDisengage,
  recordEngagement,
  refreshEngaged,
} from './engaged'
export { activationChoiceProblem } from './eligibility'
export { shieldWallLimits } from './shield-wall'
export { moveStandard, standardOfUnit } from './standard'
