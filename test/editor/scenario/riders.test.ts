// @vitest-environment jsdom
/**
 * Riders in the scenario editor: a rider covers its front hex and the hex behind it; a press
 * on either takes it; placing, moving or turning it keeps both hexes on the map, and a position
 * with its rear off the map is refused in a sentence with names, not ids.
 */
import { readFileSync } from 'node:fs'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MapGeometry } from '../../../src/editor/map/map-geometry'
import ScenarioMap from '../../../src/editor/scenario/ScenarioMap.vue'
import { useScenarioEditor } from '../../../src/editor/scenario/useScenarioEditor'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import { inProcessValidator } from '../../../src/editor/workspace/validation'
import type { HexMap, Scenario } from '../../../src/runtime/generated/content-types'
import { quietJsdomCanvas } from '../map/fixtures'

quietJsdomCanvas()

const PATH = 'content/scenarios/riders-test.json'
const grid = (JSON.parse(readFileSync('content/maps/croisades-olive-grove.json', 'utf8')) as HexMap)
  .grid
const geo = new MapGeometry(grid)

const scenario = {
  $schema: '../../schemas/scenario.schema.json',
  id: 'riders-test',
  schemaVersion: 1,
  name: 'Riders test',
  ruleset: 'croisades-tactical',
  map: 'croisades-olive-grove',
  setup: { firstSide: 'franks', turns: 4 },
  sides: [
    {
      id: 'franks',
      name: 'Franks',
      color: '#2f4f9f',
      units: [
        { id: 'guy', type: 'average-knight', name: 'Sir Guy', hex: 'J10', facing: 'N' },
        { id: 'hugh', type: 'sergeant', name: 'Hugh', hex: 'J13' },
        { id: 'corner', type: 'baron', name: 'The baron', hex: 'A1', facing: 'N' },
      ],
    },
    { id: 'saracens', name: 'Saracens', color: '#9f2f2f', units: [] },
  ],
}

async function setup() {
  setActivePinia(createPinia())
  const ws = useWorkspaceStore()
  await ws.init({ storage: memoryStorage(), validator: inProcessValidator() })
  ws.createFile(PATH, JSON.stringify(scenario, null, 2))
  return { ws, ed: useScenarioEditor(PATH) }
}

const unit = (ws: Awaited<ReturnType<typeof setup>>['ws'], id: string) =>
  ws
    .value<Scenario>(PATH)!
    .sides.flatMap((s) => s.units)
    .find((u) => u.id === id)

/** No id of the content shows in a sentence a designer reads. */
const ID_LIKE = /\b[a-z0-9]+(?:-[a-z0-9]+)+\b/

