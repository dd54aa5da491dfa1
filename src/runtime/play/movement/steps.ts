/**
 * The rules of one step of a move: may the piece enter this hex from that one, what does it
 * cost, must it stop there, and whom does it pass through. One function serves the path search
 * (legal moves) and the check of a path a player gives, so both always agree.
 */
import { hexEntryCost } from '../terrain-costs'
import { remainsEntry } from '../../state/remains'
import { equipmentEndProblem, equipmentEntry, equipmentIn } from '../equipment'
import type { Facts } from './facts'
import type { Mover } from './movers'
import type { PassThroughRule } from './settings'
import { firstRule } from '../logged'
import { ruleField } from '../../state/failure'

/** A friendly unit passed through, with the rule that allows it. */
export interface Passed {
  unit: string
  cost: number
  resolution?: string
  rule?: string
}

export type Step =
  | {
      ok: true
      cost: number
      /** The piece must end its move here. */
      stop: boolean
      /** Friendly units passed through (the hex is over the stacking limit with the piece in it). */
      through: readonly Passed[]
      /** Enemies whose influence covers the hex entered. */
      touched: readonly string[]
    }
  | { ok: false; reason: string; rule?: string }

const no = (reason: string, rule?: string): Step => ({
  ok: false,
  reason,
  ...ruleField(rule),
})

/** Extra points to leave `from`, a hex under enemy influence. */
export function leavingCost(f: Facts, m: Mover, from: string | null): number {
  if (from === null || m.leader) return 0
  const enemies = f.influencers(m.side, from)
  if (enemies.length === 0) return from === m.start ? m.disengageCost : 0
  const settings = f.settings.enemyInfluence
  // Disengaging (an optional rule) costs its own extra points on top of leaving the enemy.
  let cost = from === m.start ? m.disengageCost : 0
  if (m.exempt) return cost + (settings?.exemptLeavingCost ?? 0)
  for (const term of settings?.leavingCosts ?? []) {
    if (term.moverFlag !== undefined && m.flags[term.moverFlag] !== true) continue
    const exerterFlag = term.exerterFlag
    if (exerterFlag !== undefined && !enemies.some((e) => f.flags(e)[exerterFlag] === true))
      continue
    cost += term.cost
  }
  return cost
}

function passRule(f: Facts, m: Mover, through: string): PassThroughRule | undefined {
  const flags = f.flags(through)
  let best: PassThroughRule | undefined
  for (const rule of f.settings.passThrough ?? []) {
    if (rule.moverFlag !== undefined && m.flags[rule.moverFlag] !== true) continue
    if (rule.moverNotFlag !== undefined && m.flags[rule.moverNotFlag] === true) continue
    if ((rule.throughFlags ?? []).some((flag) => flags[flag] !== true)) continue
    if (rule.throughNotFlag !== undefined && flags[rule.throughNotFlag] === true) continue
    if (best === undefined || rule.cost < best.cost) best = rule
  }
  return best
}

/** Friendly units counting for stacking in the hex, the mover aside. */
function countedFriends(f: Facts, m: Mover, hex: string): readonly string[] {
  const here = f.unitsAt(hex)
  if (here.length === 0) return NO_ONE
  const state = f.ctx.state
  const out: string[] = []
  for (const id of here)
    if (id !== m.id && !f.isLeader(id) && state.units[id]?.side === m.side && f.counts(id))
      out.push(id)
  return out
}

/** Whether the piece, with these friends, is within the stacking rules. */
function fitsWith(f: Facts, m: Mover, friends: readonly string[]): boolean {
  // Alone in the hex, a piece is within any limit of one or more.
  if (friends.length === 0 && (f.limit ?? 1) >= 1) return true
  return f.fits([...friends, m.id])
}

/** Whether the piece may end its move in the hex (stacking). */
export function canEndIn(f: Facts, m: Mover, hex: string): boolean {
  if (equipmentEndProblem(f.ctx, hex, [m.id]) !== null) return false
  if (!m.counts || f.limit === null) return true
  return fitsWith(f, m, countedFriends(f, m, hex))
}

const NO_ONE: readonly string[] = []
const NO_PASSING: readonly Passed[] = Object.freeze([])

/**
 * What entering `to` means for the piece, whichever hex it comes from: the part of a step's
 * rules that reads the hex entered only. Worked out once per hex in a path search (a hex is
 * looked at from up to six neighbours) and combined with the part that reads where the step
 * comes from by `stepFrom`. The checks keep the order of the rules, so a refused step gives
 * the same reason whichever way it was found.
 */
