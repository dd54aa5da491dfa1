// @vitest-environment jsdom
/**
 * Every face of a counter: a Croisades character's healthy, stunned and wounded faces from its
 * type's ratings and ratingsByStatus, and a plain dead face, paired into double-sided counters;
 * a rider's mounted counter printed twice as wide with its heading arrow, and its on-foot
 * counters with it. A Men of Iron unit keeps its front and back, and nothing else.
 */
import { describe, expect, it } from 'vitest'
import { rulesetForScenario, rulesetForUnitSet } from '../../../src/editor/counters/content-lookup'
import {
  countersOf,
  faceForStatus,
  facePerStatus,
  facesOf,
  statusFacesOf,
} from '../../../src/editor/counters/counter-faces'
import { counterSvg, wideCounterSvg } from '../../../src/editor/counters/counter-svg'
import {
  cutLines,
  mirrored,
  placeCounters,
  sheetLayout,
  PAPERS,
} from '../../../src/editor/counters/print-layout'
import { buildCountersPdf } from '../../../src/editor/counters/print-pdf'
import { scenarioEntries, unitSetEntries } from '../../../src/editor/counters/sheet-entries'
import type { Scenario, UnitSet } from '../../../src/runtime/generated/content-types'
import { json, library } from './helpers'

const lib = library()
const cro = rulesetForScenario(lib, { ruleset: 'croisades-tactical' }).ruleset!
const characters = json<UnitSet>('content/units/croisades-characters.json')
const moiUnits = json<UnitSet>('content/units/men-of-iron-units.json')
const moi = rulesetForUnitSet(lib, moiUnits).ruleset!
const type = (rs: typeof cro, id: string) => rs.unitTypes.find((t) => t.id === id)!
const label = (id: string) => cro.statuses.states.find((s) => s.id === id)!.label

/** What a face says: its status band, and the ratings it prints. */
function printed(svg: string) {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
  return [...doc.querySelectorAll('text')].map((t) => t.textContent)
}

describe('the faces of a Croisades knight', () => {
  const mounted = type(cro, 'average-knight')
  const foot = type(cro, 'average-knight-on-foot')

  it('mounted: healthy and wounded, each with the ratings content gives it', () => {
    const faces = statusFacesOf(cro, mounted)
    expect(faces.map((f) => [f.status, f.label])).toEqual([
      ['healthy', label('healthy')],
      ['wounded', label('wounded')],
    ])
    const cls = cro.unitClasses!.find((c) => c.id === mounted.class)!
    expect(faces[0]!.face.ratings).toEqual({ ...cls.ratings, ...mounted.ratings })
    expect(faces[1]!.face.ratings).toEqual({
      ...cls.ratings,
      ...mounted.ratings,
      ...mounted.ratingsByStatus!.wounded,
    })
    expect(printed(counterSvg(faces[1]!.face))).toContain(label('wounded'))
  })

  it('on foot: healthy, stunned, wounded, and a plain dead face labelled by content', () => {
    const faces = statusFacesOf(cro, foot, { unit: { name: 'Sir Guy' } })
    expect(faces.map((f) => f.status)).toEqual(['healthy', 'stunned', 'wounded', 'dead'])
    expect(faces.map((f) => f.label)).toEqual(['healthy', 'stunned', 'wounded', 'dead'].map(label))
    for (const s of ['stunned', 'wounded'] as const)
      expect(faces.find((f) => f.status === s)!.face.ratings).toMatchObject(
        foot.ratingsByStatus![s]!,
      )
    const dead = faces[3]!.face
    expect(dead.ratings).toEqual({})
    expect(dead.flags).toEqual([])
    expect(dead.status).toEqual({ label: label('dead'), color: '#444444' })
    expect(printed(counterSvg(dead))).toEqual(['Sir Guy', 'Knight ft', label('dead')])
    // Two double-sided counters: healthy / stunned (the back it has always had), wounded / dead.
    expect(countersOf(cro, foot).map((c) => [c.front.status, c.back?.status])).toEqual([
      ['healthy', 'stunned'],
      ['wounded', 'dead'],
    ])
    expect(facesOf(cro, foot, { unit: { name: 'Sir Guy' } }).back).toEqual(faces[1]!.face)
  })

  it('in play shows the face of its status', () => {
    for (const s of ['healthy', 'stunned', 'wounded'])
      expect(faceForStatus(cro, foot, s).status?.label).toBe(label(s))
    expect(faceForStatus(cro, mounted, 'wounded').ratings).toMatchObject(
      mounted.ratingsByStatus!.wounded!,
    )
    // Each status has its own face here: one the counter lacks is not its back but its front,
    // whose ratings the unit keeps.
    expect(facePerStatus(cro)).toBe(true)
    expect(faceForStatus(cro, mounted, 'stunned')).toEqual(faceForStatus(cro, mounted, 'healthy'))
  })

  it('is listed on the unit set sheet: the mounted counter wide, every face captioned', () => {
    const entries = unitSetEntries(cro, characters)
    const of = (prefix: string) => entries.filter((e) => e.key.split(':')[0] === prefix)
    expect(of('average-knight').map((e) => [e.wide, e.caption])).toEqual([
      [true, 'Healthy / Wounded'],
    ])
    expect(of('average-knight-on-foot').map((e) => [e.wide, e.caption, e.twoSided])).toEqual([
      [undefined, 'Healthy / Stunned', true],
      [undefined, 'Wounded / Dead', true],
    ])
    // Every character's every face is on the sheet, and no caption or title shows an id.
    for (const t of characters.types!) {
      const shown = entries
        .filter((e) => e.key === t.id || e.key.startsWith(`${t.id}:`))
        .flatMap((e) => [e.front, ...(e.twoSided ? [e.back] : [])])
      expect(shown.length, t.id).toBe(statusFacesOf(cro, t).length)
    }
    for (const e of entries) {
      expect(e.title).not.toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/)
      expect(e.caption ?? '').not.toMatch(/healthy|stunned|wounded|dead/)
    }
  })

  it("brings a scenario rider's on-foot counters along with its mounted one", () => {
    const scenario = {
      sides: [
        {
          id: 'franks',
          name: 'Franks',
          color: '#2f4f9f',
          units: [
            { id: 'guy', type: 'average-knight', name: 'Sir Guy', hex: 'J10', facing: 'N' },
            { id: 'hugh', type: 'sergeant', name: 'Hugh', hex: 'J12' },
          ],
        },
      ],
    } as unknown as Scenario
    const { entries } = scenarioEntries(cro, scenario)
    expect(entries.map((e) => [e.title, e.caption, e.wide === true])).toEqual([
      ['Sir Guy', 'Healthy / Wounded', true],
      ['Sir Guy, Knight (on foot)', 'Healthy / Stunned', false],
      ['Sir Guy, Knight (on foot)', 'Wounded / Dead', false],
      ['Hugh', 'Healthy / Stunned', false],
      ['Hugh', 'Wounded / Dead', false],
    ])
    expect(entries.every((e) => e.front.label === e.title.split(',')[0])).toBe(true)
    // The mounted counter draws at two counters' length, with its heading arrow.
    const svg = wideCounterSvg(entries[0]!.front)
    expect(svg).toContain('viewBox="0 0 200 100"')
    expect(svg).toContain('data-part="heading"')
  })
})

