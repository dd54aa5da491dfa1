/**
 * What it costs a movement class to enter a hex or cross a hexside, from the ruleset's terrain
 * chart. A class may pay the cheapest of other classes' columns (a lone leader). `null` means
 * prohibited (NA on a printed chart).
 */
import type { LoadedScenario } from '../content/loaded'
import type { HexsideType, HexType } from '../generated/content-types'
import { boardOf } from '../state/board'

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

const stepCache = new WeakMap<
  LoadedScenario,
  Map<string, Map<string, Map<string, number | null>>>
>()

/** Cost to step from `from` into the adjacent `to`: the hexside crossed plus the hex entered. */
export function stepCost(
  loaded: LoadedScenario,
  from: string,
  to: string,
  moveClass: string,
): number | null {
  // Derived from content only: remembered per scenario, by class, then hex, then neighbour.
  let byClass = stepCache.get(loaded)
  if (byClass === undefined) {
    byClass = new Map()
    stepCache.set(loaded, byClass)
  }
  let byFrom = byClass.get(moveClass)
  if (byFrom === undefined) {
    byFrom = new Map()
    byClass.set(moveClass, byFrom)
  }
  let byTo = byFrom.get(from)
  if (byTo === undefined) {
    byTo = new Map()
    byFrom.set(from, byTo)
  }
  const found = byTo.get(to)
  if (found !== undefined) return found
  const cost = computeStepCost(loaded, from, to, moveClass)
  byTo.set(to, cost)
  return cost
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
