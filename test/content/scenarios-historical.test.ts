/**
 * The historical battles of the Men of Iron Tri-Pack as bundled scenarios (content/scenarios/
 * arsuf-1191, agincourt-1415, tewkesbury-1471, and ascalon-1099 under the Infidel 1.2 rules):
 * each loads with the bundled content under its game's ruleset, sets up legally (10.0 stacking, terrain its units may enter, 5.0 a leader for
 * every Battle, 5.1 an overall commander, 3.0 a flight level, 6.3 a seizure draw where seizure
 * is by counters, 16.1 a Time marker for the timed side) and starts: the first side named by the
 * scenario gets its free activation (4.0) with its seizure counters in hand.
 */
import { describe, expect, it } from 'vitest'
import type { LoadedScenario } from '../../src/runtime/rules/loaded'
import { legalActions, openPrompt, startGame } from '../../src/runtime/play'
import { hexEntryCost } from '../../src/runtime/play/terrain-costs'
import { evaluateBoolean } from '../../src/runtime/rules/evaluate'
import type { GameState, UnitState } from '../../src/runtime/state'
import { unitContext } from '../../src/runtime/state'
import { bundledLibrary } from './bundled'

interface Battle {
  id: string
  ruleset: string
  map: string
  firstSide: string
}

const BATTLES: Battle[] = [
  { id: 'arsuf-1191', ruleset: 'infidel', map: 'arsuf', firstSide: 'ayyubids' },
  { id: 'agincourt-1415', ruleset: 'men-of-iron', map: 'agincourt', firstSide: 'english' },
  { id: 'tewkesbury-1471', ruleset: 'blood-and-roses', map: 'tewkesbury', firstSide: 'yorkists' },
  { id: 'ascalon-1099', ruleset: 'infidel-v1-2', map: 'ascalon', firstSide: 'crusaders' },
]

function load(id: string): LoadedScenario {
  const result = bundledLibrary().scenario(id)
  if (!result.ok) {
    const problems = result.problems.map((p) => `${p.file}${p.pointer}: ${p.message}`)
    throw new Error(`scenario "${id}" does not load:\n${problems.join('\n')}`)
  }
  return result.value
}

function isLeaderType(loaded: LoadedScenario, type: string): boolean {
  const unitType = loaded.rules.unitTypes.get(type)
  if (unitType === undefined) throw new Error(`unknown unit type "${type}"`)
  return loaded.rules.unitClasses.get(unitType.class)?.flags?.includes('leader') === true
}

/** Hexes holding more units that count for stacking than the ruleset's limit allows. */
function overstacked(loaded: LoadedScenario, state: GameState): string[] {
  const stacking = loaded.rules.ruleset.board?.stacking
  if (stacking === undefined) throw new Error('the ruleset has no stacking limit')
  const counts = new Map<string, string[]>()
  for (const [id, unit] of Object.entries(state.units)) {
    if (unit.location !== 'map' || unit.hex === null) continue
    const counted =
      stacking.counts === undefined ||
      evaluateBoolean(
        loaded.rules,
        'unit',
        stacking.counts,
        unitContext(loaded, state, id),
        'board.stacking.counts',
      )
    if (counted) counts.set(unit.hex, [...(counts.get(unit.hex) ?? []), id])
  }
  return [...counts.entries()]
    .filter(([, ids]) => ids.length > stacking.limit)
    .map(([hex, ids]) => `${hex}: ${ids.join(', ')}`)
}

/** Whether the ruleset seizes continuity with drawn counters (Tri-Pack) or by a die roll (1.2). */
function seizureByCounters(loaded: LoadedScenario): boolean {
  return loaded.rules.ruleset.sequence.activation?.seizure?.model === 'counters'
}

