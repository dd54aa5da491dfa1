/**
 * Stacking (ruleset board.stacking): how many units that count may share a hex, which units
 * count (an expression in the unit context; leaders usually do not), the pairs that may share a
 * hex past the limit (a host taking in one guest), and never two sides in one hex. Used by the
 * mechanics that place units, the validator (a scenario's setup) and the checks of a game's
 * invariants.
 */
import { effectApplies } from '../rules'
import type { LoadedScenario } from '../rules/loaded'
import { rejectFailure } from './failure'
import type { GameState } from './game-state'
import { leaderIds } from './game-state'
import { coverage } from './footprints'
import { anyEquipment, isEquipmentType } from './roster'
import { readsOnlyWhatUnitIs } from './unit-constant'
import { unitContext } from './variables'

type Ctx = { loaded: LoadedScenario; state: GameState }

function holds(ctx: Ctx, expr: string, id: string, where: string): boolean {
  const found = effectApplies(
    ctx.loaded.rules,
    'unit',
    expr,
    unitContext(ctx.loaded, ctx.state, id),
    where,
  )
  return found.ok ? found.value : rejectFailure(found.error)
}

const fixedCounts = new WeakMap<LoadedScenario, Map<string, boolean>>()

/** Whether the unit counts toward the stacking limit (every unit when the ruleset says nothing). */
export function countsForStacking(ctx: Ctx, id: string): boolean {
  const type = ctx.state.units[id]?.type
  // Equipment (a wagon) is no character: it never counts.
  if (isEquipmentType(ctx.loaded, type)) return false
  const expr = ctx.loaded.rules.ruleset.board?.stacking?.counts
  if (expr === undefined) return true
  if (type === undefined || !readsOnlyWhatUnitIs(expr))
    return holds(ctx, expr, id, 'board.stacking.counts')
  // The answer depends on the unit and its type only (leaders do not count, say): kept per game.
  let kept = fixedCounts.get(ctx.loaded)
  if (kept === undefined) {
    kept = new Map()
    fixedCounts.set(ctx.loaded, kept)
  }
  const key = `${id}|${type}`
  let found = kept.get(key)
  if (found === undefined) {
    found = holds(ctx, expr, id, 'board.stacking.counts')
    kept.set(key, found)
  }
  return found
}

/** How many host-and-guest pairs of board.stacking.shares the units make (each unit in one pair). */
function sharingPairs(ctx: Ctx, ids: readonly string[]): number {
  const used = new Set<string>()
  let pairs = 0
  for (const [i, share] of (ctx.loaded.rules.ruleset.board?.stacking?.shares ?? []).entries()) {
    const site = `board.stacking.shares[${i}]`
    for (const host of ids) {
      if (used.has(host) || !holds(ctx, share.host, host, `${site}.host`)) continue
      const guest = ids.find(
        (g) => g !== host && !used.has(g) && holds(ctx, share.guest, g, `${site}.guest`),
      )
      if (guest === undefined) continue
      used.add(host)
      used.add(guest)
      pairs += 1
    }
  }
  return pairs
}

/**
 * Whether these combat units of one side may stand in one hex together: those that count are at
 * most the limit, a host and its guest (board.stacking.shares) counting as one. `counts` may
 * give a cached answer to countsForStacking.
 */
export function stackFits(
  ctx: Ctx,
  ids: readonly string[],
  counts: (id: string) => boolean = (id) => countsForStacking(ctx, id),
): boolean {
  const limit = ctx.loaded.rules.ruleset.board?.stacking?.limit
  if (limit === undefined) return true
  const counted = ids.filter(counts)
  if (counted.length <= limit) return true
  return counted.length - sharingPairs(ctx, counted) <= limit
}

export interface StackingProblem {
  hex: string
  /** The units involved, in state order. */
  units: string[]
  message: string
}

/**
 * Every hex where the state breaks the stacking rules, with a sentence saying how. `passing`
 * are pieces only passing through where they stand (a move under way): they are not counted.
 */
export function stackingProblems(
  ctx: Ctx,
  passing: ReadonlySet<string> = new Set(),
): StackingProblem[] {
  const limit = ctx.loaded.rules.ruleset.board?.stacking?.limit
  // Both halves of a two-hex counter count in their hex.
  const byHex = coverage(ctx)
  const leaders = leaderIds(ctx.loaded)
  const problems: StackingProblem[] = []
  for (const [hex, all] of byHex) {
    const ids = passing.size === 0 ? all : all.filter((id) => !passing.has(id))
    const equipment = anyEquipment(ctx.loaded)
      ? ids.filter((id) => isEquipmentType(ctx.loaded, ctx.state.units[id]?.type))
      : []
    if (equipment.length > 0 && ids.length > 1)
      problems.push({
        hex,
        units: [...ids],
        message: `hex ${hex} holds ${equipment.join(', ')}, which no one may stay on, with ${ids.filter((id) => !equipment.includes(id)).join(', ')}`,
      })
    const combat = ids.filter((id) => !leaders.has(id) && !equipment.includes(id))
    const sides = new Set(combat.map((id) => ctx.state.units[id]?.side))
    if (sides.size > 1)
      problems.push({
        hex,
        units: combat,
        message: `hex ${hex} holds units of two sides: ${combat.join(', ')}`,
      })
    // Fewer units than the limit cannot break it, whichever of them count.
    if (limit !== undefined && ids.length > limit) {
      const counted = ids.filter((id) => countsForStacking(ctx, id))
      if (!stackFits(ctx, counted, () => true))
        problems.push({
          hex,
          units: counted,
          message: `hex ${hex} holds ${counted.length} units that count for stacking (${counted.join(', ')}); the limit is ${limit}`,
        })
    }
  }
  return problems
}
