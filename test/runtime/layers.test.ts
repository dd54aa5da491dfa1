/**
 * The runtime's layers point one way (docs/ARCHITECTURE.md §1): a module imports, for its values
 * or its types alike, only modules of its own layer or of a layer below. The content layer reads
 * files and knows no rule; the rules kernel prepares what content describes; the state kernel
 * plays changes under those rules; the library checks and loads everything together; the play
 * engine, the playability checks and the public entry sit on top.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { describe, expect, test } from 'vitest'
import { listFiles } from '../helpers/files'
import { projectRoot } from '../helpers/fixtures'
import { relativeImports, resolveModule } from '../helpers/imports'

const runtime = join(projectRoot, 'src', 'runtime')

/**
 * The layers from the bottom up; the folders of one entry are side by side. The generated
 * types and validators belong with content, whose validator types they use.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['hex', 'dice', 'expr'],
  ['generated', 'content'],
  ['rules'],
  ['state'],
  ['library'],
  ['play'],
  ['playability'],
  ['index.ts'],
]

/** The layer of a module under `root`: the rank of its top folder (or of index.ts itself). */
function layerOf(root: string, file: string): number {
  const top = relative(root, file).split(sep)[0] as string
  const rank = LAYERS.findIndex((layer) => layer.includes(top))
  if (rank < 0) throw new Error(`${relative(root, file)} is in no layer: add its folder to LAYERS`)
  return rank
}

/** Every import of a module under `root` that reaches a higher layer, as "from → to". */
function upwardImports(root: string, files: readonly string[]): string[] {
  const label = (file: string): string => relative(root, file).split(sep).join('/')
  const found: string[] = []
  for (const file of files) {
    const own = layerOf(root, file)
    for (const { spec } of relativeImports(readFileSync(file, 'utf8'))) {
      const target = resolveModule(file, spec)
      if (target === undefined || !target.startsWith(root)) continue
      if (layerOf(root, target) > own) found.push(`${label(file)} → ${label(target)}`)
    }
  }
  return found
}

describe('the layers of the runtime', () => {
  const files = listFiles(runtime, '.ts')

  test('every runtime folder belongs to a layer', () => {
    expect(files.length).toBeGreaterThan(200)
    for (const file of files) expect(() => layerOf(runtime, file), file).not.toThrow()
  })

  test('finds an import that runs up, a type-only one too', () => {
    const root = mkdtempSync(join(tmpdir(), 'hexwright-layers-'))
    try {
      const write = (path: string, text: string): string => {
        mkdirSync(join(root, path, '..'), { recursive: true })
        writeFileSync(join(root, path), text)
        return join(root, path)
      }
      const made = [
        write('rules/prepare.ts', "import { read } from '../content/read'\nexport const a = read"),
        write(
          'content/read.ts',
          "import type { A } from '../rules/prepare'\nexport const read = 1",
        ),
        write('content/parse.ts', "import { read } from './read'\nexport const b = read"),
      ]
      expect(upwardImports(root, made)).toEqual(['content/read.ts → rules/prepare.ts'])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  test('no import, of values or of types, runs up the layers', () => {
    expect(upwardImports(runtime, files)).toEqual([])
  })
})
