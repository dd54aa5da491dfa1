import { createPinia, setActivePinia } from 'pinia'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Scenario } from '../../../src/runtime/generated/content-types'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'
import {
  sideParameterFields,
  typesByClass,
  victoryRows,
} from '../../../src/editor/scenario/ruleset-facts'
import { scenarioKey, unitAtPointer } from '../../../src/editor/scenario/scenario-hooks'
import { useScenarioEditor } from '../../../src/editor/scenario/useScenarioEditor'
import { newScenario } from '../../../src/editor/workspace/templates'

const PATH = 'content/scenarios/sample-skirmish.json'

async function setup() {
  setActivePinia(createPinia())
  const ws = useWorkspaceStore()
  await ws.init({ storage: memoryStorage(), validator: inProcessValidator() })
  await ws.settled()
  return { ws, ed: useScenarioEditor(PATH) }
}

const key = (k: string) =>
  ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: null,
  }) as unknown as KeyboardEvent

describe('the scenario editor state', () => {
  let env: Awaited<ReturnType<typeof setup>>
  beforeAll(async () => {
    env = await setup()
  })

  it('reads the scenario, its resolved ruleset and map, and the facings they allow', () => {
    const { ed } = env
    expect(ed.problem.value).toBeNull()
    expect(ed.ruleset.value?.chain).toContain(ed.scenario.value!.ruleset)
    expect(ed.map.value?.id).toBe(ed.scenario.value!.map)
    expect(ed.mode.value).toBe('vertex')
    expect(ed.facings.value).toEqual(['NE', 'E', 'SE', 'SW', 'W', 'NW'])
    const groups = typesByClass(ed.ruleset.value)
    const all = groups.flatMap((g) => g.types.map((t) => t.id))
    expect(all).toEqual(expect.arrayContaining(['kn', 'pk', 'lc-a']))
    // Every type sits under its own class.
    for (const g of groups) for (const t of g.types) expect(t.class).toBe(g.classId)
  })

  it('places a unit of the chosen side and command as one undo step, and selects it', async () => {
    const { ws, ed } = env
    const before = ws.text(PATH)
    ed.selection.side = 'emirate'
    ed.selection.command = 'village-foot'
    const id = ed.drop('0909', { kind: 'type', id: 'pk' })
    expect(id).toBe('emirate-pk-1')
    const s = ws.value<Scenario>(PATH)!
    const u = s.sides[1]!.units.at(-1)!
    // Faces the way the side's last faced unit does.
    expect(u).toEqual({
      id,
      type: 'pk',
      name: 'Pike Infantry 1',
      command: 'village-foot',
      hex: '0909',
      facing: 'W',
    })
    expect(ed.selection.unit).toBe(id)
    expect(ws.undoLabel).toBe('Place Pike Infantry 1')
    await ws.settled()
    expect(ws.problems.filter((p) => p.file === PATH)).toEqual([])
    ws.undo()
    expect(ws.text(PATH)).toBe(before)
  })

  it('turns the selected unit one facing per key press, each its own edit', () => {
    const { ws, ed } = env
    ed.select('franks-kn-2')
    expect(scenarioKey(ed, key(']'))).toBe(true)
    expect(scenarioKey(ed, key('e'))).toBe(true)
    expect(scenarioKey(ed, key('ArrowLeft'))).toBe(true)
    const facing = () => ws.value<Scenario>(PATH)!.sides[0]!.units[2]!.facing
    expect(facing()).toBe('SE')
    expect(ed.unitRotation(facing())).toBe(150)
    ws.undo()
    expect(facing()).toBe('SW')
    ws.undo()
    ws.undo()
    expect(facing()).toBe('E')
    // Keys typed into a field are left alone.
    const input = {
      ...key(']'),
      target: { tagName: 'INPUT', closest: () => null },
    } as unknown as KeyboardEvent
    expect(scenarioKey(ed, input)).toBe(false)
  })

  it('moves a listed unit dropped on a hex, and deletes it', () => {
    const { ws, ed } = env
    ed.drop('0303', { kind: 'unit', id: 'franks-a-1' })
    expect(ws.value<Scenario>(PATH)!.sides[0]!.units.find((u) => u.id === 'franks-a-1')?.hex).toBe(
      '0303',
    )
    ed.deleteUnit('franks-a-1')
    expect(ws.value<Scenario>(PATH)!.sides[0]!.units.some((u) => u.id === 'franks-a-1')).toBe(false)
    expect(ed.selection.unit).toBeNull()
    ws.undo()
    ws.undo()
    expect(ws.value<Scenario>(PATH)!.sides[0]!.units.find((u) => u.id === 'franks-a-1')?.hex).toBe(
      '0804',
    )
  })

  it('lists the victory conditions with the ones the scenario drops, and the side values they read', () => {
    const { ed } = env
    const rows = victoryRows(ed.ruleset.value, ed.scenario.value!)
    expect(rows.find((r) => r.id === 'last-battle-fled')).toMatchObject({ dropped: true, index: 0 })
    expect(rows.find((r) => r.id === 'loss-check')).toMatchObject({
      dropped: false,
      origin: 'ruleset',
    })
    const fields = sideParameterFields(ed.ruleset.value, ed.scenario.value!)
    // The ruleset's declarations, in its order, under their labels and with their defaults.
    expect(fields.map((f) => [f.key, f.label, f.type, f.default])).toEqual([
      ['flightLevel', 'Flight level', 'number', 10],
      ['seizureCounters', 'Seizure counters drawn', 'number', 0],
      ['timed', 'Timed side', 'boolean', false],
      ['shieldWall', 'May form shield walls', 'boolean', false],
      ['flightEdge', 'Flight edge', 'string', null],
    ])
    expect(fields[0]?.help).toMatch(/loss check.*Rule 3\.0\.$/)
  })

  it('says when the file is not valid JSON instead of reading it', () => {
    const { ws, ed } = env
    ws.setText(PATH, '{ "sides": [', 'break it')
    expect(ed.problem.value).toBe('broken')
    expect(ed.scenario.value).toBeUndefined()
    expect(ed.placeUnit('kn', '0101')).toBeUndefined()
    expect(ws.text(PATH)).toBe('{ "sides": [')
    ws.undo()
    expect(ed.problem.value).toBeNull()
  })
})

