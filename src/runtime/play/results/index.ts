/**
 * Carrying out combat results, by procedure id (see ../registry.ts), and what other mechanics
 * call:
 *
 * - `resultsWatch(ctx, units, awayFrom?)` BEFORE a roll (shock, fire): where the units stand and
 *   their markers (so a continued attack given by the roll is recognised, and the leaders with
 *   them are looked after). `awayFrom`: units a retreat goes away from when the pending effects
 *   name no participants (a retreat before combat rolled in the unit context).
 * - `effectsFrame(pending, watch?)` AFTER the roll, pushed by the caller with the roll's pending
 *   effects in the order it decides (defender first, results of two rolls together…). It runs
 *   `effect:<type>` for each, then displaces the leaders whose stacked units were all retired or
 *   eliminated and removes leaders left with no units. Leader casualty checks themselves are
 *   content: the result codes and status transitions carry `resolve` effects for the leaders,
 *   carried out by `effect:resolve` (so no separate call is needed after a roll).
 * - `enemyEntryFrame(ctx, unit)` after a unit enters a hex (movement, advance, retreat): lone
 *   enemy leaders there are displaced, an enemy standard displaced or captured.
 * - `retreatRoutes`, `placements`: the hexes a retreat or a retire may go to, for previews.
 */
import type { Procedures } from '../procedure'
import { advanceProcedure } from './advance'
import { effectsProcedure } from './effects'
import { framesProcedure, standardEnteredProcedure } from './entry'
import { choiceProcedure, moraleTestProcedure, pickProcedure, resolveProcedure } from './follow-ups'
import { PICK_TYPES, effectProcedureId } from './frames'
import { displaceLeadersProcedure } from './leaders'
import { dismountProcedure } from './dismount'
import { lossesProcedure, movementLossProcedure } from './losses'
import { relocateProcedure } from './relocate'
import { retreatProcedure } from './retreat'

export { effectsFrame, effectProcedureId, resultsWatch } from './frames'
export type { ResultsWatch, Singled } from './frames'
export { enemyEntryFrame, enemyStandardsIn, inOrder } from './entry'
export { displacementFrame, commandsLedBy } from './leaders'
export { retreatRoutes } from './retreat'
export { placements } from './relocate'

export const RESULTS_PROCEDURES: Procedures = {
  effects: effectsProcedure,
  'effect:retreat': retreatProcedure,
  'effect:advance': advanceProcedure,
  'effect:relocate': relocateProcedure,
  'effect:resolve': resolveProcedure,
  'effect:choice': choiceProcedure,
  'effect:morale-test': moraleTestProcedure,
  'effect:losses': lossesProcedure,
  'effect:movement-loss': movementLossProcedure,
  'effect:dismount': dismountProcedure,
  ...Object.fromEntries(PICK_TYPES.map((type) => [effectProcedureId(type), pickProcedure])),
  'results:displace-leaders': displaceLeadersProcedure,
  'results:standard-entered': standardEnteredProcedure,
  'results:frames': framesProcedure,
}
