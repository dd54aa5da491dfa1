/**
 * Pursuit (optional rule), run by the battle-flight phase after a command
 * flees: an enemy command rolls whether it must pursue, how large a share of it goes, which
 * units (and whether its leader) leave the map, and each pursuer's kill roll against the fled
 * units. The pursuers come back when their command is next activated (`pursuitReturn`), and
 * until then their side must spend its free activations on them (`pursuitChoiceProblem`).
 * Settings: mechanics.activation.battleFlight.pursuit.
 */
import type { BattleFlightSettings, PursuitSettings } from '../../generated/content-types'
import { rollDice } from '../../dice'
import { reject, rejectRoll } from '../../state/failure'
import type { Frame } from '../../state/flow-types'
import { runningActivation } from '../activity'
import { inRangeOf as inRangeOfLeader } from '../command-range'
import {
  commandById,
  commandsInPlay,
  isLeader,
  leaderOnMap,
  nextSide,
  sideOfCommand,
} from '../forces'
import { unitFlags, unitRatings } from '../influence'
import type { Outcome, PlayContext } from '../procedure'
import {
  commandUnitsOnMap,
  memoryOf,
  note,
  optionOn,
  peekMemory,
  roll,
  promptRule,
  setMarker,
  statusEvent,
} from './common'
import { setFacing, setPlace } from '../../state/occupancy'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export const PURSUIT_MEMORY = 'pursuit'

/** A pursuit under way, kept until its units come back. */
export interface Pursuit {
  command: string
  fled: string
  units: string[]
  leader: string | null
  leaderJoined: boolean
  /** Facing of each pursuer when it left, for its return. */
  facings: Record<string, number | null>
}

interface PursuitMemory {
  pursuits: Pursuit[]
}

/** The decisions of one pursuit in the battle-flight frame. */
export interface PursuitData {
  fled: string
  side: string
  step: 'choose' | 'check' | 'decide' | 'share' | 'adjust' | 'pick' | 'join' | 'kill'
  candidates: string[]
  command?: string
  share?: number
  count?: number
  chosen: string[]
  /** Eliminations still to pick: foot-only ones, any-unit ones, and ones that may take the leader. */
  kills: { foot: number; any: number; leader: number }
}

export const pursuitActions = [
  'choose-pursuer',
  'pursue',
  'decline',
  'adjust-share',
  'pursue-with',
  'leader-joins',
  'eliminate-fled',
]

function pursuitSettings(ctx: Ctx, flight: BattleFlightSettings): PursuitSettings | null {
  const settings = flight.pursuit
  return settings !== undefined && optionOn(ctx, settings.option) ? settings : null
}

export function settingsOf(ctx: Ctx): PursuitSettings {
  const settings = ctx.loaded.rules.ruleset.mechanics?.activation?.battleFlight?.pursuit
  return settings ?? reject('the rules have no pursuit')
}

/** Starts the pursuit of `fled`, or null when the rule is off or nobody can pursue. */
export function startPursuit(
  ctx: PlayContext,
  flight: BattleFlightSettings,
  fled: string,
): PursuitData | null {
  if (pursuitSettings(ctx, flight) === null) return null
  const side = nextSide(ctx.loaded, sideOfCommand(ctx.loaded, fled) ?? '')
  const activation = runningActivation(ctx)
  const mine = commandsInPlay(ctx.loaded, ctx.state, side).filter(
    (c) => commandUnitsOnMap(ctx, c).length > 0,
  )
  // The command that broke the enemy is the one activated, when its side was the active one.
  const activated =
    activation?.side === side ? mine.filter((c) => activation.commands.includes(c)) : []
  const candidates = activated.length > 0 ? activated : mine
  if (candidates.length === 0) return null
  return {
    fled,
    side,
    step: 'choose',
    candidates,
    chosen: [],
    kills: { foot: 0, any: 0, leader: 0 },
  }
}

export function eligible(ctx: Ctx, settings: PursuitSettings, command: string): string[] {
  return commandUnitsOnMap(ctx, command).filter((id) => {
    const unit = ctx.state.units[id]
    if (unit === undefined || (settings.excludeStatuses ?? []).includes(unit.status)) return false
    return !(settings.excludeFlags ?? []).some((f) => unitFlags(ctx, id)[f] === true)
  })
}

export function inTouch(ctx: Ctx, command: string): { leader: string | null; charisma: number } {
  const leader = leaderOnMap(ctx.loaded, ctx.state, command)
  if (leader === null) return { leader, charisma: 0 }
  const inRange = commandUnitsOnMap(ctx, command).some((id) => {
    const hex = ctx.state.units[id]?.hex
    return hex !== null && hex !== undefined && inRangeOfLeader(ctx, leader, id)
  })
  const charisma = unitRatings(ctx, leader).charisma
  return { leader, charisma: inRange && typeof charisma === 'number' ? charisma : 0 }
}

