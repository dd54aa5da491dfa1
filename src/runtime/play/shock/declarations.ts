/**
 * Step 1 of a shock phase: which attacks the attacking side may declare, one at a time, and
 * whether the declarations made so far may stand together. A declaration names its attackers and
 * every enemy unit in the hexes it attacks; a charge names its one target, the path of a charger
 * when it has several, and in `with` the leaders going along with each charger when they may.
 */
import type { Action } from '../../state/actions'
import { booleanArg, checkArgs, idListArg } from '../../state/actions'
import type { Checked } from '../../state/failure'
import { orReject, refusal, reject } from '../../state/failure'
import { boardOf } from '../../state/board'
import { isActivated, peekActivity } from '../activity'
import { combatUnitsIn, isLeader } from '../forces'
import { engagedWith, forcedShockTargets, isEngaged } from '../extras/engaged'
import { unitFlags } from '../influence'
import type { PlayContext } from '../procedure'
import { markerCount } from './changes'
import { attackForbidden, attackableHexes, chargePaths, frontalHexes, hexOf } from './geometry'
import { leaderRule, leadersWith } from './leaders'
import {
  attackSettings,
  chargeSettings,
  continuedRule,
  outOfCommandMarker,
  shieldWall,
  shockSettings,
} from './settings'
import type { ChargePath, DeclaredAttack, ShockData } from './types'
import { sectionOf } from '../sections'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

const inAttack = (d: ShockData, id: string, role: 'attackers' | 'defenders'): boolean =>
  d.attacks.some((a) => a[role].includes(id))

/** Why unit `id` may not attack in this phase, or null. */
export function attackerProblem(ctx: Ctx, d: ShockData, id: string): string | null {
  const unit = ctx.state.units[id]
  const settings = attackSettings(ctx)
  if (unit === undefined || isLeader(ctx.loaded, id)) return `there is no combat unit "${id}"`
  if (unit.location !== 'map' || unit.hex === null) return `unit ${id} is not on the map`
  if (unit.side !== d.side) return `unit ${id} is not ${d.side}'s`
  if (d.only !== undefined && !d.only.includes(id))
    return d.mode === 'continued'
      ? `only units with a continued attack marker attack now, and ${id} has none`
      : `only the counter-charging unit attacks now`
  if (d.only === undefined && !isActivated(ctx, id)) return `unit ${id} is not activated`
  if (unit.ended === 'activation') return `unit ${id} may do nothing more this activation`
  if (unitFlags(ctx, id)[settings.unitFlag] !== true)
    return `unit ${id} is not among the units that may make shock attacks`
  if ((settings.barredStatuses ?? []).includes(unit.status))
    return `unit ${id} is ${unit.status} and may not attack`
  const wall = shieldWall(ctx)
  if (wall !== null && wall.noShock && markerCount(ctx, id, wall.marker) > 0)
    return `unit ${id} stands in a shield wall and may not attack`
  const fireFlag = settings.noShockAfterFireFlag
  if (fireFlag !== undefined && unitFlags(ctx, id)[fireFlag] && peekActivity(ctx, id)?.fired)
    return `unit ${id} fired this activation, so it may not attack`
  if (inAttack(d, id, 'attackers')) return `unit ${id} already takes part in an attack`
  if (d.mode === 'phase' && peekActivity(ctx, id)?.attacked === true)
    return `unit ${id} has already attacked this activation`
  return null
}

/** Why enemy unit `id` may not be attacked in this phase, or null. */
export function defenderProblem(ctx: Ctx, d: ShockData, id: string): string | null {
  const unit = ctx.state.units[id]
  if (unit === undefined || isLeader(ctx.loaded, id)) return `there is no combat unit "${id}"`
  if (unit.location !== 'map' || unit.hex === null) return `unit ${id} is not on the map`
  if (unit.side === d.side) return `unit ${id} is not an enemy`
  if (inAttack(d, id, 'defenders')) return `unit ${id} is already attacked in this phase`
  if (
    d.mode === 'phase' &&
    (attackSettings(ctx).oncePerDefender ?? true) &&
    peekActivity(ctx, id)?.wasAttacked === true
  )
    return `unit ${id} has already been attacked this activation`
  return null
}

