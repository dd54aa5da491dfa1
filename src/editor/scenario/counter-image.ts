/**
 * The picture of a placed unit on the map: the shared counter renderer when the unit's type is
 * known to the ruleset, else a plain square with the type id, so a unit of a misspelt type still
 * shows (the problems panel says what is wrong with it).
 */
import type { ResolvedRuleset, UnitPlacement } from '../../runtime'
import { facesOfTypeId, type CounterRuleset } from '../counters/counter-faces'
import { counterSvg, escapeXml, wideCounterSvg } from '../counters/counter-svg'
import { WIDE_COUNTER_LENGTH, wideFrontLeft } from '../map/wide-counters'

/** A muted #rrggbb colour derived from a text, for things content gives no colour. */
export function colourFromId(id: string): string {
  let hash = 0
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const [h, s, l] = [hash % 360, 0.35, 0.45]
  const channel = (n: number) => {
    const k = (n + h / 30) % 12
    const c = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

function fallbackSvg(label: string, color: string | undefined, stripe: string | undefined): string {
  const band = stripe
    ? `<rect x="4" y="6" width="92" height="12" fill="${escapeXml(stripe)}"/>`
    : ''
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">` +
    `<rect x="2" y="2" width="96" height="96" rx="6" fill="${escapeXml(color ?? '#777777')}" stroke="#111" stroke-width="3"/>` +
    band +
    `<text x="50" y="62" font-family="sans-serif" font-weight="bold" font-size="26" text-anchor="middle" fill="#fff">` +
    `${escapeXml(label.slice(0, 6))}</text></svg>`
  )
}

const cache = new Map<string, string>()

/**
 * The counter of a placed unit, with its side's colour and its command's stripe; `heading` (in
 * degrees) for a unit that fills two hexes (a rider), drawn at the length it has on the map.
 */
export function unitCounterSvg(
  ruleset: ResolvedRuleset | undefined,
  unit: UnitPlacement,
  sideColor: string | undefined,
  stripe: string | undefined,
  heading?: number,
): string {
  const wide = heading === undefined ? false : wideFrontLeft(heading) ? 'left' : 'right'
  const key = JSON.stringify([
    ruleset?.id,
    unit.type,
    unit.name,
    unit.ratings,
    sideColor,
    stripe,
    wide,
  ])
  const hit = cache.get(key)
  if (hit) return hit
  const faces = ruleset
    ? facesOfTypeId(ruleset as unknown as CounterRuleset, unit.type, {
        unit: { name: unit.name, ratings: unit.ratings },
        sideColor,
        stripe,
      })
    : null
  const svg = !faces
    ? fallbackSvg(unit.type, sideColor, stripe)
    : wide
      ? wideCounterSvg(faces.front, { length: WIDE_COUNTER_LENGTH, front: wide })
      : counterSvg(faces.front, { size: 100 })
  if (cache.size > 2000) cache.clear()
  cache.set(key, svg)
  return svg
}