describe('locating a problem', () => {
  it('finds the unit a pointer points into, on the map or in a reinforcement group', async () => {
    const { ed } = await setup()
    expect(unitAtPointer(ed, '/sides/0/units/2/facing')).toBe('franks-kn-2')
    expect(unitAtPointer(ed, '/sides/1/reinforcements/0/units/1')).toBe('emir-lc-a-4')
    expect(unitAtPointer(ed, '/sides/0/commands/0')).toBeUndefined()
    expect(unitAtPointer(ed, '/sides/0/units/99')).toBeUndefined()
  })
})

describe('a new scenario', () => {
  it('takes four units with facings through the test hook path, with no problems', async () => {
    const { ws } = await setup()
    const path = 'content/scenarios/fresh-battle.json'
    ws.createFile(path, newScenario({ id: 'fresh-battle', ruleset: 'infidel', map: 'sample-ford' }))
    const ed = useScenarioEditor(path)
    const placed = [
      ed.drop('0202', { kind: 'type', id: 'kn' }),
      ed.drop('0203', { kind: 'type', id: 'pk' }),
    ]
    ed.selection.side = 'second-side'
    placed.push(
      ed.drop('1202', { kind: 'type', id: 'hc' }),
      ed.drop('1203', { kind: 'type', id: 'a' }),
    )
    expect(placed).toEqual([
      'first-side-kn-1',
      'first-side-pk-1',
      'second-side-hc-1',
      'second-side-a-1',
    ])
    ed.rotate(2, 'first-side-kn-1')
    ed.rotate(-1, 'second-side-a-1')
    const s = ws.value<Scenario>(path)!
    expect(s.sides[0]!.units.map((u) => [u.hex, u.facing])).toEqual([
      ['0202', 'SE'],
      ['0203', 'NE'],
    ])
    expect(s.sides[1]!.units.map((u) => [u.hex, u.facing])).toEqual([
      ['1202', 'NE'],
      ['1203', 'NW'],
    ])
    // Each side starts with a command, which the units placed join: the battle plays at once
    // (valid means playable: a unit outside every command could never act).
    expect(s.sides.map((side) => side.units.map((u) => u.command))).toEqual([
      ['first-side-main', 'first-side-main'],
      ['second-side-main', 'second-side-main'],
    ])
    await ws.settled()
    expect(ws.problems.filter((p) => p.file === path)).toEqual([])
  })
})
