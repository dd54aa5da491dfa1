/**
 * The state changes behind the simple effects: markers, tracks, eliminations and unit forms.
 * Each changes the draft in place and records what it did.
 */
import { didYouMean } from '../content/suggest'
import type { Effect, Tracks } from '../generated/content-types'
import { effectNumber } from '../rules'
import type { EffectRun, EffectScope } from './effects'
import { own, reject, rejectFailure, ruleField, stored } from './failure'
import type { Position } from './log'
import { unitOf } from './variables'
import { setFacing, setPlace, setType } from './occupancy'
import { hexesOf } from './footprints'
import { leaveRemains } from './remains'

type MarkerEffect = Extract<Effect, { type: 'marker' }>
type TrackEffect = Extract<Effect, { type: 'track' }>
type TransformEffect = Extract<Effect, { type: 'transform' }>

function amountOf(
  run: EffectRun,
  scope: EffectScope,
  value: number | string,
  where: string,
): number {
  const found = effectNumber(run.loaded.rules, scope.context, value, scope.variables, where)
  if (!found.ok) return rejectFailure(found.error)
  return found.value
}

export function applyMarker(
  run: EffectRun,
  scope: EffectScope,
  id: string,
  effect: MarkerEffect,
): void {
  const markers = run.loaded.rules.ruleset.markers ?? []
  const marker = markers.find((m) => m.id === effect.marker)
  if (marker === undefined) {
    return reject(
      `${scope.source}: there is no marker "${effect.marker}"${didYouMean(
        effect.marker,
        markers.map((m) => m.id),
      )}`,
    )
  }
  const unit = unitOf(run.state, id)
  const op = effect.op ?? 'add'
  const value =
    effect.value === undefined
      ? undefined
      : amountOf(run, scope, effect.value, `${scope.source}, marker "${marker.id}", value`)
  const from = own(unit.markers, marker.id) ?? 0
  let to: number
  switch (op) {
    case 'add':
      to = value ?? (from > 0 ? from : 1)
      break
    case 'remove':
      to = 0
      break
    case 'increment':
      to = from + (value ?? 1)
      break
    case 'decrement':
      to = from - (value ?? 1)
      break
    case 'set':
      if (value === undefined)
        return reject(`${scope.source}: setting marker "${marker.id}" needs a value`)
      to = value
      break
  }
  // A marker without a number is either on the counter or not.
  to = Math.max(0, marker.counting === true ? to : Math.min(to, 1))
  to = stored(to)
  if (to === 0) delete unit.markers[marker.id]
  else unit.markers[marker.id] = to
  const text = `unit ${id}: marker ${marker.id} ${from} → ${to}`
  run.applied.push({
    kind: 'marker',
    unit: id,
    marker: marker.id,
    from,
    to,
    text,
    ...ruleField(effect.rule),
  })
}

export function applyTrack(
  run: EffectRun,
  scope: EffectScope,
  track: Tracks[number],
  side: string | null,
  effect: TrackEffect,
): void {
  const amount = amountOf(run, scope, effect.amount, `${scope.source}, track "${track.id}", amount`)
  const values = side === null ? run.state.tracks : own(run.state.sides, side)?.tracks
  if (values === undefined)
    return reject(`there is no side "${String(side)}" to move track "${track.id}" for`)
  const from = own(values, track.id) ?? track.initial ?? 0
  let to = from + amount
  if (track.min !== undefined) to = Math.max(track.min, to)
  if (track.max !== undefined) to = Math.min(track.max, to)
  to = stored(to)
  values[track.id] = to
  const owner = side === null ? 'game' : `side ${side}`
  const text = `${owner}: ${track.id} ${from} → ${to} (${amount >= 0 ? '+' : ''}${amount})`
  run.applied.push({
    kind: 'track',
    track: track.id,
    side,
    from,
    to,
    amount: stored(amount),
    text,
    ...ruleField(effect.rule),
  })
}

/** Takes a unit out of play whatever its status: into the graph's removed status, if it has one. */
export function eliminateUnit(run: EffectRun, id: string, rule: string | undefined): void {
  const unit = unitOf(run.state, id)
  if (unit.location === 'removed') return
  const from: Position = { hex: unit.hex, facing: unit.facing, location: unit.location }
  const removed = run.loaded.rules.ruleset.statuses.states.find((s) => s.removed === true)
  if (removed !== undefined) unit.status = removed.id
  const covered = hexesOf(run, id)
  setPlace(run.state, id, null, 'removed')
  setFacing(run.state, unit, null)
  const where = from.hex === null ? '' : ` from ${from.hex}`
  run.applied.push({
    kind: 'eliminate',
    unit: id,
    from,
    status: unit.status,
    text: `unit ${id} eliminated${where}`,
    ...ruleField(rule),
  })
  if (removed !== undefined)
    leaveRemains(run.loaded, run.state, id, removed.id, covered, run.applied)
}

/** Swaps a unit for another form of it, named in its unit type's forms. */
export function transformUnit(run: EffectRun, id: string, effect: TransformEffect): void {
  const unit = unitOf(run.state, id)
  const rules = run.loaded.rules
  const forms = rules.unitTypes.get(unit.type)?.forms ?? {}
  const toType = own(forms, effect.form)
  if (toType === undefined) {
    return reject(
      `unit type "${unit.type}" has no form "${effect.form}"${didYouMean(effect.form, Object.keys(forms))}, so unit "${id}" cannot change into it`,
    )
  }
  if (!rules.unitTypes.has(toType))
    return reject(
      `form "${effect.form}" of unit type "${unit.type}" names the unknown unit type "${toType}"`,
    )
  const statuses = rules.ruleset.statuses.states.map((s) => s.id)
  const toStatus = effect.status ?? unit.status
  if (!statuses.includes(toStatus))
    return reject(`there is no status "${toStatus}"${didYouMean(toStatus, statuses)}`)
  const fromType = unit.type
  const fromStatus = unit.status
  setType(run.state, unit, toType)
  unit.status = toStatus
  // Ratings printed on the old counter do not carry over to the new one.
  unit.ratings = {}
  const text = `unit ${id}: ${fromType} → ${toType} (${effect.form})${toStatus === fromStatus ? '' : `, ${fromStatus} → ${toStatus}`}`
  run.applied.push({
    kind: 'transform',
    unit: id,
    form: effect.form,
    fromType,
    toType,
    fromStatus,
    toStatus,
    text,
    ...ruleField(effect.rule),
  })
}
