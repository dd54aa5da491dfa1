/**
 * Battle flight (optional rule, mechanic "battle-flight"): at the end of an
 * activation each command that has lost more than its share of the units it started with rolls,
 * once in the game; on a failure it flees: its units with an eliminate flag or status, and those
 * surrounded, are eliminated (scoring), every other piece leaves without flight points (the
 * overall commander scores), and its standard goes to its side's flight edge. A side whose
 * every command fled loses (a victory condition at activation end). A flight may set off a
 * pursuit (pursuit.ts). Settings: mechanics.activation.battleFlight.
 */
import type { BattleFlightSettings } from '../../generated/content-types'
import { checkArgs, stringArg } from '../../state/actions'
import { boardOf } from '../../state/board'
import { reject } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { runningActivation } from '../activity'
import { inRangeOf } from '../command-range'
import { flowOf } from '../driver'
import { commandById, commandInPlay, isLeader, leaderOnMap, sideOfCommand } from '../forces'
import { unitFlags } from '../influence'
import type { StepFrame } from '../define-procedure'
import { AGAIN, defineProcedure } from '../define-procedure'
import type { Outcome, PlayContext } from '../procedure'
import { stepCost } from '../terrain-costs'
import { checkVictory } from '../victory'
import {
  extrasSettings,
  memoryOf,
  note,
  optionOn,
  peekMemory,
  roll,
  promptRule,
  statusEvent,
} from './common'
import { isAmbushUnit } from './ambush'
import { PURSUIT_MEMORY, pursuitActions, pursuitRun, startPursuit } from './pursuit'
import { pursuitAct, pursuitLegal } from './pursuit-decisions'
import type { PursuitData } from './pursuit'
import { commandParameters, sideParameters } from '../../state/parameters'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export const FLIGHT_MEMORY = 'battle-flight'

export interface FlightMemory {
  /** Commands that have rolled for flight (once in the game). */
  checked: string[]
  /** Commands that fled. */
  fled: string[]
}

export function flightSettings(ctx: Ctx): BattleFlightSettings | null {
  const settings = extrasSettings(ctx).battleFlight
  return settings !== undefined && optionOn(ctx, settings.option) ? settings : null
}

/** Combat units that belong to `command`, wherever they are. */
function commandUnits(ctx: Ctx, command: string): string[] {
  return Object.entries(ctx.state.units)
    .filter(([id, u]) => u.command === command && !isLeader(ctx.loaded, id))
    .map(([id]) => id)
}

/** Losses of a command against its flight threshold. */
export function flightStanding(
  ctx: Ctx,
  settings: BattleFlightSettings,
  command: string,
): { lost: number; starting: number; due: boolean } {
  const counted = commandUnits(ctx, command).filter(
    (id) => settings.ignoreFlag === undefined || unitFlags(ctx, id)[settings.ignoreFlag] !== true,
  )
  const statuses = settings.countStatuses ?? []
  const lost = counted.filter((id) => statuses.includes(ctx.state.units[id]?.status ?? '')).length
  // A unit that joins from an ambush counts among the losses but leaves the threshold as it was.
  const starting = counted.filter((id) => !isAmbushUnit(ctx.loaded, id)).length
  const listed =
    settings.thresholdParameter === undefined
      ? undefined
      : commandParameters(ctx.loaded, command)[settings.thresholdParameter]
  const due =
    typeof listed === 'number' ? lost >= listed : lost > (settings.share ?? 0.5) * starting
  return { lost, starting, due: starting > 0 && due }
}

/** Whether one of the leader's units stands inside his command range (his charisma counts). */
export function leaderInTouch(ctx: Ctx, command: string, leader: string | null): boolean {
  if (leader === null) return false
  return commandUnits(ctx, command).some((id) => {
    const unit = ctx.state.units[id]
    return unit?.location === 'map' && inRangeOf(ctx, leader, id)
  })
}

/** A unit every neighbouring hex of which holds an enemy unit or is closed to it (edges do not count). */
function surrounded(ctx: Ctx, id: string): boolean {
  const unit = ctx.state.units[id]
  if (unit === undefined || unit.hex === null) return false
  const board = boardOf(ctx.loaded)
  const type = ctx.loaded.rules.unitTypes.get(unit.type)
  const moveClass =
    type?.movementClass ?? ctx.loaded.rules.unitClasses.get(type?.class ?? '')?.movementClass ?? ''
  const enemyHexes = new Set(
    Object.values(ctx.state.units)
      .filter((u) => u.side !== unit.side && u.location === 'map')
      .map((u) => u.hex),
  )
  return board
    .neighbors(unit.hex)
    .every(
      (to) =>
        enemyHexes.has(to) || stepCost(ctx.loaded, unit.hex as string, to, moveClass) === null,
    )
}

