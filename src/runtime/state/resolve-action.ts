/**
 * The `resolve` action: runs one of the ruleset's resolutions with participants named by unit
 * id, rolling from the state's dice, and applies the effects of the result. The expression
 * variables are built from the state: ratings for each unit's status, flags, markers, the hex,
 * leaders stacked with it, and for an attack the angle each attacker comes from, measured from
 * the defender's facing with the ruleset's facing sectors.
 */
import type { LoadedScenario } from '../rules/loaded'
import type { Resolution } from '../generated/content-types'
import { didYouMean } from '../content/suggest'
import { contextFacts, factDefault, resolve, resolveWithRoll } from '../rules'
import type { ContextKind, ResolutionRecord, Variables } from '../rules'
import type { Action, ActionHandler } from './actions'
import { booleanArg, checkArgs, idListArg, numberArg, stringArg, unitFlagArg } from './actions'
import { boardOf } from './board'
import type { EffectRun, EffectScope, Role, Who } from './effects'
import { applyEffects } from './effects'
import { reject, rejectFailure } from './failure'
import type { GameState, UnitState } from './game-state'
import { describeRecord } from './log'
import type { Vars } from './variables'
import {
  commandVariables,
  commonVariables,
  sideOf,
  sideVariables,
  unitOf,
  unitVariables,
} from './variables'

/** The engine's own arguments of each context, besides the facts its mechanics pass. */
const GENERAL_ARGS: Readonly<Record<ContextKind, readonly string[]>> = {
  attack: ['attackers', 'defenders', 'charging', 'moved', 'counterCharged', 'defending'],
  fire: ['firer', 'target', 'range', 'weapon', 'angle'],
  unit: ['unit'],
  side: [],
  // No resolution is rolled in the phase context: it is a phase's own `when` and `repeat`.
  phase: [],
  activation: ['leader', 'command', 'kind', 'free'],
  battle: ['friendly', 'enemy', 'leader', 'kind', 'hex'],
}

/**
 * The arguments a `resolve`-shaped description takes besides the resolution, by context: the
 * engine's own, then the facts of the context's mechanics (rules/context-facts.ts).
 */
export const CONTEXT_ARGS: Readonly<Record<ContextKind, readonly string[]>> = {
  attack: argsOf('attack'),
  fire: argsOf('fire'),
  unit: argsOf('unit'),
  side: argsOf('side'),
  phase: argsOf('phase'),
  activation: argsOf('activation'),
  battle: argsOf('battle'),
}

function argsOf(context: ContextKind): readonly string[] {
  return [...GENERAL_ARGS[context], ...Object.keys(contextFacts(context))]
}

/** The facts of `context` the action gives, each not given at its default (nothing happened). */
function factValues(action: Action, context: ContextKind): Vars {
  const values: Vars = {}
  for (const [name, fact] of Object.entries(contextFacts(context)))
    values[name] =
      (fact.type === 'number'
        ? numberArg(action, name)
        : fact.type === 'boolean'
          ? booleanArg(action, name)
          : stringArg(action, name, true)) ?? factDefault(fact.type)
  return values
}

const DEFAULT_WHO: Record<ContextKind, Who | null> = {
  attack: 'defenders',
  fire: 'target',
  unit: 'self',
  side: null,
  phase: null,
  activation: null,
  battle: null,
}

interface Situation {
  variables: Vars
  roles: Partial<Record<Role, readonly string[]>>
  units: string[]
  /** Who takes part, for the log line. */
  who: string
  /** The side a side or activation resolution is about. */
  side?: string
}

function inPlay(state: GameState, id: string, role: string, onMap: boolean): UnitState {
  const unit = unitOf(state, id, role)
  if (unit.location === 'removed')
    reject(`unit "${id}" is out of play, so it cannot be the ${role}`)
  if (onMap && (unit.location !== 'map' || unit.hex === null))
    reject(`unit "${id}" is not on the map, so it cannot be the ${role}`)
  return unit
}

