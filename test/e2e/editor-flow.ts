/**
 * The editor in Chromium, used as a new designer would: a new map painted, a scenario set up
 * and saved, a table cell changed in a variant, broken JSON typed, a reload, and a content pack
 * taken out and brought back. Each step checks what the user sees and what the files hold; a
 * screenshot of each main view lands in test-results/.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../../tools/browser-harness'
import type { BrowserSession, SessionOf } from './session'

const RESULTS = join(projectRoot, 'test-results')
const MAP_ID = 'e2e-meadow'
const MAP_PATH = `content/maps/${MAP_ID}.json`
const SCENARIO_ID = 'e2e-meadow-fight'
const SCENARIO_PATH = `content/scenarios/${SCENARIO_ID}.json`

interface Hooks {
  __hexwright: {
    ws: {
      ready: boolean
      text(path: string): string | undefined
      value(path: string): unknown
      settled(): Promise<void>
      problems: Array<{ file: string; line: number; column: number; message: string }>
    }
    nav: { open(path: string, view?: string): void }
  }
  __hexwrightMap: {
    hexCenterOnScreen(hex: string): { x: number; y: number }
    hexsideMidOnScreen(hex: string, side: string): { x: number; y: number }
  }
  __hexwrightMonaco: {
    setText(text: string): void
    getText(): string
    markers(): Array<{ line: number; column: number; message: string }>
  }
}
type W = Window & Hooks

let session: BrowserSession
let context: BrowserContext
let page: Page

async function fileValue<T>(path: string): Promise<T> {
  return page.evaluate((p) => (window as unknown as W).__hexwright.ws.value(p), path) as Promise<T>
}

async function settled(): Promise<void> {
  await page.evaluate(() => (window as unknown as W).__hexwright.ws.settled())
}

async function openFile(path: string, view: string): Promise<void> {
  await page.evaluate(
    ([p, v]) => (window as unknown as W).__hexwright.nav.open(p!, v),
    [path, view],
  )
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(RESULTS, `${name}.png`) })
}

async function ready(p: Page): Promise<void> {
  await p.waitForFunction(() => (window as unknown as Partial<W>).__hexwright?.ws.ready === true)
}

/** The designer's tests, in a context of the browser `of` gives; they save into its content copy. */
export function designerInTheEditor(of: SessionOf): void {
  describe('a designer in the editor', () => {
    beforeAll(async () => {
      session = of()
      context = await session.browser.newContext({
        viewport: { width: 1440, height: 900 },
        acceptDownloads: true,
      })
      page = await context.newPage()
      page.on('pageerror', (e) => console.error('page error:', e.message))
      await page.goto(session.url)
      await ready(page)
    }, 120_000)

    afterAll(async () => {
      await context?.close()
    })

    it('creates a 20×15 map and paints woods and a river on it', async () => {
      await page.getByTestId('new-menu').click()
      await page.getByTestId('new-map').click()
      await page.getByTestId('new-map-id').fill(MAP_ID)
      await page.getByTestId('new-map-columns').fill('20')
      await page.getByTestId('new-map-rows').fill('15')
      await page.getByTestId('new-map-ruleset').selectOption('men-of-iron-system')
      await page.getByTestId('new-map-create').click()
      await page.getByTestId('map-view').waitFor()
      await page.waitForFunction(() => Boolean((window as unknown as Partial<W>).__hexwrightMap))

      const at = (hex: string) =>
        page.evaluate((h) => (window as unknown as W).__hexwrightMap.hexCenterOnScreen(h), hex)
      await page.getByTestId('tool-terrain').click()
      await page.getByTestId('terrain-choice-woods').click()
      const woods = ['0504', '0505', '0605']
      const first = (await at(woods[0]!))!
      await page.mouse.move(first.x, first.y)
      await page.mouse.down()
      for (const h of woods.slice(1)) {
        const p = (await at(h))!
        await page.mouse.move(p.x, p.y, { steps: 4 })
      }
      await page.mouse.up()

      await page.getByTestId('tool-hexside').click()
      await page.getByTestId('hexside-choice-river').click()
      const river: Array<[string, string]> = [
        ['1001', 'SE'],
        ['1002', 'NE'],
        ['1002', 'SE'],
      ]
      for (const [hex, side] of river) {
        const p = (await page.evaluate(
          ([h, s]) => (window as unknown as W).__hexwrightMap.hexsideMidOnScreen(h!, s!),
          [hex, side],
        ))!
        await page.mouse.click(p.x, p.y)
      }
      await settled()
      const map = await fileValue<{
        grid: { columns: number; rows: number }
        hexes: Record<string, { terrain?: string }>
        hexsides?: Array<{ hex: string; side: string; features: string[] }>
      }>(MAP_PATH)
      expect(map.grid).toMatchObject({ columns: 20, rows: 15 })
      for (const h of woods) expect(map.hexes[h]?.terrain, h).toBe('woods')
      expect(map.hexsides?.filter((s) => s.features.includes('river'))).toHaveLength(3)
      await shot('map-editor')
    })

    it('sets up a scenario on that map with four units facing their ways, and saves it to content/', async () => {
      await page.getByTestId('new-menu').click()
      await page.getByTestId('new-scenario').click()
      await page.getByTestId('new-id').fill(SCENARIO_ID)
      await page.getByTestId('new-scenario-map').selectOption(MAP_ID)
      await page.getByTestId('new-base').selectOption('infidel')
      await page.getByTestId('new-side-1').fill('Blue')
      await page.getByTestId('new-side-2').fill('Red')
      await page.getByTestId('new-create').click()
      await openFile(SCENARIO_PATH, 'scenario')
      await page.getByTestId('scenario-view').waitFor()
      await page.getByTestId('hex-map').waitFor()

      const placements: Array<[string, string, string, number]> = [
        ['kn', '0404', 'blue', 0],
        ['ma', '0406', 'blue', 1],
        ['pk', '1204', 'red', 2],
        ['kn', '1206', 'red', 3],
      ]
      // Each unit is dragged from the order-of-battle palette onto its hex, then turned.
      const ids: string[] = []
      const mapBox = (await page.getByTestId('hex-map').boundingBox())!
      for (const [type, hex, side, turns] of placements) {
        await page.getByTestId(`side-choose-${side}`).check()
        const target = (await page.evaluate(
          (h) => (window as unknown as W).__hexwrightMap.hexCenterOnScreen(h),
          hex,
        ))!
        await page.getByTestId(`oob-type-${type}`).dragTo(page.getByTestId('hex-map'), {
          targetPosition: { x: target.x - mapBox.x, y: target.y - mapBox.y },
        })
        await settled()
        const placed = await fileValue<{
          sides: Array<{ id: string; units: Array<{ id: string; hex: string }> }>
        }>(SCENARIO_PATH)
        const unit = placed.sides.find((sd) => sd.id === side)?.units.find((u) => u.hex === hex)
        if (!unit) throw new Error(`dragging a ${type} onto ${hex} placed nothing`)
        ids.push(unit.id)
        await page.getByTestId(`placed-unit-${unit.id}`).click()
        for (let i = 0; i < turns; i++) await page.getByTestId('facing-right').click()
      }
      await settled()
      const scenario = await fileValue<{
        sides: Array<{
          id: string
          units: Array<{ id: string; type: string; hex: string; facing?: string }>
        }>
      }>(SCENARIO_PATH)
      const units = scenario.sides.flatMap((sd) => sd.units)
      expect(units.map((u) => [u.type, u.hex])).toEqual(placements.map(([t, h]) => [t, h]))
      // Every unit has a facing, and turning gave the four different ones.
      expect(units.every((u) => typeof u.facing === 'string')).toBe(true)
      expect(new Set(units.map((u) => u.facing)).size).toBe(4)
      for (const id of ids)
        await expect(page.getByTestId(`placed-unit-${id}`).count()).resolves.toBe(1)
      await shot('scenario-editor')

      await page.getByTestId('save-to-disk').click()
      await page.getByTestId('save-confirm').click()
      const result = page.getByTestId('save-result')
      await result.waitFor()
      expect(await result.getAttribute('data-ok')).toBe('true')
      for (const path of [MAP_PATH, SCENARIO_PATH]) {
        const onDisk = JSON.parse(
          readFileSync(join(session.content, path.replace(/^content\//, '')), 'utf8'),
        )
        expect(onDisk, path).toEqual(await fileValue(path))
      }
    })

    it('changes one cell of a combat table in a variant and sees it against the base', async () => {
      await openFile('content/rulesets/infidel-v1-2.json', 'diff')
      await page.getByTestId('variant-view').waitFor()
      await page.getByTestId('diff-pick-table').selectOption('inf-shock-crt')
      const table = page.getByTestId('diff-table-inf-shock-crt')
      const cell = table.getByTestId('diff-cell-4-1')
      const before = (await cell.innerText()).trim()
      await cell.click()
      await page.keyboard.press('Enter')
      await page.keyboard.press('Control+A')
      await page.keyboard.type('EG')
      await page.keyboard.press('Enter')
      await expect.poll(() => table.getByTestId('diff-changed').count()).toBe(1)
      const changed = (await table.getByTestId('diff-changed').innerText()).replace(/\s+/g, '')
      expect(changed).toContain(`${before}→EG`)
      const variant = await fileValue<{
        operations?: Array<{ op: string; path: string; value: unknown }>
      }>('content/rulesets/infidel-v1-2.json')
      expect(
        variant.operations?.some(
          (o) => o.path.startsWith('/tables/@inf-shock-crt/') && o.value === 'EG',
        ),
      ).toBe(true)
      await shot('variant-diff')
    })

    it('locates a JSON syntax error typed in Monaco, in the editor and in the problems panel', async () => {
      await openFile(MAP_PATH, 'json')
      await page.getByTestId('json-view').waitFor()
      await page.waitForFunction(() => Boolean((window as unknown as Partial<W>).__hexwrightMonaco))
      const good = await page.evaluate(() => (window as unknown as W).__hexwrightMonaco.getText())
      const broken = good.replace('"name":', '"name"')
      await page.evaluate((t) => (window as unknown as W).__hexwrightMonaco.setText(t), broken)
      const line = broken.slice(0, broken.indexOf('"name"')).split('\n').length
      await expect
        .poll(() => page.evaluate(() => (window as unknown as W).__hexwrightMonaco.markers()))
        .toEqual([expect.objectContaining({ line })])
      // The panel lists it under the file, at its line:column, and a click shows it in the editor.
      const problem = page.getByTestId('problem').filter({ hasText: 'expected' })
      await expect.poll(() => problem.count()).toBe(1)
      expect(await problem.getAttribute('title')).toContain(`${MAP_PATH} line ${line}`)
      expect(await page.getByTestId('problems-panel').innerText()).toContain(MAP_ID)
      await shot('json-error')
      // A broken file is kept as typed, through a reload.
      await settled()
      await page.reload()
      await ready(page)
      expect(
        await page.evaluate((p) => (window as unknown as W).__hexwright.ws.text(p), MAP_PATH),
      ).toBe(broken)
      await openFile(MAP_PATH, 'json')
      await page.waitForFunction(() => Boolean((window as unknown as Partial<W>).__hexwrightMonaco))
      await page.evaluate((t) => (window as unknown as W).__hexwrightMonaco.setText(t), good)
      await settled()
    }, 120_000)

    it('finds every edit still there after a reload', async () => {
      await page.reload()
      await ready(page)
      const map = await fileValue<{ hexes: Record<string, { terrain?: string }> }>(MAP_PATH)
      expect(map.hexes['0505']?.terrain).toBe('woods')
      const scenario = await fileValue<{ sides: Array<{ units: unknown[] }> }>(SCENARIO_PATH)
      expect(scenario.sides.flatMap((sd) => sd.units)).toHaveLength(4)
      const variant = await fileValue<{ operations?: Array<{ value: unknown }> }>(
        'content/rulesets/infidel-v1-2.json',
      )
      expect(variant.operations?.some((o) => o.value === 'EG')).toBe(true)
      const errors = await page.evaluate(() =>
        (window as unknown as W).__hexwright.ws.problems.filter((p) => p.file.includes('e2e-')),
      )
      expect(errors).toEqual([])
    })

    it('exports a content pack and re-imports it into an empty workspace with identical files', async () => {
      const exported = await download(page, 'export-pack')
      const other = await session.browser.newContext({
        viewport: { width: 1440, height: 900 },
        acceptDownloads: true,
      })
      const fresh = await other.newPage()
      await fresh.goto(session.url)
      await ready(fresh)
      await fresh.getByTestId('import-input').setInputFiles({
        name: 'pack.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(exported),
      })
      await fresh.getByTestId('import-confirm').click()
      await fresh.evaluate(() => (window as unknown as W).__hexwright.ws.settled())
      const again = await download(fresh, 'export-pack')
      const a = unzipSync(exported)
      const b = unzipSync(again)
      delete a['hexwright-pack.json']
      delete b['hexwright-pack.json']
      expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort())
      for (const name of Object.keys(a))
        expect(Buffer.from(b[name]!).equals(Buffer.from(a[name]!)), name).toBe(true)
      expect(Object.keys(a)).toContain(SCENARIO_PATH)
      await other.close()
    }, 120_000)

    it('shows the table, unit and counter views', async () => {
      await openFile('content/tables/moi-shock-crt.json', 'table')
      await page.getByTestId('table-grid').waitFor()
      await shot('table-editor')
      await openFile('content/units/infidel-units.json', 'units')
      await page.getByTestId('units-view').waitFor()
      await shot('units-editor')
      await openFile(SCENARIO_PATH, 'counters')
      await page.getByTestId('counter-sheet').waitFor()
      await shot('counter-sheet')
    })
  })
}

async function download(p: Page, testId: string): Promise<Uint8Array> {
  const [file] = await Promise.all([p.waitForEvent('download'), p.getByTestId(testId).click()])
  const path = await file.path()
  return new Uint8Array(readFileSync(path))
}
