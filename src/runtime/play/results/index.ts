/** The procedures that carry out combat results, by id (see ../registry.ts). */
import type { Procedures } from '../procedure'
import { effectsProcedure } from './effects'

export const RESULTS_PROCEDURES: Procedures = {
  effects: effectsProcedure,
}
