/**
 * Croisades riders in Chromium: a scenario on the olive grove with riders in each of the six
 * headings among characters on foot, in the scenario editor (a rider taken by its rear hex, a
 * placement refused at the map's edge) and in Play (a rider selected by its rear hex), and the
 * counter sheet of the Croisades characters. Screenshots land in test-results/.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../../tools/browser-harness'
import type { SessionOf } from './session'

const RESULTS = join(projectRoot, 'test-results')
const FIXTURE = join(projectRoot, 'test/fixtures/mods/melee-grove')
const VARIANT_PATH = 'content/rulesets/croisades-melee.json'
const SCENARIO_PATH = 'content/scenarios/riders-in-the-grove.json'
const UNITS_PATH = 'content/units/croisades-characters.json'

interface Hooks {
  __hexwright: {
    ws: {
      ready: boolean
      createFile(path: string, text: string): void
      value(path: string): unknown
    }
    nav: { open(path: string, view?: string): void }
  }
  __hexwrightMap: { hexCenterOnScreen(hex: string): { x: number; y: number } | null }
  __hexwrightScenario: {
    select(unitId: string | null): void
  }
}
type W = Window & Hooks

/** Riders facing each of the six sides of a flat-top hex, among characters on foot. */
function scenarioText(): string {
  const s = JSON.parse(readFileSync(join(FIXTURE, 'scenarios/melee-in-the-grove.json'), 'utf8'))
  s.id = 'riders-in-the-grove'
  s.name = 'Riders in the grove'
  s.$schema = '../../schemas/scenario.schema.json'
  s.sides[0].units.push(
    { id: 'guy', type: 'average-knight', name: 'Sir Guy', hex: 'G11', facing: 'NE' },
    { id: 'baron', type: 'baron', name: 'The baron', hex: 'H14', facing: 'N' },
    { id: 'templar', type: 'templar-knight', name: 'Templar', hex: 'G8', facing: 'SE' },
  )
  s.sides[1].units.push(
    { id: 'moonga', type: 'moonga', name: 'Moonga', hex: 'N9', facing: 'SW' },
    {
      id: 'syrian',
      type: 'syrian-heavy-cavalry',
      name: 'Syrian horseman',
      hex: 'O13',
      facing: 'NW',
    },
    { id: 'ha', type: 'horse-archer', name: 'Horse archer', hex: 'L15', facing: 'S' },
  )
  return JSON.stringify(s, null, 2)
}

function variantText(): string {
  const v = JSON.parse(readFileSync(join(FIXTURE, 'rulesets/croisades-melee.json'), 'utf8'))
  v.$schema = '../../schemas/variant.schema.json'
  return JSON.stringify(v, null, 2)
}

let page: Page

async function hexOnScreen(hex: string): Promise<{ x: number; y: number }> {
  const at = await page.evaluate(
    (h) => (window as unknown as W).__hexwrightMap.hexCenterOnScreen(h),
    hex,
  )
  if (!at) throw new Error(`hex ${hex} is not on the map`)
  return at
}

/** Zooms the map in on a hex with the wheel (Shift-free: over bare ground it zooms). */
async function zoomOn(hex: string, notches: number): Promise<void> {
  for (let i = 0; i < notches; i++) {
    const at = await hexOnScreen(hex)
    await page.mouse.move(at.x, at.y)
    await page.mouse.wheel(0, -120)
    await page.waitForTimeout(250)
  }
}

