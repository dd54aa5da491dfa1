/**
 * Applying the effect vocabulary (schemas/effects.schema.json) to a draft state, where the
 * kernel can do it without a mechanic or a player: status events through the status graph,
 * eliminations, markers, tracks, unit forms, ending an activation. Everything else (retreat,
 * advance, losses, further resolutions, choices…) is recorded as pending, with whom it concerns.
 */
import type { LoadedScenario } from '../rules/loaded'
import { didYouMean } from '../content/suggest'
import type { Effect, Resolution, StatusEffect } from '../generated/content-types'
import { applyStatusEvent, effectApplies } from '../rules'
import type { ContextKind, StatusUnit, Variables } from '../rules'
import { reject, rejectFailure, ruleField } from './failure'
import type { GameState } from './game-state'
import { isRemovedStatus } from './game-state'
import type { AppliedEffect, PendingEffect } from './log'
import { applyMarker, applyTrack, eliminateUnit, transformUnit } from './effect-changes'
import { leadersIn, unitContext, unitOf } from './variables'
import { setFacing, setPlace } from './occupancy'
import { hexesOf } from './footprints'
import { leaveRemains } from './remains'

export type Who = NonNullable<StatusEffect['who']>
/** The groups of units a context offers to `who`. */
export type Role = Exclude<Who, 'leaders'>

/** Deepest chain of status events causing status events; beyond it the content loops. */
export const MAX_EFFECT_DEPTH = 16

export interface EffectScope {
  context: ContextKind
  variables: Variables
  roles: Partial<Record<Role, readonly string[]>>
  /** Whom an effect without `who` applies to. */
  defaultWho: Who | null
  /** What produced the effects, for messages and pending entries. */
  source: string
  /** Hex of each unit when the effects began, so leaders stacked with a unit just removed are found. */
  hexes: Readonly<Record<string, string | null>>
  /** The side a side or activation context is about: the owner when no unit is concerned. */
  side?: string
  /**
   * Who took part in the resolution behind these effects, when the context has no such roles
   * itself (a status transition's effects: a retire sends the unit away from those who caused it).
   */
  participants?: PendingEffect['participants']
}

/** A resolution about to be rolled, as rollResolution hands it to an EffectRun's observer. */
export interface ObservedRoll {
  readonly resolution: Resolution
  /**
   * The expression variables it is resolved with: enough to work out its exact odds. They may
   * share objects with the draft, which the action goes on changing: read them when told.
   */
  readonly variables: Variables
  /** Who takes part, as the log line names them. */
  readonly who: string
  /** The `resolve`-shaped description it was rolled from, without `faces`. */
  readonly args: Readonly<Record<string, unknown>>
  /**
   * The faces were given, not rolled: the roll reads the faces of an earlier one (a morale test
   * rolled once per class), so nothing is left to chance that the earlier roll did not decide.
   */
  readonly forced: boolean
}

/** The draft being changed and what has been recorded so far. */
export interface EffectRun {
  readonly loaded: LoadedScenario
  readonly state: GameState
  readonly applied: AppliedEffect[]
  readonly pending: PendingEffect[]
  /**
   * Told of every resolution before it is rolled (the odds preview watches an action this way);
   * it must not change the game. Runs made from this one pass it on.
   */
  readonly observeRoll?: (roll: ObservedRoll) => void
}

const PENDING = new Set<Effect['type']>([
  'retreat',
  'advance',
  'relocate',
  'losses',
  'morale-test',
  'dismount',
  'choice',
  'movement-loss',
  'resolve',
])
const SINGLE = new Set<Who>(['attacker', 'defender', 'actor', 'target'])

interface Selection {
  units: string[]
  /** Several candidates for one unit: its owner picks, so only a player can apply it. */
  chooseOne: boolean
}

function select(
  run: EffectRun,
  scope: EffectScope,
  who: Who | null,
  previous: readonly string[] | null,
): Selection {
  if (who === null) return { units: [], chooseOne: false }
  if (who === 'leaders') {
    const base =
      previous ??
      (scope.defaultWho === null || scope.defaultWho === 'leaders'
        ? []
        : select(run, scope, scope.defaultWho, null).units)
    const hexes = new Set(
      base.map(
        (id) =>
          (Object.hasOwn(scope.hexes, id) ? scope.hexes[id] : run.state.units[id]?.hex) ?? null,
      ),
    )
    const found = [...hexes]
      .flatMap((hex) => leadersIn(run.loaded, run.state, hex))
      .filter((id) => !base.includes(id))
    return { units: [...new Set(found)], chooseOne: false }
  }
  const units = scope.roles[who]
  if (units === undefined) {
    return reject(
      `${scope.source}: an effect applies to "${who}", which means nothing in the ${scope.context} context`,
    )
  }
  return { units: [...units], chooseOne: SINGLE.has(who) && units.length > 1 }
}