/** Enemy units in the unit's attackable frontal hexes that it must include when it attacks. */
export function enemiesInFront(ctx: Ctx, id: string): string[] {
  const side = ctx.state.units[id]?.side
  const frontal = attackableHexes(ctx, id)
    .flatMap((h) => combatUnitsIn(ctx.loaded, ctx.state, h))
    .filter((e) => ctx.state.units[e]?.side !== side)
  const forced = forcedShockTargets(ctx, id, frontal)
  return forced.onlyThese ? forced.mustAttack : frontal
}

/** Why unit `id` may not charge now, or null. */
export function chargerProblem(ctx: Ctx, d: ShockData, id: string): string | null {
  const settings = chargeSettings(ctx)
  const unit = ctx.state.units[id]
  if (settings === undefined) return 'there are no charges in these rules'
  if (unit === undefined) return `there is no unit "${id}"`
  if (unitFlags(ctx, id)[settings.unitFlag] !== true) return `unit ${id} may not charge`
  if (!(settings.allowedStatuses ?? [unit.status]).includes(unit.status))
    return `unit ${id} is ${unit.status} and may not charge`
  const ooc = outOfCommandMarker(ctx)
  if (ooc !== undefined && markerCount(ctx, id, ooc) > 0)
    return `unit ${id} is out of command and may not charge`
  const barred = settings.barredWhenNextToEnemyAt ?? []
  const activity = peekActivity(ctx, id)
  if (
    barred.includes('activation-start') &&
    (activity?.startNextTo ?? activity?.startAdjacent ?? []).length > 0
  )
    return `unit ${id} began the activation next to an enemy unit and may not charge`
  if (barred.includes('shock-phase-start') && d.nextToEnemyAtStart.includes(id))
    return `unit ${id} began the shock phase next to an enemy unit and may not charge`
  return null
}

/** Hexes taken by the charge paths already declared (paths are not shared). */
export function takenHexes(d: ShockData, extra: Record<string, ChargePath> = {}): Set<string> {
  const taken = new Set<string>()
  for (const a of d.attacks)
    for (const p of Object.values(a.paths)) p.hexes.forEach((h) => taken.add(h))
  for (const p of Object.values(extra)) p.hexes.forEach((h) => taken.add(h))
  return taken
}

function pathsArg(action: Action): Record<string, string[]> {
  const value = action.paths
  if (value === undefined) return {}
  const ok =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every(
      (v) => Array.isArray(v) && v.length > 0 && v.every((h) => typeof h === 'string'),
    )
  if (!ok)
    return reject(
      '"paths" must give, for a charger, the hexes its charge passes through, e.g. {"kn-1": ["2620"]}',
    )
  return value as Record<string, string[]>
}

/** The charge path of each charger: the one named, or the only one there is. */
function choosePaths(
  ctx: Ctx,
  d: ShockData,
  chargers: readonly string[],
  target: string,
  named: Record<string, string[]>,
): Checked<Record<string, ChargePath>> {
  const settings = chargeSettings(ctx)
  const chosen: Record<string, ChargePath> = {}
  for (const id of chargers) {
    const options = chargePaths(ctx, id, target, {
      between: settings?.intervening ?? { min: 1, max: 2 },
      turns: settings?.preTurn ?? 1,
      taken: takenHexes(d, chosen),
    })
    if (options.length === 0)
      return refusal(`unit ${id} has no clear charge path to ${target}`, settings?.rule)
    const wanted = named[id]
    let path: ChargePath | undefined
    if (wanted !== undefined) {
      path = options.find((p) => p.hexes.join(' ') === wanted.join(' '))
      if (path === undefined)
        return refusal(
          `unit ${id} cannot charge ${target} through ${wanted.join(', ')}: its charge paths are ${options.map((p) => p.hexes.join(', ')).join(' or ')}`,
          settings?.rule,
        )
    } else {
      const distinct = new Set(options.map((p) => p.hexes.join(' ')))
      if (distinct.size > 1)
        return refusal(
          `unit ${id} may charge ${target} through ${[...distinct].map((p) => p.replace(/ /g, ', ')).join(' or ')}: name one in "paths"`,
          settings?.rule,
        )
      path = options[0] as ChargePath
    }
    chosen[id] = path
  }
  const extra = Object.keys(named).find((id) => !chargers.includes(id))
  if (extra !== undefined) return refusal(`"paths" names ${extra}, which does not charge`)
  return { ok: true, value: chosen }
}

