/** The procedures of the movement mechanics, by id (see ../registry.ts). */
import type { Procedures } from '../procedure'
import { moveAndFireProcedure } from './move-and-fire'

export const MOVEMENT_PROCEDURES: Procedures = {
  'move-and-fire': moveAndFireProcedure,
}
