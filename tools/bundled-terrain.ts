/**
 * Vite plugin: `virtual:hexwright/bundled-terrain`, the terrain charts of the bundled rulesets
 * with the fingerprint of the rules files they were resolved from (see
 * src/editor/workspace/terrain-cache.ts). The production build resolves them here, with the
 * editor's own workspace library run through Vite's module runner over content/, so a map opened
 * on a cold page paints before the content checker has loaded. The dev server and the tests get
 * no charts (null): there every map resolves its terrain as it goes, as an edited ruleset does.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runnerImport } from 'vite'
import type { Plugin } from 'vite'
import type { buildTerrainCache } from '../src/editor/workspace/terrain-cache-build'

const ID = 'virtual:hexwright/bundled-terrain'
const RESOLVED = `\0${ID}`

/** Every .json file under content/, by the path the bundled content gives it (content/…). */
function contentTexts(root: string): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.json')) files.set(path, readFileSync(join(root, path), 'utf8'))
    }
  }
  walk('content')
  return files
}

export function bundledTerrainPlugin(): Plugin {
  let root = ''
  let building = false
  return {
    name: 'hexwright-bundled-terrain',
    configResolved(config) {
      root = config.root
      building = config.command === 'build'
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined
      if (!building) return 'export default null'
      const { module } = await runnerImport<{ buildTerrainCache: typeof buildTerrainCache }>(
        join(root, 'src/editor/workspace/terrain-cache-build.ts'),
        { root, logLevel: 'error' },
      )
      const cache = module.buildTerrainCache(contentTexts(root))
      return `export default ${JSON.stringify(cache)}`
    },
  }
}