function prompt(
  ctx: PlayContext,
  frame: Frame,
  side: string,
  kind: string,
  text: string,
  actions: string[],
): Outcome {
  return {
    kind: 'prompt',
    prompt: { side, kind, text, actions, ...promptRule(ctx, settingsOf(ctx).rule, frame) },
  }
}

/** Runs the pursuit as far as it goes without a decision; null once it is over. */
export function pursuitRun(ctx: PlayContext, frame: Frame, d: PursuitData): Outcome | null {
  const settings = settingsOf(ctx)
  for (;;) {
    switch (d.step) {
      case 'choose':
        if (d.candidates.length > 1)
          return prompt(
            ctx,
            frame,
            d.side,
            'pursuer',
            `choose the command that pursues the fled ${d.fled}`,
            ['choose-pursuer'],
          )
        d.command = d.candidates[0]
        d.step = 'check'
        break
      case 'check': {
        const command = d.command as string
        const { leader, charisma } = inTouch(ctx, command)
        const must = roll(ctx, {
          type: 'resolve',
          resolution: settings.check,
          side: d.side,
          command,
          ...(leader === null ? {} : { leader }),
          inCommanderRange: charisma !== 0,
        })
        d.step = must.success ? 'share' : 'decide'
        break
      }
      case 'decide':
        return prompt(
          ctx,
          frame,
          d.side,
          'pursuit',
          `${d.command ?? ''} may pursue the fled ${d.fled}: "pursue" or "decline"`,
          ['pursue', 'decline'],
        )
      case 'share': {
        const spec = ctx.loaded.rules.ruleset.dice[0]
        if (spec === undefined) return reject('the ruleset has no dice for the pursuit share')
        const rolled = rollDice(ctx.state.dice, spec)
        if (!rolled.ok) return rejectRoll(`pursuit share: ${rolled.error}`, rolled.failure)
        ctx.state.dice = rolled.source
        d.share = rolled.roll.total
        note(ctx, `pursuit share roll: ${d.share}`, settings.rule)
        d.step = inTouch(ctx, d.command as string).charisma !== 0 ? 'adjust' : 'pick'
        if (d.step === 'pick') fixCount(ctx, settings, d, 0)
        break
      }
      case 'adjust':
        return prompt(
          ctx,
          frame,
          d.side,
          'pursuit-share',
          `add or subtract the leader's charisma to the share roll ${d.share ?? 0} ("adjust-share" by it, its negative or 0)`,
          ['adjust-share'],
        )
      case 'pick':
        if ((d.count ?? 0) === 0) return null
        if (d.chosen.length < (d.count ?? 0))
          return prompt(
            ctx,
            frame,
            d.side,
            'pursuers',
            `pick ${(d.count ?? 0) - d.chosen.length} more unit(s) of ${d.command ?? ''} to pursue ("pursue-with")`,
            ['pursue-with'],
          )
        d.step = 'join'
        break
      case 'join':
        if (leaderOnMap(ctx.loaded, ctx.state, d.command as string) !== null)
          return prompt(
            ctx,
            frame,
            d.side,
            'pursuit-leader',
            'does the leader ride with the pursuit? ("leader-joins")',
            ['leader-joins'],
          )
        leave(ctx, settings, d, false)
        break
      case 'kill': {
        const choices = killChoices(ctx, d)
        if (choices.length === 0) return null
        if (choices.length === 1) {
          killFled(ctx, d, choices[0] as string)
          break
        }
        return prompt(
          ctx,
          frame,
          d.side,
          'pursuit-kill',
          `pick the fled unit the pursuit cuts down ("eliminate-fled")`,
          ['eliminate-fled'],
        )
      }
    }
  }
}

export function fixCount(
  ctx: PlayContext,
  settings: PursuitSettings,
  d: PursuitData,
  by: number,
): void {
  const max = settings.shareMax ?? 10
  const value = Math.min(max, Math.max(0, (d.share ?? 0) + by))
  const pool = eligible(ctx, settings, d.command as string)
  d.count = Math.ceil((pool.length * value * (settings.shareMultiplier ?? 10)) / 100)
  if (d.count >= pool.length) d.chosen = [...pool]
  d.count = Math.min(d.count, pool.length)
  note(
    ctx,
    `${d.count} of ${pool.length} units of ${d.command ?? ''} pursue (share ${value})`,
    settings.rule,
  )
  d.step = 'pick'
}

