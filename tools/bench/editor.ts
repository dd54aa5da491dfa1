/**
 * The editor's figures for `npm run bench`: the initial JavaScript a visitor downloads (gzip,
 * Monaco excluded: it loads only with the JSON view), a cold page load straight into the largest
 * bundled map until it is fully painted, the time a 100×100 map takes to paint fully, and the
 * repaint after each hex of a brush stroke. Measured on the production build in Debian's
 * Chromium; the goals are the issues'.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, preview } from 'vite'
import type { Page } from 'playwright-core'
import { launchChromium, projectRoot } from '../browser-harness'
import { coldLoadFigure } from './editor-cold-load'

export interface EditorFigure {
  name: string
  value: number
  unit: string
  goal: number
  notes: string
}

interface Manifest {
  [key: string]: { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
}

/** Entry chunk plus everything it imports statically: what the first page load fetches. */
function initialChunks(manifest: Manifest): string[] {
  const seen = new Set<string>()
  const visit = (key: string): void => {
    const chunk = manifest[key]
    if (!chunk || seen.has(chunk.file)) return
    seen.add(chunk.file)
    for (const i of chunk.imports ?? []) visit(i)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  return [...seen].filter((f) => f.endsWith('.js'))
}

async function buildOnce(root: string, outDir: string): Promise<number> {
  await build({
    root,
    configFile: `${root}/vite.config.ts`,
    logLevel: 'error',
    build: { outDir, manifest: true, emptyOutDir: true },
  })
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const files = initialChunks(manifest)
  if (files.some((f) => /monaco|editor\.api/i.test(f)))
    throw new Error(`Monaco is in the initial bundle: ${files.join(', ')}`)
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(join(outDir, f))).length, 0)
}

/** A 100×100 map with varied terrain, rivers and labels, created through the store. */
async function createBigMap(page: Page, id: string): Promise<string> {
  return page.evaluate(async (mapId) => {
    const hw = (window as unknown as { __hexwright: { ws: HwStore; nav: HwNav } }).__hexwright
    const kinds = ['woods', 'rough', 'marsh', 'hill', 'village', 'light-woods']
    const hexes: Record<string, unknown> = {}
    for (let c = 1; c <= 100; c++)
      for (let r = 1; r <= 100; r++)
        if ((c * 7 + r * 13) % 3 === 0) {
          const id = String(c).padStart(3, '0') + String(r).padStart(3, '0')
          hexes[id] = { terrain: kinds[(c + r) % kinds.length] }
        }
    const hexsides = []
    for (let r = 1; r <= 100; r++)
      hexsides.push({
        hex: '050' + String(r).padStart(3, '0'),
        side: 'NE',
        features: ['stream'],
      })
    const map = {
      $schema: '../../schemas/map.schema.json',
      id: mapId,
      schemaVersion: 1,
      name: 'Benchmark 100 by 100',
      ruleset: 'men-of-iron-system',
      grid: {
        orientation: 'flat',
        offset: 'odd',
        columns: 100,
        rows: 100,
        numbering: {
          scheme: 'numeric',
          columnDigits: 3,
          rowDigits: 3,
          firstColumn: 1,
          firstRow: 1,
        },
      },
      defaultTerrain: 'clear',
      hexes,
      hexsides,
    }
    const path = `content/maps/${mapId}.json`
    hw.ws.createFile(path, JSON.stringify(map, null, 2) + '\n')
    return path
  }, id)
}

interface HwStore {
  createFile(path: string, text: string): void
}
interface HwNav {
  open(path: string, view?: string): void
}

async function paintTime(page: Page, path: string): Promise<number> {
  return page.evaluate(async (p) => {
    const hw = (window as unknown as { __hexwright: { nav: HwNav } }).__hexwright
    hw.nav.open('', 'overview')
    await new Promise((r) => setTimeout(r, 300))
    const t0 = performance.now()
    hw.nav.open(p, 'map')
    for (;;) {
      const mark = performance
        .getEntriesByName('hexwright:map-painted')
        .find((m) => m.startTime > t0)
      if (mark) return mark.startTime - t0
      if (performance.now() - t0 > 30_000) throw new Error('the map never finished painting')
      await new Promise((r) => setTimeout(r, 10))
    }
  }, path)
}

async function brushRepaints(page: Page): Promise<number[]> {
  await page.getByTestId('tool-terrain').click()
  await page.getByTestId('terrain-choice-woods').click()
  const at = (hex: string) =>
    page.evaluate(
      (h) =>
        (
          window as unknown as {
            __hexwrightMap: { hexCenterOnScreen(h: string): { x: number; y: number } }
          }
        ).__hexwrightMap.hexCenterOnScreen(h),
      hex,
    )
  await page.evaluate(() => performance.clearMeasures('hexwright:brush-repaint'))
  const start = await at('005005')
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  for (let c = 6; c <= 25; c++) {
    const p = await at(`${String(c).padStart(3, '0')}005`)
    await page.mouse.move(p.x, p.y, { steps: 3 })
  }
  await page.mouse.up()
  await page.waitForTimeout(300)
  return page.evaluate(() =>
    performance.getEntriesByName('hexwright:brush-repaint').map((m) => m.duration),
  )
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

/** The figures of the tree at `root` (the working tree, or a baseline's worktree). */
export async function editorFigures(root = projectRoot): Promise<EditorFigure[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'hexwright-build-'))
  const browser = await launchChromium()
  try {
    const gzip = await buildOnce(root, outDir)
    const server = await preview({
      root,
      configFile: `${root}/vite.config.ts`,
      logLevel: 'error',
      build: { outDir },
      preview: { port: 0, host: '127.0.0.1' },
    })
    try {
      const address = server.httpServer.address()
      if (!address || typeof address === 'string') throw new Error('preview has no address')
      const base = `http://127.0.0.1:${address.port}`
      const cold = await coldLoadFigure(root, browser, base)
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
      await page.goto(`${base}/`)
      await page.waitForFunction(
        () =>
          (window as { __hexwright?: { ws: { ready: boolean } } }).__hexwright?.ws.ready === true,
      )
      const path = await createBigMap(page, 'bench-100x100')
      const paints: number[] = []
      for (let i = 0; i < 5; i++) paints.push(await paintTime(page, path))
      const repaints = await brushRepaints(page)
      await page.close()
      return [
        {
          name: 'editor: initial JS (gzip, without Monaco)',
          value: gzip / 1024,
          unit: 'kB',
          goal: 400,
          notes: 'entry chunk and its static imports of the production build',
        },
        cold,
        {
          name: 'editor: 100×100 map, first full paint',
          value: median(paints),
          unit: 'ms',
          goal: 1000,
          notes: `median of ${paints.length} openings (first ${Math.round(paints[0] ?? NaN)} ms, includes loading the map view)`,
        },
        {
          name: 'editor: brush stroke repaint per hex',
          value: median(repaints),
          unit: 'ms',
          goal: 16,
          notes: `median of ${repaints.length} repaints, worst ${Math.round(Math.max(...repaints) * 10) / 10} ms`,
        },
      ]
    } finally {
      await server.close()
    }
  } finally {
    await browser.close()
    rmSync(outDir, { recursive: true, force: true })
  }
}

export function formatEditorFigures(figures: readonly EditorFigure[]): string {
  const rows = figures.map((f) => [
    f.name,
    `${f.value.toFixed(f.value < 100 ? 1 : 0)} ${f.unit}`,
    `< ${f.goal} ${f.unit}`,
    f.value < f.goal ? 'met' : 'MISSED',
    f.notes,
  ])
  const header = ['editor figure', 'measured', 'goal', '', 'notes']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}
