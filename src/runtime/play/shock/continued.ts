/**
 * Continued attacks (mechanic "continued-attack"): after the shock phase, units carrying a
 * Continued Attack marker fight another shock phase of their own, in which they must attack
 * everything in their frontal hexes, with no charges and no counter-charges. A marked unit with
 * no enemy in front loses its marker when the attacks are declared; after each such phase a unit
 * that earned no further continued attack loses its marker. It repeats while any unit is marked.
 */
import { reject } from '../../state/failure'
import { currentActivation } from '../driver'
import { defineProcedure } from '../define-procedure'
import { markerCount, note, setMarker } from './changes'
import { enemiesInFront } from './declarations'
import { hexOf } from './geometry'
import { continuedAttackMarker, continuedRule, shockParams } from './settings'
import type { ShockData } from './types'
import { toJsonObject } from '../../state/json-data'

export interface ContinuedData {
  /** The side whose marked units attack; the active side when absent. */
  side?: string
  /** The phase whose params and reactions the attacks use; this frame's phase when absent. */
  params?: string
  /** Only these units may continue (a counter-charging unit's own continued attacks). */
  only?: string[]
  /** Marker counts of the units that attacked in the round just fought. */
  before?: Record<string, number>
  rounds?: number
}

/** The frame running continued attacks for `only` of `side` at once (after a counter-charge). */
export function continuedAttacksFrame(side: string, params: string, only: readonly string[]) {
  const d: ContinuedData = { side, params, only: [...only] }
  return { proc: 'continued-attack', data: toJsonObject(d) }
}

export const continuedAttackProcedure = defineProcedure<ContinuedData>()({
  name: 'continued-attack',
  settings: ['resolution', 'steps'],
  steps: {
    start(ctx, f) {
      const d = f.data
      const marker = continuedAttackMarker(ctx)
      if (marker === undefined) return { kind: 'done' }
      const side = d.side ?? currentActivation(ctx).side
      const params =
        d.params ?? f.frame.phase ?? reject('continued attacks need a phase for their params')
      if (d.before !== undefined) {
        for (const [id, count] of Object.entries(d.before)) {
          if (markerCount(ctx, id, marker) > count || markerCount(ctx, id, marker) === 0) continue
          setMarker(ctx, id, marker, 'remove', continuedRule(ctx))
          note(
            ctx,
            `${id} earned no further continued attack and loses its marker`,
            continuedRule(ctx),
          )
        }
        delete d.before
      }
      const marked = Object.entries(ctx.state.units)
        .filter(
          ([id, u]) => u.side === side && hexOf(ctx, id) !== null && (u.markers[marker] ?? 0) > 0,
        )
        .filter(([id]) => d.only === undefined || d.only.includes(id))
        .map(([id]) => id)
      const ready: string[] = []
      for (const id of marked) {
        if (enemiesInFront(ctx, id).length > 0) ready.push(id)
        else {
          setMarker(ctx, id, marker, 'remove', continuedRule(ctx))
          note(
            ctx,
            `${id} has no enemy in its frontal hexes and loses its continued attack marker`,
            continuedRule(ctx),
          )
        }
      }
      if (ready.length === 0) return { kind: 'done' }
      d.before = Object.fromEntries(ready.map((id) => [id, markerCount(ctx, id, marker)]))
      d.rounds = (d.rounds ?? 0) + 1
      const { resolution, steps } = shockParams(ctx, params)
      const shock: ShockData = {
        mode: 'continued',
        side,
        params,
        resolution,
        steps,
        step: 0,
        attacks: [],
        only: ready,
        nextToEnemyAtStart: [],
      }
      return {
        kind: 'push',
        frame: { proc: 'shock', phase: params, data: toJsonObject(shock) },
      }
    },
  },
})
