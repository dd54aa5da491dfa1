/** The procedures of the extras mechanics, by id (see ../registry.ts). */
import type { Procedures } from '../procedure'

export const EXTRAS_PROCEDURES: Procedures = {}