/** Applies `effects` in order to the draft; refuses (throws ActionFailure) on content that fails. */
export function applyEffects(
  run: EffectRun,
  effects: readonly Effect[],
  scope: EffectScope,
  depth = 0,
): void {
  // "Leaders" means the leaders stacked with the units the effect before it hit.
  let previous: string[] | null = null
  for (const effect of effects) {
    if (effect.type === 'none') continue
    const applies = effectApplies(
      run.loaded.rules,
      scope.context,
      effect.when,
      scope.variables,
      `${scope.source}, ${effect.type} effect, when`,
    )
    if (!applies.ok) return rejectFailure(applies.error)
    if (!applies.value) continue
    const who = effect.who ?? scope.defaultWho
    const selection = select(run, scope, who, previous)
    if (effect.who !== undefined && effect.who !== 'leaders') previous = selection.units
    if (PENDING.has(effect.type) || selection.chooseOne) {
      if (
        effect.who !== undefined &&
        selection.units.length === 0 &&
        !('side' in effect && effect.side !== undefined)
      )
        continue
      const sides =
        'side' in effect && effect.side !== undefined
          ? sidesFor(run, scope, effect.side, selection.units)
          : ownersOf(run.state, selection.units)
      run.pending.push({
        effect,
        units: selection.units,
        sides,
        chooseOne: selection.chooseOne,
        source: scope.source,
        context: scope.context,
        ...participantsField(scope),
        hexes: { ...scope.hexes },
      })
      continue
    }
    applyOne(run, effect, scope, selection.units, depth)
  }
}

/** Who took part in the resolution, from the scope's roles or what its caller passed on. */
function participantsField(scope: EffectScope): Pick<PendingEffect, 'participants'> {
  if (scope.roles.attackers === undefined && scope.roles.defenders === undefined)
    return scope.participants === undefined ? {} : { participants: scope.participants }
  return {
    participants: {
      attackers: [...(scope.roles.attackers ?? [])],
      defenders: [...(scope.roles.defenders ?? [])],
    },
  }
}

function applyOne(
  run: EffectRun,
  effect: Effect,
  scope: EffectScope,
  units: readonly string[],
  depth: number,
): void {
  const rule = effect.type === 'none' ? undefined : effect.rule
  switch (effect.type) {
    case 'status': {
      const cause = participantsField(scope).participants
      for (const id of units) sendStatusEvent(run, id, effect.event, depth, rule, cause)
      return
    }
    case 'eliminate':
      for (const id of units) eliminateUnit(run, id, rule)
      return
    case 'marker':
      for (const id of units) applyMarker(run, scope, id, effect)
      return
    case 'track': {
      const track = (run.loaded.rules.ruleset.tracks ?? []).find((t) => t.id === effect.track)
      if (track === undefined) {
        return reject(
          `${scope.source}: there is no track "${effect.track}"${didYouMean(
            effect.track,
            (run.loaded.rules.ruleset.tracks ?? []).map((t) => t.id),
          )}`,
        )
      }
      const sides =
        track.scope === 'game' ? [null] : sidesFor(run, scope, effect.side ?? 'owner', units)
      for (const side of sides) applyTrack(run, scope, track, side, effect)
      return
    }
    case 'transform':
      for (const id of units) transformUnit(run, id, effect)
      return
    case 'end-activation':
      for (const id of units) {
        const unit = unitOf(run.state, id)
        const scopeName = effect.scope ?? 'activation'
        // Ending the activation also ends the movement; the reverse does not hold.
        unit.ended = unit.ended === 'activation' ? 'activation' : scopeName
        const text = `unit ${id} ${scopeName === 'movement' ? 'may move no further' : 'may do nothing more this activation'}`
        run.applied.push({
          kind: 'end-activation',
          unit: id,
          scope: scopeName,
          text,
          ...ruleField(rule),
        })
      }
      return
    default:
      return reject(`${scope.source}: the kernel cannot apply a "${effect.type}" effect`)
  }
}

