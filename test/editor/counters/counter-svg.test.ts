// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import {
  cornersFor,
  counterDataUrl,
  counterSvg,
  formatRating,
  inkOn,
  type CounterInput,
} from '../../../src/editor/counters/counter-svg'
import { symbolsFor } from '../../../src/editor/counters/counter-symbols'
import { facesOfTypeId, effectiveFlags } from '../../../src/editor/counters/counter-faces'
import { rulesetForScenario, rulesetForUnitSet } from '../../../src/editor/counters/content-lookup'
import { scenarioEntries, unitSetEntries } from '../../../src/editor/counters/sheet-entries'
import type { Scenario, UnitSet } from '../../../src/runtime/generated/content-types'
import { json, library } from './helpers'

const lib = library()
const unitSet = json<UnitSet>('content/units/men-of-iron-units.json')
const moi = rulesetForUnitSet(lib, unitSet)

/** The SVG parsed, to read what is drawn where. */
function parse(svg: string) {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
  const texts = [...doc.querySelectorAll('text')].map((t) => ({
    text: t.textContent,
    x: Number(t.getAttribute('x')),
    y: Number(t.getAttribute('y')),
    fill: t.getAttribute('fill'),
  }))
  return { doc, texts }
}

describe('counter faces from content', () => {
  it('finds the ruleset a unit set is drawn with (the variant that includes it)', () => {
    expect(moi.problem).toBeUndefined()
    expect(moi.ruleset?.counter?.corners?.bottomRight).toBe('movement')
  })

  it('puts the ratings in the corners the ruleset layout names, front and back', () => {
    const rs = moi.ruleset!
    const f = facesOfTypeId(rs, 'cb', { sideColor: '#2f4f9f', stripe: '#7a9ad0' })!
    expect(cornersFor(f.front)).toEqual(rs.counter!.corners)
    const type = rs.unitTypes.find((t) => t.id === 'cb')!
    const front = parse(counterSvg(f.front))
    const back = parse(counterSvg(f.back!))
    const at = (p: ReturnType<typeof parse>, x: number, y: number) =>
      p.texts.find((t) => t.x === x && t.y > y - 10 && t.y < y + 10)?.text
    expect(at(front, 85, 84)).toBe(String(type.ratings!.movement))
    expect(at(back, 85, 84)).toBe(String(type.ratingsByStatus!.disordered!.movement))
    // The fire penalty is hidden where it is zero (the front) and shown in its diamond on the back.
    expect(at(front, 85, 26)).toBeUndefined()
    expect(at(back, 85, 26)).toBe('1')
    expect(back.doc.querySelectorAll('polygon').length).toBeGreaterThan(0)
    // Side colour as the background, the command stripe across the top.
    expect(front.doc.querySelector('rect')!.getAttribute('fill')).toBe('#2f4f9f')
    expect(front.doc.querySelector('path[fill="#7a9ad0"]')).not.toBeNull()
    // The back shows which status it stands for.
    expect(back.texts.some((t) => t.text === 'Disordered')).toBe(true)
  })

  it('gives leaders the corners the layout sets for their flag', () => {
    const f = facesOfTypeId(moi.ruleset!, 'battle-leader')!
    expect(cornersFor(f.front)).toEqual(moi.ruleset!.counter!.cornersByFlag!.leader)
    expect(f.back).toBeNull()
  })

  it('chooses symbols from flags, never from names', () => {
    const rs = moi.ruleset!
    const layout = rs.counter
    expect(symbolsFor(['mounted', 'missile'], undefined, layout)).toEqual(['slash', 'bow'])
    expect(symbolsFor(['foot'], undefined, layout)).toEqual(['cross'])
    expect(symbolsFor(['leader'], undefined, layout)).toEqual(['star'])
    expect(symbolsFor([], 'foot', { symbolsByMovementClass: { foot: 'cross' } })).toEqual(['cross'])
    expect(symbolsFor(['foot'], undefined, layout, 'dot')).toEqual(['dot'])
    expect(symbolsFor(['foot'], undefined, layout, 'no-such-symbol')).toEqual(['cross'])
    const mm = rs.unitTypes.find((t) => t.id === 'mm')!
    const cls = rs.unitClasses.find((c) => c.id === mm.class)
    expect(effectiveFlags(mm, cls)).toContain('mounted')
    expect(effectiveFlags({ ...mm, withoutFlags: ['mounted'] }, cls)).not.toContain('mounted')
  })

  it('styles a rating by flag: a ring round the defence of armoured characters only', () => {
    const cro = rulesetForScenario(lib, { ruleset: 'croisades-tactical' }).ruleset!
    const set = json<UnitSet>('content/units/croisades-characters.json')
    const draw = (flags: string[]) =>
      parse(
        counterSvg({
          label: 'X',
          ratings: { attack: 3, defense: 4, movement: 6 },
          flags,
          side: { color: '#ffffff' },
          layout: cro.counter,
          ratingDefs: cro.ratings,
        }),
      )
    expect(draw(['armoured']).doc.querySelectorAll('circle').length).toBe(1)
    expect(draw([]).doc.querySelectorAll('circle').length).toBe(0)
    const red = draw([]).texts.find((t) => t.text === '4')
    expect(red?.fill).toBe('#b3261e')
    // One counter or more for every type (riders' and characters' faces take several).
    expect(new Set(unitSetEntries(cro, set).map((e) => e.key.split(':')[0]))).toEqual(
      new Set(set.types!.map((t) => t.id)),
    )
  })

  it('falls back to the first declared ratings, clockwise from bottom-left', () => {
    const input: CounterInput = {
      label: 'T',
      ratings: { c: 3, a: 1, b: 2, e: 5, d: 4 },
      flags: [],
      side: {},
      ratingDefs: [{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }, { key: 'e' }],
    }
    expect(cornersFor(input)).toEqual({
      bottomLeft: 'a',
      topLeft: 'b',
      topRight: 'c',
      bottomRight: 'd',
    })
  })

  it('escapes text and stays well-formed whatever the label', () => {
    const svg = counterSvg({ label: '<b>&"x"', ratings: {}, flags: [], side: { color: 'bad"' } })
    const { doc, texts } = parse(svg)
    expect(doc.querySelector('parsererror')).toBeNull()
    expect(texts[0]!.text).toBe('<b>&"x"')
    expect(counterDataUrl({ label: 'A', ratings: {}, flags: [], side: {} })).toMatch(
      /^data:image\/svg\+xml/,
    )
  })

  it('prints values and picks readable ink', () => {
    expect(formatRating(-2)).toBe('−2')
    expect(formatRating(0)).toBe('0')
    expect(formatRating(true)).toBe('✓')
    expect(inkOn('#ffffff')).toBe('#1b1b1b')
    expect(inkOn('#2f4f9f')).toBe('#ffffff')
  })

  it('lists every unit of a scenario with its side colour and command stripe', () => {
    const scenario = json<Scenario>('content/scenarios/sample-skirmish.json')
    const rs = rulesetForScenario(lib, scenario).ruleset!
    const { entries, unknown } = scenarioEntries(rs, scenario)
    const count = scenario.sides.reduce(
      (n, s) =>
        n + s.units.length + (s.reinforcements ?? []).reduce((m, r) => m + r.units.length, 0),
      0,
    )
    expect(unknown).toEqual([])
    expect(entries.length).toBe(count)
    const side = scenario.sides[0]!
    const unit = side.units[1]!
    const entry = entries.find((e) => e.key === `${side.id}/${unit.id}`)!
    expect(entry.front.side.color).toBe(side.color)
    expect(entry.front.stripe).toBe(side.commands!.find((c) => c.id === unit.command)!.stripe)
    expect(entry.front.label).toBe(unit.name)
  })
})

describe('long labels', () => {
  it('break at the space nearest the middle', async () => {
    const { splitLabel } = await import('../../../src/editor/counters/counter-svg')
    expect(splitLabel('Knights 1')).toEqual(['Knights 1'])
    expect(splitLabel('Crossbows 1')).toEqual(['Crossbows 1'])
    expect(splitLabel('Count Aymar')).toEqual(['Count', 'Aymar'])
    expect(splitLabel('Light Cavalry Archers 1')).toEqual(['Light Cavalry', 'Archers 1'])
    expect(splitLabel('Supercalifragilistic')).toEqual(['Supercalifragilistic'])
  })
})
