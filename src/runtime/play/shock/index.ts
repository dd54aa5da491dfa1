/** The procedures of the shock mechanics, by id (see ../registry.ts). */
import type { Procedures } from '../procedure'

export const SHOCK_PROCEDURES: Procedures = {}
