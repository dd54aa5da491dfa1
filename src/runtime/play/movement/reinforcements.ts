/**
 * Reinforcements (scenario sides[].reinforcements): groups that wait off the map until they are
 * due, then enter through their entry hexes when their command is activated, the first
 * movement point placing each unit on an entry hex. Hexes where enemy groups still have to
 * enter are closed to movement, and a command whose units all start off the map brings its
 * standard with its first unit (mechanics.movement.reinforcements).
 */
import type { LoadedScenario } from '../../rules/loaded'
import type { Scenario } from '../../generated/content-types'
import { effectApplies } from '../../rules'
import type { GameState } from '../../state/game-state'
import { sideContext } from '../../state/variables'
import { commandById } from '../forces'
import type { PlayContext } from '../procedure'
import { movementSettings } from './settings'

type Group = NonNullable<Scenario['sides'][number]['reinforcements']>[number]
type Ctx = Pick<PlayContext, 'loaded' | 'state'>

export function groupById(loaded: LoadedScenario, id: string): Group | undefined {
  for (const side of loaded.scenario.sides)
    for (const group of side.reinforcements ?? []) if (group.id === id) return group
  return undefined
}

/** Whether a group is due: its turn and activation reached, its condition true. */
export function groupArrived(ctx: Ctx, group: Group, side: string): boolean {
  const { turn, activation, when } = group.arrive
  if (turn !== undefined && ctx.state.clock.turn < turn) return false
  if (activation !== undefined && ctx.state.clock.activation < activation) return false
  if (when === undefined) return true
  const found = effectApplies(
    ctx.loaded.rules,
    'side',
    when,
    sideContext(ctx.loaded, ctx.state, side),
    `reinforcement group "${group.id}", arrive.when`,
  )
  // A condition the rules could not evaluate keeps the group waiting rather than stopping play.
  return found.ok && found.value
}

/** The hexes a group enters by: those it lists and those of its region. */
export function entryHexes(loaded: LoadedScenario, group: Group): string[] {
  const hexes = new Set(group.entry?.hexes ?? [])
  const region = group.entry?.region
  if (region !== undefined)
    for (const hex of (loaded.map.map.regions ?? []).find((r) => r.id === region)?.hexes ?? [])
      hexes.add(hex)
  return [...hexes]
}

/** Entry hexes of the groups of other sides than `side` that still have units off the map. */
export function enemyEntryHexes(ctx: Ctx, side: string): Set<string> {
  const closed = new Set<string>()
  if (movementSettings(ctx.loaded).reinforcements?.enemyEntryHexesClosed !== true) return closed
  for (const s of ctx.loaded.scenario.sides) {
    if (s.id === side) continue
    for (const group of s.reinforcements ?? []) {
      const waiting = Object.values(ctx.state.units).some(
        (u) => u.group === group.id && u.location === 'reinforcements',
      )
      if (waiting) for (const hex of entryHexes(ctx.loaded, group)) closed.add(hex)
    }
  }
  return closed
}

/**
 * Whether a command's standard stays off the map until its first unit arrives: the rules say
 * so, and every unit of the command (leaders aside) starts off the map.
 */
export function standardArrivesLater(
  loaded: LoadedScenario,
  state: GameState,
  command: string,
  leaders: ReadonlySet<string>,
): boolean {
  if (movementSettings(loaded).reinforcements?.standardOnArrival !== true) return false
  const units = Object.entries(state.units).filter(
    ([id, u]) => u.command === command && !leaders.has(id),
  )
  return units.length > 0 && units.every(([, u]) => u.location === 'reinforcements')
}

/** Puts a command's standard on the map (at its scenario hex) when its first unit enters. */
export function standardArrives(ctx: PlayContext, command: string | null): void {
  const settings = movementSettings(ctx.loaded).reinforcements
  const flow = ctx.state.flow
  if (command === null || flow === null || settings?.standardOnArrival !== true) return
  const hex = commandById(ctx.loaded, command)?.standard
  if (hex === undefined || Object.hasOwn(flow.standards, command)) return
  flow.standards[command] = hex
  ctx.applied.push({
    kind: 'note',
    text: `the standard of ${command} is placed in ${hex}`,
    ...(settings.rule === undefined ? {} : { rule: settings.rule }),
  })
}
