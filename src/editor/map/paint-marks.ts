/**
 * Small drawings inside a hex (terrain patterns named by the chart's `pattern` hint) and along a
 * hexside (the chart's `style`). Unknown pattern names draw nothing: the fill colour still tells
 * the terrain apart.
 */
import type { Point } from '../../runtime'
import type { SideLook } from './terrain-style'

// Fixed offsets (fractions of the hex size) so every hex of a kind looks the same and
// repaints are stable.
const SPOTS: ReadonlyArray<readonly [number, number]> = [
  [-0.42, -0.2],
  [0.05, -0.45],
  [0.45, -0.12],
  [-0.2, 0.3],
  [0.3, 0.38],
  [-0.55, 0.22],
  [0.02, 0.02],
]

export function drawPattern(
  ctx: CanvasRenderingContext2D,
  pattern: string,
  x: number,
  y: number,
  size: number,
): void {
  ctx.fillStyle = ctx.strokeStyle = 'rgba(20, 30, 10, 0.35)'
  ctx.lineWidth = size * 0.05
  ctx.beginPath()
  switch (pattern) {
    case 'trees':
    case 'sparse-trees':
    case 'orchard': {
      const spots = pattern === 'trees' ? SPOTS : SPOTS.filter((_, k) => k % 2 === 0)
      const r = size * (pattern === 'orchard' ? 0.09 : 0.14)
      for (const [dx, dy] of spots) {
        ctx.moveTo(x + dx * size + r, y + dy * size)
        ctx.arc(x + dx * size, y + dy * size, r, 0, 2 * Math.PI)
      }
      ctx.fill()
      return
    }
    case 'marsh':
    case 'rows':
      for (const [dx, dy] of SPOTS) {
        const w = size * (pattern === 'rows' ? 0.35 : 0.2)
        ctx.moveTo(x + dx * size - w / 2, y + dy * size)
        ctx.lineTo(x + dx * size + w / 2, y + dy * size)
      }
      ctx.stroke()
      return
    case 'buildings':
    case 'building':
    case 'castle': {
      const spots = pattern === 'buildings' ? SPOTS.slice(0, 4) : [[0, 0] as const]
      const s = size * (pattern === 'buildings' ? 0.2 : 0.36)
      for (const [dx, dy] of spots)
        ctx.rect(x + dx * size * 0.8 - s / 2, y + dy * size * 0.8 - s / 2, s, s)
      if (pattern === 'castle') ctx.stroke()
      else ctx.fill()
      return
    }
    case 'rocks':
    case 'brush':
      for (const [dx, dy] of SPOTS) {
        const px = x + dx * size
        const py = y + dy * size
        ctx.moveTo(px - size * 0.08, py + size * 0.06)
        ctx.lineTo(px, py - size * 0.08)
        ctx.lineTo(px + size * 0.08, py + size * 0.06)
      }
      ctx.stroke()
      return
  }
}

export function drawSide(
  ctx: CanvasRenderingContext2D,
  look: SideLook,
  a: Point,
  b: Point,
  down: Point,
  size: number,
): void {
  const w = size * 0.12
  ctx.save()
  ctx.strokeStyle = look.color
  ctx.lineCap = 'round'
  ctx.lineWidth = w
  ctx.beginPath()
  switch (look.style) {
    case 'dashed':
      ctx.setLineDash([w * 1.6, w * 1.2])
      break
    case 'dotted':
      ctx.setLineDash([0.01, w * 1.6])
      ctx.lineWidth = w * 1.3
      break
  }
  if (look.style === 'wavy') {
    const steps = 12
    const dx = b.x - a.x
    const dy = b.y - a.y
    for (let k = 0; k <= steps; k++) {
      const t = k / steps
      const wave = Math.sin(t * Math.PI * 3) * w * 0.7
      const px = a.x + dx * t + down.x * wave
      const py = a.y + dy * t + down.y * wave
      if (k === 0) ctx.moveTo(px, py)
      else ctx.lineTo(px, py)
    }
  } else {
    ctx.moveTo(a.x, a.y)
    ctx.lineTo(b.x, b.y)
  }
  if (look.style === 'ticks') {
    ctx.lineWidth = w * 0.6
    for (let k = 1; k <= 4; k++) {
      const t = k / 5
      const px = a.x + (b.x - a.x) * t
      const py = a.y + (b.y - a.y) * t
      ctx.moveTo(px, py)
      ctx.lineTo(px + down.x * size * 0.2, py + down.y * size * 0.2)
    }
  }
  ctx.stroke()
  if (look.style === 'double') {
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)'
    ctx.lineWidth = w * 0.35
    ctx.stroke()
  }
  ctx.restore()
}
