/**
 * What it costs a movement class to enter a hex or cross a hexside, from the ruleset's terrain
 * chart. A class may pay the cheapest of other classes' columns (a lone leader). `null` means
 * prohibited (NA on a printed chart).
 */
import type { LoadedScenario } from '../rules/loaded'
import type { HexsideType, HexType } from '../generated/content-types'
import { boardOf, NEIGHBOR_SLOTS } from '../state/board'

type Cost = number | 'prohibited'

interface Chart {
  hexTypes: Map<string, HexType>
  sideTypes: Map<string, HexsideType>
  cheapestOf: Map<string, string[]>
}

const charts = new WeakMap<LoadedScenario, Chart>()

function chartOf(loaded: LoadedScenario): Chart {
  let chart = charts.get(loaded)
  if (chart === undefined) {
    const terrain = loaded.rules.ruleset.terrain
    chart = {
      hexTypes: new Map(terrain.hexTypes.map((t) => [t.id, t])),
      sideTypes: new Map((terrain.hexsideTypes ?? []).map((t) => [t.id, t])),
      cheapestOf: new Map(
        terrain.movementClasses
          .filter((c) => c.cheapestOf !== undefined)
          .map((c) => [c.id, c.cheapestOf ?? []]),
      ),
    }
    charts.set(loaded, chart)
  }
  return chart
}

function costIn(costs: Record<string, Cost> | undefined, moveClass: string): Cost | undefined {
  return costs !== undefined && Object.hasOwn(costs, moveClass) ? costs[moveClass] : undefined
}

function cheapest(
  chart: Chart,
  moveClass: string,
  read: (c: string) => number | null,
): number | null {
  const alternatives = chart.cheapestOf.get(moveClass)
  if (alternatives === undefined) return read(moveClass)
  const costs = alternatives.map(read).filter((c): c is number => c !== null)
  return costs.length === 0 ? null : Math.min(...costs)
}

/** A step the class may not take (no cost read from content is infinite). */
const PROHIBITED = -Infinity

interface ClassSteps {
  /** NaN: not worked out yet; PROHIBITED; else the cost. */
  costs: Float64Array
  /** The cost to enter each hex (hexEntryCost) by hex number, the same way. */
  entries: Float64Array
}

const stepCache = new WeakMap<LoadedScenario, Map<string, ClassSteps>>()

function classSteps(loaded: LoadedScenario, moveClass: string): ClassSteps {
  let byClass = stepCache.get(loaded)
  if (byClass === undefined) {
    byClass = new Map()
    stepCache.set(loaded, byClass)
  }
  let found = byClass.get(moveClass)
  if (found === undefined) {
    const table = boardOf(loaded).neighborTable
    found = {
      costs: new Float64Array(table.length).fill(NaN),
      entries: new Float64Array(table.length / NEIGHBOR_SLOTS).fill(NaN),
    }
    byClass.set(moveClass, found)
  }
  return found
}

/**
 * Movement points to enter `hex` for the class: its terrain's cost; a feature of the hex that is
 * prohibited for the class makes the hex prohibited. A terrain with no cost for the class is
 * prohibited to it.
 */
export function hexEntryCost(
  loaded: LoadedScenario,
  hex: string,
  moveClass: string,
): number | null {
  // Derived from content only: remembered per scenario and class, by hex number.
  const i = boardOf(loaded).indexOf(hex)
  if (i < 0) return computeEntryCost(loaded, hex, moveClass)
  const costs = classSteps(loaded, moveClass).entries
  let cost = costs[i] as number
  if (Number.isNaN(cost)) {
    const found = computeEntryCost(loaded, hex, moveClass)
    cost = found === null ? PROHIBITED : found
    costs[i] = cost
  }
  return cost === PROHIBITED ? null : cost
}

function computeEntryCost(loaded: LoadedScenario, hex: string, moveClass: string): number | null {
  const chart = chartOf(loaded)
  const info = boardOf(loaded).hex(hex)
  return cheapest(chart, moveClass, (c) => {
    const base = costIn(chart.hexTypes.get(info.terrain)?.movement, c)
    if (base === undefined || base === 'prohibited') return null
    for (const feature of info.features)
      if (costIn(chart.hexTypes.get(feature)?.movement, c) === 'prohibited') return null
    return base
  })
}