describe.each(BATTLES)('$id', (battle) => {
  // Loaded on first use, so a scenario that fails to load fails its own tests only.
  let cached: LoadedScenario | undefined
  const get = () => (cached ??= load(battle.id))

  it(`loads with the bundled content under the ${battle.ruleset} rules on its own map`, () => {
    const loaded = get()
    const { scenario } = loaded
    expect(scenario.ruleset).toBe(battle.ruleset)
    expect(scenario.map).toBe(battle.map)
    expect(loaded.map.map.id).toBe(battle.map)
    expect(scenario.setup?.firstSide).toBe(battle.firstSide)
    expect(scenario.history?.length ?? 0).toBeGreaterThan(400)
    expect(scenario.sources?.length ?? 0).toBeGreaterThan(1)
  })

  it('10.0 stacking: sets up at most one combat unit per hex', () => {
    const loaded = get()
    const { state } = startGame(loaded, { seed: 1 })
    const onMap = Object.entries(state.units).filter(([, u]) => u.location === 'map')
    expect(onMap.length).toBeGreaterThan(40)
    expect(overstacked(loaded, state)).toEqual([])
    // The check itself sees a second combat unit moved onto an occupied hex.
    const combat = onMap.filter(([id]) => !isLeaderType(loaded, state.units[id]?.type ?? ''))
    const [[movedId, moved], [, target]] = combat as [[string, UnitState], [string, UnitState]]
    const doubled = {
      ...state,
      units: { ...state.units, [movedId]: { ...moved, hex: target.hex } },
    }
    expect(overstacked(loaded, doubled).length).toBe(1)
  })

  it('7.2 terrain: every unit sets up in a hex its movement class may enter', () => {
    const loaded = get()
    const { state } = startGame(loaded, { seed: 1 })
    const stuck: string[] = []
    for (const [id, unit] of Object.entries(state.units)) {
      if (unit.location !== 'map' || unit.hex === null) continue
      const type = loaded.rules.unitTypes.get(unit.type)
      const moveClass =
        type?.movementClass ?? loaded.rules.unitClasses.get(type?.class ?? '')?.movementClass
      if (hexEntryCost(loaded, unit.hex, moveClass ?? '') === null) stuck.push(`${id}@${unit.hex}`)
    }
    expect(stuck).toEqual([])
  })

  it('keeps a playable size: 20 to 45 combat units a side, every one in a Battle of its side', () => {
    const loaded = get()
    for (const side of loaded.scenario.sides) {
      const commands = new Set((side.commands ?? []).map((c) => c.id))
      const all = [...side.units, ...(side.reinforcements ?? []).flatMap((r) => r.units)]
      const combat = all.filter((u) => !isLeaderType(loaded, u.type))
      expect(combat.length, side.id).toBeGreaterThanOrEqual(20)
      expect(combat.length, side.id).toBeLessThanOrEqual(45)
      const group = (u: (typeof all)[number]) =>
        side.reinforcements?.find((r) => r.units.includes(u))?.command
      const loose = combat.filter((u) => !commands.has(u.command ?? group(u) ?? ''))
      expect(loose.map((u) => u.id)).toEqual([])
    }
  })

  it('5.0 every Battle has a named leader of its own, on the map or arriving with it', () => {
    const loaded = get()
    for (const side of loaded.scenario.sides) {
      expect(side.commands?.length ?? 0, side.id).toBeGreaterThanOrEqual(3)
      for (const command of side.commands ?? []) {
        const onMap = side.units.find((u) => u.id === command.leader)
        const arriving = (side.reinforcements ?? [])
          .flatMap((r) => r.units.map((u) => ({ u, group: r })))
          .find(({ u }) => u.id === command.leader)
        const leader = onMap ?? arriving?.u
        expect(leader, `${command.id} has no leader`).toBeDefined()
        if (leader === undefined) continue
        expect(isLeaderType(loaded, leader.type), `${leader.id} is a leader`).toBe(true)
        expect(leader.ratings?.activation, `${leader.id} activation rating`).toBeGreaterThan(0)
        expect(leader.ratings?.commandRange, `${leader.id} command range`).toBeGreaterThan(0)
        if (onMap !== undefined) expect(onMap.hex, `${leader.id} is on the map`).toBeDefined()
        // A leader belongs to the Battle he leads (the overall commander leads his own too).
        expect(leader.command ?? arriving?.group.command).toBe(command.id)
      }
    }
  })

  it('5.2 every leader on the map starts stacked with a unit of his own Battle', () => {
    const loaded = get()
    for (const side of loaded.scenario.sides) {
      const alone = side.units
        .filter((u) => isLeaderType(loaded, u.type) && u.hex !== undefined)
        .filter(
          (leader) =>
            !side.units.some(
              (u) =>
                u.hex === leader.hex &&
                u.command === leader.command &&
                !isLeaderType(loaded, u.type),
            ),
        )
      expect(
        alone.map((u) => u.id),
        side.id,
      ).toEqual([])
    }
  })

  it('5.1 each side names an overall commander among its leaders, on the map', () => {
    const loaded = get()
    for (const side of loaded.scenario.sides) {
      const commander = side.units.find((u) => u.id === side.commander)
      expect(commander, side.id).toBeDefined()
      expect(commander?.roles).toContain('commander')
      expect(commander?.hex).toBeDefined()
    }
  })

  it('3.0 / 6.3 / 16.1: each side has a flight level, its seizure draw and, if timed, a Time marker', () => {
    const loaded = get()
    const timedOn = loaded.options['timed-engagement'] === true
    let timedSides = 0
    for (const side of loaded.scenario.sides) {
      const params: Record<string, unknown> = side.parameters ?? {}
      expect(params.flightLevel, side.id).toEqual(expect.any(Number))
      expect(params.flightLevel as number).toBeGreaterThan(9)
      if (seizureByCounters(loaded)) {
        expect(Number.isInteger(params.seizureCounters), side.id).toBe(true)
        expect(params.seizureCounters as number).toBeGreaterThanOrEqual(1)
        expect(params.seizureCounters as number).toBeLessThanOrEqual(8)
      } else expect(params.seizureCounters, side.id).toBeUndefined()
      if (params.timed === true) {
        timedSides++
        expect(side.tracks?.time ?? 0, `${side.id} time`).toBeGreaterThan(0)
      }
    }
    expect(timedSides).toBe(timedOn ? 1 : 0)
  })

  it('4.0 starts: the first side is asked for its free activation, counters drawn (6.3)', () => {
    const loaded = get()
    const { scenario } = loaded
    const { state } = startGame(loaded, { seed: 11 })
    expect(openPrompt(state)).toMatchObject({
      side: battle.firstSide,
      kind: 'activation-choice',
    })
    expect(state.outcome).toBeNull()
    const legal = legalActions(loaded, state)
    expect(legal).toContainEqual({ type: 'pass', side: battle.firstSide })
    const first = scenario.sides.find((s) => s.id === battle.firstSide)
    for (const command of first?.commands ?? [])
      expect(legal).toContainEqual({
        type: 'activate',
        kind: 'battle',
        command: command.id,
        side: battle.firstSide,
      })
    for (const side of scenario.sides) {
      const params: Record<string, unknown> = side.parameters ?? {}
      const drawn = seizureByCounters(loaded) ? params.seizureCounters : 0
      expect(state.flow?.sides[side.id]?.hand.length, side.id).toBe(drawn)
    }
  })
})