/** The pursuers leave the map and roll to cut down fled units. */
export function leave(
  ctx: PlayContext,
  settings: PursuitSettings,
  d: PursuitData,
  joins: boolean,
): void {
  const command = d.command as string
  const leader = leaderOnMap(ctx.loaded, ctx.state, command)
  const charisma = leader === null ? 0 : unitRatings(ctx, leader).charisma
  const pursuit: Pursuit = {
    command,
    fled: d.fled,
    units: [...d.chosen],
    leader,
    leaderJoined: joins && leader !== null,
    facings: {},
  }
  const pieces = pursuit.leaderJoined && leader !== null ? [...d.chosen, leader] : d.chosen
  for (const id of pieces) {
    const unit = ctx.state.units[id]
    if (unit === undefined) continue
    pursuit.facings[id] = unit.facing
    setPlace(ctx.state, id, null, 'reinforcements')
    setFacing(ctx.state, unit, null)
    if (settings.marker !== undefined) setMarker(ctx, id, settings.marker, 'add', settings.rule)
  }
  if (
    pursuit.leaderJoined &&
    settings.leaderMarker !== undefined &&
    typeof charisma === 'number' &&
    charisma > 0
  )
    for (const id of d.chosen)
      for (let n = 0; n < charisma; n++)
        setMarker(ctx, id, settings.leaderMarker, 'add', settings.rule)
  note(ctx, `${pieces.join(', ')} leave the map in pursuit of ${d.fled}`, settings.rule)
  memoryOf<PursuitMemory>(ctx, PURSUIT_MEMORY, { pursuits: [] }).pursuits.push(pursuit)
  for (const id of d.chosen) {
    const mounted =
      settings.mountedFlag !== undefined && unitFlags(ctx, id)[settings.mountedFlag] === true
    const check = mounted ? settings.mountedKill : settings.footKill
    if (check === undefined) continue
    const result = roll(ctx, { type: 'resolve', resolution: check, unit: id })
    if (!result.success) continue
    if (
      mounted &&
      settings.leaderKillFace !== undefined &&
      result.natural === settings.leaderKillFace
    )
      d.kills.leader += 1
    else if (mounted || settings.footKillsFootOnly === false) d.kills.any += 1
    else d.kills.foot += 1
  }
  d.step = 'kill'
}

function fledUnits(ctx: Ctx, fled: string, footOnly: boolean): string[] {
  const mountedFlag =
    ctx.loaded.rules.ruleset.mechanics?.activation?.battleFlight?.pursuit?.mountedFlag
  return Object.entries(ctx.state.units)
    .filter(
      ([id, u]) => u.command === fled && u.status === fledStatus(ctx) && !isLeader(ctx.loaded, id),
    )
    .map(([id]) => id)
    .filter(
      (id) => !footOnly || mountedFlag === undefined || unitFlags(ctx, id)[mountedFlag] !== true,
    )
}

function fledStatus(ctx: Ctx): string {
  const event = ctx.loaded.rules.ruleset.mechanics?.activation?.battleFlight?.fleeEvent ?? 'flee'
  return (
    ctx.loaded.rules.ruleset.statuses.transitions.find(
      (t) => t.event === event || (Array.isArray(t.event) && t.event.includes(event)),
    )?.to ?? ''
  )
}

export function killChoices(ctx: Ctx, d: PursuitData): string[] {
  if (d.kills.leader > 0) {
    const leader = commandById(ctx.loaded, d.fled)?.leader
    const extra =
      leader !== undefined && ctx.state.units[leader]?.status === fledStatus(ctx) ? [leader] : []
    return [...fledUnits(ctx, d.fled, false), ...extra]
  }
  if (d.kills.any > 0) return fledUnits(ctx, d.fled, false)
  if (d.kills.foot > 0) return fledUnits(ctx, d.fled, true)
  return []
}

export function killFled(ctx: PlayContext, d: PursuitData, id: string): void {
  if (d.kills.leader > 0) d.kills.leader -= 1
  else if (d.kills.any > 0) d.kills.any -= 1
  else d.kills.foot -= 1
  const event =
    ctx.loaded.rules.ruleset.mechanics?.activation?.battleFlight?.eliminateEvent ?? 'eliminate'
  statusEvent(ctx, id, event, settingsOf(ctx).rule)
}

/** Pursuits under way. */
export function pursuitsOf(ctx: Ctx, side?: string): Pursuit[] {
  const all = peekMemory<PursuitMemory>(ctx, PURSUIT_MEMORY)?.pursuits ?? []
  return side === undefined ? all : all.filter((p) => sideOfCommand(ctx.loaded, p.command) === side)
}
