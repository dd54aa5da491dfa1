/**
 * Formation fire (lineOfSight.formation): a firer behind a straight front row of friends armed
 * alike shoots through it, straight ahead between two of its men, at a target far enough beyond.
 *
 * On the grid: the firer touches two neighbouring men A and B; the three hexes meet at one corner.
 * The row is the unbroken run of hexes, along the hex axis through A and B, holding friends armed
 * like them (and of their unit type when the settings ask). The lane is the ray from the firer's
 * centre through that corner and along the hexside between A and B: with d1 and d2 the steps from
 * the firer to A and to B, the hexes firer + k(d1 + d2) and firer + k(d1 + d2) + d1 or + d2, k ≥ 1
 * — one hex, then two, then one. The row lies across the lane.
 */
import type { Cube } from '../../hex'
import { cube, cubeAdd, cubeEquals, cubeScale, cubeSub } from '../../hex'
import type { LoadedScenario } from '../../rules/loaded'
import { boardOf } from '../../state/board'
import { hexesOf, unitsCovering } from '../../state/footprints'
import type { GameState } from '../../state/game-state'
import type { FireSettings } from './settings'

type Ctx = { readonly loaded: LoadedScenario; readonly state: GameState }

/** The line a formation may be shot through. */
export interface FormationLine {
  firer: string
  target: string
  fromHex: string
  toHex: string
  weapon?: { id: string; label: string }
}

/** What the firer's formations make of a line: the men shot through, and why others are not. */
export interface FormationVerdict {
  /** Men of a row the shot goes through. */
  through: ReadonlySet<string>
  /** Men of a row the firer stands behind that the shot may not go through, with the reason. */
  refused: ReadonlyMap<string, string>
}

const NONE: FormationVerdict = { through: new Set(), refused: new Map() }

/** The six steps to a hex's neighbours, in turn around it: each touches the next. */
const STEPS: readonly Cube[] = [
  cube(1, 0),
  cube(1, -1),
  cube(0, -1),
  cube(-1, 0),
  cube(-1, 1),
  cube(0, 1),
]

interface Row {
  men: string[]
  hexes: string[]
  /** The steps from the firer to the two men he shoots between. */
  d1: Cube
  d2: Cube
}

/** The firer's formation verdict on a line; NONE when the settings or the weapon have none. */
export function formationVerdict(
  ctx: Ctx,
  settings: FireSettings,
  line: FormationLine,
): FormationVerdict {
  const formation = settings.los.formation
  if (formation === undefined || line.weapon === undefined) return NONE
  if (formation.weapons !== undefined && !formation.weapons.includes(line.weapon.id)) return NONE
  const rows = rowsBehind(ctx, settings, line)
  if (rows.length === 0) return NONE
  const board = boardOf(ctx.loaded)
  const from = board.cubeOf(line.fromHex) as Cube
  const to = board.cubeOf(line.toHex)
  const targetHexes = hexesOf(ctx, line.target)
  const through = new Set<string>()
  const refused = new Map<string, string>()
  const label = line.weapon.label
  for (const row of rows) {
    const inLane = to !== null && laneHolds(from, row, cubeSub(to, from))
    const gap = Math.min(...row.hexes.flatMap((h) => targetHexes.map((t) => board.distance(h, t))))
    const why = !inLane
      ? `the ${label} shoots through a front row only straight ahead, between two of its men`
      : gap < formation.minDistance
        ? `the ${label} shoots through a front row only at a target at least ${formation.minDistance} hexes from it; ${ctx.state.units[line.target]?.name ?? line.target} is ${gap} hex${gap === 1 ? '' : 'es'} from it`
        : null
    for (const man of row.men)
      if (why === null) through.add(man)
      else if (!refused.has(man)) refused.set(man, why)
  }
  for (const man of through) refused.delete(man)
  return { through, refused }
}

/** Whether `v` (target minus firer) lies in the lane between the row's two men. */
function laneHolds(from: Cube, row: Row, v: Cube): boolean {
  const ahead = cubeAdd(row.d1, row.d2)
  const far = Math.max(Math.abs(v.q), Math.abs(v.r), Math.abs(v.s))
  for (let k = 1; 2 * k <= far + 1; k++) {
    const centre = cubeScale(ahead, k)
    if (
      cubeEquals(v, centre) ||
      cubeEquals(v, cubeAdd(centre, row.d1)) ||
      cubeEquals(v, cubeAdd(centre, row.d2))
    )
      return true
  }
  return false
}

/** Front rows the firer stands behind: one per pair of neighbouring men he touches. */
function rowsBehind(ctx: Ctx, settings: FireSettings, line: FormationLine): Row[] {
  const formation = settings.los.formation
  if (formation === undefined) return []
  const board = boardOf(ctx.loaded)
  const from = board.cubeOf(line.fromHex)
  if (from === null) return []
  const side = ctx.state.units[line.firer]?.side
  const kind = kindOf(ctx, settings, formation.sameUnitType === true)
  /** The man of the firer's side holding `at` and his kind, if he can stand in a row. */
  const manAt = (at: Cube): { man: string; hex: string; kind: string } | null => {
    const hex = board.labelIfOnMap(at)
    if (hex === null) return null
    for (const u of unitsCovering(ctx, hex)) {
      if (u === line.firer || u === line.target || ctx.state.units[u]?.side !== side) continue
      const k = kind(u)
      if (k !== null) return { man: u, hex, kind: k }
    }
    return null
  }
  const rows: Row[] = []
  for (let i = 0; i < STEPS.length; i++) {
    const d1 = STEPS[i] as Cube
    const d2 = STEPS[(i + 1) % STEPS.length] as Cube
    const a = manAt(cubeAdd(from, d1))
    const b = manAt(cubeAdd(from, d2))
    if (a === null || b === null || a.man === b.man || a.kind !== b.kind) continue
    const along = cubeSub(d2, d1)
    const men = new Set([a.man, b.man])
    const hexes = [a.hex, b.hex]
    for (const [start, step] of [
      [cubeAdd(from, d2), along],
      [cubeAdd(from, d1), cubeScale(along, -1)],
    ] as const) {
      let at = cubeAdd(start, step)
      for (let next = manAt(at); next?.kind === a.kind; next = manAt(at)) {
        men.add(next.man)
        hexes.push(next.hex)
        at = cubeAdd(at, step)
      }
    }
    if (men.size >= formation.minRow) rows.push({ men: [...men], hexes, d1, d2 })
  }
  return rows
}

/** A unit's arms (and type, when asked) as a key; null for one who cannot stand in a row. */
function kindOf(
  ctx: Ctx,
  settings: FireSettings,
  byType: boolean,
): (unit: string) => string | null {
  return (id) => {
    const unit = ctx.state.units[id]
    if (unit === undefined || settings.los.nonBlockingStatuses.includes(unit.status)) return null
    const weapons = (ctx.loaded.rules.unitTypes.get(unit.type)?.weapons ?? [])
      .map((w) => w.weapon)
      .sort()
    if (weapons.length === 0) return null
    return byType ? `${unit.type}|${weapons.join(',')}` : weapons.join(',')
  }
}
