// @vitest-environment jsdom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import HexMap from '../../../src/editor/map/HexMap.vue'
import type { Scene } from '../../../src/editor/map/hex-painter'
import type { Highlight } from '../../../src/editor/map/map-scene'
import { useWorkspaceStore } from '../../../src/editor/stores/useWorkspaceStore'
import MapView from '../../../src/editor/views/MapView.vue'
import { memoryStorage } from '../../../src/editor/workspace/storage'
import type { HexMap as MapFile } from '../../../src/runtime/generated/content-types'
import { quietJsdomCanvas, SAMPLE_PATH } from './fixtures'

quietJsdomCanvas()

// jsdom draws no canvas: the PNG export is caught at the scene it would paint, the download at
// what it would hand the browser.
const exported = vi.hoisted(() => ({
  scenes: [] as unknown[],
  files: [] as Array<{ name: string; data: unknown }>,
}))
vi.mock('../../../src/editor/map/map-png', () => ({
  renderPng: (scene: unknown) => {
    exported.scenes.push(scene)
    return Promise.resolve(new Blob(['png']))
  },
}))
vi.mock('../../../src/editor/map/map-download', () => ({
  download: (name: string, data: unknown) => void exported.files.push({ name, data }),
}))

let ws: ReturnType<typeof useWorkspaceStore>
let wrapper: ReturnType<typeof mount> | null = null

beforeEach(async () => {
  setActivePinia(createPinia())
  ws = useWorkspaceStore()
  // The map editor does not wait for the full validation; skipping it keeps these tests quick.
  await ws.init({ storage: memoryStorage(), validator: { validate: async () => [], dispose() {} } })
})
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
})

async function open() {
  wrapper = mount(MapView, { props: { path: SAMPLE_PATH }, attachTo: document.body })
  await flushPromises()
  return wrapper
}
const click = (testid: string) => wrapper!.get(`[data-testid="${testid}"]`).trigger('click')
const map = () => ws.value<MapFile>(SAMPLE_PATH)!
const mouse = () => new MouseEvent('mousedown')

