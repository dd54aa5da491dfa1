// @vitest-environment jsdom
import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import HexMap from '../../../src/editor/map/HexMap.vue'
import { quietJsdomCanvas, sampleMap, sampleTerrain } from './fixtures'

quietJsdomCanvas()

// jsdom has no layout: the map is 0×0 at zoom 0 with its origin at the top-left, so a client
// point (x, y) is map point (x, y), and hex 0101 is centred on (0, 0) with size 32.
function mountMap(props: Record<string, unknown> = {}) {
  return mount(HexMap, {
    props: { map: sampleMap(), terrain: sampleTerrain(), ...props },
    attachTo: document.body,
  })
}

const canvas = (w: ReturnType<typeof mountMap>) =>
  w.get('[data-testid="hex-map"]').element as HTMLElement
const mouse = (type: string, x: number, y: number, extra: MouseEventInit = {}) =>
  new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, button: 0, ...extra })

let wrapper: ReturnType<typeof mountMap> | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
})

describe('HexMap', () => {
  it('turns a press, a drag and a release into hex-down, hex-enter and hex-up', () => {
    wrapper = mountMap()
    const el = canvas(wrapper)
    el.dispatchEvent(mouse('mousedown', 2, 3))
    el.dispatchEvent(mouse('mousemove', 2, 3))
    el.dispatchEvent(mouse('mousemove', 48, 30)) // 0201 is centred on (48, 27.7)
    el.dispatchEvent(mouse('mouseup', 48, 30))
    expect(wrapper.emitted('hex-down')?.map((e) => e[0])).toEqual(['0101'])
    expect(wrapper.emitted('hex-enter')?.map((e) => e[0])).toEqual(['0101', '0201'])
    expect(wrapper.emitted('hex-up')?.map((e) => e[0])).toEqual(['0201'])
    // A drag is not a click.
    expect(wrapper.emitted('hexside-click')).toBeUndefined()
  })

  it('reports the nearest hexside and the map point on a click', () => {
    wrapper = mountMap()
    const el = canvas(wrapper)
    el.dispatchEvent(mouse('mousedown', 0, 24)) // near the south side of 0101
    el.dispatchEvent(mouse('mouseup', 0, 24))
    expect(wrapper.emitted('hexside-click')?.[0]?.[0]).toEqual({ hex: '0101', side: 'S' })
    expect(wrapper.emitted('map-click')?.[0]?.[0]).toEqual({ x: 0, y: 24 })
  })

  it('keeps the wheel for zoom unless a modifier is held or a counter is under it', () => {
    wrapper = mountMap({
      units: [{ id: 'u1', hex: '0303', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }],
    })
    const el = canvas(wrapper)
    el.dispatchEvent(
      new WheelEvent('wheel', { clientX: 2, clientY: 2, deltaY: 100, bubbles: true }),
    )
    expect(wrapper.emitted('hex-wheel')).toBeUndefined()
    el.dispatchEvent(
      new WheelEvent('wheel', { clientX: 2, clientY: 2, shiftKey: true, bubbles: true }),
    )
    expect(wrapper.emitted('hex-wheel')?.[0]?.[0]).toBe('0101')
    // 0303 is column 2, row 2: centre (96, 110.9).
    el.dispatchEvent(new WheelEvent('wheel', { clientX: 96, clientY: 110, bubbles: true }))
    expect(wrapper.emitted('hex-wheel')?.[1]?.[0]).toBe('0303')
    el.dispatchEvent(mouse('mousedown', 96, 110))
    el.dispatchEvent(mouse('mouseup', 96, 110))
    expect(wrapper.emitted('unit-click')?.[0]?.[0]).toBe('u1')
  })

  it('gives hexes for drops from a palette', () => {
    wrapper = mountMap()
    const drop = new Event('drop', { bubbles: true, cancelable: true }) as DragEvent
    Object.assign(drop, { clientX: 48, clientY: 30 })
    canvas(wrapper).dispatchEvent(drop)
    expect(wrapper.emitted('hex-drop')?.[0]?.[0]).toBe('0201')
    expect(drop.defaultPrevented).toBe(true)
  })

  it('publishes screen positions of hexes and hexsides for end-to-end tests', () => {
    wrapper = mountMap()
    expect(window.__hexwrightMap?.hexCenterOnScreen('0201')).toEqual({
      x: 48,
      y: expect.closeTo(27.71, 2),
    })
    const side = window.__hexwrightMap!.hexsideMidOnScreen('0101', 'S')!
    expect(side.x).toBeCloseTo(0, 6)
    expect(side.y).toBeGreaterThan(20)
    expect(side.y).toBeLessThan(27.72)
    wrapper.unmount()
    wrapper = null
    expect(window.__hexwrightMap).toBeUndefined()
  })

  it('says so, without crashing, when the grid cannot be drawn', async () => {
    const map = sampleMap()
    wrapper = mountMap({ map: { ...map, grid: { ...map.grid, columns: -1 } } })
    await nextTick()
    expect(wrapper.text()).toMatch(/cannot be drawn: columns must be a whole number/)
  })
})
