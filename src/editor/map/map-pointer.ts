/**
 * Pointer input on the map, turned into hex events by arithmetic (pixel → hex, nearest side)
 * rather than per-shape hit tests. Rules:
 * - hex-down / hex-enter / hex-up follow the left button; hex-enter fires whenever the pointer
 *   moves onto another hex (button up or down), so a brush stroke is down, enter…, up.
 * - a press and release within a few pixels is a click: it also gives hexside-click (the side
 *   nearest the pointer) and unit-click (the top counter of the hex, when units are shown).
 * - wheel: with Shift, Ctrl, Alt or Meta held, or over a hex with a counter (unless the wheel
 *   always zooms, as on the play map), the wheel is ours (hex-wheel, no zoom); otherwise Leaflet
 *   zooms on the pointer as usual.
 * - with panning by left drag switched off (a brush is active), the right button drags the map.
 */
import type L from 'leaflet'
import type { Point } from '../../runtime'
import type { MapGeometry, SidePick } from './map-geometry'

export interface PointerEmits {
  down(hex: string, e: MouseEvent): void
  enter(hex: string, e: MouseEvent): void
  leave(e: MouseEvent): void
  up(hex: string | null, e: MouseEvent): void
  side(pick: { hex: string; side: string }, e: MouseEvent): void
  drop(hex: string, e: DragEvent): void
  wheel(hex: string, e: WheelEvent): void
  unit(id: string, e: MouseEvent): void
  /** A click anywhere on the map, in map units (calibration clicks may fall off the grid). */
  point(p: Point, e: MouseEvent): void
}

/** The events of HexMap (its defineEmits): what the pointer rules above give a parent. */
export interface HexMapEvents {
  'hex-down': [hexId: string, e: MouseEvent]
  'hex-enter': [hexId: string, e: MouseEvent]
  'hex-leave': [e: MouseEvent]
  'hex-up': [hexId: string | null, e: MouseEvent]
  'hexside-click': [pick: { hex: string; side: string }, e: MouseEvent]
  'hex-drop': [hexId: string, e: DragEvent]
  'hex-wheel': [hexId: string, e: WheelEvent]
  'unit-click': [unitId: string, e: MouseEvent]
  'map-click': [point: Point, e: MouseEvent]
}

/** The pointer's callbacks, each emitting its HexMap event. */
export function emitsOf(
  emit: <K extends keyof HexMapEvents>(event: K, ...args: HexMapEvents[K]) => void,
): PointerEmits {
  return {
    down: (h, e) => emit('hex-down', h, e),
    enter: (h, e) => emit('hex-enter', h, e),
    leave: (e) => emit('hex-leave', e),
    up: (h, e) => emit('hex-up', h, e),
    side: (p, e) => emit('hexside-click', p, e),
    drop: (h, e) => emit('hex-drop', h, e),
    wheel: (h, e) => emit('hex-wheel', h, e),
    unit: (id, e) => emit('unit-click', id, e),
    point: (p, e) => emit('map-click', p, e),
  }
}

export interface PointerContext {
  map: () => L.Map | null
  geo: () => MapGeometry | null
  /** Id of the counter on top in this hex, when units are shown. */
  topUnit: (hex: string) => string | null
  leftDragPans: () => boolean
  /** The wheel zooms over counters too (no hex-wheel without a modifier key). */
  wheelAlwaysZooms?: () => boolean
}

const CLICK_SLOP = 5

export function pointOf(map: L.Map, e: MouseEvent): Point {
  const ll = map.mouseEventToLatLng(e)
  return { x: ll.lng, y: ll.lat }
}