/** Carries out the flight of `command`. */
export function flee(ctx: PlayContext, settings: BattleFlightSettings, command: string): void {
  const memory = memoryOf<FlightMemory>(ctx, FLIGHT_MEMORY, { checked: [], fled: [] })
  memory.fled.push(command)
  const eliminate = settings.eliminateEvent ?? 'eliminate'
  const fleeEvent = settings.fleeEvent ?? 'flee'
  const flagged = (id: string) =>
    (settings.eliminateFlags ?? []).some((f) => unitFlags(ctx, id)[f] === true)
  // Decided before anything leaves, so one removal does not change whether another is surrounded.
  const plan = commandUnits(ctx, command)
    .filter((id) => ctx.state.units[id]?.location !== 'removed')
    .map((id) => {
      const unit = ctx.state.units[id]
      const scores =
        unit?.location === 'map' &&
        (flagged(id) ||
          (settings.eliminateStatuses ?? []).includes(unit.status) ||
          ((settings.eliminateSurrounded ?? true) && surrounded(ctx, id)))
      return { id, event: scores ? eliminate : fleeEvent }
    })
  note(ctx, `${command} flees the field`, settings.rule)
  for (const { id, event } of plan) statusEvent(ctx, id, event, settings.rule)
  // A pursuing command that flees loses its pursuers too: nothing is left to bring back.
  const pursuits = peekMemory<{ pursuits: { command: string }[] }>(ctx, PURSUIT_MEMORY)?.pursuits
  if (pursuits !== undefined)
    for (let i = pursuits.length - 1; i >= 0; i--)
      if (pursuits[i]?.command === command) pursuits.splice(i, 1)
  const leader = commandById(ctx.loaded, command)?.leader
  const piece = leader === undefined ? undefined : ctx.state.units[leader]
  if (leader !== undefined && piece !== undefined && piece.location !== 'removed') {
    const scores =
      settings.scoringLeaderFlag !== undefined &&
      unitFlags(ctx, leader)[settings.scoringLeaderFlag] === true
    statusEvent(ctx, leader, scores ? eliminate : fleeEvent, settings.rule)
  }
}

/** Hexes of the flight edge where the fled command's standard may be put. */
export function flightEdgeHexes(
  ctx: Ctx,
  settings: BattleFlightSettings,
  command: string,
): string[] {
  const side = sideOfCommand(ctx.loaded, command)
  if (settings.flightEdgeParameter === undefined || side === undefined) return []
  const region = sideParameters(ctx.loaded, side)[settings.flightEdgeParameter]
  const hexes = (ctx.loaded.map.map.regions ?? []).find((r) => r.id === region)?.hexes ?? []
  const own = new Set(
    Object.values(ctx.state.units)
      .filter((u) => u.side === side && u.location === 'map')
      .map((u) => u.hex),
  )
  const regions = new Map((ctx.loaded.map.map.regions ?? []).map((r) => [r.id, r.hexes]))
  const entries = new Set(
    (ctx.loaded.scenario.sides.find((s) => s.id === side)?.reinforcements ?? []).flatMap((g) => [
      ...(g.entry?.hexes ?? []),
      ...(g.entry?.region === undefined ? [] : (regions.get(g.entry.region) ?? [])),
    ]),
  )
  return hexes.filter((h) => !own.has(h) && !entries.has(h))
}

interface FlightData {
  queue: string[]
  /** A command fled in this phase. */
  fled?: boolean
  /** The command whose standard is being placed on the flight edge. */
  placing?: string
  pursuit?: PursuitData
}

type FlightStep = 'start' | 'next'

/** The standard to place, the pursuit to carry on, then the next command due to check. */
function nextCommand(
  ctx: PlayContext,
  f: StepFrame<FlightData, FlightStep>,
  settings: BattleFlightSettings,
): Outcome {
  const d = f.data
  if (d.placing !== undefined) return placePrompt(ctx, f.frame, settings, d.placing)
  if (d.pursuit !== undefined) {
    const outcome = pursuitRun(ctx, f.frame, d.pursuit)
    if (outcome !== null) return outcome
    delete d.pursuit
  }
  const command = d.queue.shift()
  if (command === undefined) {
    // A side whose last command fled loses at once; both at once is a draw.
    if (d.fled === true) checkVictory(ctx, 'activation-end')
    return { kind: 'done' }
  }
  checkFlight(ctx, settings, command, d)
  return AGAIN
}

