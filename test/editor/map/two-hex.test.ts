// @vitest-environment jsdom
/**
 * Riders on the map: a counter filling two hexes is laid from its rear hex's centre to its front
 * hex's, the front end of its drawing (and its heading arrow's point) on the front hex, for each
 * of the six hexside headings of the flat-top Croisades map; a press on either hex takes it;
 * one-hex counters are drawn as they always were.
 */
import { readFileSync } from 'node:fs'
import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import HexMap from '../../../src/editor/map/HexMap.vue'
import {
  COUNTER_SIDE,
  WIDE_COUNTER_LENGTH,
  wideFrontLeft,
  widePlacement,
} from '../../../src/editor/map/wide-counters'
import { MapGeometry } from '../../../src/editor/map/map-geometry'
import {
  buildScene,
  changedOverlayHexes,
  layerFlags,
  topUnitOf,
  type MapUnit,
} from '../../../src/editor/map/map-scene'
import { carried, cubeOfLabel, rearHexOf } from '../../../src/editor/map/two-hex'
import { footprintRear } from '../../../src/runtime/hex/footprint'
import { SIDE_NAMES, sideClockFromName } from '../../../src/runtime'
import type { HexMap as HexMapData } from '../../../src/runtime/generated/content-types'
import { quietJsdomCanvas } from './fixtures'
import { wideCounterSvg } from '../../../src/editor/counters/counter-svg'

quietJsdomCanvas()

const map = JSON.parse(
  readFileSync('content/maps/croisades-olive-grove.json', 'utf8'),
) as HexMapData
const geo = new MapGeometry(map.grid)
const FRONT = 'J10'

/** The rear hex of a rider in J10 for each heading, read off the printed map. */
const REARS: Record<string, string> = {
  N: 'J11',
  NE: 'I10',
  SE: 'I9',
  S: 'J9',
  SW: 'K9',
  NW: 'K10',
}

const rider = (facing: string, extra: Partial<MapUnit> = {}): MapUnit => {
  const side = sideClockFromName(facing, 'flat')
  if (!side.ok) throw new Error(facing)
  return {
    id: 'guy',
    hex: FRONT,
    rotation: side.clock * 30,
    rear: rearHexOf(map.grid, FRONT, side.clock) ?? null,
    svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ...extra,
  }
}

const sceneOf = (units: MapUnit[]) =>
  buildScene(geo, map, undefined, layerFlags({}), units, [], () => null)

