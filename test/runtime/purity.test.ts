import { readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, test } from 'vitest'
import { listFiles } from '../helpers/files'
import { projectRoot } from '../helpers/fixtures'

// DESIGN.md: the runtime runs unchanged in Node, browsers and workers, and never executes content.
const runtime = join(projectRoot, 'src/runtime')
const files = listFiles(runtime, '.ts')
  .filter((f) => !f.includes(`${join('src', 'runtime', 'generated')}`))
  .map((path) => ({ name: relative(runtime, path), text: readFileSync(path, 'utf8') }))

/** Module names after `from`, `import` or `import(`, in single quotes, double quotes or backticks. */
const importsOf = (text: string): string[] =>
  [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*(['"`])([^'"`]+)\1/g)].map((m) => m[2] as string)

describe('src/runtime stays pure', () => {
  test('there are runtime files to check', () => {
    expect(files.length).toBeGreaterThan(50)
  })

  test('the import scan sees every way of writing an import', () => {
    const sample = [
      "import { a } from 'vue'",
      'import type { B } from "pinia"',
      "const fs = await import('node:fs')",
      'const l = await import(`leaflet`)',
      "import './side-effect'",
    ].join('\n')
    expect(importsOf(sample)).toEqual(['vue', 'pinia', 'node:fs', 'leaflet', './side-effect'])
  })

  test.each(files)(
    '$name imports no UI, platform or editor module and executes no strings',
    ({ text }) => {
      for (const spec of importsOf(text)) {
        expect(spec).not.toMatch(/^node:|^(fs|path|os|url|child_process)$/)
        expect(spec).not.toMatch(/^(vue|pinia|leaflet|monaco-editor)(\/|$)|^@vue\//)
        expect(spec).not.toMatch(/(^|\/)editor(\/|$)/)
      }
      expect(text).not.toMatch(/\beval\s*\(/)
      expect(text).not.toMatch(/new\s+Function\b/)
      expect(text).not.toMatch(/\b(window|document)\./)
    },
  )

  test('the play engine casts none of its data: frame data goes through state/json-data.ts', () => {
    const play = files.filter((f) => f.name.startsWith(`play${sep}`))
    expect(play.length).toBeGreaterThan(50)
    const casts = play.filter((f) => /as unknown as/.test(f.text)).map((f) => f.name)
    expect(casts).toEqual([])
  })
})