describe('a rider in the scenario editor', () => {
  // One workspace for the file: each test leaves the scenario as it found it (undo).
  let env: Awaited<ReturnType<typeof setup>>
  beforeAll(async () => {
    env = await setup()
  })
  let wrapper: ReturnType<typeof mount> | null = null
  afterEach(() => {
    wrapper?.unmount()
    wrapper = null
  })

  it('covers its front hex and the hex behind it', () => {
    const { ed } = env
    expect(ed.footprint(unit(env.ws, 'guy')!)).toEqual({ front: 'J10', rear: 'J11', heading: 0 })
    expect(ed.footprint(unit(env.ws, 'hugh')!)).toBeNull()
    expect(ed.unitsAt('J11')).toEqual(['guy'])
    expect(ed.unitsAt('J10')).toEqual(['guy'])
    expect(ed.unitsAt('J12')).toEqual([])
  })

  it('is selected by a press on its rear hex, and drawn over both hexes', async () => {
    const { ed } = env
    wrapper = mount(ScenarioMap, { props: { editor: ed }, attachTo: document.body })
    await flushPromises()
    const c = geo.center('J11')!
    const el = wrapper.get('[data-testid="hex-map"]').element
    const at = { clientX: c.x, clientY: c.y, bubbles: true, button: 0 }
    el.dispatchEvent(new MouseEvent('mousedown', at))
    el.dispatchEvent(new MouseEvent('mouseup', at))
    expect(ed.selection.unit).toBe('guy')
    const units = wrapper.findComponent({ name: 'HexMap' }).props('units') as Array<{
      id: string
      rear?: string | null
    }>
    expect(units.find((u) => u.id === 'guy')?.rear).toBe('J11')
    expect(units.find((u) => u.id === 'hugh')?.rear).toBeUndefined()
  })

  it('refuses a placement with its rear off the map, saying why in names', async () => {
    const { ws, ed } = env
    const before = ws.text(PATH)
    ed.selection.side = 'franks'
    // New units face the way the side's last faced unit does: north, so J20's rear is off.
    expect(ed.placingOf('average-knight', 'J20')).toMatchObject({
      front: 'J20',
      rear: null,
      twoHex: true,
    })
    expect(ed.placeUnit('average-knight', 'J20')).toBeUndefined()
    expect(ws.text(PATH)).toBe(before)
    const why = ed.refusal.value!
    expect(why).toBe(
      'Knight (mounted) fills two hexes: facing N with its front in J20, its rear would be off the map. Put it further in, or turn it first.',
    )
    expect(why).not.toMatch(ID_LIKE)
    // The map says it too.
    wrapper = mount(ScenarioMap, { props: { editor: ed }, attachTo: document.body })
    await flushPromises()
    expect(wrapper.get('[data-testid="placement-refused"]').text()).toBe(why)
    // One hex in, it stands: both hexes on the map, one undo step.
    const id = ed.placeUnit('average-knight', 'J19')!
    expect(ed.refusal.value).toBeNull()
    expect(ed.footprint(unit(ws, id)!)).toEqual({ front: 'J19', rear: 'J20', heading: 0 })
    ws.undo()
    expect(ws.text(PATH)).toBe(before)
  })

  it('turns on its front hex, so its rear moves, passing over headings that leave the map', () => {
    const { ws, ed } = env
    ed.select('guy')
    expect(ed.rotate(1)).toBe(true)
    expect(unit(ws, 'guy')?.facing).toBe('NE')
    expect(ed.footprint(unit(ws, 'guy')!)).toEqual({ front: 'J10', rear: 'I10', heading: 2 })
    // In the corner A1, facing north: NE, SE and S would put the rear off the map.
    ed.select('corner')
    expect(ed.rotate(1)).toBe(true)
    expect(unit(ws, 'corner')?.facing).toBe('SW')
    expect(ed.footprint(unit(ws, 'corner')!)?.rear).toBe('B1')
    ws.undo()
    expect(ed.rotate(-1)).toBe(true)
    expect(unit(ws, 'corner')?.facing).toBe('NW')
    ws.undo()
    ws.undo()
    expect(unit(ws, 'guy')?.facing).toBe('N')
  })

  it('moves with the hex it was taken by, and refuses a move or a typed hex off the map', () => {
    const { ws, ed } = env
    // Taken by its rear (J11) and dropped on L11: the rear lands there, the front in L10.
    expect(ed.moveUnit('guy', 'L11', 'J11')).toBe(true)
    expect(ed.footprint(unit(ws, 'guy')!)).toEqual({ front: 'L10', rear: 'L11', heading: 0 })
    expect(ed.landingOf('guy', 'L20')).toMatchObject({ front: 'L20', rear: null })
    expect(ed.moveUnit('guy', 'L20')).toBe(false)
    expect(ed.refusal.value).toMatch(/^Sir Guy fills two hexes: facing N with its front in L20/)
    expect(ed.updateUnit('guy', { hex: 'B20' }, 'Hex of Sir Guy')).toBe(false)
    expect(unit(ws, 'guy')?.hex).toBe('L10')
    // Units on foot go anywhere on the map, as before.
    expect(ed.moveUnit('hugh', 'J20')).toBe(true)
    ws.undo()
    ws.undo()
    expect(unit(ws, 'guy')?.hex).toBe('J10')
  })
})