/** Movement points a hex type costs the class wherever it lies (null: prohibited or unpriced). */
export function hexTypeCost(
  loaded: LoadedScenario,
  hexType: string,
  moveClass: string,
): number | null {
  const chart = chartOf(loaded)
  return cheapest(chart, moveClass, (c) => {
    const cost = costIn(chart.hexTypes.get(hexType)?.movement, c)
    return cost === undefined || cost === 'prohibited' ? null : cost
  })
}

/** Extra movement points to cross the hexside between two adjacent hexes (0 with no feature). */
export function hexsideCrossCost(
  loaded: LoadedScenario,
  from: string,
  to: string,
  moveClass: string,
): number | null {
  const chart = chartOf(loaded)
  const side = boardOf(loaded).hexside(from, to)
  return cheapest(chart, moveClass, (c) => {
    let extra = 0
    for (const t of side.types) {
      const cost = costIn(chart.sideTypes.get(t)?.movement, c)
      if (cost === 'prohibited') return null
      extra += cost ?? 0
    }
    return extra
  })
}

/** Step costs of one movement class: slot k of hex i is the step into its k-th neighbour. */
/** Cost to step from `from` into the adjacent `to`: the hexside crossed plus the hex entered. */
export function stepCost(
  loaded: LoadedScenario,
  from: string,
  to: string,
  moveClass: string,
): number | null {
  // Derived from content only: remembered per scenario and class, by hex and neighbour slot.
  const board = boardOf(loaded)
  const i = board.indexOf(from)
  const j = board.indexOf(to)
  if (i < 0 || j < 0) return computeStepCost(loaded, from, to, moveClass)
  return stepCostAt(loaded, i, j, moveClass) ?? computeStepCost(loaded, from, to, moveClass)
}

/**
 * The step costs of a class by neighbour slot (Board.neighborTable: slot k is the step from hex
 * floor(k / 6) into its neighbour table[k]): the path search's inner loop, with the class looked
 * up once.
 */
export function slotCosts(
  loaded: LoadedScenario,
  moveClass: string,
): (slot: number) => number | null {
  const board = boardOf(loaded)
  const table = board.neighborTable
  const costs = classSteps(loaded, moveClass).costs
  return (k) => {
    let cost = costs[k] as number
    if (Number.isNaN(cost)) {
      const from = board.labelAt(Math.floor(k / NEIGHBOR_SLOTS))
      const found = computeStepCost(loaded, from, board.labelAt(table[k] as number), moveClass)
      cost = found === null ? PROHIBITED : found
      costs[k] = cost
    }
    return cost === PROHIBITED ? null : cost
  }
}

/**
 * stepCost between hexes given by number (Board.indexOf); undefined when `j` is not next to `i`
 * (the caller works it out by label then).
 */
export function stepCostAt(
  loaded: LoadedScenario,
  i: number,
  j: number,
  moveClass: string,
): number | null | undefined {
  const board = boardOf(loaded)
  const table = board.neighborTable
  const base = i * NEIGHBOR_SLOTS
  for (let k = base; k < base + NEIGHBOR_SLOTS; k++) {
    if (table[k] !== j) continue
    const costs = classSteps(loaded, moveClass).costs
    let cost = costs[k] as number
    if (Number.isNaN(cost)) {
      const found = computeStepCost(loaded, board.labelAt(i), board.labelAt(j), moveClass)
      cost = found === null ? PROHIBITED : found
      costs[k] = cost
    }
    return cost === PROHIBITED ? null : cost
  }
  return undefined
}

function computeStepCost(
  loaded: LoadedScenario,
  from: string,
  to: string,
  moveClass: string,
): number | null {
  const chart = chartOf(loaded)
  if (!chart.cheapestOf.has(moveClass)) {
    const side = hexsideCrossCost(loaded, from, to, moveClass)
    const hex = hexEntryCost(loaded, to, moveClass)
    return side === null || hex === null ? null : side + hex
  }
  // A class paying the cheapest column compares whole steps, not hex and hexside separately.
  return cheapest(chart, moveClass, (c) => computeStepCost(loaded, from, to, c))
}