export function attachPointer(
  el: HTMLElement,
  ctx: PointerContext,
  emit: PointerEmits,
): () => void {
  let down: { x: number; y: number } | null = null
  let pan: { x: number; y: number } | null = null
  let lastHex: string | null = null

  const onControl = (e: Event) =>
    (e.target as HTMLElement | null)?.closest?.('.leaflet-control') != null
  const hexOf = (e: MouseEvent): string | null => {
    if (onControl(e)) return null
    const map = ctx.map()
    const geo = ctx.geo()
    return map && geo ? geo.hexAt(pointOf(map, e)) : null
  }
  const sideOf = (e: MouseEvent): SidePick | null => {
    const map = ctx.map()
    const geo = ctx.geo()
    return map && geo ? geo.sideAt(pointOf(map, e)) : null
  }

  const onDown = (e: MouseEvent) => {
    if (e.button === 2 && !ctx.leftDragPans()) {
      pan = { x: e.clientX, y: e.clientY }
      return
    }
    if (e.button !== 0 || onControl(e)) return
    down = { x: e.clientX, y: e.clientY }
    const hex = hexOf(e)
    if (hex) emit.down(hex, e)
    window.addEventListener('mouseup', onUp)
  }
  const onMove = (e: MouseEvent) => {
    if (pan) {
      ctx.map()?.panBy([pan.x - e.clientX, pan.y - e.clientY], { animate: false })
      pan = { x: e.clientX, y: e.clientY }
      return
    }
    const hex = hexOf(e)
    if (hex === lastHex) return
    lastHex = hex
    if (hex) emit.enter(hex, e)
    else emit.leave(e)
  }
  const onUp = (e: MouseEvent) => {
    window.removeEventListener('mouseup', onUp)
    if (!down) return
    const click = Math.hypot(e.clientX - down.x, e.clientY - down.y) <= CLICK_SLOP
    down = null
    const inside = el.contains(e.target as Node)
    const hex = inside ? hexOf(e) : null
    emit.up(hex, e)
    if (!click || !inside) return
    const map = ctx.map()
    if (map && !onControl(e)) emit.point(pointOf(map, e), e)
    const side = sideOf(e)
    if (side) emit.side({ hex: side.hex, side: side.side }, e)
    const unit = hex ? ctx.topUnit(hex) : null
    if (unit) emit.unit(unit, e)
  }
  const onPanEnd = () => (pan = null)
  const onMenu = (e: MouseEvent) => {
    if (!ctx.leftDragPans()) e.preventDefault()
  }
  const onLeave = (e: MouseEvent) => {
    if (lastHex !== null) emit.leave(e)
    lastHex = null
  }
  // Capture phase on the container runs before Leaflet's own wheel zoom (a bubble listener).
  const onWheel = (e: WheelEvent) => {
    const hex = hexOf(e)
    if (!hex) return
    const modifier = e.shiftKey || e.ctrlKey || e.altKey || e.metaKey
    if (!modifier && (ctx.wheelAlwaysZooms?.() || !ctx.topUnit(hex))) return
    e.preventDefault()
    e.stopPropagation()
    emit.wheel(hex, e)
  }
  const onDragOver = (e: DragEvent) => {
    if (hexOf(e)) e.preventDefault()
  }
  const onDrop = (e: DragEvent) => {
    const hex = hexOf(e)
    if (!hex) return
    e.preventDefault()
    emit.drop(hex, e)
  }

  el.addEventListener('mousedown', onDown)
  el.addEventListener('mousemove', onMove)
  el.addEventListener('mouseleave', onLeave)
  el.addEventListener('contextmenu', onMenu)
  el.addEventListener('wheel', onWheel, { capture: true, passive: false })
  el.addEventListener('dragover', onDragOver)
  el.addEventListener('drop', onDrop)
  window.addEventListener('mouseup', onPanEnd)
  return () => {
    el.removeEventListener('mousedown', onDown)
    el.removeEventListener('mousemove', onMove)
    el.removeEventListener('mouseleave', onLeave)
    el.removeEventListener('contextmenu', onMenu)
    el.removeEventListener('wheel', onWheel, { capture: true })
    el.removeEventListener('dragover', onDragOver)
    el.removeEventListener('drop', onDrop)
    window.removeEventListener('mouseup', onPanEnd)
    window.removeEventListener('mouseup', onUp)
  }
}
