/**
 * The editor's tests share their modules from file to file (vite.config.ts, project "editor"),
 * so a test file that replaces a module or a global would leak the replacement into the files
 * after it. Such a file must be named `*.isolated.test.ts`, which runs it with modules of its own.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { projectRoot } from '../helpers/fixtures'

const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? testFiles(join(dir, e.name))
      : e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  )
}

it('every editor test that replaces modules or globals runs isolated', () => {
  const files = testFiles(join(projectRoot, 'test/editor'))
  const shared = files.filter((f) => !f.endsWith('.isolated.test.ts'))
  const leaking = shared.filter((f) => REPLACES.test(readFileSync(f, 'utf8')))
  expect(leaking.map((f) => relative(projectRoot, f))).toEqual([])
  // The isolated ones do replace something; otherwise they belong with the others.
  const isolated = files.filter((f) => f.endsWith('.isolated.test.ts'))
  expect(isolated.length).toBeGreaterThan(0)
  for (const f of isolated) expect(readFileSync(f, 'utf8'), f).toMatch(REPLACES)
})
