/**
 * Listing every declaration the attacking side may make now: single attacks on one
 * or both frontal hexes, joint attacks on one hex, and charges with the named paths when a
 * charger has several. Each candidate is asked of declarationOf, so every listed action is
 * accepted.
 */
import type { Action } from '../../state/actions'
import { boardOf } from '../../state/board'
import { combatUnitsIn, isLeader } from '../forces'
import type { PlayContext } from '../procedure'
import {
  attackerProblem,
  chargerProblem,
  defenderProblem,
  declarationOf,
  takenHexes,
} from './declarations'
import { attackableHexes, chargePaths, hexOf } from './geometry'
import { withChoices } from './leaders'
import { chargeSettings } from './settings'
import type { ShockData } from './types'

type Ctx = Pick<PlayContext, 'loaded' | 'state'> & Partial<Pick<PlayContext, 'memo'>>

/** Chargers drafted together against one target, at most. */
const MAX_CHARGERS = 4

function subsets<T>(items: readonly T[], min: number, cap = 6): T[][] {
  const list = items.slice(0, cap)
  const out: T[][] = []
  for (let mask = 1; mask < 1 << list.length; mask++) {
    const pick = list.filter((_, i) => (mask & (1 << i)) !== 0)
    if (pick.length >= min) out.push(pick)
  }
  return out
}

/**
 * Declarations worth trying, made lazily: single attacks, attacks by several units on one hex,
 * charges with their paths and riders. declarationOf still has the last word on each.
 */
function* declarationDrafts(ctx: Ctx, d: ShockData): Generator<Action> {
  const side = d.side
  const candidates = Object.entries(ctx.state.units)
    .filter(([id, u]) => u.side === side && attackerProblem(ctx, d, id) === null)
    .map(([id]) => id)
  // Asked again and again for the same hexes and chargers while drafting: kept per listing.
  const defenders = new Map<string, string[] | null>()
  const defendersIn = (hex: string): string[] | null => {
    let found = defenders.get(hex)
    if (found === undefined) {
      const enemies = combatUnitsIn(ctx.loaded, ctx.state, hex).filter(
        (e) => ctx.state.units[e]?.side !== side,
      )
      found =
        enemies.length > 0 && enemies.every((e) => defenderProblem(ctx, d, e) === null)
          ? enemies
          : null
      defenders.set(hex, found)
    }
    return found
  }
  const riders = new Map<string, Record<string, string[]>[]>()
  const ridersOf = (group: readonly string[]): Record<string, string[]>[] => {
    const key = group.join(' ')
    let found = riders.get(key)
    if (found === undefined) {
      found = riderChoices(ctx, group)
      riders.set(key, found)
    }
    return found
  }
  const byHex = new Map<string, string[]>()
  for (const id of candidates) {
    const hexes = attackableHexes(ctx, id).filter((h) => defendersIn(h) !== null)
    for (const h of hexes) byHex.set(h, [...(byHex.get(h) ?? []), id])
    const single = hexes.map((h) => [h])
    if (hexes.length === 2) single.push(hexes)
    for (const hs of single)
      yield {
        type: 'declare',
        attackers: [id],
        defenders: hs.flatMap((h) => defendersIn(h) ?? []),
      }
  }
  for (const [hex, ids] of byHex)
    for (const group of subsets(ids, 2))
      yield { type: 'declare', attackers: group, defenders: defendersIn(hex) ?? [] }
  if (d.mode === 'phase' && chargeSettings(ctx) !== undefined) {
    const chargers = candidates.filter((id) => chargerProblem(ctx, d, id) === null)
    const reach = (chargeSettings(ctx)?.intervening?.max ?? 2) + 1
    const board = boardOf(ctx.loaded)
    for (const [target, u] of Object.entries(ctx.state.units)) {
      if (u.side === side || u.hex === null || u.location !== 'map') continue
      if (isLeader(ctx.loaded, target) || defendersIn(u.hex)?.length !== 1) continue
      // The first four chargers in reach are drafted; one of them with no charge path to the
      // target would make every draft it is in fail, so it is left out (the others' drafts
      // come in the same order).
      const far = chargers
        .filter((c) => {
          const distance = board.distance(hexOf(ctx, c) as string, u.hex as string)
          return distance > 1 && distance <= reach
        })
        .slice(0, MAX_CHARGERS)
        .filter((c) => hasChargePath(ctx, d, c, target))
      if (far.length === 0) continue
      const near = byHex.get(u.hex) ?? []
      for (const group of subsets(far, 1, MAX_CHARGERS)) {
        for (const joined of [[], ...subsets(near, 1, 4)]) {
          const base = {
            type: 'declare',
            attackers: [...group, ...joined],
            defenders: [target],
            charge: true,
          }
          const withPaths = [
            base,
            ...pathChoices(ctx, d, group, target).map((paths) => ({ ...base, paths })),
          ]
          const ridden = ridersOf(group)
          for (const draft of withPaths) {
            yield draft
            for (const leaders of ridden) yield { ...draft, with: leaders }
          }
        }
      }
    }
  }
}

