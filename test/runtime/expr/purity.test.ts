import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

const root = join(import.meta.dirname, '../../../src/runtime')
const files = ['expr', 'dice'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ name: `${dir}/${name}`, text: readFileSync(join(root, dir, name), 'utf8') })),
)

describe('the expression and dice modules stay pure', () => {
  test.each(files)('$name executes no strings and imports no platform modules', ({ text }) => {
    expect(text).not.toMatch(/\beval\s*\(/)
    expect(text).not.toMatch(/new\s+Function\b/)
    expect(text).not.toMatch(/from\s+'node:/)
    expect(text).not.toMatch(/from\s+'(vue|pinia|leaflet|monaco-editor)/)
    expect(text).not.toMatch(/\b(window|document|globalThis)\./)
  })
})
