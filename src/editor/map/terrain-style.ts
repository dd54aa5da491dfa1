/**
 * How terrain looks, read from the ruleset's terrain chart. Content may leave colours out; then a
 * neutral colour derived from the id keeps kinds apart and stays the same between sessions.
 */
import type { HexMap, TerrainChart } from '../../runtime'

export type SideStyle = 'line' | 'double' | 'dashed' | 'dotted' | 'wavy' | 'ticks'

export interface SideLook {
  color: string
  style: SideStyle
  label: string
  elevationChange: boolean
}

export interface TerrainLook {
  color(id: string): string
  pattern(id: string): string | undefined
  label(id: string): string
  side(id: string): SideLook
}

function hash(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${f(0)}${f(8)}${f(4)}`
}

/** A muted, stable colour for an id the chart gives no colour (or does not know). */
export function fallbackColor(id: string, lightness = 0.68): string {
  const h = hash(id)
  return hslToHex(h % 360, 0.22 + ((h >>> 9) % 20) / 100, lightness)
}

const SIDE_STYLES: readonly SideStyle[] = ['line', 'double', 'dashed', 'dotted', 'wavy', 'ticks']

export function terrainLook(terrain: TerrainChart | undefined): TerrainLook {
  const hexTypes = new Map((terrain?.hexTypes ?? []).map((t) => [t.id, t]))
  const sideTypes = new Map((terrain?.hexsideTypes ?? []).map((t) => [t.id, t]))
  const sides = new Map<string, SideLook>()
  return {
    color: (id) => hexTypes.get(id)?.color ?? fallbackColor(id),
    pattern: (id) => hexTypes.get(id)?.pattern,
    label: (id) => hexTypes.get(id)?.label ?? sideTypes.get(id)?.label ?? id,
    side(id) {
      let look = sides.get(id)
      if (!look) {
        const t = sideTypes.get(id)
        const style = t?.style && SIDE_STYLES.includes(t.style) ? t.style : 'line'
        look = {
          color: t?.color ?? fallbackColor(id, 0.35),
          style,
          label: t?.label ?? id,
          elevationChange: t?.elevationChange === true,
        }
        sides.set(id, look)
      }
      return look
    },
  }
}

/** The terrain of a hex: its own, else the map's default. */
export function terrainOf(map: HexMap, id: string): string {
  return map.hexes?.[id]?.terrain ?? map.defaultTerrain
}