function attackSituation(loaded: LoadedScenario, state: GameState, action: Action): Situation {
  const board = boardOf(loaded)
  const attackers =
    idListArg(action, 'attackers') ??
    reject('an attack needs "attackers": the ids of the attacking units')
  const defenders =
    idListArg(action, 'defenders') ??
    reject('an attack needs "defenders": the ids of the attacked units')
  const both = attackers.find((id) => defenders.includes(id))
  if (both !== undefined) reject(`unit "${both}" cannot both attack and defend`)
  const attackerUnits = attackers.map((id) => inPlay(state, id, 'attacker', true))
  const defenderUnits = defenders.map((id) => inPlay(state, id, 'defender', true))
  const flags = {
    charging: unitFlagArg(action, 'charging'),
    moved: unitFlagArg(action, 'moved'),
    counterCharged: unitFlagArg(action, 'counterCharged'),
  }
  // A flag not given in the action is read from a marker of the same name, if the unit has one.
  const flag = (name: keyof typeof flags, id: string, unit: Vars): boolean =>
    flags[name]?.(id) ?? ((unit.markers as Record<string, number>)[name] ?? 0) > 0
  const participant = (id: string, unit: UnitState, enemy: UnitState): Vars => {
    const vars = unitVariables(loaded, state, id)
    const here = unit.hex as string
    const there = enemy.hex as string
    return {
      ...vars,
      angle: enemy.facing === null ? '' : board.sector(there, enemy.facing, here),
      charging: flag('charging', id, vars),
      counterCharged: flag('counterCharged', id, vars),
      moved: flag('moved', id, vars),
      crossing: board.hexside(here, there),
    }
  }
  const firstDefender = defenderUnits[0] as UnitState
  const firstAttacker = attackerUnits[0] as UnitState
  const attackerVars = attackers.map((id, i) =>
    participant(id, attackerUnits[i] as UnitState, firstDefender),
  )
  const defenderVars = defenders.map((id, i) =>
    participant(id, defenderUnits[i] as UnitState, firstAttacker),
  )
  return {
    variables: {
      attackers: attackerVars,
      defenders: defenderVars,
      attacker: attackerVars[0],
      defender: defenderVars[0],
      attack: {
        charge: attackerVars.some((a) => a.charging === true),
        ...factValues(action, 'attack'),
        // One unit attacking two hexes fights both defenders on each roll (for strength).
        defending: numberArg(action, 'defending') ?? defenders.length,
      },
    },
    roles: {
      attackers,
      defenders,
      attacker: attackers,
      defender: defenders,
      actor: attackers,
      target: defenders,
      participants: [...attackers, ...defenders],
    },
    units: [...attackers, ...defenders],
    who: `${attackers.join(', ')} against ${defenders.join(', ')}`,
  }
}

function fireSituation(loaded: LoadedScenario, state: GameState, action: Action): Situation {
  const board = boardOf(loaded)
  const firerId = stringArg(action, 'firer')
  const targetId = stringArg(action, 'target')
  if (firerId === targetId) reject(`unit "${firerId}" cannot fire at itself`)
  const firer = inPlay(state, firerId, 'firer', true)
  const target = inPlay(state, targetId, 'target', true)
  const carried = (loaded.rules.unitTypes.get(firer.type)?.weapons ?? []).map((w) => w.weapon)
  const weapon = stringArg(action, 'weapon', true) ?? carried[0] ?? ''
  if (weapon !== '' && !carried.includes(weapon))
    reject(`unit "${firerId}" does not carry weapon "${weapon}"${didYouMean(weapon, carried)}`)
  const range =
    numberArg(action, 'range') ?? board.distance(firer.hex as string, target.hex as string)
  return {
    variables: {
      firer: unitVariables(loaded, state, firerId),
      target: unitVariables(loaded, state, targetId),
      range,
      fire: {
        ...factValues(action, 'fire'),
        weapon,
        weaponGroup: (loaded.rules.ruleset.weapons ?? []).find((w) => w.id === weapon)?.group ?? '',
        // The fire mechanic passes the angle when its own hexspine rules decide it.
        angle:
          stringArg(action, 'angle', true) ??
          (target.facing === null
            ? ''
            : board.sector(target.hex as string, target.facing, firer.hex as string)),
        crossing: board.hexside(firer.hex as string, target.hex as string),
      },
    },
    roles: {
      attackers: [firerId],
      defenders: [targetId],
      attacker: [firerId],
      defender: [targetId],
      actor: [firerId],
      target: [targetId],
      participants: [firerId, targetId],
    },
    units: [firerId, targetId],
    who: `${firerId} at ${targetId}`,
  }
}