describe('a Men of Iron unit', () => {
  it('keeps its front and back, one counter, no caption, no dead face', () => {
    expect(facePerStatus(moi)).toBe(false)
    for (const t of moiUnits.types!) {
      const faces = statusFacesOf(moi, t)
      expect(faces.length, t.id).toBe(t.ratingsByStatus ? 2 : 1)
      const f = facesOf(moi, t)
      expect(faces[0]!.face).toEqual(f.front)
      if (f.back) expect(faces[1]!.face).toEqual(f.back)
      // A retired unit shows its disordered side, as before.
      expect(faceForStatus(moi, t, 'retired')).toEqual(f.back ?? f.front)
      expect(faceForStatus(moi, t, 'normal')).toEqual(f.front)
    }
    const entries = unitSetEntries(moi, moiUnits)
    expect(entries.map((e) => e.key)).toEqual(moiUnits.types!.map((t) => t.id))
    expect(entries.some((e) => e.wide || e.caption)).toBe(false)
  })
})

describe('printing riders', () => {
  const letter = PAPERS.find((p) => p.id === 'letter')!
  const layout = sheetLayout(letter, 19.05)

  it('places a wide counter over two columns, on a new row when the row is full', () => {
    const spans = [...Array(layout.cols - 1).fill(1), 2, 1]
    const placed = placeCounters(layout, spans)
    expect(placed[layout.cols - 2]).toMatchObject({ row: 0, col: layout.cols - 2 })
    expect(placed[layout.cols - 1]).toMatchObject({ row: 1, col: 0, span: 2 })
    expect(placed[layout.cols]).toMatchObject({ row: 1, col: 2 })
    // Its back mirrored: the two columns at the other end of the row.
    expect(mirrored(layout, placed[layout.cols - 1]!)).toMatchObject({
      row: 1,
      col: layout.cols - 2,
    })
    // Single counters go where they always went, and the cut lines are the same.
    const singles = placeCounters(layout, [1, 1, 1])
    expect(singles.map((p) => [p.col, p.row])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ])
    expect(cutLines(layout, singles)).toEqual(cutLines(layout, 3))
    // No cut line runs through the wide counter.
    const wide = placed[layout.cols - 1]!
    const middle = wide.x + layout.size
    const through = cutLines(layout, placed).filter(
      (l) =>
        l.x1 === middle && l.x2 === middle && l.y1 < wide.y + 1 && l.y2 > wide.y + layout.size - 1,
    )
    expect(through).toEqual([])
  })

  it('rasterizes a wide counter twice as wide', async () => {
    const asked: Array<[number, number | undefined]> = []
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    )
    await buildCountersPdf(
      [
        { front: '<svg id="a"/>', back: '<svg id="b"/>', wide: true },
        { front: '<svg id="c"/>', back: '<svg id="d"/>' },
      ],
      { paper: letter, sizeMm: 19.05 },
      async (_svg, px, width) => {
        asked.push([px, width])
        return png
      },
    )
    const px = asked.find(([, w]) => w === undefined)![0]
    expect(asked.filter(([, w]) => w === 2 * px).length).toBe(2)
  })
})