describe('the map editor', () => {
  it('paints a whole stroke as one undo step', async () => {
    await open()
    await click('tool-terrain')
    await click('terrain-choice-marsh')
    const hexMap = wrapper!.findComponent(HexMap)
    hexMap.vm.$emit('hex-down', '0101', mouse())
    hexMap.vm.$emit('hex-enter', '0102', mouse())
    hexMap.vm.$emit('hex-enter', '0202', mouse())
    // Shown while painting, written only at the end.
    await flushPromises()
    expect((hexMap.props('map') as MapFile).hexes?.['0102']).toEqual({ terrain: 'marsh' })
    expect(map().hexes?.['0102']).toBeUndefined()
    hexMap.vm.$emit('hex-up', '0202', mouse())
    for (const h of ['0101', '0102', '0202']) expect(map().hexes?.[h]).toEqual({ terrain: 'marsh' })
    expect(ws.undoLabel).toBe('Paint Marsh')
    ws.undo()
    expect(map().hexes?.['0101']).toBeUndefined()
    expect(map().hexes?.['0202']).toBeUndefined()
  })

  it('paints with a brush radius and fills an area', async () => {
    await open()
    await click('tool-terrain')
    await click('terrain-choice-rough')
    await wrapper!.get('[data-testid="brush-radius"]').setValue('1')
    const hexMap = wrapper!.findComponent(HexMap)
    hexMap.vm.$emit('hex-down', '0505', mouse())
    hexMap.vm.$emit('hex-up', '0505', mouse())
    const rough = Object.entries(map().hexes ?? {}).filter(([, h]) => h.terrain === 'rough')
    // 0505 and its six neighbours, plus the rough hex the map already had.
    expect(rough.map(([id]) => id).sort()).toEqual(
      ['0302', '0404', '0405', '0504', '0505', '0506', '0604', '0605'].sort(),
    )
    await click('tool-flood')
    await click('terrain-choice-marsh')
    hexMap.vm.$emit('hex-down', '0410', mouse())
    expect(ws.undoLabel).toBe('Fill with Marsh')
    for (const h of ['0309', '0310', '0409', '0410', '0411', '0510'])
      expect(map().hexes?.[h]?.terrain).toBe('marsh')
  })

  it('toggles a hexside feature by clicking the side', async () => {
    await open()
    await click('tool-hexside')
    await click('hexside-choice-wall')
    const hexMap = wrapper!.findComponent(HexMap)
    const before = map().hexsides!.length
    hexMap.vm.$emit('hexside-click', { hex: '0101', side: 'S' }, mouse())
    expect(map().hexsides).toHaveLength(before + 1)
    expect(map().hexsides!.at(-1)).toEqual({ hex: '0101', side: 'S', features: ['wall'] })
    // The same side clicked from the hex below takes it off again.
    hexMap.vm.$emit('hexside-click', { hex: '0102', side: 'N' }, mouse())
    expect(map().hexsides).toHaveLength(before)
  })

  it('raises ground and names a place', async () => {
    await open()
    await click('tool-elevation')
    const hexMap = wrapper!.findComponent(HexMap)
    hexMap.vm.$emit('hex-down', '0101', mouse())
    hexMap.vm.$emit('hex-up', '0101', mouse())
    expect(map().hexes?.['0101']).toEqual({ elevation: 1 })
    await click('tool-label')
    hexMap.vm.$emit('hex-down', '0101', mouse())
    await flushPromises()
    await wrapper!.get('[data-testid="label-text"]').setValue('Old Mill')
    await wrapper!.get('form').trigger('submit')
    expect(map().labels!.at(-1)).toEqual({ hex: '0101', text: 'Old Mill', size: 'medium' })
  })

  it('adds hexes to an entry area', async () => {
    await open()
    await click('tool-region')
    await wrapper!.get('[data-testid="region-choice"]').setValue('east-road-entry')
    const hexMap = wrapper!.findComponent(HexMap)
    hexMap.vm.$emit('hex-down', '1604', mouse())
    hexMap.vm.$emit('hex-enter', '1603', mouse())
    hexMap.vm.$emit('hex-up', '1603', mouse())
    expect(map().regions![2]!.hexes).toEqual(['1605', '1606', '1607', '1604', '1603'])
  })

  it('exports PNG and SVG with the regions but without the selected hex', async () => {
    await open()
    await click('tool-label')
    const hexMap = wrapper!.findComponent(HexMap)
    hexMap.vm.$emit('hex-down', '0101', mouse())
    await flushPromises()
    const onScreen = hexMap.props('highlights') as Highlight[]
    const selection = onScreen.find((h) => h.transient)!
    expect(selection.hex).toBe('0101')

    await click('export-svg')
    await click('export-png')
    await flushPromises()
    expect(exported.files.map((f) => f.name)).toEqual(['sample-ford.svg', 'sample-ford.png'])
    const svg = exported.files[0]!.data as string
    expect(svg).toContain('fill="#3060c0"')
    expect(svg).not.toContain(selection.color)
    const scene = exported.scenes[0] as Scene
    const colours = [...scene.highlights.values()].flat()
    expect(colours).toContain('#3060c0')
    expect(colours).not.toContain(selection.color)
    // The editor still shows it.
    expect(hexMap.props('highlights')).toContainEqual(selection)
  })

  it('shows a broken file as broken and leaves its text alone', async () => {
    ws.setText(SAMPLE_PATH, '{"id": "sample-ford", ')
    await open()
    expect(wrapper!.get('[data-testid="map-broken"]').text()).toMatch(/not valid JSON/)
    expect(ws.text(SAMPLE_PATH)).toBe('{"id": "sample-ford", ')
  })
})
