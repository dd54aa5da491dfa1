/**
 * Stacking (ruleset board.stacking): how many units that count may share a hex, which units
 * count (an expression in the unit context; leaders usually do not), and never two sides in one
 * hex. Used by the mechanics that place units, the validator (a scenario's setup) and the checks
 * of a game's invariants.
 */
import { effectApplies } from '../rules'
import type { LoadedScenario } from '../content/loaded'
import { reject } from './failure'
import type { GameState } from './game-state'
import { leaderIds } from './game-state'
import { unitContext } from './variables'

type Ctx = { loaded: LoadedScenario; state: GameState }

/** Whether the unit counts toward the stacking limit (every unit when the ruleset says nothing). */
export function countsForStacking(ctx: Ctx, id: string): boolean {
  const expr = ctx.loaded.rules.ruleset.board?.stacking?.counts
  if (expr === undefined) return true
  const found = effectApplies(
    ctx.loaded.rules,
    'unit',
    expr,
    unitContext(ctx.loaded, ctx.state, id),
    'board.stacking.counts',
  )
  return found.ok ? found.value : reject(found.error.message)
}

export interface StackingProblem {
  hex: string
  /** The units involved, in state order. */
  units: string[]
  message: string
}

/** Every hex where the state breaks the stacking rules, with a sentence saying how. */
export function stackingProblems(ctx: Ctx): StackingProblem[] {
  const limit = ctx.loaded.rules.ruleset.board?.stacking?.limit
  const byHex = new Map<string, string[]>()
  for (const [id, u] of Object.entries(ctx.state.units)) {
    if (u.location !== 'map' || u.hex === null) continue
    const list = byHex.get(u.hex)
    if (list === undefined) byHex.set(u.hex, [id])
    else list.push(id)
  }
  const leaders = leaderIds(ctx.loaded)
  const problems: StackingProblem[] = []
  for (const [hex, ids] of byHex) {
    const combat = ids.filter((id) => !leaders.has(id))
    const sides = new Set(combat.map((id) => ctx.state.units[id]?.side))
    if (sides.size > 1)
      problems.push({ hex, units: combat, message: `hex ${hex} holds units of two sides: ${combat.join(', ')}` })
    if (limit !== undefined) {
      const counted = ids.filter((id) => countsForStacking(ctx, id))
      if (counted.length > limit)
        problems.push({
          hex,
          units: counted,
          message: `hex ${hex} holds ${counted.length} units that count for stacking (${counted.join(', ')}); the limit is ${limit}`,
        })
    }
  }
  return problems
}