/** Each declaration the rules allow, once, in the order the drafts come. */
function* legalOnes(ctx: Ctx, d: ShockData): Generator<Action> {
  const seen = new Set<string>()
  for (const action of declarationDrafts(ctx, d)) {
    const key = JSON.stringify(action)
    if (seen.has(key)) continue
    seen.add(key)
    if (declarationOf(ctx, d, action).ok) yield action
  }
}

/** Every declaration the rules allow now (each one accepted by readDeclaration). */
export function legalDeclarations(ctx: Ctx, d: ShockData): Action[] {
  return [...legalOnes(ctx, d)]
}

/** Whether any declaration is allowed (stops at the first one found). */
export function anyLegalDeclaration(ctx: Ctx, d: ShockData): boolean {
  return !legalOnes(ctx, d).next().done
}

/** The leaders that may go along with the chargers, in every combination (none left out). */
function riderChoices(ctx: Ctx, chargers: readonly string[]): Record<string, string[]>[] {
  let combos: Record<string, string[]>[] = [{}]
  for (const id of chargers) {
    const options = withChoices(ctx, id, 'charge')
    if (options.length === 0) continue
    combos = combos.flatMap((c) => [c, ...options.map((leaders) => ({ ...c, [id]: leaders }))])
  }
  return combos.filter((c) => Object.keys(c).length > 0).slice(0, 16)
}

/** Whether the charger has a charge path to the target with nothing else declared yet. */
function hasChargePath(ctx: Ctx, d: ShockData, charger: string, target: string): boolean {
  const settings = chargeSettings(ctx)
  return (
    chargePaths(ctx, charger, target, {
      between: settings?.intervening ?? { min: 1, max: 2 },
      turns: settings?.preTurn ?? 1,
      taken: takenHexes(d),
    }).length > 0
  )
}

/** Named path combinations for chargers that have more than one path. */
function pathChoices(
  ctx: Ctx,
  d: ShockData,
  chargers: readonly string[],
  target: string,
): Record<string, string[]>[] {
  const settings = chargeSettings(ctx)
  const options = chargers.map((id) =>
    chargePaths(ctx, id, target, {
      between: settings?.intervening ?? { min: 1, max: 2 },
      turns: settings?.preTurn ?? 1,
      taken: takenHexes(d),
    }).map((p) => p.hexes),
  )
  if (options.every((o) => new Set(o.map((h) => h.join(' '))).size <= 1)) return []
  let combos: Record<string, string[]>[] = [{}]
  chargers.forEach((id, i) => {
    combos = combos.flatMap((c) => (options[i] ?? []).map((hexes) => ({ ...c, [id]: hexes })))
  })
  return combos.slice(0, 64)
}
