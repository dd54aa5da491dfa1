/**
 * The procedures of the movement mechanics, by id (see ../registry.ts). The command check that
 * marks units out of command is the activation extras' (play/extras/command-check.ts).
 */
import type { Procedures } from '../procedure'
import { firePhaseProcedure, moveAndFireProcedure, movementProcedure } from './move-and-fire'
import { movePathProcedure } from './move-path'
import { haulPathProcedure } from './haul-path'
import { mountingProcedure } from './mounting'

export const MOVEMENT_PROCEDURES: Procedures = {
  'move-and-fire': moveAndFireProcedure,
  movement: movementProcedure,
  fire: firePhaseProcedure,
  'move-path': movePathProcedure,
  'haul-path': haulPathProcedure,
  mounting: mountingProcedure,
}