function situation(
  loaded: LoadedScenario,
  state: GameState,
  action: Action,
  context: ContextKind,
): Situation {
  switch (context) {
    case 'attack':
      return attackSituation(loaded, state, action)
    case 'fire':
      return fireSituation(loaded, state, action)
    case 'unit': {
      const id = stringArg(action, 'unit')
      inPlay(state, id, 'unit', false)
      const roles = { self: [id], actor: [id], target: [id], participants: [id] }
      const variables = {
        unit: unitVariables(loaded, state, id),
        reaction: factValues(action, 'unit'),
      }
      return { variables, roles, units: [id], who: id }
    }
    case 'side':
    case 'phase': {
      const side = action.side === undefined ? state.clock.activeSide : sideOf(loaded, action.side)
      return {
        variables: {
          side: sideVariables(loaded, state, side),
          ...(context === 'phase' ? { phase: { id: '', runs: 0 } } : {}),
        },
        roles: {},
        units: [],
        who: side,
        side,
      }
    }
    case 'activation': {
      const side = action.side === undefined ? state.clock.activeSide : sideOf(loaded, action.side)
      const leader = stringArg(action, 'leader', true)
      const command =
        stringArg(action, 'command', true) ??
        (leader === undefined ? undefined : (unitOf(state, leader).command ?? undefined))
      const variables: Vars = {
        side: sideVariables(loaded, state, side),
        leader: leader === undefined ? null : unitVariables(loaded, state, leader),
        command: command === undefined ? null : commandVariables(loaded, command),
        activation: {
          kind: stringArg(action, 'kind', true) ?? '',
          free: booleanArg(action, 'free') ?? false,
          ...factValues(action, 'activation'),
        },
      }
      const units = leader === undefined ? [] : [leader]
      return {
        variables,
        roles: { actor: units, self: units, participants: units },
        units,
        who: leader === undefined ? side : `${side}, ${leader}`,
        side,
      }
    }
    case 'battle': {
      const friendly = idListArg(action, 'friendly') ?? []
      const enemy = idListArg(action, 'enemy') ?? []
      const leader = stringArg(action, 'leader', true)
      const board = boardOf(loaded)
      const hexLabel =
        stringArg(action, 'hex', true) ??
        (friendly[0] === undefined ? null : unitOf(state, friendly[0]).hex)
      if (hexLabel !== null) {
        const problem = board.labelProblem(hexLabel)
        if (problem !== null) reject(problem)
      }
      const variables: Vars = {
        friendly: friendly.map((id) => unitVariables(loaded, state, id)),
        enemy: enemy.map((id) => unitVariables(loaded, state, id)),
        leader: leader === undefined ? null : unitVariables(loaded, state, leader),
        battle: {
          kind: stringArg(action, 'kind', true) ?? '',
          hex: hexLabel === null ? null : board.hex(hexLabel),
          ...factValues(action, 'battle'),
        },
      }
      const units = [...friendly, ...enemy]
      const roles = {
        attackers: friendly,
        defenders: enemy,
        participants: units,
        actor: leader === undefined ? [] : [leader],
      }
      return { variables, roles, units, who: `${friendly.join(', ')} against ${enemy.join(', ')}` }
    }
  }
}

function facesArg(action: Action): number[] | undefined {
  const value = action.faces
  if (value === undefined) return undefined
  if (!Array.isArray(value) || !value.every((v) => Number.isInteger(v))) {
    return reject(
      `"faces" must list the whole numbers the dice show, e.g. [4], not ${JSON.stringify(value)}`,
    )
  }
  return value as number[]
}

/**
 * The variables of the activation context for an action-shaped description (side, leader,
 * command, kind, free, successes…), as a resolution in that context would see them.
 */
export function activationVariables(
  loaded: LoadedScenario,
  state: GameState,
  args: Action,
): Variables {
  return {
    ...commonVariables(loaded, state),
    ...situation(loaded, state, args, 'activation').variables,
  }
}

/**
 * The resolution a `resolve`-shaped description names and the variables it would be resolved
 * with in `state`, without rolling: what an odds preview or an AI needs to weigh an attack
 * before it is made. Refuses (throws ActionFailure) the descriptions `resolve` would refuse.
 */