/** The leaders going along with each charger: those `with` names, or all when they must. */
function chargeRiders(
  ctx: Ctx,
  chargers: readonly string[],
  value: unknown,
): Checked<Record<string, string[]>> {
  if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value)))
    return refusal(
      '"with" must give, for a charger, the leaders going along with it, e.g. {"kn-1": ["leader-1"]}',
    )
  const named = (value ?? {}) as Record<string, unknown>
  const extra = Object.keys(named).find((id) => !chargers.includes(id))
  if (extra !== undefined)
    return refusal(`"with" names ${extra}, which does not charge`, leaderRule(ctx))
  const riders: Record<string, string[]> = {}
  for (const id of chargers) {
    const leaders = leadersWith(ctx, id, 'charge', named[id])
    if (!leaders.ok) return leaders
    if (leaders.value.length > 0) riders[id] = leaders.value
  }
  return { ok: true, value: riders }
}

/** Reads and checks one declaration; refuses it with the rule that forbids it. */
export function readDeclaration(ctx: Ctx, d: ShockData, action: Action): DeclaredAttack {
  return orReject(declarationOf(ctx, d, action))
}

/**
 * readDeclaration asked, not thrown: the attack a declaration makes, or why the rules refuse it
 * (a list of legal declarations asks it of each draft). An action that is not a declaration at
 * all (no attackers, a field of the wrong kind) is still refused outright.
 */
