/**
 * The editor's cold start, for `npm run bench`: a page load in a new browser context (empty
 * cache, no IndexedDB, nothing compiled) straight to the address of the largest bundled map's
 * view, timed from navigation start to the map's `hexwright:map-painted` mark: every tile of its
 * first view painted. The goal, under a second, is the issue's.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import type { EditorFigure } from './editor'

/** The bundled map with the most hexes: the one a cold load opens. */
export function largestMap(root: string): { path: string; hexes: number } {
  let best = { path: '', hexes: -1 }
  for (const name of readdirSync(join(root, 'content/maps')).filter((f) => f.endsWith('.json'))) {
    const path = `content/maps/${name}`
    const map = JSON.parse(readFileSync(join(root, path), 'utf8')) as {
      grid?: { columns?: number; rows?: number }
    }
    const hexes = (map.grid?.columns ?? 0) * (map.grid?.rows ?? 0)
    if (hexes > best.hexes) best = { path, hexes }
  }
  if (!best.path) throw new Error('content/maps holds no map')
  return best
}

const COLD_LOADS = 5

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

/**
 * From navigation start to the map's `hexwright:map-painted` mark (every tile of its first view
 * painted), opening the address of the map's view in a new browser context: empty cache, no
 * IndexedDB, nothing compiled.
 */
async function coldPaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } })
  try {
    const page = await context.newPage()
    await page.goto(url)
    return await page.evaluate(async () => {
      for (;;) {
        const mark = performance.getEntriesByName('hexwright:map-painted')[0]
        if (mark) return mark.startTime
        if (performance.now() > 30_000) throw new Error('the map never finished painting')
        await new Promise((r) => setTimeout(r, 10))
      }
    })
  } finally {
    await context.close()
  }
}

export async function coldLoadFigure(
  root: string,
  browser: Browser,
  base: string,
): Promise<EditorFigure> {
  const map = largestMap(root)
  const loads: number[] = []
  for (let i = 0; i < COLD_LOADS; i++)
    loads.push(await coldPaint(browser, `${base}/#/map/${encodeURIComponent(map.path)}`))
  const name = map.path.replace(/^.*\//, '').replace(/\.json$/, '')
  const range = `${Math.round(Math.min(...loads))}–${Math.round(Math.max(...loads))} ms`
  return {
    name: `editor: largest map (${name}), cold load to first full paint`,
    value: median(loads),
    unit: 'ms',
    goal: 1000,
    notes: `${map.path}, ${map.hexes.toLocaleString('en-US')} hexes: median of ${loads.length} cold loads of #/map/… (new browser context each), navigation start to map-painted; ${range}`,
  }
}
