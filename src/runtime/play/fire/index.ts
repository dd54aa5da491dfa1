/** The procedures of the fire mechanics, by id (see ../registry.ts). */
import type { Procedures } from '../procedure'

export const FIRE_PROCEDURES: Procedures = {}