describe('a rider on the flat-top Croisades map', () => {
  it('has its rear behind its front, opposite the heading, as the runtime says', () => {
    expect(map.grid.orientation).toBe('flat')
    for (const facing of SIDE_NAMES.flat) {
      const clock = (sideClockFromName(facing, 'flat') as { clock: number }).clock
      const rear = rearHexOf(map.grid, FRONT, clock)
      expect(rear, facing).toBe(REARS[facing])
      const runtime = footprintRear({ front: cubeOfLabel(map.grid, FRONT)!, heading: clock })
      expect(cubeOfLabel(map.grid, rear!)).toEqual(runtime)
    }
    // Off the map: a front on the top row heading south has no rear; a front off it, no answer.
    expect(rearHexOf(map.grid, 'J1', 6)).toBeNull()
    expect(rearHexOf(map.grid, 'Z99', 0)).toBeUndefined()
    // Dragged by its rear, the whole counter moves with the pointer.
    expect(carried(map.grid, FRONT, 'J11', 'L11')).toBe('L10')
  })

  it('is drawn once, from its rear hex centre to its front hex centre, pointing to the front', () => {
    for (const facing of SIDE_NAMES.flat) {
      const scene = sceneOf([rider(facing)])
      expect(scene.wide.length, facing).toBe(1)
      const u = scene.wide[0]!
      const front = geo.center(FRONT)!
      const rear = geo.center(REARS[facing]!)!
      expect(u.span!.front).toEqual(front)
      expect(u.span!.rear.x).toBeCloseTo(rear.x, 6)
      expect(u.span!.rear.y).toBeCloseTo(rear.y, 6)
      // The heading, rear → front, is the facing's direction on the screen (y down).
      const h = (u.rotation * Math.PI) / 180
      const d = Math.hypot(front.x - rear.x, front.y - rear.y)
      expect((front.x - rear.x) / d).toBeCloseTo(Math.sin(h), 6)
      expect((front.y - rear.y) / d).toBeCloseTo(-Math.cos(h), 6)
      // The drawing: centred between the hexes, a counter wide, reaching half a counter past
      // each centre, its front end toward the front hex.
      const at = widePlacement(u.span!, u.rotation, geo.size)
      expect(at.cx).toBeCloseTo((front.x + rear.x) / 2, 6)
      expect(at.width).toBeCloseTo(geo.size * COUNTER_SIDE, 6)
      expect(at.length / at.width).toBeCloseTo(WIDE_COUNTER_LENGTH / 100, 6)
      const sign = at.frontLeft ? -1 : 1
      const ahead = { x: sign * Math.cos(at.angle), y: sign * Math.sin(at.angle) }
      expect(ahead.x).toBeCloseTo((front.x - rear.x) / d, 6)
      expect(ahead.y).toBeCloseTo((front.y - rear.y) / d, 6)
      // Never upside down: the face's top points up the screen (or sideways, north and south).
      expect(Math.cos(at.angle)).toBeGreaterThanOrEqual(-1e-9)
      expect(at.frontLeft).toBe(wideFrontLeft(u.rotation))
      // Both hexes give the rider to a press.
      expect(topUnitOf(scene, FRONT)).toBe('guy')
      expect(topUnitOf(scene, REARS[facing]!)).toBe('guy')
    }
  })

  it('draws the heading arrow in the rear end, its point at the face', () => {
    const face = { label: 'Sir Guy', ratings: {}, flags: [], side: { color: '#2f4f9f' } }
    for (const front of ['right', 'left'] as const) {
      const svg = wideCounterSvg(face, { length: WIDE_COUNTER_LENGTH, front })
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
      expect(doc.querySelector('parsererror')).toBeNull()
      const xs = doc
        .querySelector('[data-part="heading"]')!
        .getAttribute('points')!
        .split(' ')
        .map((p) => Number(p.split(',')[0]))
      const tip = front === 'right' ? Math.max(...xs) : Math.min(...xs)
      const tail = front === 'right' ? Math.min(...xs) : Math.max(...xs)
      // The arrow lies in the rear part and points into the face at the front end.
      const faceEdge = front === 'right' ? WIDE_COUNTER_LENGTH - 100 : 100
      expect(Math.abs(tip - faceEdge)).toBeLessThan(5)
      expect(Math.abs(tail - faceEdge)).toBeGreaterThan(100)
    }
  })

  it('repaints both of its hexes when it turns, and leaves one-hex counters as they were', () => {
    const turned = changedOverlayHexes([rider('N')], [rider('NE')], [], [])
    expect([...turned].sort()).toEqual(['I10', 'J10', 'J11'])
    const scene = sceneOf([{ id: 'foot', hex: 'K12', svg: '<svg/>' }])
    expect(scene.wide).toEqual([])
    expect(scene.units.get(geo.indexOf('K12'))).toEqual([
      { id: 'foot', rotation: 0, image: null, selected: false },
    ])
  })
})

describe('a press on a rider', () => {
  let wrapper: ReturnType<typeof mount> | null = null
  afterEach(() => {
    wrapper?.unmount()
    wrapper = null
  })

  it('on its rear hex gives the rider, as on its front hex', () => {
    // jsdom has no layout: client points are map points, A1 centred on (0, 0).
    wrapper = mount(HexMap, {
      props: { map, terrain: undefined, units: [rider('NE')] },
      attachTo: document.body,
    })
    const el = wrapper.get('[data-testid="hex-map"]').element
    for (const hex of [REARS.NE!, FRONT]) {
      const c = geo.center(hex)!
      const at = { clientX: c.x, clientY: c.y, bubbles: true, button: 0 }
      el.dispatchEvent(new MouseEvent('mousedown', at))
      el.dispatchEvent(new MouseEvent('mouseup', at))
    }
    expect(wrapper.emitted('hex-down')?.map((e) => e[0])).toEqual([REARS.NE, FRONT])
    expect(wrapper.emitted('unit-click')?.map((e) => e[0])).toEqual(['guy', 'guy'])
  })
})