export function declarationOf(ctx: Ctx, d: ShockData, action: Action): Checked<DeclaredAttack> {
  checkArgs(action, ['attackers', 'defenders', 'charge', 'paths', 'with'])
  const settings = attackSettings(ctx)
  const rule = settings.rule
  const attackers =
    idListArg(action, 'attackers') ?? reject('a declaration needs "attackers": the attacking units')
  const defenders =
    idListArg(action, 'defenders') ?? reject('a declaration needs "defenders": the units attacked')
  for (const id of attackers) {
    const problem = attackerProblem(ctx, d, id)
    if (problem !== null) return refusal(problem, rule)
  }
  for (const id of defenders) {
    const problem = defenderProblem(ctx, d, id)
    if (problem !== null) return refusal(problem, rule)
  }
  // One roll per defending hex: the attack takes every enemy unit in each hex it strikes.
  const hexes = [...new Set(defenders.map((id) => hexOf(ctx, id) as string))]
  for (const hex of hexes) {
    const missing = combatUnitsIn(ctx.loaded, ctx.state, hex).filter(
      (e) => ctx.state.units[e]?.side !== d.side && !defenders.includes(e),
    )
    if (missing.length > 0)
      return refusal(`an attack on hex ${hex} must include ${missing.join(', ')} too`, rule)
  }
  const charge = booleanArg(action, 'charge') ?? false
  const named = pathsArg(action)
  if (!charge && Object.keys(named).length > 0)
    return refusal('"paths" belong to a charge ("charge": true)')
  if (!charge && action.with !== undefined)
    return refusal('"with" names the leaders going along on a charge ("charge": true)')
  const board = boardOf(ctx.loaded)
  let chargers: string[] = []
  let paths: Record<string, ChargePath> = {}
  let riders: Record<string, string[]> = {}
  if (charge) {
    const cs = chargeSettings(ctx)
    if (d.mode !== 'phase' || cs === undefined)
      return refusal(
        d.mode === 'continued'
          ? 'a continued attack is a shock: no charges'
          : 'there are no charges in these rules',
        d.mode === 'continued' ? continuedRule(ctx) : rule,
      )
    const target = defenders[0] as string
    if (defenders.length !== 1) return refusal('a charge targets exactly one unit', cs.rule)
    const targetHex = hexes[0] as string
    chargers = attackers.filter((id) => board.distance(hexOf(ctx, id) as string, targetHex) > 1)
    if (chargers.length === 0)
      return refusal(
        `no attacker stands far enough from ${target} to charge it: a charger starts with hexes between it and its target`,
        cs.rule,
      )
    for (const id of chargers) {
      const problem = chargerProblem(ctx, d, id)
      if (problem !== null) return refusal(problem, cs.rule)
    }
    const chosen = choosePaths(ctx, d, chargers, target, named)
    if (!chosen.ok) return chosen
    paths = chosen.value
    const going = chargeRiders(ctx, chargers, action.with)
    if (!going.ok) return going
    riders = going.value
  }
  const shockers = attackers.filter((id) => !chargers.includes(id))
  if (attackers.length > 1 && hexes.length > 1)
    return refusal(
      'several units attack one hex together; only a single unit may attack both its frontal hexes',
      rule,
    )
  for (const id of shockers) {
    const at = hexOf(ctx, id) as string
    const front = frontalHexes(ctx, id)
    for (const hex of hexes) {
      if (!front.includes(hex))
        return refusal(`unit ${id} does not have hex ${hex} in its frontal hexes`, rule)
      if (attackForbidden(ctx, at, hex))
        return refusal(`unit ${id} may not attack into or across the terrain of hex ${hex}`, rule)
    }
    const engaged = isEngaged(ctx, id) ? engagedWith(ctx, id) : null
    const stranger = engaged === null ? undefined : defenders.find((e) => !engaged.includes(e))
    if (stranger !== undefined)
      return refusal(
        `unit ${id} is Engaged and may attack only units it is Engaged with, not ${stranger}`,
        shockSettings(ctx).results?.engaged?.rule,
      )
  }
  const levyFlag = settings.onlyWithOthersFlag
  if (levyFlag !== undefined && attackers.every((id) => unitFlags(ctx, id)[levyFlag] === true))
    return refusal(
      `${attackers.join(', ')} may attack only together with other units`,
      sectionOf(ctx.loaded, 'attackOnlyTogether'),
    )
  return {
    ok: true,
    value: {
      attackers,
      defenders,
      hexes,
      chargers,
      paths,
      ...(Object.keys(riders).length > 0 ? { riders } : {}),
      counterChargedVsShock: [],
      evaded: [],
      done: false,
    },
  }
}

/** Why the declarations cannot stand as they are (a unit that must attack more), or null. */
export function declarationsProblem(ctx: Ctx, d: ShockData): string | null {
  const attacked = new Set(d.attacks.flatMap((a) => a.defenders))
  const attacking = new Set(d.attacks.flatMap((a) => a.attackers))
  const mustInclude = attackSettings(ctx).mustIncludeFront ?? true
  // An enemy another attack could not take any more is not owed (attacked earlier this activation).
  const owed = (e: string) => attacked.has(e) || defenderProblem(ctx, d, e) === null
  if (mustInclude) {
    for (const a of d.attacks) {
      for (const id of a.attackers) {
        if (a.chargers.includes(id)) continue
        const left = enemiesInFront(ctx, id).filter((e) => !attacked.has(e) && owed(e))
        if (left.length > 0)
          return `unit ${id} attacks, so it must also attack ${left.join(', ')} in its frontal hexes, unless another unit does`
      }
    }
  }
  const forced: string[] = []
  if (d.mode === 'continued') forced.push(...(d.only ?? []))
  if (d.mode === 'phase') {
    for (const [id, u] of Object.entries(ctx.state.units)) {
      if (u.side !== d.side || !isEngaged(ctx, id)) continue
      if (attackerProblem(ctx, { ...d, attacks: [] }, id) === null) forced.push(id)
    }
  }
  for (const id of forced) {
    if (attacking.has(id)) continue
    const open = enemiesInFront(ctx, id).filter((e) => !attacked.has(e) && owed(e))
    if (open.length > 0)
      return `unit ${id} must attack ${open.join(', ')}${d.mode === 'continued' ? ': it carries a continued attack marker' : ': it is Engaged'}`
  }
  return null
}
