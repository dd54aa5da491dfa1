/**
 * What the state kernel reads from the map and the board rules: hex labels as cubes, terrain
 * and attributes of a hex, features of the hexside between two hexes, facings as clock
 * positions, and facing sectors. Built once per loaded scenario and cached, since it is derived
 * from content only (never from game state).
 */
import type { LoadedScenario } from '../rules/loaded'
import {
  cubeKey,
  distance,
  formatLabel,
  neighborAtClock,
  offsetToCube,
  parseLabel,
  cubeToOffset,
  sectorOfDirection,
  sideClockFromName,
  sideName,
  vertexClockFromName,
  vertexName,
  checkFacing,
  isSideClock,
  type Cube,
  type SectorTable,
} from '../hex'

export type FacingMode = 'vertex' | 'hexside' | 'none'

export interface HexInfo {
  label: string
  terrain: string
  features: string[]
  elevation: number
  attributes: Record<string, number | boolean | string>
}

export interface HexsideInfo {
  types: string[]
  attributes: Record<string, number | boolean | string>
}

export interface Board {
  readonly facingMode: FacingMode
  readonly sectors: SectorTable
  /** The cube of a hex label as the map prints it, or null when it is not a hex of the map. */
  cubeOf(label: string): Cube | null
  labelOf(c: Cube): string
  /** The label of a cube if it is a hex of the map, else null (a line along the map edge). */
  labelIfOnMap(c: Cube): string | null
  /** The hexes of the map next to `label`, as labels (fewer than six at the edges). */
  neighbors(label: string): readonly string[]
  /** Every hex of the map, column by column. */
  allHexes(): readonly string[]
  /** Why `label` is not a hex of the map (with the canonical spelling when it is close), or null. */
  labelProblem(label: string): string | null
  hex(label: string): HexInfo
  /** Features of the hexside between two adjacent hexes; no types when they are not adjacent. */
  hexside(a: string, b: string): HexsideInfo
  distance(a: string, b: string): number
  /** Sector of `from` seen by a unit in `at` facing `facing`; '' when it cannot be told. */
  sector(at: string, facing: number, from: string): string
  /** A compass name (scenario facings) as a clock position for the ruleset's facing mode. */
  facingFromName(name: string): { ok: true; clock: number | null } | { ok: false; message: string }
  /** Why `clock` is not a facing a counter may have here, or null. */
  facingProblem(clock: number): string | null
  /** Compass name of a stored facing, for the log. */
  facingName(clock: number): string
  /**
   * The hexes as small whole numbers, for searches that look at many hexes: the position of a
   * label in allHexes(), or -1 when it is not a hex of the map as the map prints it.
   */
  indexOf(label: string): number
  /** The label of hex number `i`. */
  labelAt(i: number): string
  /**
   * Neighbours by number: slots 6i to 6i+5 hold the numbers of neighbors(labelAt(i)) in the
   * same order, then -1 for the slots past the map edge.
   */
  readonly neighborTable: Int32Array
}

/** Slots per hex in Board.neighborTable. */
export const NEIGHBOR_SLOTS = 6

const cache = new WeakMap<LoadedScenario, Board>()

export function boardOf(loaded: LoadedScenario): Board {
  let board = cache.get(loaded)
  if (board === undefined) {
    board = buildBoard(loaded)
    cache.set(loaded, board)
  }
  return board
}

function pairKey(a: Cube, b: Cube): string {
  const [x, y] = [cubeKey(a), cubeKey(b)].sort()
  return `${x}|${y}`
}

