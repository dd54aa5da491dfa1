/**
 * Carrying out the effects the state kernel leaves pending (retreat, advance, relocate to the
 * standard, losses, follow-up checks, choices, one-unit effects with several candidates):
 * procedure "effects" takes a list of PendingEffect and runs, one after the other, the procedure
 * `effect:<type>` for each, which asks the owner where the rules give him a choice. When the list
 * is done it looks after the leaders: those whose stacked units were all retired or eliminated
 * are displaced, those with no units left leave.
 *
 * Callers take `resultsWatch(ctx, units)` before rolling and push `effectsFrame(pending, watch)`
 * after it; the frame below resumes when everything is done.
 */
import type { PendingEffect } from '../../state/log'
import { isLeader } from '../forces'
import type { Procedure } from '../procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import { candidatesKey } from './common'
import type { EffectsData, LeaderWatch, Singled } from './frames'
import { effectProcedureId } from './frames'
import type { DisplaceReason } from './leaders'
import { displacementFrame, leadersLeftBehind, leadersWithoutUnits } from './leaders'
import { leadersOf } from './places'
import { priorityPick } from './advance'
import { advanceSettings } from './settings'
import { fromJson, toJson, toJsonObject } from '../../state/json-data'

// Other mechanics reach these through this module (and ./index.ts).
export { effectProcedureId, effectsFrame, resultsWatch } from './frames'
export type { ResultsWatch } from './frames'

const overlaps = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x))

export const effectsProcedure = defineProcedure<EffectsData>()({
  name: 'effects',
  steps: {
    start(ctx, f) {
      const d = f.data
      // The leaders standing with the units of these results, before anything moves.
      const seen = new Map<string, LeaderWatch>()
      const where: Record<string, string | null> = { ...(d.watch?.hexes ?? {}) }
      for (const p of d.queue) Object.assign(where, p.hexes ?? {})
      for (const [id, hex] of Object.entries(where)) {
        const unit = ctx.state.units[id]
        if (hex === null || unit === undefined || isLeader(ctx.loaded, id)) continue
        for (const leader of leadersOf(ctx, hex, unit.side)) {
          const entry: LeaderWatch = seen.get(leader) ?? { leader, hex, units: [] }
          if (entry.hex === hex) entry.units.push(id)
          seen.set(leader, entry)
        }
      }
      d.leaders = [...seen.values()]
      d.retreating = d.queue.filter((p) => p.effect.type === 'retreat').flatMap((p) => p.units)
      const away = d.watch?.awayFrom
      if (away !== undefined)
        for (const p of d.queue)
          if (p.participants === undefined)
            p.participants = { attackers: [...away], defenders: [...p.units] }
      f.go('next')
      return AGAIN
    },
    next(ctx, f) {
      const d = f.data
      if (d.current !== null) {
        const got = fromJson<Singled | null | undefined>(f.frame.returned)
        if (got !== null && got !== undefined && typeof got === 'object')
          for (const key of d.current) d.singled[key] = got
        d.current = null
      }
      const next = d.queue.shift()
      if (next === undefined) {
        f.go('aftermath')
        return AGAIN
      }
      const type = next.effect.type
      if (type === 'advance' && d.displacedBeforeAdvance !== true) {
        // Leaders left alone by these results go before anyone advances into their hex.
        d.displacedBeforeAdvance = true
        const early = displacementFrame(
          leadersLeftBehind(ctx, d.leaders).map((leader) => ({
            leader,
            reason: 'left-alone' as const,
          })),
        )
        if (early !== null) {
          d.queue.unshift(next)
          return { kind: 'push', frame: early }
        }
      }
      if (type === 'advance') {
        const also = d.queue.filter(
          (p) => p.effect.type === 'advance' && overlaps(p.units, next.units),
        )
        d.queue = d.queue.filter((p) => !also.includes(p))
        d.current = [next, ...also].map(candidatesKey)
        const frameData = {
          pending: next,
          also,
          retreating: d.retreating,
          continuedAttack: continuedAttackGiven(ctx, d, [next, ...also]),
        }
        return {
          kind: 'push',
          frame: { proc: 'effect:advance', data: toJsonObject(frameData) },
        }
      }
      const singled = d.singled[candidatesKey(next)] ?? continuedAttackPick(ctx, next)
      return {
        kind: 'push',
        frame: {
          proc: effectProcedureId(type),
          data: { pending: toJson(next), singled: toJson(singled) },
        },
      }
    },
    aftermath(ctx, f) {
      const d = f.data
      f.go('end')
      const displaced: { leader: string; reason: DisplaceReason }[] = [
        ...leadersLeftBehind(ctx, d.leaders).map((leader) => ({
          leader,
          reason: 'left-alone' as const,
        })),
        ...leadersWithoutUnits(ctx).map((leader) => ({ leader, reason: 'no-units' as const })),
      ]
      const unique = displaced.filter(
        (x, i) => displaced.findIndex((y) => y.leader === x.leader) === i,
      )
      const next = displacementFrame(unique)
      return next === null ? AGAIN : { kind: 'push', frame: next }
    },
    end: () => ({ kind: 'done' }),
  },
})

/**
 * A continued attack marker for one of several attackers, with no advance to say which (the hex
 * was not emptied): it goes to the unit the advance priority picks.
 */
function continuedAttackPick(
  ctx: Parameters<Procedure['run']>[0],
  pending: PendingEffect,
): Singled | null {
  const marker = advanceSettings(ctx).continuedAttackMarker
  if (!pending.chooseOne || marker === undefined) return null
  if (pending.effect.type !== 'marker' || pending.effect.marker !== marker) return null
  return priorityPick(ctx, pending.units)
}

/**
 * Whether these results gave the candidates a continued attack: a pending marker effect for it,
 * or (with a watch) a candidate whose marker count rose, or (without) one carrying it.
 */
function continuedAttackGiven(
  ctx: Parameters<Procedure['run']>[0],
  d: EffectsData,
  advances: readonly PendingEffect[],
): boolean {
  const marker = advanceSettings(ctx).continuedAttackMarker
  if (marker === undefined) return false
  const candidates = advances.flatMap((p) => p.units)
  const pendingMarker = d.queue.some(
    (p) =>
      p.effect.type === 'marker' &&
      p.effect.marker === marker &&
      (p.effect.op ?? 'add') !== 'remove' &&
      (p.effect.op ?? 'add') !== 'decrement' &&
      overlaps(p.units, candidates),
  )
  if (pendingMarker) return true
  return candidates.some((id) => {
    const now = ctx.state.units[id]?.markers[marker] ?? 0
    const before = d.watch?.markers[id]
    return before === undefined
      ? d.watch === null && now > 0
      : now > (Object.hasOwn(before, marker) ? (before[marker] ?? 0) : 0)
  })
}
