/**
 * What the board looks like to a move, worked out once per action and reused for every unit and
 * every hex the path search looks at: who stands where, which hexes are under enemy influence
 * and by whom, which units count for stacking, enemy standards and leaders, closed entry hexes,
 * hexes too near the enemy. Built from the state as it is; a move that changes the board (a
 * step along a path) builds new facts.
 */
import { countsForStacking, stackFits } from '../../state/stacking'
import type { Board } from '../../state/board'
import { boardOf } from '../../state/board'
import { fromArrangement } from '../../state/occupancy'
import { coverage } from '../../state/footprints'
import { flowOf } from '../driver'
import { armyKeepAway } from '../extras'
import { isLeader, sideOfCommand } from '../forces'
import { enemyUnits, influenceMap, unitFlags } from '../influence'
import type { PlayContext } from '../procedure'
import { remembered } from '../procedure'
import { stepCost } from '../terrain-costs'
import { enemyEntryHexes } from './reinforcements'
import type { MovementSettings } from './settings'
import { movementSettings } from './settings'
import { phaseSettings } from '../phase-settings'

type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export interface Facts {
  readonly ctx: Ctx
  readonly board: Board
  readonly settings: MovementSettings
  /** Most units counting for stacking in a hex; null when the ruleset sets no limit. */
  readonly limit: number | null
  /** Units (leaders too) on the map in a hex. */
  unitsAt(hex: string): readonly string[]
  /**
   * What the path searches of one listing share between its pieces, by a key of their own
   * (reach.ts keeps what entering an empty hex means for pieces alike in every way it reads).
   */
  readonly shared: Map<string, unknown>
  /**
   * The state the facts were worked out on: its action count and a token standing for where its
   * units stood (`arrangementToken`), so that what a listing found is never taken for another
   * state's (moves.ts).
   */
  readonly builtAt: { readonly seq: number; readonly arrangement: object }
  isLeader(id: string): boolean
  flags(id: string): Readonly<Record<string, boolean>>
  /** Whether the unit counts against the stacking limit (board.stacking.counts). */
  counts(id: string): boolean
  /** Whether these counting units of one side may share a hex (the limit, host-and-guest pairs). */
  fits(ids: readonly string[]): boolean
  /** Enemy combat units (of `side`'s opponents) whose influence covers the hex. */
  influencers(side: string, hex: string): readonly string[]
  /** Whether an enemy combat unit stands next to the hex (plain adjacency). */
  enemyNextTo(side: string, hex: string): boolean
  /** Hexes holding a standard of another side. */
  enemyStandards(side: string): ReadonlySet<string>
  /** Hexes where other sides' reinforcements still have to enter, when they are closed. */
  closedEntries(side: string): ReadonlySet<string>
  /** Whether the hex lies within the kept-away distance of an enemy combat unit (army moves). */
  tooNear(side: string, hex: string): boolean
  /** Terrain cost of a step for a movement class (terrain-costs.ts), remembered. */
  terrainCost(from: string, to: string, moveClass: string): number | null
}

const NO_UNITS: readonly string[] = []

/** The facts for a move now (remembered across a legal-action listing: see remembered()). */
export function movementFacts(ctx: PlayContext, frame: { phase: string | null }): Facts {
  const keepAway = keepAwayFor(ctx, frame)
  return remembered(ctx, `movement-facts|${keepAway}`, () => buildFacts(ctx, keepAway))
}

/**
 * An object that stays the same while the units of the state stand as they do (the same loaded
 * scenario, no setter of state/occupancy.ts run since): a new one once any unit moves.
 */
export function arrangementToken(ctx: Ctx): object {
  return fromArrangement(ctx.loaded, ctx.state, 'arrangement-token', () => ({}))
}

