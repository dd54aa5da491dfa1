/**
 * Standards (mechanic "standard"): an activated standard either rallies every unit of its
 * command in the rally statuses within reach of it and with no enemy next to it, or moves to
 * another hex; each unit that was near it before the move then rolls the move check. Settings:
 * mechanics.activation.standards. Where each standard stands is this mechanic's slice of the
 * game's flow, `standards`, which the results (a standard taken or displaced), reinforcements (a
 * standard arriving with its command) and flight read and move too.
 */
import type { StandardSettings } from '../../generated/content-types'
import type { Action } from '../../state/actions'
import { checkArgs, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import { runningActivation } from '../activity'
import { flowOf } from '../driver'
import { commandsOf } from '../forces'
import { enemiesNextTo, enemyUnits } from '../influence'
import type { PlayContext } from '../procedure'
import { defineProcedure } from '../define-procedure'
import { hexEntryCost } from '../terrain-costs'
import { extrasSettings, note, roll, promptRule, sideUnitsOnMap, statusEvent } from './common'
import { leaderIds } from '../../state/game-state'
import { standardArrivesLater } from '../movement/reinforcements'
import { defineSlice } from '../slices'

declare module '../../state/flow-types' {
  /** Where the standards stand, this mechanic's slice of the game's flow. */
  interface FlowState {
    /** Where each command's standard stands (a hex label), by command id; null once off the map. */
    standards: Record<string, string | null>
  }
}

/**
 * The standards the scenario places: each command's at its hex, except a command whose every
 * unit arrives later, whose standard comes with its first unit.
 */
export const standardsSlice = defineSlice({
  mechanic: 'standard',
  game(loaded, state) {
    const standards: Record<string, string | null> = {}
    const leaders = leaderIds(loaded)
    for (const side of loaded.scenario.sides)
      for (const command of side.commands ?? [])
        if (
          command.standard !== undefined &&
          !standardArrivesLater(loaded, state, command.id, leaders)
        )
          standards[command.id] = command.standard
    return { standards }
  },
})

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

/** The standard a unit rallies to: its command's, else its side's only standard. */
export function standardOfUnit(ctx: Ctx, id: string): string | null {
  const unit = ctx.state.units[id]
  const standards = ctx.state.flow?.standards ?? {}
  if (unit === undefined) return null
  if (unit.command !== null && Object.hasOwn(standards, unit.command)) return unit.command
  const own = commandsOf(ctx.loaded, unit.side)
    .map((c) => c.id)
    .filter((c) => Object.hasOwn(standards, c))
  return own.length === 1 ? (own[0] as string) : null
}

/** Units of `side` on the map belonging to standard `command`, within `reach` hexes of `hex`. */
function unitsNear(
  ctx: Ctx,
  side: string,
  command: string,
  hex: string,
  reach: number,
  statuses: readonly string[],
): string[] {
  const board = boardOf(ctx.loaded)
  return sideUnitsOnMap(ctx, side).filter((id) => {
    const unit = ctx.state.units[id]
    if (unit === undefined || !statuses.includes(unit.status)) return false
    if (standardOfUnit(ctx, id) !== command) return false
    return board.distance(hex, unit.hex as string) <= reach
  })
}

/** Units an activation of standard `command` would rally now. */
export function standardRallyUnits(ctx: Ctx, command: string): string[] {
  const settings = extrasSettings(ctx).standards
  const hex = ctx.state.flow?.standards[command]
  const side = commandsOfSide(ctx, command)
  if (settings === undefined || hex === null || hex === undefined || side === null) return []
  return unitsNear(
    ctx,
    side,
    command,
    hex,
    settings.within ?? 1,
    settings.rallyStatuses ?? ['retired'],
  ).filter((id) => enemiesNextTo(ctx, side, ctx.state.units[id]?.hex as string).length === 0)
}

function commandsOfSide(ctx: Ctx, command: string): string | null {
  return (
    ctx.loaded.scenario.sides.find((s) => (s.commands ?? []).some((c) => c.id === command))?.id ??
    null
  )
}

function entryHexes(ctx: Ctx): Set<string> {
  const regions = new Map((ctx.loaded.map.map.regions ?? []).map((r) => [r.id, r.hexes]))
  const out = new Set<string>()
  for (const side of ctx.loaded.scenario.sides)
    for (const group of side.reinforcements ?? []) {
      for (const hex of group.entry?.hexes ?? []) out.add(hex)
      if (group.entry?.region !== undefined)
        for (const hex of regions.get(group.entry.region) ?? []) out.add(hex)
    }
  return out
}

/** Hexes standard `command` may be moved to now. */
export function standardDestinations(
  ctx: Ctx,
  settings: StandardSettings,
  command: string,
): string[] {
  const side = commandsOfSide(ctx, command) ?? ''
  const here = ctx.state.flow?.standards[command] ?? null
  const closed = new Set(settings.closedTo ?? ['reinforcement-entry', 'impassable', 'enemy-units'])
  const entries = closed.has('reinforcement-entry') ? entryHexes(ctx) : new Set<string>()
  const enemyHexes = new Set(enemyUnits(ctx, side).map((e) => ctx.state.units[e]?.hex ?? ''))
  const classes = ctx.loaded.rules.ruleset.terrain.movementClasses
    .filter((c) => c.cheapestOf === undefined)
    .map((c) => c.id)
  return boardOf(ctx.loaded)
    .allHexes()
    .filter((hex) => {
      if (hex === here || entries.has(hex)) return false
      if (closed.has('enemy-units') && enemyHexes.has(hex)) return false
      if (
        closed.has('impassable') &&
        classes.every((c) => hexEntryCost(ctx.loaded, hex, c) === null)
      )
        return false
      return true
    })
}

/**
 * Moves standard `command` to `hex` (already checked), then rolls the move check for every unit
 * that was near it before. Also for the other mechanics: a standard displaced by the enemy moves
 * the same way.
 */
export function moveStandard(ctx: PlayContext, command: string, hex: string): void {
  const settings = extrasSettings(ctx).standards
  const flow = flowOf(ctx.state)
  const from = flow.standards[command] ?? null
  const side = commandsOfSide(ctx, command)
  if (settings === undefined || side === null) return
  const near =
    from === null
      ? []
      : unitsNear(
          ctx,
          side,
          command,
          from,
          settings.checkWithin ?? 1,
          settings.checkStatuses ?? ['retired'],
        )
  flow.standards[command] = hex
  note(ctx, `standard of ${command} moves from ${from ?? 'off the map'} to ${hex}`, settings.rule)
  if (settings.moveCheck === undefined) return
  for (const id of near) roll(ctx, { type: 'resolve', resolution: settings.moveCheck, unit: id })
}

function standardCommand(ctx: PlayContext): string {
  return runningActivation(ctx)?.commands[0] ?? reject('no standard is activated')
}

export const standardProcedure = defineProcedure<Record<string, never>>()({
  name: 'standard',
  actions: ['rally', 'move-standard'],
  steps: {
    start(ctx, f) {
      if (extrasSettings(ctx).standards === undefined) return { kind: 'done' }
      return {
        kind: 'prompt',
        prompt: {
          side: runningActivation(ctx)?.side ?? '',
          kind: 'standard',
          text: 'rally the retired units at the standard ("rally"), or move the standard ("move-standard" to a hex)',
          actions: ['rally', 'move-standard'],
          ...promptRule(ctx, undefined, f.frame),
        },
      }
    },
    done: () => ({ kind: 'done' }),
  },
  act(ctx, f, action) {
    const settings = extrasSettings(ctx).standards as StandardSettings
    const command = standardCommand(ctx)
    f.go('done')
    if (action.type === 'rally') {
      checkArgs(action, [])
      const units = standardRallyUnits(ctx, command)
      for (const id of units) statusEvent(ctx, id, settings.rallyEvent, settings.rule)
      return units.length === 0
        ? `the standard of ${command} rallies no unit`
        : `the standard of ${command} rallies ${units.join(', ')}`
    }
    checkArgs(action, ['hex'])
    const hex = stringArg(action, 'hex')
    const problem = boardOf(ctx.loaded).labelProblem(hex)
    if (problem !== null) return reject(problem)
    if (!standardDestinations(ctx, settings, command).includes(hex))
      return reject(
        `the standard cannot go to ${hex}: not its own hex, a reinforcement entry hex, a hex no unit can enter or one held by the enemy`,
        settings.rule,
      )
    moveStandard(ctx, command, hex)
    return `the standard of ${command} moves to ${hex}`
  },
  legal(ctx) {
    const settings = extrasSettings(ctx).standards
    if (settings === undefined) return []
    const command = standardCommand(ctx)
    const actions: Action[] = [{ type: 'rally' }]
    for (const hex of standardDestinations(ctx, settings, command))
      actions.push({ type: 'move-standard', hex })
    return actions
  },
})