/** The riders' test, in a context of its own of the browser `of` gives. */
export function ridersInTheBrowser(of: SessionOf): void {
  describe('riders in the browser', () => {
    let url: string
    beforeAll(async () => {
      const { browser, url: at } = of()
      url = at
      const context = await browser.newContext({
        viewport: { width: 1500, height: 950 },
        acceptDownloads: true,
      })
      page = await context.newPage()
    })
    afterAll(async () => {
      await page?.context().close()
    })

    it('draws riders across two hexes in the scenario editor and in Play, and prints every face', async () => {
      await page.goto(url)
      await page.waitForFunction(() => (window as unknown as Partial<W>).__hexwright?.ws.ready)
      await page.evaluate(
        ([vp, vt, sp, st]) => {
          const ws = (window as unknown as W).__hexwright.ws
          ws.createFile(vp!, vt!)
          ws.createFile(sp!, st!)
        },
        [VARIANT_PATH, variantText(), SCENARIO_PATH, scenarioText()],
      )

      // The scenario editor: every rider a long counter from its rear hex to its front hex.
      await page.evaluate(
        (p) => (window as unknown as W).__hexwright.nav.open(p, 'scenario'),
        SCENARIO_PATH,
      )
      await page.waitForSelector('[data-testid=hex-map]')
      await page.waitForTimeout(800)

      // A knight about to be placed shows both of its hexes; at the edge, its rear would be off
      // the map (new units face south-east, as the Templar does): refused, and the map says why.
      await page.click('[data-testid=oob-type-average-knight]')
      const inside = await hexOnScreen('H12')
      await page.mouse.move(inside.x, inside.y)
      await page.waitForTimeout(300)
      const edge = await hexOnScreen('A10')
      await page.mouse.move(edge.x, edge.y)
      await page.locator('[data-testid=placement-refused]').waitFor()
      expect(await page.locator('[data-testid=placement-refused]').innerText()).toBe(
        'Knight (mounted) fills two hexes: facing SE with its front in A10, its rear would be off the map. Put it further in, or turn it first.',
      )
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(RESULTS, 'riders-scenario-refused.png') })
      await page.mouse.click(edge.x, edge.y)
      const units = (await page.evaluate(
        (p) => (window as unknown as W).__hexwright.ws.value(p),
        SCENARIO_PATH,
      )) as { sides: Array<{ units: unknown[] }> }
      expect(units.sides[0]!.units.length).toBe(6)

      await zoomOn('J13', 2)
      await page.waitForTimeout(800)
      await page.screenshot({ path: join(RESULTS, 'riders-scenario.png') })

      // A press on the rear hex of Sir Guy (front G11, facing NE: its rear in F12).
      const rear = await hexOnScreen('F12')
      await page.mouse.click(rear.x, rear.y)
      await expect
        .poll(() => page.locator('[data-testid=unit-inspector] strong').first().innerText())
        .toBe('Sir Guy')
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(RESULTS, 'riders-scenario-selected.png') })

      // The play view: the same riders in a game, a rider selected by a click on its rear hex.
      await page.evaluate(
        (p) => (window as unknown as W).__hexwright.nav.open(p, 'play'),
        SCENARIO_PATH,
      )
      await page.waitForSelector('[data-testid=play-setup]')
      await page.click('[data-testid=start-game]')
      await page.waitForSelector('[data-testid=play-map]')
      await page.waitForTimeout(800)
      await zoomOn('J13', 2)
      await page.waitForTimeout(800)
      const baronRear = await hexOnScreen('H15')
      await page.mouse.click(baronRear.x, baronRear.y)
      await expect
        .poll(() => page.locator('[data-testid=selected-unit] h3').innerText())
        .toBe('The baron')
      await page.waitForTimeout(500)
      await page.screenshot({ path: join(RESULTS, 'riders-play.png') })

      // The counter sheet: mounted counters twice as wide, every face of every character.
      await page.evaluate(
        (p) => (window as unknown as W).__hexwright.nav.open(p, 'counters'),
        UNITS_PATH,
      )
      // A tall window, so the sheet shows most of its counters at once.
      await page.setViewportSize({ width: 1500, height: 2300 })
      await page.waitForSelector('[data-testid=counter-sheet] img')
      await page.waitForTimeout(800)
      await page.screenshot({ path: join(RESULTS, 'riders-counter-sheet.png'), fullPage: false })
      // The print-and-play PDF of the same sheet, kept beside the screenshots.
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page.click('[data-testid=export-pdf]'),
      ])
      await pdf.saveAs(join(RESULTS, 'riders-counters.pdf'))
      const captions = await page.locator('[data-testid=sheet-caption]').allInnerTexts()
      expect(captions).toEqual(
        expect.arrayContaining(['Healthy / Wounded', 'Healthy / Stunned', 'Wounded / Dead']),
      )
    }, 180_000)
  })
}