export function buildFacts(ctx: Ctx, keepAway: number | null = null): Facts {
  const { loaded, state } = ctx
  const board = boardOf(loaded)
  const stacking = loaded.rules.ruleset.board?.stacking
  // Both halves of a two-hex counter (a rider) hold their hex.
  const at = coverage({ loaded: ctx.loaded, state })
  const influence = new Map<string, ReadonlyMap<string, readonly string[]>>()
  const counted = new Map<string, boolean>()
  const fitting = new Map<string, boolean>()
  const standards = new Map<string, Set<string>>()
  const closed = new Map<string, Set<string>>()
  const near = new Map<string, boolean>()
  const nextToEnemy = new Map<string, ReadonlySet<string>>()
  const leader = (id: string) => isLeader(loaded, id)
  const facts: Facts = {
    // stepCost keeps its answers per scenario already.
    terrainCost: (from, to, moveClass) => stepCost(loaded, from, to, moveClass),
    ctx,
    board,
    settings: movementSettings(loaded),
    limit: stacking?.limit ?? null,
    unitsAt: (hex) => at.get(hex) ?? NO_UNITS,
    shared: new Map(),
    builtAt: { seq: state.actionCount, arrangement: arrangementToken(ctx) },
    isLeader: leader,
    flags: (id) => unitFlags(ctx, id),
    counts(id) {
      let found = counted.get(id)
      if (found === undefined) {
        found = countsForStacking(ctx, id)
        counted.set(id, found)
      }
      return found
    },
    fits(ids) {
      if (facts.limit === null || ids.length <= facts.limit) return true
      const key = [...ids].sort().join(' ')
      let found = fitting.get(key)
      if (found === undefined) {
        found = stackFits(ctx, ids, (id) => facts.counts(id))
        fitting.set(key, found)
      }
      return found
    },
    influencers(side, hex) {
      // The map is kept by occupancy too; holding it here saves the look-up on every step.
      let map = influence.get(side)
      if (map === undefined) {
        map = influenceMap(ctx, side)
        influence.set(side, map)
      }
      return map.get(hex) ?? NO_UNITS
    },
    enemyNextTo(side, hex) {
      // The hexes next to an enemy combat unit, found from the enemies' hexes (hexes are
      // neighbours of each other both ways) and kept until an enemy moves.
      let found = nextToEnemy.get(side)
      if (found === undefined) {
        found = fromArrangement(
          loaded,
          state,
          `next-to-enemy|${side}`,
          () => {
            const hexes = new Set<string>()
            for (const [h, ids] of at)
              if (ids.some((id) => state.units[id]?.side !== side && !leader(id)))
                for (const n of board.neighbors(h)) hexes.add(n)
            return hexes
          },
          side,
        )
        nextToEnemy.set(side, found)
      }
      return found.has(hex)
    },
    enemyStandards(side) {
      let found = standards.get(side)
      if (found === undefined) {
        found = new Set()
        for (const [command, hex] of Object.entries(
          state.flow === null ? {} : flowOf(state).standards,
        ))
          if (hex !== null && sideOfCommand(loaded, command) !== side) found.add(hex)
        standards.set(side, found)
      }
      return found
    },
    closedEntries(side) {
      let found = closed.get(side)
      if (found === undefined) {
        found = enemyEntryHexes(ctx, side)
        closed.set(side, found)
      }
      return found
    },
    tooNear(side, hex) {
      if (keepAway === null) return false
      const key = `${side}|${hex}`
      let found = near.get(key)
      if (found === undefined) {
        found = enemyUnits(ctx, side).some(
          (e) => board.distance(hex, state.units[e]?.hex as string) <= keepAway,
        )
        near.set(key, found)
      }
      return found
    },
  }
  return facts
}

/**
 * How near the enemy no piece may come in this phase (an army activation's movement): the
 * phase's params, else the army activation settings of the running activation's kind; null
 * when there is no such limit.
 */
export function keepAwayFor(ctx: Ctx, frame: { phase: string | null }): number | null {
  const phase = ctx.loaded.rules.ruleset.sequence.phases.find((p) => p.id === frame.phase)
  // Other phases move pieces too (an ambush): only a movement phase has the setting.
  const own =
    phase?.mechanic === 'movement' || phase?.mechanic === 'move-and-fire'
      ? phaseSettings(ctx, phase.id, phase.mechanic).mayNotComeWithin
      : undefined
  return own ?? armyKeepAway(ctx)
}