function buildBoard(loaded: LoadedScenario): Board {
  const { map, grid, numbering } = loaded.map
  const rules = loaded.rules.ruleset
  const orientation = grid.orientation
  const facing = rules.board?.facing
  const facingMode: FacingMode = facing?.mode ?? 'none'
  const sectors: SectorTable = Object.fromEntries(
    (facing?.sectors ?? []).map((s) => [String(s.bearing), s.sector]),
  )
  const attributes = rules.terrain.attributes ?? []
  const defaults = (appliesTo: 'hex' | 'hexside') =>
    Object.fromEntries(
      attributes
        .filter((a) => (a.appliesTo ?? 'both') === 'both' || a.appliesTo === appliesTo)
        .filter((a) => a.default !== undefined)
        .map((a) => [a.key, a.default as number | boolean | string]),
    )
  const hexDefaults = defaults('hex')
  const sideDefaults = defaults('hexside')
  const hexTypes = new Map(rules.terrain.hexTypes.map((t) => [t.id, t]))
  const sideTypes = new Map((rules.terrain.hexsideTypes ?? []).map((t) => [t.id, t]))

  const cubes = new Map<string, Cube | null>()
  const cubeOf = (label: string): Cube | null => {
    let found = cubes.get(label)
    if (found === undefined) {
      const parsed = parseLabel(numbering, label, grid)
      found =
        parsed.ok && formatLabel(numbering, parsed.offset) === label
          ? offsetToCube(parsed.offset, grid)
          : null
      cubes.set(label, found)
    }
    return found
  }
  const must = (label: string): Cube => {
    const c = cubeOf(label)
    if (c === null) throw new RangeError(`"${label}" is not a hex of map "${map.id}"`)
    return c
  }

  const sides = new Map<string, string[]>()
  for (const entry of map.hexsides ?? []) {
    const at = cubeOf(entry.hex)
    const clock = sideClockFromName(entry.side, orientation)
    if (at === null || !clock.ok) continue
    const key = pairKey(at, neighborAtClock(at, clock.clock))
    sides.set(key, [...new Set([...(sides.get(key) ?? []), ...entry.features])])
  }

  const neighborCache = new Map<string, string[]>()
  let numbers: { index: Map<string, number>; table: Int32Array } | undefined
  const numbered = (): { index: Map<string, number>; table: Int32Array } => {
    if (numbers === undefined) {
      const all = board.allHexes()
      const index = new Map(all.map((label, i) => [label, i]))
      const table = new Int32Array(all.length * NEIGHBOR_SLOTS).fill(-1)
      all.forEach((label, i) => {
        board.neighbors(label).forEach((n, k) => {
          table[i * NEIGHBOR_SLOTS + k] = index.get(n) as number
        })
      })
      numbers = { index, table }
    }
    return numbers
  }
  const hexCache = new Map<string, HexInfo>()
  const sideCache = new Map<string, HexsideInfo>()
  let everyHex: string[] | undefined
  const board: Board = {
    facingMode,
    sectors,
    cubeOf,
    neighbors(label) {
      let found = neighborCache.get(label)
      if (found === undefined) {
        const at = must(label)
        found = []
        for (let clock = 0; clock < 12; clock++) {
          if (!isSideClock(clock, orientation)) continue
          const off = cubeToOffset(neighborAtClock(at, clock), grid)
          if (off.col < 0 || off.row < 0 || off.col >= grid.columns || off.row >= grid.rows)
            continue
          found.push(formatLabel(numbering, off))
        }
        neighborCache.set(label, found)
      }
      return found
    },
    allHexes() {
      if (everyHex === undefined) {
        everyHex = []
        for (let col = 0; col < grid.columns; col++)
          for (let row = 0; row < grid.rows; row++)
            everyHex.push(formatLabel(numbering, { col, row }))
      }
      return everyHex
    },
    labelOf: (c) => formatLabel(numbering, cubeToOffset(c, grid)),
    labelIfOnMap(c) {
      const o = cubeToOffset(c, grid)
      // allHexes lists every hex column by column: the label made once, not on every line walked.
      return o.col < 0 || o.row < 0 || o.col >= grid.columns || o.row >= grid.rows
        ? null
        : (board.allHexes()[o.col * grid.rows + o.row] as string)
    },
    labelProblem(label) {
      const parsed = parseLabel(numbering, label, grid)
      if (!parsed.ok) return `"${label}" is not a hex of map "${map.id}": ${parsed.message}`
      const canonical = formatLabel(numbering, parsed.offset)
      return canonical === label
        ? null
        : `write hex "${label}" as "${canonical}", as the map prints it`
    },
    hex(label) {
      // Derived from the map and the terrain chart only: worked out once per hex, read-only.
      const cached = hexCache.get(label)
      if (cached !== undefined) return cached
      const written =
        map.hexes !== undefined && Object.hasOwn(map.hexes, label) ? map.hexes[label] : undefined
      const terrain = written?.terrain ?? map.defaultTerrain
      const features = [...(written?.features ?? [])]
      // A feature adds to the main terrain, so its attribute values are read after the terrain's.
      const values = Object.assign(
        {},
        hexDefaults,
        ...[terrain, ...features].map((t) => hexTypes.get(t)?.attributes ?? {}),
      )
      const info: HexInfo = Object.freeze({
        label,
        terrain,
        features: Object.freeze(features) as string[],
        elevation: written?.elevation ?? 0,
        attributes: Object.freeze(values),
      })
      hexCache.set(label, info)
      return info
    },
    hexside(a, b) {
      const key = `${a}|${b}`
      const cached = sideCache.get(key)
      if (cached !== undefined) return cached
      const x = must(a)
      const y = must(b)
      const types = distance(x, y) === 1 ? (sides.get(pairKey(x, y)) ?? []) : []
      const values = Object.assign(
        {},
        sideDefaults,
        ...types.map((t) => sideTypes.get(t)?.attributes ?? {}),
      )
      const info: HexsideInfo = Object.freeze({
        types: Object.freeze([...types]) as string[],
        attributes: Object.freeze(values),
      })
      sideCache.set(key, info)
      return info
    },
    distance: (a, b) => distance(must(a), must(b)),
    sector(at, facingClock, from) {
      try {
        return sectorOfDirection(facingClock, must(at), must(from), orientation, sectors) ?? ''
      } catch {
        // The ruleset names no sector for this bearing (a line along a hexspine it leaves open).
        return ''
      }
    },
    facingFromName(name) {
      if (facingMode === 'none') return { ok: true, clock: null }
      const found =
        facingMode === 'vertex'
          ? vertexClockFromName(name, orientation)
          : sideClockFromName(name, orientation)
      return found.ok ? { ok: true, clock: found.clock } : found
    },
    facingProblem(clock) {
      if (facingMode === 'none')
        return `ruleset "${rules.id}" does not use facing, so a counter has none`
      return checkFacing(clock, orientation, facingMode === 'vertex' ? 'vertex' : 'side')
    },
    facingName: (clock) =>
      facingMode === 'vertex' ? vertexName(clock, orientation) : sideName(clock, orientation),
    indexOf: (label) => numbered().index.get(label) ?? -1,
    labelAt: (i) => board.allHexes()[i] as string,
    get neighborTable() {
      return numbered().table
    },
  }
  return board
}