export function resolutionVariables(
  loaded: LoadedScenario,
  state: GameState,
  args: Action,
): { resolution: Resolution; variables: Variables; who: string } {
  const id = stringArg(args, 'resolution')
  const resolution =
    loaded.rules.resolutions.get(id) ??
    reject(`there is no resolution "${id}"${didYouMean(id, loaded.rules.resolutions.keys())}`)
  checkArgs(args, ['resolution', 'faces', ...CONTEXT_ARGS[resolution.context]])
  const found = situation(loaded, state, args, resolution.context)
  return {
    resolution,
    variables: { ...commonVariables(loaded, state), ...found.variables },
    who: found.who,
  }
}

/** A resolution rolled and read but whose effects are not applied yet (see applyRolled). */
export interface RolledResolution {
  record: ResolutionRecord
  text: string
  scope: EffectScope
}

/**
 * Rolls one of the ruleset's resolutions in the situation of `run.state` without applying its
 * effects: for results that must wait for another roll (fire and return fire are rolled before
 * either is applied). `args` is shaped like a `resolve` action; the dice advance on the state.
 * Refuses (throws ActionFailure) what the rules do not allow.
 */
export function rollResolution(run: EffectRun, args: Action): RolledResolution {
  const { loaded, state: draft } = run
  const id = stringArg(args, 'resolution')
  const resolution = loaded.rules.resolutions.get(id)
  if (resolution === undefined)
    return reject(
      `there is no resolution "${id}"${didYouMean(id, loaded.rules.resolutions.keys())}`,
    )
  const faces = facesArg(args)
  const found = situation(loaded, draft, args, resolution.context)
  const variables: Variables = { ...commonVariables(loaded, draft), ...found.variables }
  if (run.observeRoll !== undefined) {
    const { faces: _faces, ...described } = args
    run.observeRoll({
      resolution,
      variables,
      who: found.who,
      args: described,
      forced: faces !== undefined,
    })
  }
  let record: ResolutionRecord
  if (faces === undefined) {
    const rolled = resolve(loaded.rules, resolution, variables, draft.dice)
    record = rolled.record
    draft.dice = rolled.dice
  } else record = resolveWithRoll(loaded.rules, resolution, variables, faces)
  if (record.status === 'error')
    return record.error === undefined
      ? reject(record.message ?? `resolution "${id}" failed`)
      : rejectFailure(record.error)
  if (record.status === 'not-allowed')
    return reject(
      record.message ?? `resolution "${id}" is not allowed`,
      record.table?.rule ?? resolution.rule,
    )
  const scope: EffectScope = {
    context: resolution.context,
    variables,
    roles: found.roles,
    defaultWho: DEFAULT_WHO[resolution.context],
    source: `resolution "${id}"`,
    hexes: Object.fromEntries(found.units.map((u) => [u, unitOf(draft, u).hex])),
    ...(found.side === undefined ? {} : { side: found.side }),
  }
  return { record, text: describeRecord(record, found.who), scope }
}

/** Applies the effects of a rolled resolution into `run`, in the situation it was rolled in. */
export function applyRolled(run: EffectRun, rolled: RolledResolution): void {
  applyEffects(run, rolled.record.effects, rolled.scope)
}

/**
 * Runs one of the ruleset's resolutions on `run.state` (changed in place): `args` is shaped like
 * a `resolve` action (the resolution id, the participants by unit id, optional faces). Rolls from
 * the state's dice unless faces are given, applies the result's effects into `run`, and returns
 * the record with a log line. Refuses (throws ActionFailure) what the rules do not allow.
 */
export function runResolution(
  run: EffectRun,
  args: Action,
): { record: ResolutionRecord; text: string } {
  const rolled = rollResolution(run, args)
  applyRolled(run, rolled)
  return { record: rolled.record, text: rolled.text }
}

export const resolveAction: ActionHandler = (ctx) => {
  const { action, draft, loaded } = ctx
  const id = stringArg(action, 'resolution')
  const resolution = loaded.rules.resolutions.get(id)
  if (resolution === undefined)
    return reject(
      `there is no resolution "${id}"${didYouMean(id, loaded.rules.resolutions.keys())}`,
    )
  checkArgs(action, ['resolution', 'faces', ...CONTEXT_ARGS[resolution.context]])
  const run: EffectRun = { loaded, state: draft, applied: [], pending: [] }
  const { record, text } = runResolution(run, action)
  return { text, records: [record], effects: run.applied, pending: run.pending }
}
