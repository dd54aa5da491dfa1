// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { renderMapSvg } from '../../../src/editor/map/map-svg'
import { gridMap, sampleMap, sampleTerrain } from './fixtures'

const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml')

describe('the map as SVG', () => {
  const map = sampleMap()
  const terrain = sampleTerrain()

  it('is a well-formed SVG document with every hex numbered', () => {
    const doc = parse(renderMapSvg(map, terrain))
    expect(doc.querySelector('parsererror')).toBeNull()
    expect(doc.documentElement.tagName).toBe('svg')
    const numbers = [...doc.querySelectorAll('g.numbers text')].map((t) => t.textContent)
    expect(numbers).toHaveLength(16 * 12)
    expect(numbers).toContain('1612')
  })

  it('fills hexes with the ruleset colours and draws hexsides and place names', () => {
    const svg = renderMapSvg(map, terrain)
    const doc = parse(svg)
    const woods = terrain.hexTypes.find((t) => t.id === 'woods')!.color!
    expect(doc.querySelector(`g.terrain path[fill="${woods}"]`)).not.toBeNull()
    expect(doc.querySelectorAll('g.hexsides path').length).toBeGreaterThanOrEqual(
      map.hexsides!.length,
    )
    const names = [...doc.querySelectorAll('g.labels text')].map((t) => t.textContent)
    expect(names).toEqual(['The Ford', 'Tell Hamar', 'Olive Hill', 'Thorn Wood'])
    expect(doc.querySelectorAll('[data-feature="road"]')).toHaveLength(16)
  })

  it('leaves out layers that are switched off', () => {
    const doc = parse(renderMapSvg(map, terrain, { layers: { numbers: false, hexsides: false } }))
    expect(doc.querySelector('g.numbers')).toBeNull()
    expect(doc.querySelector('g.hexsides')).toBeNull()
    expect(doc.querySelector('g.terrain')).not.toBeNull()
  })

  it('escapes text and gives unknown terrain a generic colour', () => {
    const m = { ...gridMap('pointy', 'even', 3, 2), defaultTerrain: 'mystery' }
    m.labels = [{ hex: '0101', text: 'Fish & <Chips>' }]
    const svg = renderMapSvg(m, undefined)
    expect(parse(svg).querySelector('parsererror')).toBeNull()
    expect(parse(svg).querySelector('g.labels text')?.textContent).toBe('Fish & <Chips>')
    expect(svg).toContain('&lt;Chips&gt;')
    expect(svg).toMatch(/<path fill="#[0-9a-f]{6}"/)
  })

  it('refuses a grid it cannot draw, in words', () => {
    const bad = { ...map, grid: { ...map.grid, columns: 0 } }
    expect(() => renderMapSvg(bad, terrain)).toThrow(/cannot be drawn/)
  })
})