export type Entry =
  /** Refused before the path's own memory is looked at. */
  | { kind: 'no'; step: Step }
  /** A leader on his own: he pays the leaving cost (and the remains in the hex) only. */
  | { kind: 'leader'; remains: number }
  | {
      kind: 'unit'
      /** Extra points for the remains (corpses) lying in the hex (state/remains.ts). */
      remains: number
      influence: readonly string[]
      stop: boolean
      /** Whether the piece is within the stacking rules there; null when it does not count. */
      fits: boolean | null
      /** When it does not fit: the friends it passes through, or why it may not. */
      passing: readonly Passed[]
      passRefused: Step | null
      /** Refused for having to stop where it may not stay. */
      stopRefused: Step | null
    }

const LEADER_ENTRY: Entry = Object.freeze({ kind: 'leader', remains: 0 })
/**
 * The entries of most hexes a search weighs: no enemy influence, no stop, room to stay. Shared,
 * since a listing weighs a few hundred hexes for each of its pieces.
 */
const OPEN_UNCOUNTED: Entry = Object.freeze({
  kind: 'unit',
  remains: 0,
  influence: NO_ONE,
  stop: false,
  fits: null,
  passing: NO_PASSING,
  passRefused: null,
  stopRefused: null,
})
const OPEN_FITTING: Entry = Object.freeze({ ...OPEN_UNCOUNTED, fits: true })

function refuse(reason: string, rule?: string): Entry {
  return { kind: 'no', step: no(reason, rule) }
}

export function entryInto(f: Facts, m: Mover, to: string): Entry {
  const entry = entryRules(f, m, to)
  if (entry.kind === 'no') return entry
  // Remains (corpses) in the hex: an extra cost, or no entry at all, for every piece.
  const remains = remainsEntry(f.ctx.loaded, f.ctx.state, to)
  if (!remains.ok) return refuse(remains.reason, remains.rule)
  // Equipment (a wagon) in the hex: its terrain's cost, or no entry.
  const gear = equipmentEntry(f.ctx, to, m.moveClass, [m.id])
  if (!gear.ok) return refuse(gear.reason, gear.rule)
  const extra = remains.extra + gear.extra
  return extra === 0 ? entry : { ...entry, remains: extra }
}

function entryRules(f: Facts, m: Mover, to: string): Entry {
  const s = f.settings
  const state = f.ctx.state
  const rule = s.rule
  const here = f.unitsAt(to)
  const gear = equipmentIn(f.ctx, to)
  let enemyUnits: string[] | null = null
  let enemyLeaders: readonly string[] = NO_ONE
  for (const id of here) {
    if (state.units[id]?.side === m.side || gear.includes(id)) continue
    if (f.isLeader(id)) enemyLeaders = [...enemyLeaders, id]
    else (enemyUnits ??= []).push(id)
  }
  if (enemyUnits !== null) return refuse(`${to} holds enemy unit ${enemyUnits.join(', ')}`, rule)
  if (f.closedEntries(m.side).has(to))
    return refuse(
      `${to} is where enemy reinforcements enter`,
      firstRule(s.reinforcements?.rule, rule),
    )
  if (f.tooNear(m.side, to)) return refuse(`${to} is too near the enemy for this activation`, rule)
  const influence = f.influencers(m.side, to)
  if (m.leader) {
    if (enemyLeaders.length > 0 || f.enemyStandards(m.side).has(to))
      return refuse(
        `a leader on his own may not enter ${to}, which holds an enemy leader or standard`,
        s.leaders?.rule,
      )
    if (
      s.leaders?.aloneAvoidsInfluence === true &&
      influence.length > 0 &&
      !here.some((id) => state.units[id]?.side === m.side && !f.isLeader(id))
    )
      return refuse(
        `a leader on his own may not enter ${to}, next to the enemy, unless a friendly unit is there`,
        s.leaders.rule,
      )
    return LEADER_ENTRY
  }
  const ooc = s.outOfCommand
  if (m.approachBan !== null && f.enemyNextTo(m.side, to))
    return refuse(`${m.approachBan.message} (${to})`, m.approachBan.rule)
  const standardBan = m.standardBan ?? null
  if (standardBan !== null && f.enemyStandards(m.side).has(to))
    return refuse(`${standardBan.message} (${to})`, standardBan.rule)
  if (m.outOfCommand) {
    if (
      ooc?.mayNotEnterEnemyLeaderOrStandard === true &&
      (enemyLeaders.length > 0 || f.enemyStandards(m.side).has(to))
    )
      return refuse(
        `it is out of command, so it may not enter ${to}, which holds an enemy leader or standard`,
        ooc.rule,
      )
  }
  const influenceRules = s.enemyInfluence
  const stop = influenceRules?.stopOnEntry === true && !m.exempt && influence.length > 0
  if (!m.counts || f.limit === null)
    return influence.length === 0 && !stop
      ? OPEN_UNCOUNTED
      : {
          kind: 'unit',
          remains: 0,
          influence,
          stop,
          fits: null,
          passing: NO_PASSING,
          passRefused: null,
          stopRefused: null,
        }
  const friends = countedFriends(f, m, to)
  const fits = fitsWith(f, m, friends)
  if (fits && influence.length === 0 && !stop) return OPEN_FITTING
  const passing: Passed[] = fits ? (NO_PASSING as Passed[]) : []
  let passRefused: Step | null = null
  if (!fits) {
    for (const friend of friends) {
      const found = passRule(f, m, friend)
      if (found === undefined) {
        passRefused = no(
          `${to} holds ${friend}: units may not stack, even while moving`,
          f.ctx.loaded.rules.ruleset.board?.stacking?.rule,
        )
        break
      }
      passing.push({
        unit: friend,
        cost: found.cost,
        ...(found.resolution === undefined ? {} : { resolution: found.resolution }),
        ...(found.rule === undefined ? {} : { rule: found.rule }),
      })
    }
  }
  const stopRefused =
    stop && !fits
      ? no(
          `it would have to stop in ${to}, next to the enemy, where it may not stay`,
          influenceRules?.rule,
        )
      : null
  return { kind: 'unit', remains: 0, influence, stop, fits, passing, passRefused, stopRefused }
}

