/** The procedures of the fire mechanics, by id (see ../registry.ts). */
import type { Procedures } from '../procedure'
import { moveStepFireProcedure } from './move-step'
import { reactionFireProcedure, returnFireProcedure } from './reactions'
import { SHOT_PROCEDURE, shotProcedure } from './shot-procedure'

export const FIRE_PROCEDURES: Procedures = {
  [SHOT_PROCEDURE]: shotProcedure,
  'react:fire:fired-upon': returnFireProcedure,
  'react:fire:enter-frontal-hex': reactionFireProcedure,
  'react:fire:move-step': moveStepFireProcedure,
}
