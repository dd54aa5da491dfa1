/**
 * The editor and the tools use the runtime through its public entry, src/runtime/index.ts, and
 * never a file inside it (issue 13, part 1): what the runtime offers is what that file exports,
 * so its insides can be rearranged without breaking them. ESLint refuses such an import as it is
 * written; this test holds even where the linter is not run.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import * as runtime from '../../src/runtime'
import { listFiles } from '../helpers/files'
import { projectRoot } from '../helpers/fixtures'
import { relativeImports, resolveModule } from '../helpers/imports'

const runtimeDir = join(projectRoot, 'src', 'runtime')
const entry = join(runtimeDir, 'index.ts')

/** Imports in `file` of a runtime module other than its entry, as `file: spec`. */
function deepImports(file: string): string[] {
  return relativeImports(readFileSync(file, 'utf8'))
    .filter((i) => {
      const target = resolveModule(file, i.spec)
      return target !== undefined && target.startsWith(runtimeDir) && target !== entry
    })
    .map((i) => `${relative(projectRoot, file)}: ${i.spec}`)
}

describe('the runtime is used through its public entry', () => {
  test('the scan finds an import of a file inside the runtime, typed or not', () => {
    const probe = join(projectRoot, 'src', 'editor', 'probe.ts')
    const text = [
      "import type { GameState } from '../runtime/state'",
      "import { startGame } from '../runtime'",
      "import { cube } from '../runtime/hex/index'",
    ].join('\n')
    const inside = relativeImports(text).filter((i) => {
      const target = resolveModule(probe, i.spec)
      return target !== undefined && target !== entry && target.startsWith(runtimeDir)
    })
    expect(inside.map((i) => i.spec)).toEqual(['../runtime/state', '../runtime/hex/index'])
  })

  test('no module of src/editor or tools/ imports a file inside src/runtime', () => {
    const files = ['src/editor', 'tools'].flatMap((dir) => [
      ...listFiles(join(projectRoot, dir), '.ts'),
      ...listFiles(join(projectRoot, dir), '.vue'),
    ])
    expect(files.length).toBeGreaterThan(100)
    expect(files.flatMap(deepImports)).toEqual([])
  })

  test('the entry offers the play engine as a namespace and by name', () => {
    expect(typeof runtime.play.startGame).toBe('function')
    expect(typeof runtime.play.ai.namedPolicy).toBe('function')
    expect(runtime.startGame).toBe(runtime.play.startGame)
    expect(runtime.legalActions).toBe(runtime.play.legalActions)
    expect(runtime.replay).toBe(runtime.state.replay)
  })
})
