/**
 * Counters that fill two hexes (riders) on the map: one long counter from the rear hex's centre
 * to the front hex's, half a counter beyond each, its face at the front end and its heading
 * arrow in the rear end. Its drawing (counter-svg's wideCounterSvg) is WIDE_COUNTER_LENGTH by
 * 100 face units; it is painted once per tile over both hexes, after the one-hex counters.
 */
import type { Point } from '../../runtime'
import type { Rect } from './map-geometry'
import type { Scene } from './hex-painter'

/** Side of a counter's square, in hex sizes (centre to corner). */
export const COUNTER_SIDE = 1.1
/** Centre-to-centre distance of two neighbouring hexes, in hex sizes. */
export const NEIGHBOUR_DISTANCE = Math.sqrt(3)
/**
 * Length of a two-hex counter's drawing in face units (its face is 100 square, its height 100):
 * from the rear hex's centre to the front hex's, plus half a counter at each end.
 */
export const WIDE_COUNTER_LENGTH = 100 * (1 + NEIGHBOUR_DISTANCE / COUNTER_SIDE)

/**
 * Whether a two-hex counter heading this way (degrees clockwise from north) is drawn with its
 * front end on the left of its drawing: a counter heading west is turned half round from one
 * heading east, and its face would read upside down.
 */
export function wideFrontLeft(heading: number): boolean {
  return Math.sin((heading * Math.PI) / 180) < -1e-6
}

/** What a two-hex counter may cover, in map units: its two hexes and the counter's ends. */
export function spanRect(span: { rear: Point; front: Point }, size: number): Rect {
  return {
    minX: Math.min(span.rear.x, span.front.x) - size,
    minY: Math.min(span.rear.y, span.front.y) - size,
    maxX: Math.max(span.rear.x, span.front.x) + size,
    maxY: Math.max(span.rear.y, span.front.y) + size,
  }
}

/** Where a two-hex counter's drawing goes: its centre, its turn, its size (map units). */
export interface WidePlacement {
  cx: number
  cy: number
  /** Radians the drawing is turned by (clockwise, y down): its +x axis then points this way. */
  angle: number
  length: number
  width: number
  /** The drawing has its front end on its left (see wideFrontLeft). */
  frontLeft: boolean
}

/**
 * A two-hex counter laid from the rear hex's centre to the front hex's, with half a counter
 * beyond each, and turned so the front end of its drawing lies on the front hex.
 */
export function widePlacement(
  span: { rear: Point; front: Point },
  heading: number,
  size: number,
): WidePlacement {
  const { rear, front } = span
  const frontLeft = wideFrontLeft(heading)
  const width = size * COUNTER_SIDE
  return {
    cx: (rear.x + front.x) / 2,
    cy: (rear.y + front.y) / 2,
    angle: Math.atan2(front.y - rear.y, front.x - rear.x) + (frontLeft ? Math.PI : 0),
    length: Math.hypot(front.x - rear.x, front.y - rear.y) + width,
    width,
    frontLeft,
  }
}

/** Two-hex counters, each drawn once over both of its hexes. */
export function paintWide(ctx: CanvasRenderingContext2D, scene: Scene, rect: Rect) {
  const { geo } = scene
  for (const u of scene.wide) {
    const at = widePlacement(u.span!, u.rotation, geo.size)
    const reach = at.length / 2 + geo.size
    if (at.cx < rect.minX - reach || at.cx > rect.maxX + reach) continue
    if (at.cy < rect.minY - reach || at.cy > rect.maxY + reach) continue
    ctx.save()
    ctx.translate(at.cx, at.cy)
    ctx.rotate(at.angle)
    const x = -at.length / 2
    const y = -at.width / 2
    if (u.image) ctx.drawImage(u.image, x, y, at.length, at.width)
    else {
      ctx.fillStyle = '#ddd'
      ctx.fillRect(x, y, at.length, at.width)
    }
    ctx.lineWidth = u.selected ? geo.size * 0.1 : geo.size * 0.03
    ctx.strokeStyle = u.selected ? '#e08a00' : 'rgba(0,0,0,0.6)'
    ctx.beginPath()
    ctx.roundRect(x, y, at.length, at.width, at.width * 0.1)
    ctx.stroke()
    ctx.restore()
  }
}