/**
 * One step from `from` (null: from off the map, onto an entry hex) into the adjacent `to`.
 * `pathTouched` holds the enemies whose influence the path entered so far on this leg.
 * `adjacent`: the caller took `to` from the board's neighbours of `from` (the path search), so
 * that need not be checked again.
 */
export function checkStep(
  f: Facts,
  m: Mover,
  from: string | null,
  to: string,
  pathTouched: ReadonlySet<string>,
  adjacent = false,
): Step {
  const s = f.settings
  if (
    !adjacent &&
    (from === null ? !m.entries.includes(to) : !f.board.neighbors(from).includes(to))
  )
    return no(
      from === null ? `${to} is not an entry hex of its group` : `${to} is not next to ${from}`,
      firstRule(s.reinforcements?.rule, s.rule),
    )
  const terrain = from === null ? null : f.terrainCost(from, to, m.moveClass)
  return stepWith(f, m, from, to, terrain, pathTouched, entryInto)
}

/**
 * checkStep once adjacency is known, with the terrain cost of the step (unused from off the
 * map) and where the entry into `to` comes from (`entryInto`, or a search's kept answers).
 */
export function stepWith(
  f: Facts,
  m: Mover,
  from: string | null,
  to: string,
  terrain: number | null,
  pathTouched: ReadonlySet<string>,
  entryOf: (f: Facts, m: Mover, to: string) => Entry,
): Step {
  const s = f.settings
  const rule = s.rule
  let cost: number
  if (from === null) {
    if (hexEntryCost(f.ctx.loaded, to, m.moveClass) === null)
      return no(`it may not enter the terrain of ${to}`, rule)
    cost = s.reinforcements?.entryCost ?? 1
  } else {
    if (terrain === null)
      return no(`it may not enter ${to} from ${from}: the terrain forbids it`, rule)
    cost = terrain
  }
  if (m.retired) {
    const retired = s.retired
    if (retired?.towardStandard !== false) {
      if (m.standard === null)
        return no(
          'a retired unit moves only toward its standard, which it has none of',
          retired?.rule,
        )
      const before = from === null ? Infinity : f.board.distance(from, m.standard)
      if (f.board.distance(to, m.standard) >= before)
        return no(`a retired unit moves only toward its standard in ${m.standard}`, retired?.rule)
    }
    cost = 1
  }
  const e = entryOf(f, m, to)
  if (e.kind === 'no') return e.step
  cost += e.remains
  if (e.kind === 'leader')
    return {
      ok: true,
      cost: cost + leavingCost(f, m, from),
      stop: false,
      through: NO_PASSING,
      touched: NO_ONE,
    }
  const influenceRules = s.enemyInfluence
  if (influenceRules?.sameEnemyOnce === true && e.influence.length > 0) {
    const again = e.influence.filter((x) => m.memory.has(x) || pathTouched.has(x))
    if (again.length > 0)
      return no(
        `it may not enter ${to}: it has already been under the influence of ${again.join(', ')} this activation`,
        influenceRules.rule,
      )
  }
  let through: readonly Passed[] = NO_PASSING
  if (e.fits === false) {
    // A reinforcement coming onto its entry hex may stand over the limit there for now.
    const entering = from === null && s.reinforcements !== undefined
    if (!entering && e.passRefused !== null) return e.passRefused
    through = entering ? [] : e.passing
    if (e.stopRefused !== null) return e.stopRefused
  }
  let extra = 0
  for (const p of through) extra += p.cost
  return {
    ok: true,
    cost: m.retired ? cost : cost + leavingCost(f, m, from) + extra,
    stop: e.stop,
    through,
    touched: e.influence,
  }
}