export function ownersOf(state: GameState, units: readonly string[]): string[] {
  return [...new Set(units.map((id) => unitOf(state, id).side))]
}

type SideRef = NonNullable<Extract<Effect, { type: 'track' }>['side']>

/** The sides a side reference names, relative to the affected units and the resolution. */
export function sidesFor(
  run: EffectRun,
  scope: EffectScope,
  ref: SideRef,
  units: readonly string[],
): string[] {
  const all = run.loaded.scenario.sides.map((s) => s.id)
  const roleSide = (roles: readonly Role[]): string[] => {
    for (const role of roles) {
      const first = scope.roles[role]?.[0]
      if (first !== undefined) return [unitOf(run.state, first).side]
    }
    return reject(
      `${scope.source}: an effect names the ${ref} side, which means nothing in the ${scope.context} context`,
    )
  }
  // With no unit concerned, "owner" is the side the resolution is about (a side check).
  const owners = (): string[] =>
    units.length === 0 && scope.side !== undefined ? [scope.side] : ownersOf(run.state, units)
  switch (ref) {
    case 'owner':
      return owners()
    case 'opponent': {
      const mine = owners()
      return mine.length === 0 ? [] : all.filter((s) => !mine.includes(s))
    }
    case 'active':
      return [run.state.clock.activeSide]
    case 'inactive':
      return all.filter((s) => s !== run.state.clock.activeSide)
    case 'attacker':
      return roleSide(['attackers', 'actor'])
    case 'defender':
      return roleSide(['defenders', 'target'])
  }
}

/**
 * Sends a status event to a unit: the status graph (with the unit's type and class overrides)
 * decides the new status, then the transition's or override's own effects run in the unit
 * context for that unit, recursively.
 */
export function sendStatusEvent(
  run: EffectRun,
  id: string,
  event: string,
  depth: number,
  rule?: string,
  cause?: PendingEffect['participants'],
): void {
  if (depth >= MAX_EFFECT_DEPTH) {
    reject(
      `status events keep causing further status events (more than ${MAX_EFFECT_DEPTH} deep, at "${event}" for unit "${id}"): the status graph loops`,
    )
  }
  const unit = unitOf(run.state, id)
  const hexBefore = unit.hex
  const variables = unitContext(run.loaded, run.state, id)
  const change = applyStatusEvent(run.loaded.rules, variables.unit as StatusUnit, event, variables)
  if (change.error !== undefined) rejectFailure(change.error)
  const from = unit.status
  const byRule = change.transition?.rule ?? change.override?.rule ?? rule
  const how =
    change.override !== undefined
      ? `, replaced by unit ${change.override.source === 'unitType' ? 'type' : 'class'} "${change.override.id}"`
      : ''
  const text = change.changed
    ? `unit ${id}: ${from} → ${change.status} (${event}${how}${byRule === undefined ? '' : `, rule ${byRule}`})`
    : `unit ${id}: ${event} leaves it ${from}${how}`
  run.applied.push({
    kind: 'status',
    unit: id,
    event,
    from,
    to: change.status,
    changed: change.changed,
    text,
    ...ruleField(byRule),
    ...(change.transition === undefined ? {} : { transition: change.transition.index }),
    ...(change.override === undefined
      ? {}
      : {
          override: {
            source: change.override.source,
            id: change.override.id,
            index: change.override.index,
          },
        }),
  })
  if (change.changed) {
    unit.status = change.status
    if (isRemovedStatus(run.loaded, change.status) && unit.location !== 'removed') {
      // Taken off the map, it may leave remains where it stood (a corpse).
      const covered = hexesOf(run, id)
      setPlace(run.state, id, null, 'removed')
      leaveRemains(run.loaded, run.state, id, change.status, covered, run.applied)
      setFacing(run.state, unit, null)
    }
  }
  if (change.effects.length === 0) return
  const scope: EffectScope = {
    context: 'unit',
    // The transition's effects read the unit as it was when the event struck it.
    variables,
    roles: { self: [id], actor: [id], target: [id], participants: [id] },
    defaultWho: 'self',
    source: `status "${event}" of unit "${id}"`,
    hexes: { [id]: hexBefore },
    ...(cause === undefined ? {} : { participants: cause }),
  }
  applyEffects(run, change.effects, scope, depth + 1)
}
