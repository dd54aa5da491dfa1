import { readFileSync } from 'node:fs'
import type { HexMap, RulesetManifest } from '../../../src/runtime/generated/content-types'

export const SAMPLE_PATH = 'content/maps/sample-ford.json'

export function sampleMap(): HexMap {
  return JSON.parse(readFileSync(SAMPLE_PATH, 'utf8')) as HexMap
}

export function sampleTerrain(): RulesetManifest['terrain'] {
  const r = JSON.parse(
    readFileSync('content/rulesets/men-of-iron-system.json', 'utf8'),
  ) as RulesetManifest
  return r.terrain
}

export function gridMap(
  orientation: 'flat' | 'pointy',
  offset: 'odd' | 'even',
  columns = 12,
  rows = 9,
): HexMap {
  return {
    $schema: '../../schemas/map.schema.json',
    id: 'test-map',
    schemaVersion: 1,
    name: 'Test',
    ruleset: 'men-of-iron-system',
    grid: {
      orientation,
      offset,
      columns,
      rows,
      numbering: { scheme: 'numeric', columnDigits: 2, rowDigits: 2, firstColumn: 1, firstRow: 1 },
    },
    defaultTerrain: 'clear',
  }
}

/** jsdom draws nothing; say so quietly instead of logging "not implemented" per tile. */
export function quietJsdomCanvas(): void {
  HTMLCanvasElement.prototype.getContext = (() =>
    null) as typeof HTMLCanvasElement.prototype.getContext
  window.scrollTo = () => {}
}