export const battleFlightProcedure = defineProcedure<FlightData>()({
  name: 'battle-flight',
  actions: ['place-standard', ...pursuitActions],
  steps: {
    start(ctx, f) {
      const settings = flightSettings(ctx)
      if (settings === null) return { kind: 'done' }
      f.data.queue = dueCommands(ctx, settings)
      f.go('next')
      return nextCommand(ctx, f, settings)
    },
    next(ctx, f) {
      const settings = flightSettings(ctx)
      return settings === null ? { kind: 'done' } : nextCommand(ctx, f, settings)
    },
  },
  act(ctx, f, action) {
    const settings = flightSettings(ctx) ?? reject('battle flight is not in use')
    const d = f.data
    if (d.placing !== undefined) {
      checkArgs(action, ['hex'])
      const hex = stringArg(action, 'hex')
      if (
        action.type !== 'place-standard' ||
        !flightEdgeHexes(ctx, settings, d.placing).includes(hex)
      )
        return reject(
          `the standard of ${d.placing} goes on a hex of its flight edge not held by its own units nor a reinforcement entry: ${flightEdgeHexes(ctx, settings, d.placing).join(', ')}`,
          settings.rule,
        )
      flowOf(ctx.state).standards[d.placing] = hex
      const text = `the standard of ${d.placing} is placed at ${hex}`
      delete d.placing
      return text
    }
    if (d.pursuit !== undefined) return pursuitAct(ctx, d.pursuit, action)
    return reject('no decision about battle flight is pending')
  },
  legal(ctx, f) {
    const settings = flightSettings(ctx)
    const d = f.data
    if (settings === null) return []
    if (d.placing !== undefined)
      return flightEdgeHexes(ctx, settings, d.placing).map((hex) => ({
        type: 'place-standard',
        hex,
      }))
    if (d.pursuit !== undefined) return pursuitLegal(ctx, d.pursuit)
    return []
  },
})

function dueCommands(ctx: PlayContext, settings: BattleFlightSettings): string[] {
  const memory = peekMemory<FlightMemory>(ctx, FLIGHT_MEMORY)
  const done = new Set([...(memory?.checked ?? []), ...(memory?.fled ?? [])])
  const active = runningActivation(ctx)?.side
  // The active side's commands first, then the others, each in scenario order.
  const sides = [...ctx.loaded.scenario.sides].sort((a, b) =>
    a.id === active ? -1 : b.id === active ? 1 : 0,
  )
  return sides
    .flatMap((s) => (s.commands ?? []).map((c) => c.id))
    .filter(
      (c) =>
        !done.has(c) &&
        commandInPlay(ctx.loaded, ctx.state, c) &&
        flightStanding(ctx, settings, c).due,
    )
}

function checkFlight(
  ctx: PlayContext,
  settings: BattleFlightSettings,
  command: string,
  d: FlightData,
): void {
  const memory = memoryOf<FlightMemory>(ctx, FLIGHT_MEMORY, { checked: [], fled: [] })
  memory.checked.push(command)
  const side = sideOfCommand(ctx.loaded, command) ?? ''
  const leader = leaderOnMap(ctx.loaded, ctx.state, command)
  const standing = flightStanding(ctx, settings, command)
  note(
    ctx,
    `${command} has lost ${standing.lost} of ${standing.starting} units: it checks for flight`,
    settings.rule,
  )
  const result = roll(ctx, {
    type: 'resolve',
    resolution: settings.check,
    side,
    command,
    ...(leader === null ? {} : { leader }),
    inCommanderRange: leaderInTouch(ctx, command, leader),
  })
  if (result.success) return
  flee(ctx, settings, command)
  d.fled = true
  if (flightEdgeHexes(ctx, settings, command).length > 0) d.placing = command
  const pursuit = startPursuit(ctx, settings, command)
  if (pursuit !== null) d.pursuit = pursuit
}

function placePrompt(
  ctx: PlayContext,
  frame: Frame,
  settings: BattleFlightSettings,
  command: string,
) {
  return {
    kind: 'prompt' as const,
    prompt: {
      side: sideOfCommand(ctx.loaded, command) ?? '',
      kind: 'flight-standard',
      text: `place the standard of the fled ${command} on your flight edge ("place-standard")`,
      actions: ['place-standard'],
      ...promptRule(ctx, settings.rule, frame),
    },
  }
}
